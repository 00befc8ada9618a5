// npm run bench -- --scale: deckwright at 1,000 to 20,000 faces, each figure a new `deckwright` process as a
// designer runs it: cold faces-only builds and their peak memory, a one-card edit, validate of an unchanged
// game, faces of few distinct looks, and the serial share of a cold build.
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { measuredRun } from './measured-run.ts'
import { bareFloor } from './build.ts'
import { mb, median } from './median.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const work = join(here, 'work')
const bin = join(here, '..', 'bin', 'deckwright.js')
const RES = ['intel', 'gadget', 'money', 'contact']

/** Mission cards, `missions` of them; with `looks`, only that many distinct titles (cards that differ in their id alone). */
const cardsYaml = (
  missions: number,
  { looks, edit = '', at = 0 }: { looks?: number; edit?: string; at?: number } = {},
) =>
  'type: mission\ncards:\n' +
  Array.from({ length: missions }, (_, i) => {
    const n = looks ? i % looks : i
    return `  - { id: m${i}, title: "Mission ${n}${i === at ? edit : ''}", green: [${RES[n % 4]}, ${RES[(n + 1) % 4]}], red: [${RES[(n + 2) % 4]}], value: ${n % 99} }`
  }).join('\n') +
  '\n'

const writeGame = (faces: number, looks?: number) => {
  rmSync(work, { recursive: true, force: true })
  cpSync(join(here, 'game'), work, { recursive: true })
  mkdirSync(join(work, 'cards', 'bench'), { recursive: true })
  writeFileSync(join(work, 'cards', 'bench', 'missions.yaml'), cardsYaml(faces - 1, { looks }))
}
/** The first card's title changed (or the card `at`'s). */
const edit = (faces: number, mark: string, at = 0) =>
  writeFileSync(join(work, 'cards', 'bench', 'missions.yaml'), cardsYaml(faces - 1, { edit: mark, at }))

