import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Card, GameDef } from '../../src/engine/define.ts'
import { checkDeck } from '../../src/engine/check.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import game from '../../rules/ministries/game.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const DEFINITION = 'rules/ministries/game.ts'

let cards: Card[] = []

beforeAll(async () => {
  const { value, diagnostics } = await validateGame(root, 'ministries')
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([])
  cards = value!.cards
})

/** The diagnostics the deck checks report for these cards. */
const check = (deck: readonly Card[], def: GameDef = game) => checkDeck(def, deck, DEFINITION)
/** The rule ids the deck checks report for these cards. */
const rules = (deck: readonly Card[], def: GameDef = game) => check(deck, def).map((d) => d.rule)
/** The cards with one card's fields or qty changed. */
const edit = (id: string, change: Record<string, unknown>, qty?: number) =>
  cards.map((c) => (c.id === id ? { ...c, qty: qty ?? c.qty, fields: { ...c.fields, ...change } } : c))
const without = (keep: (c: Card) => boolean) => cards.filter(keep)
const count = (type: string) => cards.filter((c) => c.type === type).reduce((n, c) => n + c.qty, 0)
/** The game with other parameters. */
const withParams = (params: Partial<Record<keyof typeof game.params, number>>) =>
  ({ ...game, params: { ...game.params, ...params } }) as GameDef

