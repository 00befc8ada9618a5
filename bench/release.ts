// npm run bench -- --release: `deckwright release` (releaseGame, in process) of Maybe Missions, every set and
// language at 300 dpi: cold (an empty output folder and face store), then again with its faces in the store.
import { readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { releaseGame } from '../dist/release/release-game.js'
import { defaultJobs } from '../dist/threads/face-pool.js'

const here = fileURLToPath(new URL('.', import.meta.url))
const root = join(here, '..')
/** The output folder; ignored by git. */
const out = join(here, 'work-release')

export interface ReleaseBench {
  jobs: number
  files: number
  zipBytes: number
  cold: { ms: number; drawn: number }
  warm: { ms: number; drawn: number }
}

const release = async () => {
  const t = performance.now()
  const made = await releaseGame(root, 'maybe-missions', { outDir: out })
  const errors = made.diagnostics.filter((d) => d.severity === 'error')
  if (errors.length) throw new Error(`Maybe Missions was not released: ${JSON.stringify(errors)}`)
  return { ms: performance.now() - t, drawn: made.value.drawn, files: made.value.files }
}

export const benchRelease = async (): Promise<ReleaseBench> => {
  rmSync(out, { recursive: true, force: true })
  const cold = await release()
  const warm = await release()
  const folder = join(out, 'maybe-missions', 'release')
  const zip = readdirSync(folder).find((n) => n.endsWith('.zip'))!
  const zipBytes = statSync(join(folder, zip)).size
  rmSync(out, { recursive: true, force: true })
  return {
    jobs: defaultJobs(),
    files: cold.files.length,
    zipBytes,
    cold: { ms: cold.ms, drawn: cold.drawn },
    warm: { ms: warm.ms, drawn: warm.drawn },
  }
}

/** The bench's line. */
export const printRelease = async (): Promise<void> => {
  const b = await benchRelease()
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  console.log(
    `release maybe-missions (every set, en + nl, 300 dpi, ${b.jobs} threads): ${b.files} files, a zip of ${(b.zipBytes / 2 ** 20).toFixed(1)} MB; cold ${s(b.cold.ms)} (${b.cold.drawn} faces drawn), with its faces in the store ${s(b.warm.ms)} (${b.warm.drawn} drawn)`,
  )
}
