import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { cardType, defineGame } from '../../src/engine/define.ts'
import { icons, int, oneOf, ref, text } from '../../src/engine/fields.ts'
import { modelCards } from '../../src/engine/model.ts'
import { checkDeck } from '../../src/engine/check.ts'
import { parseYamlCards } from '../../src/load/yaml.ts'

const game = defineGame({
  id: 'g',
  title: 'G',
  version: '1',
  players: { min: 2, max: 4 },
  params: { votesPerPlayer: 2 },
  vocabularies: { resources: { wood: { label: 'Wood', icon: 'game-icons:wood-pile' } } },
  sets: { promo: { title: 'Promo', kind: 'expansion' } },
  types: {
    vote: cardType({ name: 'Vote', hidden: true, fields: { vote: oneOf(['YES', 'NO']), number: int({ min: 1 }) } }),
    hut: cardType({
      name: 'Hut',
      fields: { title: text({ max: 10 }), cost: icons('resources'), next: ref('hut', { optional: true }) },
    }),
  },
  checks: {
    votes({ game, count, report }) {
      const need = game.params.votesPerPlayer * game.players.max
      if (count('vote') < need) report({ type: 'vote', message: `${count('vote')} votes, ${need} needed` })
    },
  },
})

const model = (yaml: string) => {
  const parsed = parseYamlCards(yaml, 'cards/g/x.yaml')
  expect(parsed.diagnostics).toEqual([])
  return modelCards(game, [parsed.value])
}

describe('modelCards', () => {
  it('types the fields of valid cards and keeps their positions', () => {
    const { value, diagnostics } = model(
      '- { id: h1, type: hut, title: Hut, cost: wood }\n- { id: h2, type: hut, title: Big, cost: [wood, wood], next: h1, qty: 2 }\n',
    )
    expect(diagnostics).toEqual([])
    expect(value[1]).toMatchObject({ id: 'h2', qty: 2, set: 'base', fields: { cost: ['wood', 'wood'], next: 'h1' } })
    expect(value[1]!.source.fields.next).toMatchObject({ line: 2 })
  })

  it('reports every problem of every card in one run, each at its place', () => {
    const { value, diagnostics } = model(
      [
        '- id: h1',
        '  type: hut',
        '  titel: Hut',
        '  cost: wood',
        '- id: h1',
        '  type: hut',
        '- id: v1',
        '  type: vot',
        '- id: h3',
        '  type: hut',
        '  title: Far too long a title',
        '  cost: [wood]',
        '  next: nowhere',
        '  set: promos',
      ].join('\n'),
    )
    expect(value).toEqual([])
    const found = diagnostics.map((d) => [d.rule, d.line, d.column, d.field])
    expect(found).toEqual([
      ['card/missing-field', 1, 3, 'title'],
      ['card/unknown-field', 3, 3, 'titel'],
      ['card/duplicate-id', 5, 7, 'id'],
      ['card/unknown-type', 8, 9, 'type'],
      ['card/unknown-set', 14, 8, 'set'],
      ['card/text-too-long', 11, 10, 'title'],
    ])
    expect(diagnostics.find((d) => d.rule === 'card/unknown-field')!.message).toContain('did you mean "title"')
    expect(diagnostics.find((d) => d.rule === 'card/unknown-type')!.message).toContain('did you mean "vote"')
    expect(diagnostics.find((d) => d.rule === 'card/duplicate-id')!.message).toContain('cards/g/x.yaml:1')
  })

  it('refuses ids that are no safe, portable file name, and ids that differ only in case', () => {
    const ids = [
      '../../../../x',
      '../../maybe-movies/faces/bb-cult',
      'a/b',
      'x'.repeat(101),
      'con',
      'NUL.txt',
      '.hidden',
      'end.',
      'naïve',
      'tab\there',
      '\u001b[2J',
    ]
    const yaml = [
      ...ids.map((id) => `- { id: ${JSON.stringify(id)}, type: hut, title: Hut, cost: [wood] }`),
      '- { id: Hut-1, type: hut, title: Hut, cost: [wood] }',
      '- { id: hut-1, type: hut, title: Hut, cost: [wood] }',
      '- { id: hut.v2_final-3, type: hut, title: Hut, cost: [wood] }',
    ].join('\n')
    const { value, diagnostics } = model(yaml)
    expect(value.map((c) => c.id)).toEqual(['Hut-1', 'hut.v2_final-3'])
    const unsafe = diagnostics.filter((d) => d.rule === 'card/unsafe-id')
    expect(unsafe.map((d) => d.line)).toEqual(ids.map((_, i) => i + 1))
    expect(unsafe[3]!.message).toContain('101 characters long, the limit is 100')
    expect(unsafe[4]!.message).toContain('Windows keeps for a device')
    expect(unsafe[10]!.message).toContain('\\u001b[2J') // shown escaped, never raw
    expect(diagnostics.filter((d) => d.rule === 'card/duplicate-id')).toMatchObject([
      {
        line: ids.length + 2,
        card: 'hut-1',
        message: expect.stringContaining('differs from "Hut-1" (cards/g/x.yaml:12) only in case'),
      },
    ])
    // An id that is the name of a shared back's file (`hut.back.png`): its own back would take its place.
    const back = model('- { id: Hut, type: hut, title: Hut, cost: [wood] }')
    expect(back.diagnostics).toMatchObject([
      { rule: 'card/unsafe-id', message: expect.stringContaining('shared back of Hut') },
    ])
  })

  it('checks references once every card is known', () => {
    const { diagnostics } = model(
      '- { id: h1, type: hut, title: A, cost: wood, next: h9 }\n- { id: v1, type: vote, vote: YES, number: 1 }\n- { id: h2, type: hut, title: B, cost: wood, next: v1 }\n',
    )
    expect(diagnostics.map((d) => [d.rule, d.card, d.line])).toEqual([
      ['card/unknown-ref', 'h1', 1],
      ['card/unknown-ref', 'h2', 3],
    ])
  })

  it('takes the type and set from the file when a card does not say', () => {
    const { value, diagnostics } = modelCards(game, [
      parseYamlCards('type: vote\nset: promo\ncards:\n  - { id: v1, vote: NO, number: 3 }\n', 'v.yaml').value,
    ])
    expect(diagnostics).toEqual([])
    expect(value[0]).toMatchObject({ type: 'vote', set: 'promo' })
  })
})

