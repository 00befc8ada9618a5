// `deckwright preview` in a real browser: headless Chromium (Debian's, which .ci/run installs) driven by
// playwright-core, against the real command serving a small game.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import sharp from 'sharp'
import { colourDifference, hexOf, seenAs } from '../src/render/template/colour-vision.ts'
import { CHROMIUM, CHROMIUM_ARGS, deckwright, fixture, previewAddress, root, editFile } from './helpers.ts'

let project: string
let preview: ChildProcess
let url: string
let log = ''
let browser: Browser
let page: Page

const ships = () => join(project, 'cards', 'harbour', 'ships.yaml')
const SHIPS = readFileSync(join(fixture('own-vocabulary'), 'cards', 'harbour', 'ships.yaml'), 'utf8')
const src = (id: string, side = 'front') => page.locator(`#card-${id} img[alt="${side} of ${id}"]`).getAttribute('src')
/** A raw request, as a browser on another site (or a script) could send it. */
const raw = (
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> =>
  new Promise((resolve, reject) => {
    const { port } = new URL(url)
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString('latin1')))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })

beforeAll(async () => {
  project = mkdtempSync(join(root, 'test', 'build', 'tmp-preview-'))
  cpSync(fixture('own-vocabulary'), project, { recursive: true })
  preview = spawn(
    process.execPath,
    [join(root, 'bin', 'deckwright.js'), 'preview', 'harbour', '--port', '0', '--jobs', '1'],
    { cwd: project },
  )
  url = await previewAddress(preview, (text) => (log += text), 30)
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  page = await browser.newPage({ viewport: { width: 900, height: 420 } })
  await page.goto(url)
  await page.waitForSelector('.card img')
}, 90_000)

