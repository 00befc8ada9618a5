#!/usr/bin/env node
// deckwright's command: its compiled code (dist/, built by `npm run build`, which `npm install` and `npm pack` run).
import { setFlagsFromString } from 'node:v8'

// No run ends in a false success. A game's code runs on game threads, where process.exit ends only the
// thread (and in the game's own files throws instead); this is the last guard, on the process itself: a
// process that ends before the command has finished (a package the definition imports ends it, or the
// command is left waiting on something that never settles) exits 2, saying so. No global is changed.
let finished = false
process.on('exit', () => {
  if (finished) return
  process.stderr.write(`deckwright: the run ended before it finished (the game's code ended it, or left it waiting on something that never happens): its result does not count\n`)
  process.exitCode = 2
})

// This thread's V8 heap keeps its new objects in semi-spaces of 4 MB rather than V8's 16, as every game
// thread's does (THREAD_YOUNG_MB in threads/game-thread.ts): a build holds many faces' outputs here. Not in
// validate, which makes none on this thread and loads ~100 modules here as it starts: with the smaller spaces
// V8 collected through them, ~50 ms more CPU (maybe-missions --no-faces: 0.30 -> 0.37 s, median of 9).
// The command is the first argument that is not an option (deckwright's own options take no values).
if (process.argv.slice(2).find((arg) => !arg.startsWith('-')) !== 'validate') setFlagsFromString('--max-semi-space-size=4')

let main
try {
  ;({ main } = await import('../dist/cli.js'))
} catch (error) {
  process.stderr.write(`deckwright: its compiled code could not be loaded (${String(error?.message ?? error).split('\n')[0]}); in deckwright's own repository, run npm run build\n`)
  finished = true
  process.exit(2)
}
// A watch's build process ends when its watch does: that is finishing too.
process.exitCode = await main(process.argv, { ending: () => (finished = true) })
finished = true
