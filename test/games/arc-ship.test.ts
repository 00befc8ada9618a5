import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Card, GameDef } from '../../src/engine/define.ts'
import { checkDeck } from '../../src/engine/check.ts'
import { validateGame } from '../../src/validate/validate-game.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const DEFINITION = 'rules/arc-ship/game.ts'

let game: GameDef
let cards: Card[]

beforeAll(async () => {
  const { value, diagnostics } = await validateGame(root, 'arc-ship')
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([])
  game = value!.game
  cards = value!.cards
})

/** The rule ids the game's checks report on a deck. */
const rules = (deck: readonly Card[], def: GameDef = game) => [
  ...new Set(checkDeck(def, deck, DEFINITION).map((d) => d.rule)),
]

/** The deck with one card's fields (or qty) changed. */
const change = (id: string, fields: Record<string, unknown>, qty?: number) =>
  cards.map((c) => (c.id === id ? { ...c, qty: qty ?? c.qty, fields: { ...c.fields, ...fields } } : c))

const withParams = (params: Record<string, unknown>): GameDef => ({ ...game, params: { ...game.params, ...params } })

const count = (type: string, where: (c: Card) => boolean = () => true) =>
  cards.filter((c) => c.type === type && where(c)).reduce((n, c) => n + c.qty, 0)

describe('arc-ship', () => {
  it('validates without errors, and no check fires on the shipped deck', () => {
    expect(rules(cards)).toEqual([])
  })

  it('ships a complete set for 10 players', () => {
    expect(count('identity', (c) => c.fields.identity === 'Traitor')).toBe(4)
    expect(count('identity', (c) => c.fields.identity === 'Nation')).toBe(6)
    expect(count('money')).toBe(42)
    expect(count('counterfeit')).toBe(28)
    expect(count('event') + count('orEvent')).toBe(26)
    expect(count('tech')).toBe(6)
    expect(count('vote')).toBe(20)
    expect(count('outcome')).toBe(20)
    // The Money cards are kept as a spreadsheet export.
    expect(cards.find((c) => c.type === 'money')!.source.file).toBe('cards/arc-ship/money.csv')
  })

  // Each case breaks the deck (or the rules' numbers) the way a designer might, and names the check that must catch it.
  const broken: Record<string, () => string[]> = {
    'traitors-minority': () => rules(cards, withParams({ traitors: { 5: 2, 6: 3, 7: 3, 8: 3, 9: 3, 10: 4 } })),
    'identity-deck': () => rules(cards.filter((c) => c.id !== 'traitor-maxwell')),
    'unique-countries': () => rules(change('nation-iolo', { country: 'Republic of Veldra' })),
    'ballots-per-player': () => rules(change('outcome-fail', {}, 9)),
    'money-deck-deals': () => rules(cards.filter((c) => c.type !== 'money' || c.id === 'money-2-gold')),
    'counterfeit-minority': () =>
      rules(
        cards
          .filter((c) => c.type !== 'money' || c.id === 'money-1-credit')
          .map((c) => (c.id === 'money-1-credit' ? { ...c, qty: 23 } : c)),
      ),
    'counterfeit-supply': () => rules(change('counterfeit-1-wink', {}, 2)),
    'tech-pieces': () => rules(cards.filter((c) => c.id !== 'tech-reactor')),
    'event-deck-lasts': () => rules(cards.filter((c) => c.type !== 'orEvent' && c.id !== 'event-flood')),
    'team-size': () => rules(change('or-vaccine', { team: 4 })),
    'fail-worse-than-success': () =>
      rules(change('or-security-sweep', { failHealth: 0, failText: 'Nothing happens.' })),
    'payment-complete': () => rules(change('or-seawall', { successPay: undefined })),
    'results-do-something': () => rules(change('event-trade-boom', { text: undefined })),
    'world-can-be-saved': () =>
      rules(
        cards.map((c) =>
          c.type === 'orEvent'
            ? { ...c, fields: { ...c.fields, successHealth: 0, successText: 'Nothing changes.' } }
            : c,
        ),
      ),
    'sabotage-threatens-world': () =>
      rules(
        cards.map((c) =>
          c.type === 'orEvent'
            ? { ...c, fields: { ...c.fields, failHealth: 0, failText: 'Discard 1 Money.', successHealth: 1 } }
            : c,
        ),
      ),
    trackers: () => rules(change('tracker-health', { start: 7 })),
    'leader-cards': () => rules(cards.filter((c) => c.id !== 'leader-mission')),
  }

  it('tests every check of the game', () => {
    expect(Object.keys(broken).sort()).toEqual(Object.keys(game.checks ?? {}).sort())
  })

  for (const [check, run] of Object.entries(broken)) {
    it(`${check} catches a broken deck`, () => {
      expect(run()).toContain(`arc-ship/${check}`)
    })
  }

  it('traitors-minority also rejects a table with no Traitor, or a missing player count', () => {
    expect(rules(cards, withParams({ traitors: { 5: 0, 6: 2, 7: 3, 8: 3, 9: 3, 10: 4 } }))).toContain(
      'arc-ship/traitors-minority',
    )
    expect(rules(cards, withParams({ traitors: { 5: 2, 6: 2, 7: 3, 8: 3, 9: 3 } }))).toContain(
      'arc-ship/traitors-minority',
    )
  })

  it('tech-pieces rejects more pieces than years, and a numbered piece printed twice', () => {
    expect(rules(cards, withParams({ years: 5 }))).toContain('arc-ship/tech-pieces')
    expect(rules(change('tech-hull', {}, 2))).toContain('arc-ship/tech-pieces')
  })

  it('points a card-level problem at the card and field in its file', () => {
    const [d] = checkDeck(game, change('or-vaccine', { team: 4 }), DEFINITION).filter(
      (x) => x.rule === 'arc-ship/team-size',
    )
    expect(d).toMatchObject({
      file: 'cards/arc-ship/or-events.yaml',
      card: 'or-vaccine',
      field: 'team',
      severity: 'error',
    })
    expect(d!.message).toContain('a team of 4 with 5 players')
  })
})