afterAll(async () => {
  await browser?.close()
  preview?.kill('SIGKILL')
  // Its build process, disconnected, saves the store's index as it exits: the project goes once it has.
  await new Promise((resolve) => setTimeout(resolve, 500))
  if (project) rmSync(project, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
})

describe('deckwright preview', () => {
  // A test that fails half-way leaves the card file as it broke it: the next tests start from the good one.
  afterEach((context) => {
    if (context.task.result?.state === 'fail') writeFileSync(ships(), SHIPS)
  })

  it('shows every card of the game, each face an image that loads', async () => {
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'up to date')
    expect(await page.locator('.card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-id')))).toEqual([
      'cog',
      'junk',
      'ann',
      'bo',
    ])
    // A front and a back each (no split cards here).
    expect(await page.locator('.card .face img').count()).toBe(8)
    // "up to date" says the faces are drawn, not that the browser has fetched them yet (under load it may not
    // have): the faces not yet shown, by their alt text, until there are none.
    await expect
      .poll(
        () =>
          page
            .locator('.card .face img')
            .evaluateAll((imgs) =>
              (imgs as HTMLImageElement[]).filter((i) => !(i.complete && i.naturalWidth > 0)).map((i) => i.alt),
            ),
        { timeout: 20_000 },
      )
      .toEqual([])
    expect(await page.locator('#card-cog .qty').textContent()).toBe('×1')
    // Drawn with takumi, as a preview is unless told otherwise, and the page says so.
    expect(await page.locator('#renderer').textContent()).toMatch(
      /^drawn with takumi \d+\.\d+\.\d+ \(fast; deckwright build draws with satori \+ resvg\)$/,
    )
    // The log's summary counts the faces the preview drew first as drawn, as its progress said, not as cached.
    await vi.waitFor(() => expect(log).toMatch(/harbour: \d+ faces \(/), { timeout: 30_000 })
    const [, faces, drawn] = /harbour: (\d+) faces \((\d+) drawn/.exec(log)!
    expect(Number(drawn)).toBe(Number(faces))
  })

  it("shows the faces as players with protanopia, deuteranopia and tritanopia see them, through the check's own matrices", async () => {
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'up to date')
    const img = page.locator('#card-junk img[alt="front of junk"]')
    const pixels = async () => {
      const { data, info } = await sharp(await img.screenshot({ animations: 'disabled' }))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
      return { data, width: info.width, height: info.height }
    }
    const normal = await pixels()
    // The most saturated pixel amid eight of its own colour (a flat area, not an edge the image's scaling blends).
    const at = (x: number, y: number) => (y * normal.width + x) * 3
    let best = -1
    let spot = 0
    for (let y = 1; y < normal.height - 1; y++)
      for (let x = 1; x < normal.width - 1; x++) {
        const i = at(x, y)
        const [r, g, b] = [normal.data[i]!, normal.data[i + 1]!, normal.data[i + 2]!]
        const flat = [-1, 0, 1].every((dy) =>
          [-1, 0, 1].every((dx) => [0, 1, 2].every((c) => normal.data[at(x + dx, y + dy) + c] === normal.data[i + c])),
        )
        const saturation = Math.max(r, g, b) - Math.min(r, g, b)
        if (flat && saturation > best) [best, spot] = [saturation, i]
      }
    expect(best).toBeGreaterThan(60)
    const hex = (d: Buffer, i: number) => `#${[0, 1, 2].map((c) => d[i + c]!.toString(16).padStart(2, '0')).join('')}`
    const colour = hex(normal.data, spot)
    for (const vision of ['protanopia', 'deuteranopia', 'tritanopia'] as const) {
      await page.selectOption('#vision', vision)
      expect(await img.evaluate((e) => getComputedStyle(e).filter)).toBe(`url("#${vision}")`)
      const seen = hex((await pixels()).data, spot)
      // Drawn by Chromium as validate's check computes it (8-bit rounding apart).
      const expected = hexOf(seenAs(colour, vision)!)
      expect(colourDifference(seen, expected), `${colour} with ${vision}: ${seen}, expected ${expected}`).toBeLessThan(
        1.5,
      )
      expect(colourDifference(seen, colour)).toBeGreaterThan(3)
    }
    await page.selectOption('#vision', '')
    expect(await img.evaluate((e) => getComputedStyle(e).filter)).toBe('none')
  })

  it("replaces a card's face when its file is saved, without a reload, keeping the scroll", async () => {
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    await page.evaluate(() => window.scrollTo(0, 120))
    const scrolled = await page.evaluate(() => window.scrollY)
    expect(scrolled).toBe(120)
    const [cog, junk] = [await src('cog'), await src('junk')]
    writeFileSync(ships(), SHIPS.replace('The Cog', 'The Big Cog'))
    await page.waitForFunction(
      (before) => document.querySelector('#card-cog img')?.getAttribute('src') !== before,
      cog,
      { timeout: 30_000 },
    )
    expect(await src('junk')).toBe(junk)
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
    // The changed card is marked; the new image is the new face.
    expect(await page.locator('#card-cog').getAttribute('class')).toContain('changed')
    const fresh = await page.request.get(new URL((await src('cog'))!, url).href)
    expect(fresh.headers()['content-type']).toBe('image/png')
  }, 60_000)

  it('shows an error on its card, with a link to its file and line, until it is fixed', async () => {
    writeFileSync(ships(), SHIPS.replace('"#c62828"', 'crimson'))
    const problem = page.locator('#card-junk .card-problems .problem.error')
    await problem.waitFor({ timeout: 30_000 })
    expect(await problem.locator('.message').textContent()).toContain(
      'expected a colour such as #1e88e5, found "crimson"',
    )
    const link = await problem.locator('a.where').getAttribute('href')
    expect(link).toBe(
      `vscode://file/${encodeURI(join(project, 'cards', 'harbour', 'ships.yaml'))}:4:${SHIPS.split('\n')[3]!.indexOf('hull') + 7}`,
    )
    // The last good faces stay under an overlay that says what failed, once the build has ended (the card's
    // problem shows as soon as it is found, before the build has ended).
    await page.locator('#overlay').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await page.locator('#overlay-list').textContent()).toContain('crimson')
    expect(await page.locator('.card .face img').count()).toBe(8)
    writeFileSync(ships(), SHIPS)
    await page.locator('#card-junk .card-problems .problem').waitFor({ state: 'detached', timeout: 30_000 })
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'up to date')
    expect(await page.locator('#overlay').isVisible()).toBe(false)
  }, 60_000)

  it('puts card text and messages on the page as text, never as markup', async () => {
    writeFileSync(ships(), SHIPS.replace('"#c62828"', '"<img src=x onerror=window.hacked=1>"'))
    const problem = page
      .locator('#card-junk .card-problems .problem.error .message')
      .filter({ hasText: 'found "<img src=x onerror=window.hacked=1>"' })
    await problem.waitFor({ timeout: 30_000 })
    expect(await page.locator('.problem img, #overlay img').count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined()
    writeFileSync(ships(), SHIPS)
    await page.locator('#card-junk .card-problems .problem').waitFor({ state: 'detached', timeout: 30_000 })
  }, 60_000)

  it('links the print sheets and the rules booklet, as PDFs', async () => {
    await page.locator('#sheets-link').waitFor({ timeout: 30_000 })
    await page.locator('#booklet-link').waitFor({ timeout: 30_000 })
    for (const id of ['#sheets-link', '#booklet-link']) {
      const response = await page.request.get(new URL((await page.locator(id).getAttribute('href'))!, url).href)
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe('application/pdf')
      expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-')
    }
  }, 60_000)

  it('shows the sheets as page thumbnails, each face where the PDF puts it', async () => {
    await page.locator('#sheets-pages').click()
    await page.locator('#sheet-pages .sheet-page').first().waitFor()
    // One page of the four fronts, then one of their backs (double-sided, long-edge).
    expect(await page.locator('#sheet-pages .sheet-page').count()).toBe(2)
    expect(await page.locator('#sheets-title').textContent()).toBe(
      '3 a4 pages, double-sided, long-edge flip; the last is the credits',
    )
    const alts = (n: number) =>
      page
        .locator('#sheet-pages .sheet-page')
        .nth(n)
        .locator('img')
        .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))
    expect(await alts(0)).toEqual(['front of cog', 'front of junk', 'front of ann', 'front of bo'])
    expect(await alts(1)).toEqual(['back of cog', 'back of junk', 'back of ann', 'back of bo'])
    // A long-edge flip mirrors the columns: the first card's back is on the right of the back page.
    const left = (n: number) =>
      page
        .locator('#sheet-pages .sheet-page')
        .nth(n)
        .locator('.sheet-face')
        .first()
        .evaluate((e) => parseFloat((e as HTMLElement).style.left))
    expect(await left(1)).toBeGreaterThan(await left(0))
    await page.keyboard.press('Escape')
  })

  it('keeps the page open across a template change, which the same build process draws with the new code', async () => {
    const before = await src('ann')
    const templates = join(project, 'templates', 'harbour', 'index.tsx')
    editFile(templates, "background: '#fafafa'", "background: '#ffe082'")
    await page.waitForFunction((b) => document.querySelector('#card-ann img')?.getAttribute('src') !== b, before, {
      timeout: 60_000,
    })
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
    // Taken in place: the game's threads compiled and imported the changed templates.
    expect(log).not.toContain('starting a new build process')
    // The face the page shows is drawn with the new background.
    const png = await page.evaluate(
      (s) =>
        fetch(s!)
          .then((r) => r.arrayBuffer())
          .then((b) => Array.from(new Uint8Array(b))),
      await src('ann'),
    )
    const { data, info } = await sharp(Buffer.from(png)).removeAlpha().raw().toBuffer({ resolveWithObject: true })
    let newBackground = 0
    for (let i = 0; i < data.length; i += 3)
      if (Math.abs(data[i]! - 0xff) + Math.abs(data[i + 1]! - 0xe0) + Math.abs(data[i + 2]! - 0x82) < 6) newBackground++
    expect(newBackground / (info.width * info.height)).toBeGreaterThan(0.2)
  }, 90_000)

  it('says so when its build process dies, and starts another on the next save', async () => {
    // Killed once it is idle, every output made: the page says so all the same.
    await page.waitForFunction(
      () =>
        fetch('/api/state')
          .then((r) => r.json())
          .then((s) => s.games[0].status === 'ready' && !s.games[0].outputsPending),
      undefined,
      { timeout: 60_000, polling: 200 },
    )
    const builder = Number(
      execFileSync('pgrep', ['-P', String(preview.pid)], { encoding: 'utf8' })
        .trim()
        .split('\n')[0],
    )
    process.kill(builder, 'SIGKILL')
    const problem = page.locator('#problem-list .problem.error .message')
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'build failed', undefined, {
      timeout: 30_000,
    })
    expect(await problem.textContent()).toBe(
      'deckwright: the build process ended (SIGKILL); the next change starts another',
    )
    expect(
      await page.evaluate(() =>
        fetch('/api/state')
          .then((r) => r.json())
          .then((s) => s.games[0].diagnostics[0].rule),
      ),
    ).toBe('build/process-ended')
    writeFileSync(ships(), SHIPS.replace('The Junk', 'The Old Junk'))
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'up to date', undefined, {
      timeout: 60_000,
    })
    expect(await page.locator('#problem-list .problem').count()).toBe(0)
  }, 90_000)

  it('says in one line why it cannot start, and exits 2', async () => {
    const taken = await deckwright(project, 'preview', 'harbour', '--port', new URL(url).port)
    expect([taken.code, taken.stderr.trim()]).toEqual([
      2,
      `deckwright: port ${new URL(url).port} is in use: choose another with --port (0 picks a free one)`,
    ])
    const editor = await deckwright(project, 'preview', '--editor', 'notepad')
    expect(editor.code).toBe(2)
    expect(editor.stderr).toContain('--editor must be a link with {path} in it')
  })

  it('answers only to its own address and serves only the games’ outputs', async () => {
    // DNS rebinding: a name that is not this server's.
    expect((await raw('/', { Host: 'evil.example:80' })).status).toBe(403)
    expect((await raw('/', { Host: new URL(url).host })).status).toBe(200)
    const host = { Host: new URL(url).host }
    for (const path of [
      '/out/harbour/%2e%2e/%2e%2e/package.json',
      '/out/harbour/..%2f..%2fpackage.json',
      '/out/.cache/x.png',
      '/out/harbour/',
      '/out/other/faces/cog.front.png',
      '/out/harbour/faces/%2e%2e%2f%2e%2e%2fharbour%2ffaces%2fcog.front.png',
    ])
      expect([path, (await raw(path, host)).status]).toEqual([path, 404])
    // A file that cannot be read (here a folder where a face would be) is not found, and the server stays up.
    mkdirSync(join(project, 'out', '.cache', 'harbour', `${'a'.repeat(40)}.png`), { recursive: true })
    expect((await raw(`/face/harbour/${'a'.repeat(40)}.png`, host)).status).toBe(404)
    expect((await raw('/api/state', host)).status).toBe(200)
    // A face's SVG may embed art: served as an image that runs nothing on its own.
    const svg = await raw('/out/harbour/faces/cog.front.svg', host)
    expect(svg.status).toBe(200)
    expect(svg.headers['content-security-policy']).toContain('sandbox')
    // The page's own policy lets it run only its own script.
    expect((await raw('/', host)).headers['content-security-policy']).toContain("script-src 'self'")
  })
})
