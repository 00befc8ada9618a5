// Simulation: games of Ministries with random bots, as `deckwright simulate` plays them (dist/), on one core
// and on every core: the game threads' own time playing, the time from the first game sent to the last
// played, and the whole command as a new process.
import { spawnSync } from 'node:child_process'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { simulateGame } from '../dist/simulate/index.js'
import { median } from './median.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

export interface SimulateFigures {
  runs: number
  /** Per thread count: median of three runs. */
  byJobs: { jobs: number; playing: number; wall: number; command: number; perGame: number; moves: number }[]
}

export const benchSimulate = async (runs = 10_000): Promise<SimulateFigures> => {
  const byJobs: SimulateFigures['byJobs'] = []
  for (const jobs of [...new Set([1, cpus().length])]) {
    const tries = []
    for (let i = 0; i < 3; i++) {
      const ran = await simulateGame(root, 'ministries', { runs, seed: 1, jobs })
      if (!ran.value) throw new Error(`ministries did not simulate: ${ran.diagnostics[0]?.message}`)
      const start = performance.now()
      // Exit 1 when the run has findings: Ministries as written has some (see the README).
      spawnSync(
        process.execPath,
        [
          join(root, 'bin', 'deckwright.js'),
          'simulate',
          'ministries',
          '--runs',
          String(runs),
          '--jobs',
          String(jobs),
          '--out',
          join(root, 'bench', 'work-simulate'),
        ],
        { cwd: root, stdio: 'ignore' },
      )
      tries.push({ ...ran.value.timing, command: performance.now() - start, moves: ran.value.summary.moves.mean })
    }
    const playing = median(tries.map((t) => t.playing))
    byJobs.push({
      jobs,
      playing,
      wall: median(tries.map((t) => t.wall)),
      command: median(tries.map((t) => t.command)),
      perGame: (playing / runs) * 1000,
      moves: tries[0]!.moves,
    })
  }
  return { runs, byJobs }
}
