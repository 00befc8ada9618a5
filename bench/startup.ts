// Start-up: a new `deckwright` process from its start to its exit, as a designer or CI runs it.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median } from './median.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Milliseconds from process start to exit: the median of `runs` runs, after one that warms the disk cache. */
export const benchStartup = (args: string[], runs = 7): { median: number; min: number; max: number } => {
  const time = () => {
    const start = performance.now()
    execFileSync(process.execPath, [join(root, 'bin', 'deckwright.js'), ...args], { cwd: root, stdio: 'ignore' })
    return performance.now() - start
  }
  time()
  const times = Array.from({ length: runs }, time)
  return { median: median(times), min: Math.min(...times), max: Math.max(...times) }
}

/** A node process that does nothing: the floor under any command. */
export const benchNode = (runs = 7): number => {
  return median(
    Array.from({ length: runs }, () => {
      const start = performance.now()
      execFileSync(process.execPath, ['-e', ''], { stdio: 'ignore' })
      return performance.now() - start
    }),
  )
}
