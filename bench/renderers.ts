// npm run bench -- --renderers [faces] [runs]: satori + resvg against takumi on the example games' own faces,
// grown to `faces` distinct faces (default 5,000): each renderer's faces-only cold build in a process of its own, `runs`
// times alternated (default 1; medians when more), and its bare floor (the renderer alone on the same
// elements: no store, no threads).
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseDocument, isMap, isSeq, type YAMLMap } from 'yaml'
import { buildGame } from '../dist/make/build-game.js'
import { planFaces } from '../dist/render/template/plan.js'
import { loadRenderer } from '../dist/render/renderers/renderer.js'
import { openSession } from '../dist/render/template/session.js'
import { defaultJobs } from '../dist/threads/face-pool.js'
import { validateGame } from '../dist/validate/validate-game.js'
import { median } from './median.ts'
import { numberedCopy } from './numbered-copy.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const repo = join(here, '..')
/** Inside the repository, so that the games' `import … from 'deckwright'` resolves; ignored by git. */
export const work = join(here, 'work-renderers')
/**
 * The builds' outputs, beside the games: the previous run's are moved aside before the builds and deleted
 * after them. On ext4, a file created within minutes of thousands being deleted costs ~1 ms more (the inode
 * allocator steps over each recently freed inode), which a build that began right after deleting the last
 * run's 20,000 files paid on every face it stored.
 */
const outs = join(here, 'work-renderers-out')
const aside = join(here, 'work-renderers-old')
const GAMES = ['maybe-missions', 'maybe-movies', 'arc-ship', 'ministries']

/**
 * Copies the example games and grows each to about `faces / 4` faces: the cards of its YAML files that
 * have a title, copied with the title numbered ("Quiet Night 12", shortened where the number would not
 * fit), so that every copy is a distinct face. A file whose copies the game's checks refuse (a card the
 * game needs exactly one of) is left as it was, and the others grow more.
 */
