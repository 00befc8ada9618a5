// Mistakes in a game's definition are reported once, at their line in game.ts, through the real command.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { deckwright } from '../helpers.ts'

const GAME = `import { cardType, defineGame, icons, int, oneOf, ref, text } from 'deckwright'

export default defineGame({
  id: 'g', title: 'G', version: '1', players: { min: 2, max: 4 }, params: {},
  vocabularies: { resources: { wood: { label: 'Wood', icon: 'game-icons:wood-pile' } } },
  types: {
    hut: cardType({ name: 'Hut', fields: {
      cost: int({ min: 6, max: 1 }),
      kind: oneOf([]),
    } }),
    road: cardType({ name: 'Road', fields: { paid: icons('resorces') } }),
    bridge: cardType({ name: 'Bridge', fields: { to: ref('rivr') } }),
    sign: cardType({ name: 'Sign', fields: { words: 'text' as never } }),
    fine: cardType({ name: 'Fine', fields: { title: text() } }),
  },
})
`

it('reports a contradictory, empty or unknown field declaration once, at its line, and its cards not again', async () => {
  const root = mkdtempSync(join(tmpdir(), 'deckwright-definition-'))
  mkdirSync(join(root, 'rules', 'g'), { recursive: true })
  mkdirSync(join(root, 'cards', 'g'), { recursive: true })
  writeFileSync(join(root, 'rules', 'g', 'game.ts'), GAME)
  const cards = ['hut', 'road', 'bridge', 'sign'].flatMap((type) =>
    Array.from(
      { length: 5 },
      (_, i) => `- { id: ${type}-${i}, type: ${type}, cost: 3, paid: [wood], to: x, words: hi }`,
    ),
  )
  writeFileSync(
    join(root, 'cards', 'g', 'cards.yaml'),
    [...cards, '- { id: fine-1, type: fine, title: Fine }', ''].join('\n'),
  )
  const r = await deckwright(root, 'validate', '--no-faces', '--format', 'json')
  expect(r.code).toBe(1)
  const found = (JSON.parse(r.stdout) as { rule: string; file: string; line: number; message: string }[])
    .filter((d) => d.rule !== 'validate/faces-skipped')
    .map((d) => [d.rule, d.file, d.line, d.message])
  expect(found).toEqual([
    ['game/bad-field', 'rules/g/game.ts', 8, expect.stringContaining('int({ min: 6, max: 1 }) allows nothing')],
    ['game/bad-field', 'rules/g/game.ts', 9, expect.stringContaining('oneOf([]) allows no value')],
    [
      'game/bad-field',
      'rules/g/game.ts',
      11,
      expect.stringContaining('"resorces" is not one of this game\'s vocabularies (did you mean "resources"?)'),
    ],
    ['game/bad-field', 'rules/g/game.ts', 12, expect.stringContaining('"rivr" is not one of this game\'s card types')],
    ['game/bad-field', 'rules/g/game.ts', 13, expect.stringContaining('`words` of Sign is "text", not a field')],
  ])
  expect(r.stderr).toBe('')
}, 60_000)
