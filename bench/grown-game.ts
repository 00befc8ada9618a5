// npm run bench -- --grown [faces] [pairs]: a real game grown, both renderers, each build a new `deckwright`
// process as a designer runs it. Maybe Missions with its Master Cards copied (titles numbered, so each copy is
// a distinct face) to `faces` faces in all (default 800), its Dutch edition left out (each face drawn once),
// built cold, `build maybe-missions --only faces --no-cache --no-overview`, with satori + resvg and with
// takumi in turn, `pairs` times (default 3): wall and CPU time (all threads) of each, their medians and the
// ratio takumi / satori + resvg, with the machine's load average, as the machine is shared.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isMap, isSeq, parseDocument, type YAMLMap } from 'yaml'
import { planFaces } from '../dist/render/template/plan.js'
import { measuredRun } from './measured-run.ts'
import { validateGame } from '../dist/validate/validate-game.js'
import { mb, median } from './median.ts'
import { numberedCopy } from './numbered-copy.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const repo = join(here, '..')
/** Inside the repository, so that the game's `import … from 'deckwright'` resolves; ignored by git. */
const work = join(here, 'work-grown')
const GAME = 'maybe-missions'

/** Maybe Missions without its Dutch edition: English only, its translations and Dutch rules removed. */
const copyGame = () => {
  rmSync(work, { recursive: true, force: true })
  for (const dir of ['rules', 'cards', 'templates'])
    cpSync(join(repo, dir, GAME), join(work, dir, GAME), { recursive: true })
  const definition = join(work, 'rules', GAME, 'game.ts')
  const text = readFileSync(definition, 'utf8')
  if (!text.includes("languages: ['en', 'nl']"))
    throw new Error(`${definition}: its languages are no longer ['en', 'nl']`)
  writeFileSync(definition, text.replace("languages: ['en', 'nl']", "languages: ['en']"))
  for (const file of [
    'cards/maybe-missions/lang',
    'rules/maybe-missions/rules.nl.md',
    'templates/maybe-missions/lang/nl.yaml',
  ])
    rmSync(join(work, file), { recursive: true, force: true })
}

/** The Master Cards copied, titles numbered ("Quiet Night 12"), until the game has `faces` faces: the number it has. */
export const writeGrownGame = async (faces: number): Promise<number> => {
  copyGame()
  const count = async () => {
    const { value, diagnostics } = await validateGame(work, GAME)
    const errors = diagnostics.filter((d) => d.severity === 'error')
    if (!value || errors.length)
      throw new Error(`${GAME}: ${errors.map((d) => `${d.file}:${d.line} ${d.message}`).join('; ')}`)
    return planFaces(value.game, value.cards).length
  }
  const file = join(work, 'cards', GAME, 'masters.yaml')
  const doc = parseDocument(readFileSync(file, 'utf8'))
  const cards = doc.get('cards')
  if (!isSeq(cards)) throw new Error(`${file}: no list of cards`)
  const masters = cards.items.filter((c): c is YAMLMap => isMap(c) && c.has('title'))
  // Each copy of a Master Card is one more face: its front (the back is the deck's, shared).
  for (let k = 2, n = await count(); n < faces; k++)
    for (const card of masters.slice(0, faces - n)) {
      cards.items.push(numberedCopy(card, k))
      n++
    }
  writeFileSync(file, doc.toString({ lineWidth: 0 }))
  return count()
}

/** A cold faces-only build in a new process, into a new output folder: wall and CPU ms (all its threads), peak RSS. */
const build = (renderer: 'satori' | 'takumi', out: string) =>
  measuredRun(
    work,
    'build',
    GAME,
    '--only',
    'faces',
    '--no-cache',
    '--no-overview',
    '--renderer',
    renderer,
    '--out',
    out,
  )

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const load = () => loadavg()[0]!.toFixed(1)

/** Grows the game to `faces` faces and builds it `pairs` times with each renderer, alternated; prints the figures. */
export const benchGrownGame = async (faces: number, pairs: number) => {
  const grown = await writeGrownGame(faces)
  console.log(
    `Maybe Missions grown to ${grown} faces (Master Cards copied, titles numbered; English only), cold \`build --only faces --no-cache\`, ${cpus().length} cores, ${pairs} pairs alternated; load average ${load()} at the start`,
  )
  const runs = { satori: [] as ReturnType<typeof build>[], takumi: [] as ReturnType<typeof build>[] }
  const ratios: string[] = []
  for (let pair = 0; pair < pairs; pair++) {
    // Which goes first alternates too: a machine whose load drifts favours neither.
    const order = pair % 2 ? (['takumi', 'satori'] as const) : (['satori', 'takumi'] as const)
    for (const renderer of order) runs[renderer].push(build(renderer, join(work, 'out', `${pair}-${renderer}`)))
    ratios.push((runs.takumi[pair]!.ms / runs.satori[pair]!.ms).toFixed(2))
    const told = (r: ReturnType<typeof build>) => `${s(r.ms)} (CPU ${s(r.cpu)}, peak ${mb(r.rss)})`
    console.log(
      `  pair ${pair + 1}: satori + resvg ${told(runs.satori[pair]!)}, takumi ${told(runs.takumi[pair]!)}; load average ${load()}`,
    )
  }
  rmSync(join(work, 'out'), { recursive: true, force: true })
  const row = (name: 'satori' | 'takumi') => {
    const wall = median(runs[name].map((r) => r.ms))
    const cpu = median(runs[name].map((r) => r.cpu))
    const rss = median(runs[name].map((r) => r.rss))
    return {
      wall,
      cpu,
      text: `${s(wall)} (${((wall / grown) * cpus().length).toFixed(1)} ms a face a core; CPU ${s(cpu)}, ${(cpu / grown).toFixed(1)} ms a face; peak ${mb(rss)})`,
    }
  }
  const [satori, takumi] = [row('satori'), row('takumi')]
  console.log(`  satori + resvg, median: ${satori.text}`)
  console.log(`  takumi, median:         ${takumi.text}`)
  console.log(
    `  takumi / satori + resvg: wall ${(takumi.wall / satori.wall).toFixed(2)} (each pair: ${ratios.join(', ')}), CPU ${(takumi.cpu / satori.cpu).toFixed(2)}`,
  )
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href)
  await benchGrownGame(Number(process.argv[2] ?? 800) || 800, Number(process.argv[3] ?? 3) || 3)