describe('Ministries', () => {
  it('ships a valid, complete deck that passes every check', () => {
    expect(check(cards)).toEqual([])
    expect(count('milestone')).toBe(24)
    expect(count('ministry')).toBe(25)
    expect(count('challenge')).toBe(30)
    expect(count('resource')).toBe(60)
    for (const r of ['funds', 'labour', 'materials', 'knowledge', 'goodwill'])
      expect(cards.filter((c) => c.type === 'resource' && c.fields.resource === r).reduce((n, c) => n + c.qty, 0)).toBe(
        12,
      )
  })

  it('keeps the Milestones in a CSV, the Challenges in a workbook (challenges.ods) and everything else in YAML', () => {
    const files = (type: string) => new Set(cards.filter((c) => c.type === type).map((c) => c.source.file))
    expect(files('milestone')).toEqual(new Set(['cards/ministries/milestones.csv']))
    // The sheet named after the type holds its cards; the _about sheet and the _notes column are the designer's.
    expect(files('challenge')).toEqual(new Set(['cards/ministries/challenges.ods#challenge']))
    expect(cards.find((c) => c.id === 'challenge-earthquake')).toMatchObject({
      fields: { cost: ['materials', 'materials', 'labour', 'labour'], penalty: 3 },
      source: { pos: { line: 24 }, fields: { cost: { line: 24, column: 3 }, penalty: { line: 24, column: 7 } } },
    })
    expect(
      cards.filter((c) => !['milestone', 'challenge'].includes(c.type)).every((c) => c.source.file.endsWith('.yaml')),
    ).toBe(true)
  })

  it('names only cards that exist in its examples', () => {
    const ids = new Set(cards.map((c) => c.id))
    for (const example of Object.values(game.examples ?? {})) for (const id of example.cards) expect(ids).toContain(id)
  })

  it('starting-hands: 3 Resources and 1 Ministry for each of 5 players', () => {
    expect(rules(without((c) => c.type !== 'resource'))).toContain('ministries/starting-hands')
    const oneMinistry = [
      ...without((c) => c.type !== 'ministry'),
      { ...cards.find((c) => c.type === 'ministry')!, qty: 4 },
    ]
    const found = check(oneMinistry).filter((d) => d.rule === 'ministries/starting-hands')
    expect(found).toHaveLength(1)
    expect(found[0]!.message).toBe('the Ministry deck has 4 cards; 5 starting hands need 5 (1 each)')
    expect(found[0]!.file).toBe('cards/ministries/ministries.yaml')
  })

  it('draw-supply: five full hands and a turn of draws must not empty the Resource and Ministry decks', () => {
    const small = cards.map((c) => ({ ...c, qty: c.type === 'resource' ? 3 : c.type === 'ministry' ? 1 : c.qty })) // 15 Resources + 14 Ministries = 29 < 5 × 7 + 4
    expect(rules(small)).toContain('ministries/draw-supply')
    expect(rules(small)).not.toContain('ministries/starting-hands')
  })

  it('costs-payable: every resource exists in the Resource deck, often enough for any one cost', () => {
    const noGoodwill = without((c) => c.id !== 'resource-goodwill')
    expect(check(noGoodwill).find((d) => d.rule === 'ministries/costs-payable' && !d.card)?.message).toContain(
      'no Goodwill cards',
    )
    const fewFunds = edit('resource-funds', {}, 2) // the National Bank asks for 3 Funds
    const found = check(fewFunds).filter((d) => d.rule === 'ministries/costs-payable')
    expect(found.map((d) => d.card)).toContain('milestone-national-bank')
    expect(found.find((d) => d.card === 'milestone-national-bank')).toMatchObject({
      file: 'cards/ministries/milestones.csv',
      field: 'cost',
    })
  })

  it("challenge-solo-payable: one hand of 7 must hold a Challenge's cost", () => {
    const huge = edit('challenge-earthquake', {
      cost: ['materials', 'materials', 'materials', 'labour', 'labour', 'labour', 'funds', 'funds'],
    })
    expect(check(huge).find((d) => d.rule === 'ministries/challenge-solo-payable')).toMatchObject({
      card: 'challenge-earthquake',
      field: 'cost',
    })
    expect(rules(huge, withParams({ handLimit: 8 }))).not.toContain('ministries/challenge-solo-payable')
  })

  it("milestone-team-payable: two full hands must hold a Milestone's cost", () => {
    const tooBig = edit('milestone-power-grid', {
      cost: ['materials', 'materials', 'labour', 'labour', 'knowledge', 'knowledge', 'funds', 'goodwill'],
    })
    expect(rules(tooBig)).not.toContain('ministries/milestone-team-payable')
    expect(rules(tooBig, withParams({ handLimit: 3 }))).toContain('ministries/milestone-team-payable')
  })

  it('start-player-draw: every player draws a Milestone, and the points must differ', () => {
    const four = without(
      (c) =>
        c.type !== 'milestone' ||
        ['milestone-power-grid', 'milestone-railway', 'milestone-hydro-dam', 'milestone-new-capital'].includes(c.id),
    )
    expect(rules(four)).toContain('ministries/start-player-draw')
    const allFives = cards.map((c) => (c.type === 'milestone' ? { ...c, fields: { ...c.fields, points: 5 } } : c))
    expect(check(allFives).find((d) => d.rule === 'ministries/start-player-draw')?.message).toContain(
      'every Milestone is worth 5 points',
    )
  })

  it('milestone-points: the Milestones hold at least the target score', () => {
    const few = without((c) => c.type !== 'milestone' || (c.fields.points as number) <= 2) // 4 × 1 + 5 × 2 = 14 points
    expect(rules(few)).toContain('ministries/milestone-points')
    expect(rules(cards, withParams({ targetScore: 73 }))).toContain('ministries/milestone-points')
  })

  it('challenge-clock: after removing 5 for the 5-player game and flipping 1, the deck lasts 24 turns', () => {
    const challenges = cards.filter((c) => c.type === 'challenge')
    const short = without((c) => c !== challenges[0])
    const found = check(short).filter((d) => d.rule === 'ministries/challenge-clock')
    expect(found).toHaveLength(1)
    expect(found[0]!.message).toBe(
      'the Challenge deck has 29 cards; with 5 removed for 5 players and 1 flipped at setup it can run out after 23 turns, but it must last at least 24 turns (30 cards)',
    )
    // Without a 5-player game nothing is removed, and 29 cards leave 28 turns.
    expect(rules(short, { ...game, players: { min: 2, max: 4 } } as GameDef)).not.toContain(
      'ministries/challenge-clock',
    )
  })

  it('target-within-clock: even a perfect team cannot score more than the clock and the draws allow', () => {
    expect(rules(cards, withParams({ targetScore: 70 }))).toContain('ministries/target-within-clock')
    const tinyClock = without(
      (c) =>
        c.type !== 'challenge' ||
        /^challenge-(red-tape|rumour-mill|potholes|tax-dodgers|smugglers|heatwave|power-cut|press-scandal)$/.test(c.id),
    ) // 8 Challenges: 2 turns for 5 players
    const found = check(tinyClock, withParams({ minClockTurns: 0 })).filter(
      (d) => d.rule === 'ministries/target-within-clock',
    )
    expect(found.map((d) => d.message)).toContain(
      'with 5 players a Challenge flipping every turn leaves 2 turns and at best 20 resources after Challenges, but reaching 15 points takes 3 Milestones costing 21 resources',
    )
  })
})
