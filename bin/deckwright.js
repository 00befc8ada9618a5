#!/usr/bin/env node
// deckwright's command: its compiled code (dist/, built by `npm run build`, which `npm install` and `npm pack` run).
let main
try {
  ;({ main } = await import('../dist/cli.js'))
} catch (error) {
  process.stderr.write(`deckwright: its compiled code could not be loaded (${String(error?.message ?? error).split('\n')[0]}); in deckwright's own repository, run npm run build\n`)
  process.exit(2)
}
process.exitCode = await main(process.argv)
