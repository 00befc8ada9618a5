import { Resvg } from '@resvg/resvg-js'
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import satori from 'satori'
import { buildGame } from '../dist/make/build-game.js'
import { borderBox } from '../dist/render/renderers/border-box.js'
import { faceBox } from '../dist/render/renderers/face.js'
import { faceFonts } from '../dist/render/fonts/fonts.js'
import { iconDataUri } from '../dist/render/fonts/icons.js'
import { defaultJobs } from '../dist/threads/face-pool.js'
import { createFaceContext } from '../dist/render/template/face-context.js'
import { createMeasure } from '../dist/render/text/measure.js'
import { validateGame } from '../dist/validate/validate-game.js'
import { importGameModule } from '../dist/load/code-errors.js'
import { GameThreads } from '../dist/threads/threads.js'

const here = fileURLToPath(new URL('.', import.meta.url))
/** Inside the repository, so that the game's `import … from 'deckwright'` resolves; ignored by git. */
const work = join(here, 'work')
const RES = ['intel', 'gadget', 'money', 'contact']

/** The bench game's missions file: `missions` cards, the first's title ending in `edit`. */
export const cardsYaml = (missions: number, edit = '') =>
  'type: mission\ncards:\n' +
  Array.from(
    { length: missions },
    (_, i) =>
      `  - { id: m${i}, title: "Mission ${i}${i === 0 ? edit : ''}", green: [${RES[i % 4]}, ${RES[(i + 1) % 4]}], red: [${RES[(i + 2) % 4]}], value: ${i % 99} }`,
  ).join('\n') +
  '\n'

/** Writes the synthetic game with `faces` faces (mission fronts, plus the shared back). */
const writeGame = (faces: number) => {
  rmSync(work, { recursive: true, force: true })
  cpSync(join(here, 'game'), work, { recursive: true })
  mkdirSync(join(work, 'cards', 'bench'), { recursive: true })
  writeFileSync(join(work, 'cards', 'bench', 'missions.yaml'), cardsYaml(faces - 1))
}

const peakRss = () => process.resourceUsage().maxRSS * 1024

/** The highest resident set size seen while `work` runs (sampled every 100 ms, and at the end). */
const rssDuring = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  let peak = process.memoryUsage.rss()
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 100)
  try {
    const result = await work()
    return [result, Math.max(peak, process.memoryUsage.rss())]
  } finally {
    clearInterval(timer)
  }
}

/** The floor: bare satori and resvg on the same faces in one thread, with resvg's own PNG encoder. */
export const bareFloor = async (count: number) => {
  const { value } = await validateGame(work, 'bench')
  const { game, cards } = value!
  // Compiled as a build compiles it (deckwright's JSX runtime), not by the bench's own loader.
  const templates = (await importGameModule<{ default: any }>(join(work, 'templates', 'bench', 'index.tsx'), work))
    .default
  const fonts = faceFonts(templates.fonts).fonts.map((f) => ({
    name: f.name,
    data: f.data,
    weight: f.weight,
    style: f.style,
  }))
  const box = faceBox(63.5, 88.9, 3)
  const ctx = createFaceContext({
    game,
    box,
    inkFriendly: false,
    face: 'front',
    measure: createMeasure([]),
    diagnostics: [],
    at: { file: 'bench', line: 1, column: 1 },
    findIcon: iconDataUri,
    iconHint: '',
    art: () => undefined,
    lang: () => 'en',
    word: () => undefined,
    wordAsked: () => undefined,
    wordsFile: '',
  })
  let svgMs = 0
  let pngMs = 0
  for (const card of cards.slice(0, count)) {
    let t = performance.now()
    const svg = await satori(borderBox(templates.types.mission.front(card, ctx)) as never, {
      width: box.width,
      height: box.height,
      fonts,
    })
    svgMs += performance.now() - t
    t = performance.now()
    new Resvg(svg, { font: { loadSystemFonts: false }, background: '#fff' }).render().asPng()
    pngMs += performance.now() - t
    await new Promise((r) => setImmediate(r))
  }
  return { svg: svgMs / count, png: pngMs / count }
}

export const benchBuild = async (faces: number, renderer: 'satori' | 'takumi' = 'satori') => {
  writeGame(faces)
  const out = join(work, 'out')
  const jobs = defaultJobs()
  let t = performance.now()
  const validated = await validateGame(work, 'bench')
  const validateMs = performance.now() - t
  if (validated.diagnostics.some((d) => d.severity === 'error'))
    throw new Error(JSON.stringify(validated.diagnostics.slice(0, 3)))

  // The game's threads live across the two builds, as in the build process of a watch.
  const threads = new GameThreads()
  t = performance.now()
  const [cold, coldRss] = await rssDuring(() =>
    buildGame(work, 'bench', { outDir: out, jobs, overview: false, threads, renderer }),
  )
  const coldMs = performance.now() - t
  if (cold.value.drawn !== faces)
    throw new Error(
      `expected ${faces} faces drawn, got ${cold.value.drawn}: ${JSON.stringify(cold.diagnostics.slice(0, 3))}`,
    )

  writeFileSync(join(work, 'cards', 'bench', 'missions.yaml'), cardsYaml(faces - 1, ' (edited)'))
  t = performance.now()
  const [warm, warmRss] = await rssDuring(() =>
    buildGame(work, 'bench', { outDir: out, jobs, overview: false, threads, renderer }),
  )
  const incrementalMs = performance.now() - t
  await threads.close()

  // The same edit again, as a designer runs it: a new `deckwright build` process, start-up included (median of 3 edits).
  const commands: number[] = []
  for (const again of [' (edited again)', ' (edited a third time)', ' (edited a fourth time)']) {
    writeFileSync(join(work, 'cards', 'bench', 'missions.yaml'), cardsYaml(faces - 1, again))
    t = performance.now()
    execFileSync(
      process.execPath,
      [
        join(here, '..', 'bin', 'deckwright.js'),
        'build',
        'bench',
        '--no-overview',
        '--out',
        out,
        '--renderer',
        renderer,
      ],
      { cwd: work, stdio: 'ignore' },
    )
    commands.push(performance.now() - t)
  }
  const commandMs = commands.sort((a, b) => a - b)[1]!

  const sample = Math.min(faces - 1, 60)
  const bare = await bareFloor(sample)
  const floorMs = ((bare.svg + bare.png) * faces) / jobs
  return {
    faces,
    renderer,
    jobs,
    validateMs,
    coldMs,
    incrementalMs,
    incrementalDrawn: warm.value.drawn,
    cold: cold.value.timings,
    warm: warm.value.timings,
    floorMs,
    bare,
    peakRss: peakRss(),
    coldRss,
    warmRss,
    commandMs,
  }
}
