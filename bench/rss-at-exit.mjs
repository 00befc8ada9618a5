// Preloaded (`node --import`) into a deckwright process by the benches: at exit, writes the process's peak
// resident set size (its threads included) in bytes to the file DECKWRIGHT_BENCH_RSS names, and its CPU time
// (user and system, all its threads) in microseconds to the file DECKWRIGHT_BENCH_CPU names.
import { writeFileSync } from 'node:fs'

const rss = process.env.DECKWRIGHT_BENCH_RSS
const cpu = process.env.DECKWRIGHT_BENCH_CPU
if (rss || cpu)
  process.on('exit', () => {
    const used = process.resourceUsage()
    if (rss) writeFileSync(rss, String(used.maxRSS * 1024))
    if (cpu) writeFileSync(cpu, String(used.userCPUTime + used.systemCPUTime))
  })
