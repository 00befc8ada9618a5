// Preloaded (`node --import`) into a deckwright process by the scale bench: at exit, writes the process's
// peak resident set size (its threads included) in bytes to the file DECKWRIGHT_BENCH_RSS names.
import { writeFileSync } from 'node:fs'

const file = process.env.DECKWRIGHT_BENCH_RSS
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)))
