// Made cards/ministries/challenges.ods, Ministries' Challenge cards, from the challenges.yaml they were kept in
// before: one card a row, the cost's resources one a cell under a header merged across four columns, the YAML's
// comments in a `_notes` column and an `_about` sheet (neither is card data). The workbook is now the cards'
// source, edited in a spreadsheet; this script is kept for the record of how LibreOffice wrote it.
//
//   git show <commit>:cards/ministries/challenges.yaml > /tmp/challenges.yaml
//   node tools/workbook-fixtures/ministries-challenges.mjs /tmp/challenges.yaml
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import yaml from 'js-yaml'
import { table, writeWorkbooks } from './fods.mjs'

const source = readFileSync(process.argv[2], 'utf8')
const about = source
  .split('\n')
  .filter((l) => l.startsWith('# ') && !l.includes('yaml-language-server'))
  .map((l) => [l.slice(2)])
const notes = new Map() // card id → the comment above it
let comment
for (const line of source.split('\n')) {
  const c = /^\s+# (.*)/.exec(line)
  const id = /id: ([\w-]+)/.exec(line)
  if (c) comment = c[1]
  else if (id && comment) notes.set(id[1], comment), (comment = undefined)
}
const cards = yaml.load(source).cards
const rows = [
  [
    'id',
    'title',
    { value: 'cost', across: 4 },
    { covered: true },
    { covered: true },
    { covered: true },
    'penalty',
    'flavor',
    '_notes',
  ],
  ...cards.map((c) => [
    c.id,
    c.title,
    ...[0, 1, 2, 3].map((i) => c.cost[i] ?? null),
    c.penalty,
    c.flavor,
    notes.get(c.id) ?? null,
  ]),
]
const folder = fileURLToPath(new URL('../../cards/ministries/', import.meta.url))
writeWorkbooks(folder, 'challenges', [table('challenge', rows), table('_about', about)], ['ods'])