export const writeGames = async (faces: number): Promise<void> => {
  rmSync(work, { recursive: true, force: true })
  for (const dir of ['rules', 'cards', 'templates'])
    for (const id of GAMES) cpSync(join(repo, dir, id), join(work, dir, id), { recursive: true })
  for (const id of GAMES) {
    const dir = join(work, 'cards', id)
    const originals = new Map(
      readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => [join(dir, f), readFileSync(join(dir, f), 'utf8')]),
    )
    const titled = (text: string) => {
      const cards = parseDocument(text).get('cards')
      return isSeq(cards) ? cards.items.filter((c) => isMap(c) && c.has('title')).length : 0
    }
    let growing = [...originals.keys()].filter((file) => titled(originals.get(file)!) > 0)
    for (let attempt = 0; attempt < 4 && growing.length; attempt++) {
      const perTitled = Math.ceil(
        faces / GAMES.length / growing.reduce((n, file) => n + titled(originals.get(file)!), 0),
      )
      for (const [file, text] of originals) {
        const doc = parseDocument(text)
        const cards = doc.get('cards')
        if (growing.includes(file) && isSeq(cards)) {
          const titledCards = cards.items.filter((c): c is YAMLMap => isMap(c) && c.has('title'))
          for (let k = 2; k <= perTitled; k++) for (const card of titledCards) cards.items.push(numberedCopy(card, k))
        }
        writeFileSync(file, doc.toString({ lineWidth: 0 }))
      }
      const refused = new Set(
        (await validateGame(work, id)).diagnostics.filter((d) => d.severity === 'error').map((d) => join(work, d.file)),
      )
      if (![...refused].some((file) => growing.includes(file))) break
      growing = growing.filter((file) => !refused.has(file))
    }
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`

/** Each renderer alone on `count` faces' elements of each game (the same elements for both), in this thread: ms a face. */
const bareFloors = async (count: number) => {
  const renderers = await Promise.all(
    (['satori', 'takumi'] as const).map(async (name) => {
      const loaded = await loadRenderer(name)
      if ('unavailable' in loaded) throw new Error(loaded.unavailable)
      return loaded.renderer
    }),
  )
  const spent = [0, 0]
  let faces = 0
  for (const id of GAMES) {
    const { game, paths, cards } = (await validateGame(work, id)).value!
    const session = (await openSession(paths, game, { dpi: 300, bleedMm: 3, inkFriendly: false })).value
    for (const { job } of planFaces(game, cards).slice(0, count)) {
      const { prepared } = await session.draw(job, { prepareOnly: true })
      if (!prepared) continue
      faces++
      for (const [i, renderer] of renderers.entries()) {
        const start = performance.now()
        const drawn = await renderer.draw(prepared.element, prepared.box, prepared.fonts, 300)
        await drawn.rasterise()
        spent[i]! += performance.now() - start
      }
    }
  }
  return { satori: spent[0]! / faces, takumi: spent[1]! / faces, faces }
}

/** One renderer's cold faces-only build of the grown games into `out`, in this process: its wall ms and faces drawn. */
const coldBuild = async (renderer: 'satori' | 'takumi', out: string, jobs: number) => {
  mkdirSync(out, { recursive: true })
  let ms = 0
  let faces = 0
  for (const id of GAMES) {
    const start = performance.now()
    const built = await buildGame(work, id, {
      outDir: out,
      only: 'faces',
      languages: [],
      overview: false,
      renderer,
      jobs,
    })
    ms += performance.now() - start
    const errors = built.diagnostics.filter((d) => d.severity === 'error')
    if (errors.length)
      throw new Error(
        `${id}: ${errors
          .slice(0, 3)
          .map((d) => `${d.file}:${d.line} ${d.message}`)
          .join('; ')}`,
      )
    faces += built.value.drawn
  }
  return { ms, faces }
}

/**
 * The same in a process of its own, as a designer's `deckwright build` runs: a run whose faces takumi draws
 * sets a V8 flag for the whole process (threads/game-thread.ts), which must not reach satori's builds.
 */
const coldBuildApart = (renderer: 'satori' | 'takumi', out: string, jobs: number): { ms: number; faces: number } =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), COLD, renderer, out, String(jobs)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 2 ** 20 },
    )
      .trim()
      .split('\n')
      .at(-1)!,
  )
const COLD = '--cold-build'

/**
 * Each renderer's cold build `runs` times (which goes first alternates, so that a machine whose load drifts
 * favours neither), each into a new folder; then the bare floors. With more than one run, each run's figures
 * and the medians (the issue's figures are medians of at least five).
 */
export const benchRenderers = async (faces: number, runs = 1) => {
  const jobs = defaultJobs()
  console.log(
    `deckwright renderer bench: node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown cpu'}), ${jobs} threads${runs > 1 ? `, ${runs} runs alternated` : ''}`,
  )
  if (existsSync(outs)) {
    mkdirSync(aside, { recursive: true })
    renameSync(outs, join(aside, `${Date.now()}`))
  }
  await writeGames(faces)
  const times = { satori: [] as number[], takumi: [] as number[] }
  let drawn = { satori: 0, takumi: 0 }
  for (let run = 0; run < runs; run++) {
    const order = run % 2 ? (['takumi', 'satori'] as const) : (['satori', 'takumi'] as const)
    for (const renderer of order) {
      const built = coldBuildApart(renderer, join(outs, `${run}-${renderer}`), jobs)
      times[renderer].push(built.ms)
      drawn = { ...drawn, [renderer]: built.faces }
      if (runs === 1)
        console.log(
          `  ${renderer.padEnd(8)} cold build --only faces, ${built.faces} faces: ${s(built.ms)} (${(built.ms / built.faces).toFixed(1)} ms a face)`,
        )
    }
    if (runs > 1)
      console.log(
        `  run ${run + 1}: satori + resvg ${s(times.satori[run]!)}, takumi ${s(times.takumi[run]!)}: ${(times.takumi[run]! / times.satori[run]!).toFixed(2)}`,
      )
  }
  const [satori, takumi] = [median(times.satori), median(times.takumi)]
  if (runs > 1)
    console.log(
      `  medians, cold build --only faces, ${drawn.satori} faces: satori + resvg ${s(satori)} (${(satori / drawn.satori).toFixed(1)} ms a face), takumi ${s(takumi)} (${(takumi / drawn.takumi).toFixed(1)} ms a face)`,
    )
  console.log(`  takumi / satori + resvg: ${(takumi / satori).toFixed(2)}`)
  const floor = await bareFloors(40)
  rmSync(outs, { recursive: true, force: true })
  rmSync(aside, { recursive: true, force: true })
  console.log(
    `  bare floor, one thread, ${floor.faces} faces: satori + resvg ${floor.satori.toFixed(1)} ms a face, takumi ${floor.takumi.toFixed(1)} ms (${(floor.takumi / floor.satori).toFixed(2)}); × faces / ${jobs} threads: ${s((floor.satori * drawn.satori) / jobs)} and ${s((floor.takumi * drawn.takumi) / jobs)}`,
  )
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href && process.argv[2] === COLD) {
  const [renderer, out, jobs] = process.argv.slice(3)
  console.log(JSON.stringify(await coldBuild(renderer as 'satori' | 'takumi', out!, Number(jobs))))
} else if (import.meta.url === pathToFileURL(process.argv[1]!).href)
  await benchRenderers(Number(process.argv[2] ?? 5000), Number(process.argv[3] ?? 1) || 1)