describe('checkDeck', () => {
  it("runs the game's checks with its parameters and names the rule after the game", () => {
    const cards = model(
      'type: vote\ncards:\n' +
        Array.from({ length: 7 }, (_, i) => `  - { id: v${i}, vote: YES, number: ${i + 1} }`).join('\n') +
        '\n',
    ).value
    const diagnostics = checkDeck(game, cards, 'rules/g/game.ts')
    expect(diagnostics).toMatchObject([
      { rule: 'g/votes', severity: 'error', file: 'cards/g/x.yaml', message: '7 votes, 8 needed' },
    ])
    const more = model('- { id: extra, type: vote, vote: NO, number: 9 }\n').value
    expect(checkDeck(game, [...cards, ...more], 'rules/g/game.ts')).toEqual([])
  })

  it('holds a check back while cards it counts have errors, and reports a mistake made once only once', () => {
    // Seven good votes and one with an error: the check would say "7 votes, 8 needed", a second error for one mistake.
    const { value, diagnostics, failedTypes } = model(
      'type: vote\ncards:\n' +
        Array.from({ length: 7 }, (_, i) => `  - { id: v${i}, vote: YES, number: ${i + 1} }`).join('\n') +
        '\n  - { id: v7, vote: MAYBE, number: 8 }\n',
    )
    expect(diagnostics.map((d) => d.rule)).toEqual(['card/unknown-value'])
    expect(checkDeck(game, value, 'rules/g/game.ts', undefined, { failedTypes })).toEqual([
      expect.objectContaining({
        rule: 'game/check-held',
        severity: 'info',
        message: expect.stringContaining('the check "votes" was not run: cards of Vote have errors'),
      }),
    ])
    // A file's `type:` misspelt: one error at that line, not one per card.
    const typo = model(
      'type: votee\ncards:\n' +
        Array.from({ length: 11 }, (_, i) => `  - { id: t${i}, vote: YES, number: ${i + 1} }`).join('\n') +
        '\n',
    )
    expect(typo.diagnostics.map((d) => [d.rule, d.line])).toEqual([['card/unknown-type', 1]])
  })

  it('rejects a hidden type whose cards have their own backs', () => {
    const leaky = defineGame({
      ...game,
      types: { vote: cardType({ name: 'Vote', hidden: true, back: 'own', fields: {} }) },
      checks: {},
    })
    expect(checkDeck(leaky, [], 'rules/g/game.ts')).toMatchObject([
      { rule: 'game/hidden-own-back', file: 'rules/g/game.ts' },
    ])
  })

  it('turns a crashing check into a diagnostic', () => {
    const broken = defineGame({
      ...game,
      checks: {
        boom: () => {
          throw new Error('kaput')
        },
      },
    })
    expect(checkDeck(broken, [], 'rules/g/game.ts')).toMatchObject([
      { rule: 'game/check-crashed', file: 'rules/g/game.ts', message: expect.stringContaining('kaput') },
    ])
    // Given the project's root, at the check's own line that threw (here, this file).
    const root = fileURLToPath(new URL('../..', import.meta.url))
    // The line the error is made on, read from its own stack (however the formatter lays this test out).
    let thrownAt = 0
    const thrower = defineGame({
      ...game,
      checks: {
        boom: () => {
          const error = new Error('kaput')
          thrownAt = Number(error.stack!.split('\n')[1]!.match(/:(\d+):\d+\)?$/)![1])
          throw error
        },
      },
    })
    expect(checkDeck(thrower, [], 'rules/g/game.ts', root)).toMatchObject([
      { rule: 'game/check-crashed', file: 'test/engine/model.test.ts', line: thrownAt },
    ])
    expect(thrownAt).toBeGreaterThan(0)
  })
})

