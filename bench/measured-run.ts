// A deckwright process as the benches run it: its wall time and its peak memory, all threads.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))
const bin = join(here, '..', 'bin', 'deckwright.js')

/** A new deckwright process in `cwd`: its wall time (ms) and peak memory (bytes, all threads; see rss-at-exit.mjs). */
export const measuredRun = (cwd: string, ...args: string[]): { ms: number; rss: number } => {
  const rssFile = join(tmpdir(), `deckwright-bench-rss-${process.pid}`)
  const start = performance.now()
  execFileSync(process.execPath, ['--import', join(here, 'rss-at-exit.mjs'), bin, ...args], {
    cwd,
    stdio: 'ignore',
    env: { ...process.env, DECKWRIGHT_BENCH_RSS: rssFile },
  })
  const ms = performance.now() - start
  return { ms, rss: Number(readFileSync(rssFile, 'utf8')) }
}
