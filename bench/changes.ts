// npm run bench -- --changes [faces…]: `deckwright changes` (compareWithRevision, in process) on the bench game
// in a git repository of its own, its faces in the store: one card changed, beside a one-card build after the
// same kind of edit; and a template change that moves every mission front.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildGame } from '../dist/make/build-game.js'
import { compareWithRevision } from '../dist/make/changes.js'
import { findRevision } from '../dist/load/git-revision.js'
import { defaultJobs } from '../dist/threads/face-pool.js'
import { cardsYaml } from './build.ts'
import { median } from './median.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
/** Inside the repository, so that the game's `import … from 'deckwright'` resolves; ignored by git. */
const work = join(here, 'work-changes')
const out = join(work, 'out')
const missionsFile = join(work, 'cards', 'bench', 'missions.yaml')
const templateFile = join(work, 'templates', 'bench', 'index.tsx')

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], {
    cwd: work,
    stdio: 'ignore',
  })

/** The bench game with `faces` faces (mission fronts and their shared back), committed in a new repository. */
const writeRepository = (faces: number) => {
  rmSync(work, { recursive: true, force: true })
  cpSync(join(here, 'game'), work, { recursive: true })
  mkdirSync(join(work, 'cards', 'bench'), { recursive: true })
  writeFileSync(missionsFile, cardsYaml(faces - 1))
  writeFileSync(join(work, '.gitignore'), 'out/\n')
  git('init', '-q')
  git('add', '.')
  git('commit', '-qm', 'v1')
}

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const t = performance.now()
  const result = await work()
  return [result, performance.now() - t]
}

export interface ChangesBench {
  faces: number
  jobs: number
  coldBuildMs: number
  /** The first comparison: the revision read from git into the cache, the edited card's face drawn. */
  firstMs: number
  /** Median of `runs` comparisons, each after a new edit of one card (one face drawn). */
  compareMs: number
  /** Median of `runs` builds, each after a new edit of one card (one face drawn). */
  buildMs: number
  runs: number
  drawn: { compare: number; build: number }
  /** A template change that moves every mission front: its time, faces drawn and cards listed changed. */
  template?: { ms: number; drawn: number; changed: number; againMs: number }
}

const compare = async (jobs: number) => {
  // No threads passed: each comparison starts its own, as a `deckwright changes` process does.
  const result = await compareWithRevision(work, 'bench', findRevision(work, 'HEAD'), { outDir: out, jobs })
  if (!result.value) throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)))
  return result.value
}
const build = async (jobs: number) => {
  const result = await buildGame(work, 'bench', { outDir: out, jobs, overview: false })
  if (result.diagnostics.some((d) => d.severity === 'error'))
    throw new Error(JSON.stringify(result.diagnostics.slice(0, 3)))
  return result.value
}

export const benchChanges = async (faces: number, { runs = 3, template = false } = {}): Promise<ChangesBench> => {
  const jobs = defaultJobs()
  writeRepository(faces)
  const [, coldBuildMs] = await timed(() => build(jobs))
  writeFileSync(missionsFile, cardsYaml(faces - 1, ' (edited)'))
  const [first, firstMs] = await timed(() => compare(jobs))
  if (first.cards.length !== 1) throw new Error(`expected one card changed, got ${first.cards.length}`)
  const compares: number[] = []
  const builds: number[] = []
  const drawn = { compare: 0, build: 0 }
  // Each run a new edit before each figure, so that each draws the one face it changed (the rest are stored).
  for (let run = 1; run <= runs; run++) {
    writeFileSync(missionsFile, cardsYaml(faces - 1, ` (compared ${run})`))
    const [changes, compareMs] = await timed(() => compare(jobs))
    compares.push(compareMs)
    drawn.compare = changes.drawn.before + changes.drawn.after
    writeFileSync(missionsFile, cardsYaml(faces - 1, ` (built ${run})`))
    const [built, buildMs] = await timed(() => build(jobs))
    builds.push(buildMs)
    drawn.build = built.drawn
  }
  const figures: ChangesBench = {
    faces,
    jobs,
    coldBuildMs,
    firstMs,
    compareMs: median(compares),
    buildMs: median(builds),
    runs,
    drawn,
  }
  if (template) {
    // The data as committed, and a template change that moves every mission front (its label), not the back.
    writeFileSync(missionsFile, cardsYaml(faces - 1))
    writeFileSync(templateFile, readFileSync(templateFile, 'utf8').replace("label: 'SUCCESS'", "label: 'SUCCEEDED'"))
    const [changes, ms] = await timed(() => compare(jobs))
    // Again, both versions' faces now stored: the comparison of their pixels without the drawing.
    const [, againMs] = await timed(() => compare(jobs))
    figures.template = { ms, drawn: changes.drawn.after, changed: changes.cards.length, againMs }
  }
  return figures
}

const ms = (n: number) => `${n.toFixed(0)} ms`

export const printChanges = async (sizes: number[]) => {
  for (const [i, faces] of sizes.entries()) {
    const c = await benchChanges(faces, { template: i === 0 })
    console.log(
      `changes since HEAD, ${c.faces} poker faces in the store (cold build ${ms(c.coldBuildMs)}), one card's title edited, ${c.jobs} threads, in process: ${ms(c.compareMs)} (${c.drawn.compare} face drawn; median of ${c.runs}; the first, reading the revision from git, ${ms(c.firstMs)}); a one-card build after the same edit ${ms(c.buildMs)} (${c.drawn.build} drawn), ${(c.compareMs / c.buildMs).toFixed(2)}×`,
    )
    if (c.template)
      console.log(
        `  a template change moving every mission front: ${ms(c.template.ms)}, ${c.template.drawn} faces drawn and compared, ${c.template.changed} cards changed in look; again, every face stored, ${ms(c.template.againMs)}`,
      )
  }
}
