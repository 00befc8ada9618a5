import type { Card } from '../engine/define.ts'
import type { BotName } from '../engine/play/bots.ts'
import type { GameRecord } from '../engine/play/play-game.ts'
import type { SimulationPlan } from '../engine/play/plan.ts'
import { seedText } from '../engine/play/rng.ts'
import { difference, rate, spread, type Difference, type Rate, type Spread } from './stats.ts'

/** What a card did over the run. */
export interface CardFigures {
  id: string
  type: string
  /** Games in which it was drawn. */
  drawn: Rate
  /** Games in which a seat played it. */
  played: Rate
  /** Per bot: of the seats it moved that could play the card (a legal move named it), those that did. */
  byBot: Record<string, Rate>
  /**
   * How much more often games are won (a co-op game; in a competitive game, the seat) when it was played than
   * when it could have been (a legal move named it) and was not. Undefined for cards no legal move ever named.
   */
  impact?: Difference & { whenPlayed: Rate; otherwise: Rate }
}

/** A run's figures: what the report holds and the findings are made from. */
export interface Summary {
  game: string
  /** What was played: the game's rules-folder code and card files, as a digest (`simulationInputs`). */
  inputs?: string
  seed: string
  runs: number
  players: number[]
  bots: BotName[]
  sets: string[]
  variants: string[]
  coop: boolean
  readings: string[]
  /** Turns (as the rules count them) and moves of the games that ended or stalled. */
  turns: Spread
  moves: Spread
  /** How many games lasted how long: turns from `from` to `to`, in bins of equal width. */
  lengths: { from: number; to: number; games: number }[]
  /** Per player count. */
  byPlayers: PlayersFigures[]
  ended: Rate
  stalled: Rate
  broken: Rate
  /** How games ended, by the reason the rules gave, as shares of all games (as `stalled` and `broken` are). */
  reasons: Record<string, Rate>
  /** Per bot: the share of the seats it moved that won. */
  byBot: Record<string, Rate>
  /** Games in which a draw found a pile empty, by pile. */
  ranOut: Record<string, Rate>
  cards: CardFigures[]
  /** The first broken games (`game`: from 1): how to play each again. */
  brokenGames: { game: number; seed: string; players: number; bots: string[]; message: string; invariant?: string }[]
}

export interface PlayersFigures {
  players: number
  games: number
  turns: Spread
  /** A co-op game: the share won. */
  won?: Rate
  /** A competitive game: each seat's share of wins. */
  seats?: Rate[]
  /** Each seat's score (one: the team's, in a co-op game). */
  scores: Spread[]
}

const BROKEN_LISTED = 20

/** The run's figures from its games' records, taken in the games' order (the same records give the same bytes). */
export const summarize = (
  game: { id: string; coop: boolean; readings: readonly string[] },
  plan: SimulationPlan & { seedText?: string },
  cards: readonly Card[],
  records: readonly GameRecord[],
): Summary => {
  const played = records.filter((r) => r.outcome !== 'broken')
  const won = (r: GameRecord, seat: number) => r.winners.includes(seat)
  const reasons = new Map<string, number>()
  const ranOut = new Map<string, number>()
  for (const r of played) {
    if (r.outcome === 'ended') reasons.set(r.reason ?? 'ended', (reasons.get(r.reason ?? 'ended') ?? 0) + 1)
    for (const pile of r.ranOut) ranOut.set(pile, (ranOut.get(pile) ?? 0) + 1)
  }
  const byBot: Record<string, Rate> = {}
  for (const bot of [...new Set(plan.bots)]) {
    let seats = 0
    let wins = 0
    for (const r of played)
      r.bots.forEach((b, seat) => {
        if (b !== bot) return
        seats++
        if (won(r, seat)) wins++
      })
    byBot[bot] = rate(wins, seats)
  }
  const byPlayers: PlayersFigures[] = [...new Set(plan.playerCounts)].map((players) => {
    const games = played.filter((r) => r.players === players)
    const seatScores = (seat: number) => spread(games.filter((r) => r.scores).map((r) => r.scores![seat] ?? 0))
    return {
      players,
      games: games.length,
      turns: spread(games.map((r) => r.turns)),
      ...(game.coop
        ? { won: rate(games.filter((r) => r.winners.length > 0).length, games.length) }
        : {
            seats: Array.from({ length: players }, (_, seat) =>
              rate(games.filter((r) => won(r, seat)).length, games.length),
            ),
          }),
      scores: game.coop ? [seatScores(0)] : Array.from({ length: players }, (_, seat) => seatScores(seat)),
    }
  })
  const keyed = <T>(m: Map<string, number>, of: number) =>
    Object.fromEntries([...m].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, n]) => [k, rate(n, of)])) as Record<
      string,
      T
    >
  return {
    game: game.id,
    seed: plan.seedText ?? String(plan.seed),
    runs: records.length,
    players: plan.playerCounts,
    bots: plan.bots,
    sets: plan.sets,
    variants: plan.variants,
    coop: game.coop,
    readings: [...game.readings],
    turns: spread(played.map((r) => r.turns)),
    moves: spread(played.map((r) => r.moves)),
    lengths: histogram(played.map((r) => r.turns)),
    byPlayers,
    ended: rate(records.filter((r) => r.outcome === 'ended').length, records.length),
    stalled: rate(records.filter((r) => r.outcome === 'stalled').length, records.length),
    broken: rate(records.length - played.length, records.length),
    reasons: keyed(reasons, records.length),
    byBot,
    ranOut: keyed(ranOut, played.length),
    cards: cardFigures(game.coop, plan, cards, records),
    brokenGames: records
      .filter((r) => r.outcome === 'broken')
      .slice(0, BROKEN_LISTED)
      .map((r) => ({
        game: r.index + 1,
        seed: seedText(r.seed),
        players: r.players,
        bots: r.bots,
        message: r.broken?.message ?? '',
        ...(r.broken?.invariant && { invariant: r.broken.invariant }),
      })),
  }
}

