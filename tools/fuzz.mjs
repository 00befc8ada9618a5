#!/usr/bin/env node
// `npm run fuzz`: test/fuzz.test.ts for minutes rather than `npm test`'s seconds, with a random seed, printed
// so that a failure can be replayed: `FUZZ_SEED=<seed> npm run fuzz`. FUZZ_SECONDS sets each reader's time
// (60 s by default: about six minutes in all, the translation sheet's import included).
import { spawnSync } from 'node:child_process'

const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31))
const seconds = process.env.FUZZ_SECONDS ?? '60'
console.log(`fuzz seed ${seed}, ${seconds} s a reader (replay: FUZZ_SEED=${seed} npm run fuzz)`)
const run = spawnSync('npx', ['vitest', 'run', 'test/fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_SECONDS: seconds },
  shell: process.platform === 'win32',
})
if (run.status !== 0) console.log(`fuzz seed ${seed} found a problem: replay it with FUZZ_SEED=${seed} npm run fuzz`)
process.exit(run.status ?? 1)