describe('hidden information', () => {
  const base = { id: 'h', title: 'H', version: '1', players: { min: 2, max: 4 }, params: {} }
  it('rejects hidden types mixed into one deck when one has its own backs, or another size', () => {
    const money = defineGame({
      ...base,
      types: {
        money: cardType({ name: 'Money', hidden: true, deck: 'money', fields: {} }),
        fake: cardType({ name: 'Fake', deck: 'money', back: 'own', fields: {} }),
      },
    })
    expect(checkDeck(money, [], 'game.ts')).toMatchObject([
      { rule: 'game/hidden-mixed-backs', message: expect.stringContaining('fake') },
    ])
    const sizes = defineGame({
      ...base,
      types: {
        a: cardType({ name: 'A', hidden: true, deck: 'd', fields: {} }),
        b: cardType({ name: 'B', size: 'mini', deck: 'd', fields: {} }),
      },
    })
    expect(checkDeck(sizes, [], 'game.ts')).toMatchObject([
      { rule: 'game/hidden-mixed-backs', message: expect.stringContaining('sizes') },
    ])
    const fine = defineGame({
      ...base,
      types: {
        a: cardType({ name: 'A', hidden: true, deck: 'd', fields: {} }),
        b: cardType({ name: 'B', deck: 'd', fields: {} }),
      },
    })
    expect(checkDeck(fine, [], 'game.ts')).toEqual([])
  })
})

describe('card files named after a type', () => {
  it('give their cards that type unless a card says otherwise', () => {
    const file = parseYamlCards(
      '- { id: v1, vote: YES, number: 1 }\n- { id: h1, type: hut, title: A, cost: wood }\n',
      'cards/g/vote.yaml',
    ).value
    const { value, diagnostics } = modelCards(game, [file])
    expect(diagnostics).toEqual([])
    expect(value.map((c) => c.type)).toEqual(['vote', 'hut'])
  })
})