/**
 * Each card's figures, counted in one pass over the games: what was drawn, offered and played in every game
 * (a broken game too, up to the move that broke it), outcomes in the games that were not broken.
 */
const cardFigures = (
  coop: boolean,
  plan: SimulationPlan,
  cards: readonly Card[],
  records: readonly GameRecord[],
): CardFigures[] => {
  const n = cards.length
  const bots = [...new Set(plan.bots)]
  const drawn = new Uint32Array(n)
  const playedIn = new Uint32Array(n)
  // Outcomes: a co-op game counts once; a competitive game once per seat.
  const playedOutcomes = new Uint32Array(n)
  const playedWins = new Uint32Array(n)
  const offeredByBot = bots.map(() => new Uint32Array(n))
  const playedByBot = bots.map(() => new Uint32Array(n))
  const everOffered = new Uint8Array(n)
  // Outcomes where the card could be played (a co-op game once, a competitive game once per seat), and of those where it was.
  const offeredOutcomes = new Uint32Array(n)
  const offeredWins = new Uint32Array(n)
  const mark = new Uint8Array(n)
  const could = new Uint8Array(n)
  let games = 0
  for (const r of records) {
    const counted = r.outcome !== 'broken'
    for (const i of r.drawn) drawn[i]!++
    mark.fill(0)
    could.fill(0)
    r.bots.forEach((bot, seat) => {
      const b = bots.indexOf(bot)
      for (const i of r.offered[seat] ?? []) {
        offeredByBot[b]![i]!++
        everOffered[i] = 1
        could[i] = 1
      }
      for (const i of r.played[seat] ?? []) {
        playedByBot[b]![i]!++
        mark[i] = 1
      }
      if (!coop && counted) {
        const win = r.winners.includes(seat) ? 1 : 0
        for (const i of r.offered[seat] ?? []) offeredOutcomes[i]!++, (offeredWins[i]! += win)
        for (const i of r.played[seat] ?? []) playedOutcomes[i]!++, (playedWins[i]! += win)
      }
    })
    const win = r.winners.length > 0 ? 1 : 0
    for (let i = 0; i < n; i++) {
      if (mark[i]) playedIn[i]!++
      if (!coop || !counted || !could[i]) continue
      offeredOutcomes[i]!++
      offeredWins[i]! += win
      if (mark[i]) playedOutcomes[i]!++, (playedWins[i]! += win)
    }
    games++
  }
  return cards.map((card, i) => {
    const whenPlayed = rate(playedWins[i]!, playedOutcomes[i]!)
    // Against the games (seats) that could have played it and did not: not those that never held it.
    const otherwise = rate(offeredWins[i]! - playedWins[i]!, offeredOutcomes[i]! - playedOutcomes[i]!)
    return {
      id: card.id,
      type: card.type,
      drawn: rate(drawn[i]!, games),
      played: rate(playedIn[i]!, games),
      byBot: Object.fromEntries(bots.map((bot, b) => [bot, rate(playedByBot[b]![i]!, offeredByBot[b]![i]!)])),
      ...(everOffered[i] && { impact: { ...difference(whenPlayed, otherwise), whenPlayed, otherwise } }),
    }
  })
}

/** The most bins of the game lengths' histogram. */
const BINS = 30

const histogram = (values: readonly number[]): Summary['lengths'] => {
  if (!values.length) return []
  let min = Infinity
  let max = -Infinity
  for (const v of values) (min = Math.min(min, v)), (max = Math.max(max, v))
  const width = Math.max(1, Math.ceil((max - min + 1) / BINS))
  const bins = Array.from({ length: Math.ceil((max - min + 1) / width) }, (_, i) => ({
    from: min + i * width,
    to: min + (i + 1) * width - 1,
    games: 0,
  }))
  for (const v of values) bins[Math.floor((v - min) / width)]!.games++
  return bins
}

/**
 * The cards whose effect on winning can be told (played in some games that could, not in others), those of
 * most effect first, either way; ties by id.
 */
export const byEffect = (s: Summary): (CardFigures & { impact: NonNullable<CardFigures['impact']> })[] =>
  s.cards
    .filter(
      (c): c is CardFigures & { impact: NonNullable<CardFigures['impact']> } =>
        !!c.impact && c.impact.whenPlayed.of > 0 && c.impact.otherwise.of > 0,
    )
    .sort((a, b) => Math.abs(b.impact.difference) - Math.abs(a.impact.difference) || (a.id < b.id ? -1 : 1))
