import { dirname, join, relative, sep } from 'node:path'
import { OutputBatch } from '../outputs/output-batch.ts'
import type { Summary } from './summary.ts'
import { relativePath } from '../load/project.ts'

/** The folder of a game's simulation report, in its output folder. */
export const SIMULATION_DIR = 'simulation'

/**
 * Writes the run's report into `<gameDir>/simulation/` (the figures as JSON, the charts as SVG and PNG), replacing the report before it
 * and leaving the game's other outputs as they are: the folder is swapped in whole, as a build's is.
 */
export const writeReport = async (root: string, gameDir: string, summary: Summary): Promise<string[]> => {
  const dir = join(gameDir, SIMULATION_DIR)
  const batch = new OutputBatch(join(dirname(gameDir), '.cache'), gameDir)
  batch.put(join(dir, 'report.json'), `${JSON.stringify(summary, rounded, 2)}\n`)
  const { charts } = await import('./charts.ts')
  for (const chart of await charts(summary)) {
    batch.put(join(dir, `${chart.name}.svg`), chart.svg)
    batch.put(join(dir, `${chart.name}.png`), chart.png)
  }
  const inReport = (path: string) => relative(dir, path).split(sep)[0] !== '..'
  const { written } = batch.commit(inReport)
  return written.map((path) => relativePath(root, path))
}

/** Figures to six decimals: the report reads the same on every machine, and is short. */
const rounded = (_key: string, value: unknown) =>
  typeof value === 'number' && !Number.isInteger(value) ? Math.round(value * 1e6) / 1e6 : value
