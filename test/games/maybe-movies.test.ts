import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Card, GameDef } from '../../src/engine/define.ts'
import { checkDeck } from '../../src/engine/check.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import game, { bestCount } from '../../rules/maybe-movies/game.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const DEFINITION = 'rules/maybe-movies/game.ts'

let cards: Card[] = []

beforeAll(async () => {
  const { value, diagnostics } = await validateGame(root, 'maybe-movies')
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([])
  cards = value!.cards
})

/** The rule ids the deck checks report for these cards. */
const rules = (deck: readonly Card[], def: GameDef = game) => checkDeck(def, deck, DEFINITION).map((d) => d.rule)
/** The cards with one card's fields (or set) changed. */
const edit = (id: string, change: Partial<Card>['fields'] & object, set?: string) =>
  cards.map((c) => (c.id === id ? { ...c, set: set ?? c.set, fields: { ...c.fields, ...change } } : c))
const count = (type: string, set?: string) =>
  cards.filter((c) => c.type === type && (!set || c.set === set)).reduce((n, c) => n + c.qty, 0)

describe('Maybe Movies', () => {
  it('ships a valid, complete deck that passes every check', () => {
    expect(rules(cards)).toEqual([])
    expect(count('vote')).toBe(80)
    expect(count('change', 'breaking')).toBe(12)
    expect(count('movie', 'base')).toBe(40)
    expect(count('movie', 'breaking')).toBe(15)
    expect(count('blockbuster', 'blockbuster')).toBe(12)
  })

  it('names only cards that exist in its examples', () => {
    const ids = new Set(cards.map((c) => c.id))
    for (const example of Object.values(game.examples ?? {})) for (const id of example.cards) expect(ids).toContain(id)
  })

  it('vote-deck: 5 YES and 5 NO per player plus the draw pool', () => {
    expect(
      rules(cards.filter((c) => !(c.type === 'vote' && c.fields.vote === 'NO' && c.fields.genre !== 'action'))),
    ).toContain('maybe-movies/vote-deck')
    expect(rules(cards.filter((c) => !(c.type === 'vote' && c.fields.genre === 'romance')))).toContain(
      'maybe-movies/vote-deck',
    )
  })

  it('genres-on-movies: every Vote genre shows on Movie Cards, none far behind', () => {
    const isMovie = (c: Card) => c.type === 'movie' || c.type === 'blockbuster'
    expect(rules(cards.filter((c) => !(isMovie(c) && (c.fields.genres as string[]).includes('romance'))))).toContain(
      'maybe-movies/genres-on-movies',
    )
    const fewHorror = cards.filter(
      (c) => !(isMovie(c) && (c.fields.genres as string[]).includes('horror') && !/-1$/.test(c.id)),
    )
    expect(rules(fewHorror)).toContain('maybe-movies/genres-on-movies')
  })

  it('distinct-genres: a Movie Card names each genre once', () => {
    expect(rules(edit('movie-action-1', { genres: ['action', 'action'] }))).toContain('maybe-movies/distinct-genres')
  })

  it('budget-reachable and trend-budget-reachable: a one-card pitch can be funded, even doubled', () => {
    const onlyOnes = cards.filter(
      (c) => !(c.type === 'vote' && c.fields.vote === 'YES' && (c.fields.value as number) > 1),
    )
    const found = rules(onlyOnes)
    expect(found).toContain('maybe-movies/budget-reachable')
    expect(found).toContain('maybe-movies/trend-budget-reachable')
  })

  it('bestCount counts the movie’s genres in full and other icons 2 for 1', () => {
    const vote = (genre: string, value: number, qty = 1) =>
      ({ id: `${genre}${value}`, type: 'vote', set: 'base', qty, fields: { vote: 'YES', value, genre } }) as Card<any>
    const votes = [vote('action', 3), vote('horror', 2, 2), vote('romance', 1)]
    expect(bestCount(votes, ['action'], 1, 2)).toBe(3)
    expect(bestCount(votes, ['action'], 3, 2)).toBe(3 + 2)
    expect(bestCount(votes, ['comedy'], 4, 2)).toBe(1 + 2)
  })

  it('profit-payable: the smallest table can pay a one-card Profit', () => {
    const smallPool = { ...game, params: { ...game.params, poolVotesPerPlayer: 1 } }
    expect(rules(cards, smallPool)).toContain('maybe-movies/profit-payable')
  })

  it('movie-deck: the market, the rounds and (Breaking Changes) the players’ own cards', () => {
    expect(rules(cards.filter((c) => !(c.type === 'movie' && c.set === 'breaking')))).toContain(
      'maybe-movies/movie-deck',
    )
    const fewBase = cards.filter((c) => !(c.type === 'movie' && c.set === 'base' && !/^movie-[a-z]+-[1-3]$/.test(c.id)))
    expect(count('movie', 'base') - (cards.length - fewBase.length)).toBe(15)
    expect(rules(fewBase)).toContain('maybe-movies/movie-deck')
  })

  it('change-tokens: 2 per player, unique numbers, only in Breaking Changes', () => {
    expect(rules(cards.filter((c) => c.id !== 'change-12'))).toContain('maybe-movies/change-tokens')
    expect(rules(edit('change-12', { number: 1 }))).toContain('maybe-movies/change-tokens')
    expect(rules(edit('change-12', {}, 'base'))).toContain('maybe-movies/change-tokens')
  })

  it('blockbuster-text: a Blockbuster half is a text, not a plain number', () => {
    expect(rules(edit('bb-sequel', { budget: '3' }))).toContain('maybe-movies/blockbuster-text')
  })
})