/** A new deckwright process in the bench's folder: its wall time (ms) and peak memory (bytes, all threads). */
const run = (...args: string[]) => measuredRun(work, ...args)
const out = () => join(work, 'out')
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`

export const benchScale = async (sizes: number[]) => {
  const cores = cpus().length
  console.log(
    `deckwright scale bench: node ${process.version}, ${cores} cores (${cpus()[0]?.model ?? 'unknown cpu'}), ${new Date().toISOString().slice(0, 10)}`,
  )
  // What every process costs whatever the deck: an unchanged build, and a validate, of a 2-face game.
  writeGame(2)
  run('build', 'bench', '--only', 'faces', '--no-overview')
  const startup = median([0, 1, 2].map(() => run('build', 'bench', '--only', 'faces', '--no-overview').ms))
  const validateStartup = median([0, 1, 2].map(() => run('validate', 'bench').ms))
  console.log(
    `start-up, a new process on a 2-face game: an unchanged build ${s(startup)}, validate ${s(validateStartup)}`,
  )

  console.log(
    '\nfaces    cold build --only faces   peak memory   one-card edit (beyond start-up)   validate unchanged (beyond start-up)   one-card edit in --watch (in all)',
  )
  const rows: { faces: number; cold: number; rss: number }[] = []
  const sheetsAt = Math.max(...sizes.filter((n) => n <= 10_000))
  let sheets = ''
  for (const faces of sizes) {
    writeGame(faces)
    const cold = run('build', 'bench', '--only', 'faces', '--no-overview')
    // The cold build's pictures are on their way to the disk still: an edit measured now would wait for them.
    if (process.platform !== 'win32') execFileSync('sync')
    edit(faces, ' (edited)')
    const edits = [' (edited again)', ' (edited a third time)', ' (edited a fourth time)'].map(
      (mark) => (edit(faces, mark), run('build', 'bench', '--only', 'faces', '--no-overview').ms),
    )
    const validate = median([0, 1, 2].map(() => run('validate', 'bench').ms))
    // In `build --watch`: from the save to the build's files in out/.
    const watched = median(await watchEdits(faces, 5))
    rows.push({ faces, cold: cold.ms, rss: cold.rss })
    console.log(
      `${String(faces).padEnd(9)}${s(cold.ms).padStart(10)}${' '.repeat(16)}${mb(cold.rss).padStart(8)}${' '.repeat(6)}${s(median(edits) - startup).padStart(10)}${' '.repeat(24)}${s(validate - validateStartup).padStart(10)}${' '.repeat(27)}${s(watched).padStart(10)}`,
    )
    if (faces === sheetsAt) sheets = benchSheetsAt(faces, median(edits))
  }
  if (sheets) console.log(sheets)

  const largest = rows[rows.length - 1]!

  // Against the renderers alone, on the largest size's faces.
  const bare = await bareFloor(60)
  const floor = ((bare.svg + bare.png) * largest.faces) / cores
  console.log(
    `\nfloor at ${largest.faces} faces: bare satori ${bare.svg.toFixed(1)} + resvg ${bare.png.toFixed(1)} ms a face × ${largest.faces} / ${cores} cores = ${s(floor)}; build / floor ${(largest.cold / floor).toFixed(2)}`,
  )

  // Few looks: the same number of faces, ~150 distinct pictures.
  writeGame(largest.faces, 150)
  const looks = run('build', 'bench', '--only', 'faces', '--no-overview')
  console.log(
    `${largest.faces} faces of 150 distinct looks: ${s(looks.ms)}, ${(looks.ms / largest.cold).toFixed(2)} × the time of ${largest.faces} distinct faces; peak ${mb(looks.rss)}`,
  )

  // The serial share of a cold build, from one and two threads (Amdahl), and what it predicts for 16 cores:
  // three pairs taken in turn (this machine's speed drifts within minutes), each figure their median.
  const amdahl = Math.min(2000, largest.faces)
  writeGame(amdahl)
  const pairs = [0, 1, 2].map(() =>
    [1, 2].map(
      (jobs) => run('build', 'bench', '--only', 'faces', '--no-overview', '--jobs', String(jobs), '--no-cache').ms,
    ),
  )
  const one = median(pairs.map(([a]) => a!))
  const two = median(pairs.map(([, b]) => b!))
  const shares = pairs.map(([a, b]) => Math.max(0, Math.min(1, (2 * b!) / a! - 1)))
  const serial = Math.max(0, Math.min(1, (2 * two) / one - 1))
  console.log(
    `cold build of ${amdahl} faces, median of 3: --jobs 1 ${s(one)}, --jobs 2 ${s(two)}: serial share ${(serial * 100).toFixed(0)}% (each pair: ${shares.map((x) => `${(x * 100).toFixed(0)}%`).join(', ')}), so 16 cores would take ${s(one * (serial + (1 - serial) / 16))} (${(1 / (serial + (1 - serial) / 16)).toFixed(1)}× one core)`,
  )
}

/**
 * Whole builds (faces and print sheets) of the game as the rows left it, each a new process: the sheets
 * written anew, then kept, then after an edit on their last page (twice) and on their first; beside the
 * faces-only edit.
 */
const benchSheetsAt = (faces: number, facesOnlyEdit: number): string => {
  const build = () => run('build', 'bench', '--no-overview')
  const anew = build()
  const kept = build()
  const last = [' (sheets edit)', ' (sheets edit again)'].map((mark) => (edit(faces, mark, faces - 2), build().ms))
  edit(faces, ' (sheets edit at the start)')
  const first = build()
  return `whole builds with print sheets at ${faces} faces: sheets written anew ${s(anew.ms)} (peak ${mb(anew.rss)}); unchanged ${s(kept.ms)}; one-card edit on the last page ${last.map(s).join(', then ')}; on the first page ${s(first.ms)} (peak ${mb(first.rss)}); a faces-only one-card edit ${s(facesOnlyEdit)}`
}

/** The milliseconds from each of `edits` one-card edits to `build --watch` having built it, in one watch. */
const watchEdits = (faces: number, edits: number): Promise<number[]> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build', 'bench', '--only', 'faces', '--no-overview', '--watch'], {
      cwd: work,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    const times: number[] = []
    let saved = 0
    let text = ''
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      // Each build ends with the watch saying it watches again.
      while (text.includes('watching')) {
        text = text.slice(text.indexOf('watching') + 'watching'.length)
        if (saved) times.push(performance.now() - saved)
        if (times.length === edits) {
          child.kill('SIGINT')
          return resolve(times)
        }
        setTimeout(() => {
          saved = performance.now()
          edit(faces, ` (watched ${times.length})`)
        }, 500)
      }
    })
    child.on('exit', () => times.length < edits && reject(new Error(`the watch ended after ${times.length} edits`)))
  })

const sizes = process.argv
  .slice(2)
  .filter((a) => /^\d+$/.test(a))
  .map(Number)
await benchScale(sizes.length ? sizes : [1000, 5000, 10_000, 20_000])
