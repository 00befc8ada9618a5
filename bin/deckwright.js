#!/usr/bin/env node
// deckwright's command: its compiled code (dist/, built by `npm run build`, which `npm install` and `npm pack` run).
const { main } = await import('../dist/cli.js')
process.exitCode = await main(process.argv)
