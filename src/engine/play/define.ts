import type { Card, CardOf, GameDef } from '../define.ts'
import type { Rng } from './rng.ts'

/**
 * A move a seat may make, as `moves` lists it and `apply` carries it out: a name and whatever the game
 * needs. A move that plays a card names it in `card` (its id): the simulation counts it as that card
 * offered to the seat and, when chosen, played.
 */
export interface Move {
  name: string
  card?: string
}

/** A pile of cards by id, its top the last: a deck, a hand, a discard pile, a market row. */
export interface Pile {
  /** What reports call it: 'challenge deck'. */
  name: string
  cards: string[]
}

/** How a game ended: the seats that won (every seat of a co-op game, or none). */
export interface Ending {
  winners: readonly number[]
  /** Why, in a few words ('target reached', 'the Challenge deck ran out'): the report counts each reason. */
  reason?: string
}

/**
 * What the simulation flags, each only when its 95% confidence interval lies past the threshold. Every
 * finding is an error (a balance regression fails CI), or a warning with `severity: 'warning'`.
 */
export interface Balance {
  /** How far a seat's win rate may lie from an even share (1 / players) in competitive games; default 0.1. */
  seatAdvantage?: number
  /** The share of co-op games won, per player count: [lowest, highest]; default [0.2, 0.8]. */
  coopWinRate?: readonly [number, number]
  /** How much more (or less) often games are won when a card is played than when it is not; default 0.25. */
  cardImpact?: number
  /** The least share of the games in which a bot could play a card that it does play it; default 0.02. */
  minPlayRate?: number
  /** The most games that may stall (reach `maxTurns` without an end); default 0.01. */
  stalls?: number
  severity?: 'error' | 'warning'
}

/** What `setup` is given: the game's cards in the sets played, the player count and the game's random generator. */
export interface SetupContext<G extends GameDef<any, any, any>> {
  game: G
  params: G['params']
  players: number
  /** The sets in play: 'base' and the expansions asked for. */
  sets: readonly string[]
  /** The rules' variants played (`--variants`), of those the playable rules name in `variants`. */
  variants: readonly string[]
  /** The cards in play (one entry per card; `qty` copies each). */
  cards: readonly Card<any>[]
  rng: Rng
  /** The cards of a type in play. */
  ofType<K extends keyof G['types'] & string>(type: K): CardOf<G, K>[]
  /** The ids of a type's cards in play, one per copy (`qty`), optionally only those `where` keeps: what a deck is made of. */
  copies<K extends keyof G['types'] & string>(type: K, where?: (card: CardOf<G, K>) => boolean): string[]
  /** A pile of these card ids, shuffled with the game's generator. */
  shuffled(name: string, ids: readonly string[]): Pile
  /** The card of an id. */
  card(id: string): Card<any>
}

/** What `apply` is given: the game's random generator, the cards, and the kit's drawing that the report counts. */
export interface PlayContext {
  rng: Rng
  /** The card of an id. */
  card(id: string): Card<any>
  /**
   * The top card of `pile`, taken off it, or undefined when it is empty. With `refill`, an empty pile is first
   * made of the refill pile's cards, shuffled (a discard pile). The report counts each card drawn and each
   * pile that ran out (a draw from a pile that was empty, refill and all).
   */
  draw(pile: Pile, options?: { refill?: Pile }): string | undefined
  /** A broken rule: the game stops and is reported, with the seed that plays it again. */
  fail(message: string): never
}

/**
 * A game's playable rules: the default export of `rules/<game>/play.ts`, made with `definePlay(game, { … })`.
 * `S` is the game's state (plain data: objects, arrays, numbers, strings), `M` its moves. The simulation
 * plays thousands of games with bots (`deckwright simulate`); only the active seat moves.
 */
export interface PlayDef<G extends GameDef<any, any, any> = GameDef, S = any, M extends Move = Move> {
  /** A co-operative game: every seat wins or loses together. */
  coop?: boolean
  /** Where the rules are silent or unclear, how these playable rules read them: printed in the report. */
  readings?: readonly string[]
  /** The rules' variants these playable rules can play, by name, with a few words each: `--variants` picks them. */
  variants?: Record<string, string>
  balance?: Balance
  /** A game that has not ended after this many turns (as `turns` counts them; without it, moves) has stalled (default 500). */
  maxTurns?: number
  /** The game as set up for `players` seats (0 to players − 1). */
  setup(ctx: SetupContext<G>): S
  /** The seat whose move it is. */
  active(state: S): number
  /** The moves the seat may make now: at least one while the game has not ended. */
  moves(state: S, seat: number): readonly M[]
  /** Carries out a move, changing the state. */
  apply(state: S, move: M, ctx: PlayContext): void
  /** The game's end: undefined while it goes on. */
  end(state: S): Ending | undefined
  /** Each seat's score (the team's, in a co-op game): the report's score spread. */
  scores?(state: S): readonly number[]
  /**
   * How well the seat is doing, for the greedy bot (higher is better); default its entry of `scores`. The
   * greedy bot adds a win and takes away a loss itself.
   */
  score?(state: S, seat: number): number
  /**
   * A copy of the state as the seat knows it: what it cannot see (other hands, the order of decks) replaced by
   * a guess made with `rng`. Bots think on views, never on the state itself. Default: a copy of the whole state
   * (a game of open information).
   */
  view?(state: S, seat: number, rng: Rng): S
  /** The turns played so far (a turn may be several moves), for the game length; default the moves made. */
  turns?(state: S): number
  /** Rules that must hold after every move: a message when broken (the game stops and is reported with its seed). */
  invariants?: Record<string, (state: S) => string | undefined | null | false | void>
}

/**
 * A game's playable rules, typed by its definition: `export default definePlay(game, { setup, moves, … })` in
 * `rules/<game>/play.ts`. The identity function, as `defineGame` is.
 */
export const definePlay = <G extends GameDef<any, any, any>, S, M extends Move = Move>(
  _game: G,
  play: PlayDef<G, S, M>,
): PlayDef<G, S, M> => play
