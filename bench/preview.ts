// npm run bench:preview: how long `deckwright preview` takes from a save to the new face shown in a real
// browser (Debian's Chromium through playwright-core), for Maybe Missions: a one-card edit, a change to one
// card type's layout in the templates (its first face on screen, then every face of the type), a change to
// the backs, and a card saved while the build before it still makes its sheets. Prints the figures; asserts nothing.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { median } from './median.ts'

const repo = fileURLToPath(new URL('..', import.meta.url))
/** Inside the repository, so that the game's `import … from 'deckwright'` resolves; ignored by git. */
const work = join(repo, 'bench', 'work-preview')
const GAME = 'maybe-missions'
const RUNS = Number(process.argv[2] ?? 5)

rmSync(work, { recursive: true, force: true })
for (const dir of ['rules', 'cards', 'templates'])
  cpSync(join(repo, dir, GAME), join(work, dir, GAME), { recursive: true })

const preview = spawn(process.execPath, [join(repo, 'bin', 'deckwright.js'), 'preview', GAME, '--port', '0'], {
  cwd: work,
})
let log = ''
const url = await new Promise<string>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`no address:\n${log}`)), 60_000)
  preview.stderr.on('data', (chunk: Buffer) => {
    log += chunk.toString()
    const found = /preview of \S+ at (http:\/\/\S+)/.exec(log)
    if (found) {
      clearTimeout(timer)
      resolve(found[1]!)
    }
  })
})
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
const opened = performance.now()
await page.goto(url)
await page.waitForFunction(
  () => document.querySelector('#status')?.textContent === 'up to date' && !document.querySelector('.pending'),
  undefined,
  { timeout: 300_000 },
)
const firstMs = performance.now() - opened

/** When timeSave last saved. */
let lastSave = 0

/** Saves a file, then waits until the image `selector` shows a new face, loaded: the time from the save. */
const timeSave = async (file: string, edit: (text: string) => string, selector: string): Promise<number> => {
  await page.locator(selector).scrollIntoViewIfNeeded()
  const before = await page.locator(selector).getAttribute('src')
  await page.waitForFunction(
    () => !document.querySelector('.pending') && document.querySelector('#status')?.textContent === 'up to date',
    undefined,
    { timeout: 120_000 },
  )
  const start = (lastSave = performance.now())
  writeFileSync(file, edit(readFileSync(file, 'utf8')))
  await newFaceShown(selector, before)
  return performance.now() - start
}

/** Waits until the image `selector` shows another face than `before`, loaded. */
const newFaceShown = (selector: string, before: string | null) =>
  page.waitForFunction(
    ([sel, old]) => {
      const img = document.querySelector(sel!) as HTMLImageElement | null
      return Boolean(img && img.getAttribute('src') !== old && img.complete && img.naturalWidth > 0)
    },
    [selector, before],
    { timeout: 120_000, polling: 'raf' },
  )

const ms = (n: number) => `${n.toFixed(0)} ms`
const runs = async (label: string, run: (i: number) => Promise<number>) => {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) times.push(await run(i))
  console.log(`  ${label.padEnd(58)}${ms(median(times)).padStart(9)}   (${times.map((t) => t.toFixed(0)).join(', ')})`)
}

console.log(`deckwright preview bench: ${GAME}, ${RUNS} saves each, Debian Chromium headless`)
console.log(`  first page, every face drawn or cached, sheets and booklet made ${ms(firstMs).padStart(9)}`)
const missions = join(work, 'cards', GAME, 'missions.yaml')
await runs('one-card edit (mission-01) to its new face shown, median', (i) =>
  timeSave(
    missions,
    (t) =>
      t.replace(
        /id: mission-01, green: \[[^\]]*\]/,
        `id: mission-01, green: [${i % 2 ? 'intel, intel' : 'money, intel'}]`,
      ),
    '#card-mission-01 img[alt="front of mission-01"]',
  ),
)
const templates = join(work, 'templates', GAME, 'index.tsx')
/** The mission fronts' icon size (mm), one type's layout: 14 and 13 by turns. */
const missionIcons = (i: number) => (t: string) =>
  t.replace(
    /size=\{ctx\.mm\(words\.length > 2 \? 11 : 1[34]\)\}/,
    `size={ctx.mm(words.length > 2 ? 11 : ${i % 2 ? 14 : 13})}`,
  )
/** Every mission front on the page has a new face (its image's address changed): the whole type drawn. */
const allMissionsNew = async (before: Map<string, string | null>) =>
  page.waitForFunction(
    (old) => {
      const imgs = [...document.querySelectorAll('img[alt^="front of mission-"]')] as HTMLImageElement[]
      return (
        imgs.length > 0 && imgs.every((img) => img.getAttribute('src') !== (old as Record<string, string>)[img.alt])
      )
    },
    Object.fromEntries(before),
    { timeout: 120_000, polling: 'raf' },
  )
const whole: number[] = []
await runs("one type's layout (mission icons) to its first new face shown, median", async (i) => {
  const imgs = page.locator('img[alt^="front of mission-"]')
  const before = new Map<string, string | null>()
  for (const img of await imgs.all()) before.set((await img.getAttribute('alt'))!, await img.getAttribute('src'))
  const first = await timeSave(templates, missionIcons(i), '#card-mission-01 img[alt="front of mission-01"]')
  await allMissionsNew(before)
  whole.push(performance.now() - lastSave)
  return first
})
console.log(
  `  ${'  … and every mission front (48) new, median'.padEnd(58)}${ms(median(whole)).padStart(9)}   (${whole.map((t) => t.toFixed(0)).join(', ')})`,
)
await runs("template change (the backs' navy) to a new back shown, median", (i) =>
  timeSave(
    templates,
    (t) => t.replace(/const NAVY = '#[0-9a-f]{6}'/, `const NAVY = '#1d25${(0x40 + i + 1).toString(16)}'`),
    '#card-mission-01 img[alt="back of mission-01"]',
  ),
)
await runs('a card saved as the build before writes its sheets, to its face shown', async (i) => {
  // A change to the backs; once its first new back shows, that build goes on to the sheets and the booklet.
  const back = '#card-mission-01 img[alt="back of mission-01"]'
  await timeSave(
    templates,
    (t) => t.replace(/const NAVY = '#[0-9a-f]{6}'/, `const NAVY = '#1d26${(0x40 + i + 1).toString(16)}'`),
    back,
  )
  const selector = '#card-mission-02 img[alt="front of mission-02"]'
  const before = await page.locator(selector).getAttribute('src')
  const start = performance.now()
  writeFileSync(
    missions,
    readFileSync(missions, 'utf8').replace(
      /id: mission-02, green: \[[^\]]*\]/,
      `id: mission-02, green: [${i % 2 ? 'intel, money' : 'money, money'}]`,
    ),
  )
  await newFaceShown(selector, before)
  return performance.now() - start
})

await browser.close()
// Stopped as a designer stops it; its build process saves the store's index as it exits, which may be a moment
// after the preview has: the folder is removed once both have (retried while a file is still being written).
const exited = once(preview, 'exit')
preview.kill('SIGINT')
await exited
rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
