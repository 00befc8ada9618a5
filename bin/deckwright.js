#!/usr/bin/env node
// Game definitions and templates are TypeScript (TSX): tsx loads them, and deckwright itself, without a build step.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../src/cli.ts')
process.exitCode = await main(process.argv)
