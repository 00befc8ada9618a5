#!/usr/bin/env node
// deckwright's command: its compiled code (dist/, built by `npm run build`, which `npm install` and `npm pack` run).
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

// No run ends in a false success. A game's code runs on game threads, where process.exit ends only the
// thread (and in the game's own files throws instead); this is the last guard, on the process itself: code
// that still ends it early (a package the definition imports) or leaves the command waiting on something
// that never settles makes the run exit 2, saying so.
const own = new URL('../', import.meta.url).href
let finished = false
let ended
const exit = process.exit.bind(process)
process.exit = (code) => {
  const caller = new Error().stack.split('\n').slice(2).find((frame) => !/\(node:|at node:/.test(frame))
  // deckwright's own code ends the process when it is done (a watch's build process); anyone else's, early.
  if (caller && (caller.includes(`${own}dist/`) || caller.includes(`${own}src/`))) finished = true
  else if (!finished) ended = { code, caller }
  return exit(code)
}
process.on('exit', (code) => {
  if (finished) return
  const at = ended && /((?:file:\/\/)?\/[^()\s]+|[A-Za-z]:\\[^()\s]+):(\d+):(\d+)/.exec(ended.caller)
  const place = at ? ` at ${relative(process.cwd(), at[1].startsWith('file:') ? fileURLToPath(at[1]) : at[1])}:${at[2]}` : ''
  process.stderr.write(
    ended
      ? `deckwright: the game's code ended the run with process.exit(${ended.code ?? ''})${place}: the run did not finish, so its result does not count\n`
      : `deckwright: the run ended before it finished (the game's code left it waiting on something that never happens): its result does not count\n`,
  )
  process.exitCode = 2
})

let main
try {
  ;({ main } = await import('../dist/cli.js'))
} catch (error) {
  process.stderr.write(`deckwright: its compiled code could not be loaded (${String(error?.message ?? error).split('\n')[0]}); in deckwright's own repository, run npm run build\n`)
  finished = true
  exit(2)
}
process.exitCode = await main(process.argv)
finished = true
