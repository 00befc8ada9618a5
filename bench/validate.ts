import { checkDeck } from '../dist/engine/check.js'
import { cardType, defineGame } from '../dist/engine/define.js'
import { icons, int, oneOf, text } from '../dist/engine/fields.js'
import { modelCards } from '../dist/engine/model.js'
import { parseCsvCards } from '../dist/load/csv.js'
import { parseYamlCards } from '../dist/load/yaml.js'
import { parseWorkbookCards } from '../dist/load/workbook-cards.js'
import { odsCards, xlsxCards } from './workbook.ts'
import { median } from './median.ts'

/** A synthetic game with the field kinds and deck checks of the shipped games. */
const game = defineGame({
  id: 'bench',
  title: 'Bench',
  version: '1',
  players: { min: 2, max: 6 },
  params: { votesPerPlayer: 10 },
  vocabularies: {
    resources: Object.fromEntries(
      ['wood', 'stone', 'gold', 'wool', 'grain'].map((w) => [w, { label: w, icon: `game-icons:${w}` }]),
    ),
  },
  types: {
    vote: cardType({ name: 'Vote', hidden: true, fields: { vote: oneOf(['YES', 'NO']), number: int({ min: 1 }) } }),
    building: cardType({
      name: 'Building',
      fields: {
        title: text({ max: 30 }),
        cost: icons('resources', { min: 1, max: 5 }),
        points: int({ min: 0, max: 9 }),
      },
    }),
  },
  checks: {
    votes({ game, count, report }) {
      if (count('vote') < game.params.votesPerPlayer * game.players.max)
        report({ type: 'vote', message: 'too few votes' })
    },
    'unique-numbers'({ ofType, report }) {
      const seen = new Set<number>()
      for (const v of ofType('vote')) {
        if (seen.has(v.fields.number)) report({ card: v, field: 'number', message: 'duplicate' })
        seen.add(v.fields.number)
      }
    },
  },
})

const RES = ['wood', 'stone', 'gold', 'wool', 'grain']
const yaml = (n: number) =>
  'cards:\n' +
  Array.from({ length: n }, (_, i) =>
    i % 2
      ? `  - { id: v${i}, type: vote, vote: ${i % 4 === 1 ? 'YES' : 'NO'}, number: ${i} }`
      : `  - id: b${i}\n    type: building\n    title: Building number ${i}\n    cost: [${RES[i % 5]}, ${RES[(i + 2) % 5]}]\n    points: ${i % 10}`,
  ).join('\n') +
  '\n'
const csv = (n: number) =>
  'id,type,title,cost,points\n' +
  Array.from({ length: n }, (_, i) => `c${i},building,Card ${i},${RES[i % 5]} ${RES[(i + 1) % 5]},${i % 10}`).join(
    '\n',
  ) +
  '\n'

const time = (fn: () => void, runs = 5) => {
  fn() // warm-up
  const samples = Array.from({ length: runs }, () => {
    const t = performance.now()
    fn()
    return performance.now() - t
  })
  return median(samples)
}

export const benchValidate = (n = 10_000) => {
  const yamlText = yaml(n)
  const csvText = csv(n)
  const [xlsx, ods] = [xlsxCards(n), odsCards(n)]
  let errors = 0
  const workbook = (bytes: Buffer, file: string) => () => {
    const read = parseWorkbookCards(bytes, file)
    const cards = modelCards(game, read.value)
    const found = read.diagnostics.length + cards.diagnostics.length + cards.value.length
    if (found !== n) throw new Error(`the workbook should hold ${n} valid cards, found ${found - n} problems`)
    checkDeck(game, cards.value, 'rules/bench/game.ts')
  }
  const ms = {
    yaml: time(() => {
      const files = [parseYamlCards(yamlText, 'cards/bench/cards.yaml').value]
      const cards = modelCards(game, files)
      errors = cards.diagnostics.length + checkDeck(game, cards.value, 'rules/bench/game.ts').length
    }),
    csv: time(() => {
      const cards = modelCards(game, [parseCsvCards(csvText, 'cards/bench/cards.csv').value])
      checkDeck(game, cards.value, 'rules/bench/game.ts')
    }),
    xlsx: time(workbook(xlsx, 'cards/bench/cards.xlsx')),
    ods: time(workbook(ods, 'cards/bench/cards.ods')),
  }
  if (errors) throw new Error(`the synthetic deck should be valid, found ${errors} problems`)
  return { cards: n, ...ms, bytes: { xlsx: xlsx.length, ods: ods.length } }
}
