// npm run bench: prints deckwright's figures on this machine.
import { cpus } from 'node:os'
import { benchValidate } from './validate.ts'

const n = Number(process.argv[2] ?? 10_000)
console.log(`deckwright bench: node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown cpu'})`)
const v = benchValidate(n)
console.log(`validate ${v.cards} cards: YAML ${v.yaml.toFixed(0)} ms (${((v.yaml / v.cards) * 1000).toFixed(1)} µs a card), CSV ${v.csv.toFixed(0)} ms — parse, model and deck checks, median of 5`)
