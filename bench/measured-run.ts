// A deckwright process as the benches run it: its wall time, peak memory and CPU time, all threads.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))
const bin = join(here, '..', 'bin', 'deckwright.js')

/**
 * A new deckwright process in `cwd`: its wall time (ms), peak memory (bytes) and CPU time (ms, user and
 * system), all threads (see rss-at-exit.mjs).
 */
export const measuredRun = (cwd: string, ...args: string[]): { ms: number; rss: number; cpu: number } => {
  const file = (what: string) => join(tmpdir(), `deckwright-bench-${what}-${process.pid}`)
  const start = performance.now()
  execFileSync(process.execPath, ['--import', join(here, 'rss-at-exit.mjs'), bin, ...args], {
    cwd,
    stdio: 'ignore',
    env: { ...process.env, DECKWRIGHT_BENCH_RSS: file('rss'), DECKWRIGHT_BENCH_CPU: file('cpu') },
  })
  const ms = performance.now() - start
  return {
    ms,
    rss: Number(readFileSync(file('rss'), 'utf8')),
    cpu: Number(readFileSync(file('cpu'), 'utf8')) / 1000,
  }
}