describe('cards without id or type', () => {
  it('are reported at the card', () => {
    const { value, diagnostics } = modelCards(game, [
      parseYamlCards('- title: Hut\n- id: h2\n  title: Hut\n', 'cards/g/misc.yaml').value,
    ])
    expect(value).toEqual([])
    expect(diagnostics.map((d) => [d.rule, d.line])).toEqual([
      ['card/missing-id', 1],
      ['card/missing-type', 2],
    ])
  })
})

describe('card files that name no type', () => {
  it('a CSV: once for the file, saying to name it after the type or add a `type` column', async () => {
    const { parseCsvCards } = await import('../../src/load/csv.ts')
    const csv = (name: string, text: string) => modelCards(game, [parseCsvCards(text, `cards/g/${name}`).value])
    const plural = csv('huts.csv', 'id,title,cost\nh1,A,wood\nh2,B,wood\nh3,C,wood\n').diagnostics
    expect(plural.map((d) => [d.rule, d.line, d.card, d.message])).toEqual([
      [
        'card/missing-type',
        1,
        undefined,
        'the cards of huts.csv have no type: name the file after its type (hut.csv) or add a `type` column',
      ],
    ])
    expect(csv('Huts.csv', 'id,title,cost\nh1,A,wood\n').diagnostics.map((d) => d.message)).toEqual([
      'the cards of Huts.csv have no type: name the file after its type (hut.csv) or add a `type` column',
    ])
    const other = csv('buildings.csv', 'id,title\nh1,A\nh2,B\n').diagnostics
    expect(other.map((d) => d.message)).toEqual([
      'the cards of buildings.csv have no type: name the file after its type (e.g. vote.csv) or add a `type` column (one of vote, hut)',
    ])
    const blankCell = csv('buildings.csv', 'id,type,title,cost\nh1,hut,A,wood\nh2,,B,wood\n').diagnostics
    expect(blankCell.map((d) => [d.line, d.card, d.message])).toEqual([
      [3, 'h2', 'card "h2" has no type: fill in its `type` cell (one of vote, hut)'],
    ])
  })

  it("a YAML file named after a type's plural: once for the file", () => {
    const { diagnostics } = modelCards(game, [
      parseYamlCards('- { id: h1, title: A }\n- { id: h2, title: B }\n', 'cards/g/huts.yaml').value,
    ])
    expect(diagnostics.map((d) => d.message)).toEqual([
      'the cards of huts.yaml have no type: name the file after its type (hut.yaml) or add `type: hut` to the file',
    ])
  })
})

describe('game-level checks', () => {
  it('report an example that shows a card no file defines, and an unknown card size', () => {
    const withExample = defineGame({
      ...game,
      types: { hut: cardType({ name: 'Hut', size: 'huge', fields: {} }) },
      checks: {},
      examples: { turn: { cards: ['h1', 'h9'] } },
    })
    const cards = modelCards(withExample, [parseYamlCards('- { id: h1, type: hut }\n', 'cards/g/x.yaml').value]).value
    expect(checkDeck(withExample, cards, 'rules/g/game.ts')).toEqual([
      expect.objectContaining({ rule: 'game/unknown-size', message: expect.stringContaining('"huge"') }),
      expect.objectContaining({ rule: 'game/unknown-example-card', message: expect.stringContaining('"h9"') }),
    ])
  })
})

describe('empty values', () => {
  it('leave type, set and qty to the file or the default, as a blank spreadsheet cell would', async () => {
    const { parseCsvCards } = await import('../../src/load/csv.ts')
    const file = parseCsvCards('id,type,set,qty,vote,number\nv1,,,,YES,1\nh1,hut,,,,\n', 'cards/g/vote.csv').value
    const { value, diagnostics } = modelCards(game, [file])
    expect(value).toMatchObject([{ id: 'v1', type: 'vote', set: 'base', qty: 1 }])
    // A required field left blank is missing, at its cell.
    expect(diagnostics.map((d) => [d.rule, d.card, d.field, d.line, d.column])).toEqual([
      ['card/missing-field', 'h1', 'title', 3, 1],
      ['card/missing-field', 'h1', 'cost', 3, 1],
    ])
  })
})
