import type { Card, GameDef } from '../define.ts'
import { bots, type BotName } from './bots.ts'
import type { Ending, Move, Pile, PlayContext, PlayDef, SetupContext } from './define.ts'
import { Rng } from './rng.ts'
import { MAX_COPIES, RuleBroken, STEPS, type Step } from './broken.ts'

export { MAX_COPIES, RuleBroken, STEPS, type Step } from './broken.ts'

/** Turns a game may take before it counts as stalled, unless its rules say otherwise. */
export const DEFAULT_MAX_TURNS = 500

/** What one simulated game gave: plain data, small, the same whichever thread played it. */
export interface GameRecord {
  index: number
  seed: number
  players: number
  /** The bot of each seat. */
  bots: BotName[]
  moves: number
  turns: number
  /** `stalled`: no end after the move limit; `broken`: a rule broke or the rules' code failed. */
  outcome: 'ended' | 'stalled' | 'broken'
  winners: number[]
  reason?: string
  scores?: number[]
  /** The piles a draw found empty (refill and all). */
  ranOut: string[]
  /** The cards (indices into the cards in play) drawn at least once. */
  drawn: number[]
  /** Per seat, the cards it was offered (a legal move named them) and those it played. */
  offered: number[][]
  played: number[][]
  broken?: BrokenRule
  /** A game played again (`--replay`): each move, by turn and seat. */
  log?: string[]
}

/** A rule that broke in a game: where, in the play rules' code, and how. */
export interface BrokenRule {
  message: string
  /** An invariant of `invariants` by name, or the error the rules' code threw (its stack: where). */
  invariant?: string
  /** The rules' function that was running (that threw, did not end, or gave what the simulation cannot use). */
  step?: Step
  /** The game did not end within the time limit, and was stopped. */
  hung?: boolean
  stack?: string
}

/** The cards in play and what a game needs of them, made once for many games. */
export class Table<G extends GameDef<any, any, any> = GameDef> {
  readonly index = new Map<string, number>()
  private readonly byType = new Map<string, Card<any>[]>()

  constructor(
    readonly game: G,
    readonly cards: readonly Card<any>[],
    readonly sets: readonly string[],
    readonly variants: readonly string[] = [],
  ) {
    cards.forEach((c, i) => {
      this.index.set(c.id, i)
      if (!this.byType.has(c.type)) this.byType.set(c.type, [])
      this.byType.get(c.type)!.push(c)
    })
  }

  card = (id: string): Card<any> => {
    const i = this.index.get(id)
    if (i === undefined) throw new RuleBroken(`there is no card "${id}" in play`)
    return this.cards[i]!
  }

  ofType = (type: string): Card<any>[] => this.byType.get(type) ?? []
}

/** Plays one game from its seed to its end, the seats moved by their bots. */
export const playGame = <S>(
  play: PlayDef<any, S, Move>,
  table: Table,
  {
    index,
    seed,
    players,
    seatBots,
    log,
  }: { index: number; seed: number; players: number; seatBots: BotName[]; log?: boolean },
  running?: Int32Array,
): GameRecord => {
  // Which of the rules' functions runs: an error without a place in the rules' code (a thrown string), or a
  // game its thread had to stop, is put at that function. Shared with the thread's owner (`running[0]`).
  let step: Step = 'setup'
  const at = (s: Step) => {
    step = s
    if (running) Atomics.store(running, 0, STEPS.indexOf(s))
  }
  const n = table.cards.length
  const marks: Marks = {
    drawn: new Uint8Array(n),
    offered: new Uint8Array(n * players),
    played: new Uint8Array(n * players),
    ranOut: new Set<string>(),
  }
  const rng = new Rng(seed)
  // The bots' own generator: how they choose never changes what the game draws.
  const botRng = new Rng(seed ^ 0x5bd1e995)
  const record = emptyRecord(index, seed, players, seatBots)

  const drawer = drawerFor(table, marks)
  const ctx = playContext(table, drawer(rng, true), rng)
  const trial = (thinking: Rng): PlayContext => playContext(table, drawer(thinking, false), thinking)

  try {
    const setup = setupContext(table, players, rng)
    at('setup')
    const state = play.setup(setup)
    const invariantNames = Object.keys(play.invariants ?? {})
    const invariants = invariantNames.map((name) => play.invariants![name]!)
    const maxTurns = play.maxTurns ?? DEFAULT_MAX_TURNS
    const turns = play.turns ?? (() => record.moves)
    const seatBot = seatBots.map((name) => bots[name])
    for (;;) {
      at('end')
      const ended = play.end(state)
      if (ended) {
        checkEnding(ended, players)
        record.winners = [...ended.winners]
        if (ended.reason !== undefined) record.reason = ended.reason
        break
      }
      at('turns')
      const sofar = turns(state)
      if (typeof sofar !== 'number' || !Number.isFinite(sofar))
        throw new RuleBroken(`turns() gave ${String(sofar)}, not a number of turns`, 'turns')
      if (sofar > maxTurns) {
        record.outcome = 'stalled'
        break
      }
      at('active')
      const seat = play.active(state)
      if (!(seat >= 0 && seat < players && Number.isInteger(seat)))
        throw new RuleBroken(`active() gave seat ${String(seat)}, but the seats are 0 to ${players - 1}`, 'active')
      at('moves')
      const moves = play.moves(state, seat)
      if (!Array.isArray(moves)) throw new RuleBroken(`moves() gave ${String(moves)}, not a list of moves`, 'moves')
      if (!moves.length) {
        record.broken = { message: `seat ${seat + 1} has no legal move, and the game has not ended`, step: 'moves' }
        break
      }
      const seen = seat * n
      for (let m = 0; m < moves.length; m++) markCard(marks.offered, seen, table, moves[m]!.card)
      at('view')
      const chosen = moves[moves.length === 1 ? 0 : seatBot[seat]!({ play, state, seat, moves, rng: botRng, trial })]!
      if (log)
        (record.log ??= []).push(`turn ${turns(state)}, seat ${seat + 1} (${seatBots[seat]}): ${moveText(chosen)}`)
      at('apply')
      play.apply(state, chosen, ctx)
      record.moves++
      markCard(marks.played, seen, table, chosen.card)
      at('invariants')
      const broken = brokenInvariant(state, invariants, invariantNames)
      if (broken) {
        record.broken = broken
        break
      }
    }
    if (!record.broken) {
      at('scores')
      record.turns = play.turns ? Math.min(play.turns(state), play.maxTurns ?? DEFAULT_MAX_TURNS) : record.moves
      const scores = play.scores?.(state)
      if (scores) checkScores(scores, players)
      if (scores) record.scores = [...scores]
    }
  } catch (error) {
    record.broken = brokenBy(error, step)
  }
  if (record.broken) {
    record.outcome = 'broken'
    record.winners = []
  }
  if (record.turns === 0) record.turns = record.moves
  addMarks(record, marks, n)
  return record
}

/** What a game marks as it goes: the cards drawn, each seat's cards offered and played (a row of `n` per seat), the piles found empty. */
interface Marks {
  drawn: Uint8Array
  offered: Uint8Array
  played: Uint8Array
  ranOut: Set<string>
}

/** The marks into the record, as lists of the cards' indices. */
const addMarks = (record: GameRecord, { drawn, offered, played, ranOut }: Marks, n: number): void => {
  record.ranOut = [...ranOut].sort()
  record.drawn = marked(drawn, 0, n)
  for (let s = 0; s < record.players; s++) {
    record.offered.push(marked(offered, s * n, n))
    record.played.push(marked(played, s * n, n))
  }
}

/** A game's record before it is played: it ends, so far, with no winner. */
const emptyRecord = (index: number, seed: number, players: number, seatBots: BotName[]): GameRecord => ({
  index,
  seed,
  players,
  bots: seatBots,
  moves: 0,
  turns: 0,
  outcome: 'ended',
  winners: [],
  ranOut: [],
  drawn: [],
  offered: [],
  played: [],
})

/**
 * Draws from a pile, refilling it from its `refill` pile when empty. A draw by the game counts (a pile
 * found empty, a card drawn); a bot's trial draws, on a copy, shuffle with its own
 * generator and count nothing.
 */
const drawerFor =
  (table: Table, { ranOut, drawn }: Marks) =>
  (random: Rng, counted: boolean) =>
  (pile: Pile, options?: { refill?: Pile }): string | undefined => {
    if (!pile.cards.length && options?.refill?.cards.length) {
      for (const id of options.refill.cards) pile.cards.push(id)
      options.refill.cards.length = 0
      random.shuffle(pile.cards)
    }
    const id = pile.cards.pop()
    if (!counted) return id
    if (id === undefined) ranOut.add(pile.name)
    else {
      const i = table.index.get(id)
      if (i !== undefined) drawn[i] = 1
    }
    return id
  }

const fail = (message: string): never => {
  throw new RuleBroken(message)
}

/** What the rules' `apply` (or a bot's trial of a move) is given: the cards, a way to draw, and to say a rule broke. */
const playContext = (table: Table, draw: PlayContext['draw'], rng: Rng): PlayContext => ({
  rng,
  card: table.card,
  draw,
  fail,
})

/** What the rules' `setup` is given: the cards in play, the players, and ways to make piles of them. */
const setupContext = (table: Table, players: number, rng: Rng): SetupContext<any> => ({
  game: table.game,
  params: table.game.params,
  players,
  sets: table.sets,
  variants: table.variants,
  cards: table.cards,
  rng,
  ofType: table.ofType as never,
  copies: ((type: string, where?: (card: Card<any>) => boolean) => {
    const ids: string[] = []
    for (const c of table.ofType(type)) {
      if (where && !where(c)) continue
      if (c.qty > MAX_COPIES)
        throw new RuleBroken(
          `${c.id} has qty ${c.qty} (${c.source.file}:${c.source.pos.line}): a game deals at most ${MAX_COPIES.toLocaleString('en-US')} copies of a card`,
        )
      for (let k = 0; k < c.qty; k++) ids.push(c.id)
    }
    return ids
  }) as never,
  shuffled: (name, ids) => ({ name, cards: rng.shuffle([...ids]) }),
  card: table.card,
})

/** Marks the card a move names (if any, and in play) in a seat's row (`from`) of `marks`. */
const markCard = (marks: Uint8Array, from: number, table: Table, card: string | undefined): void => {
  if (card === undefined) return
  const i = table.index.get(card)
  if (i !== undefined) marks[from + i] = 1
}

/** The first of the invariants the state breaks, by name. */
const brokenInvariant = <S>(
  state: S,
  invariants: ((state: S) => unknown)[],
  names: string[],
): BrokenRule | undefined => {
  for (let k = 0; k < invariants.length; k++) {
    const broken = invariants[k]!(state)
    if (broken) return { message: String(broken), invariant: names[k]! }
  }
  return undefined
}

/** Throws when what `end()` gave is not an ending: winners among the seats, and a reason that is a text. */
const checkEnding = (ended: Ending, players: number): void => {
  if (
    !Array.isArray(ended.winners) ||
    ended.winners.some((w) => !(Number.isInteger(w) && w >= 0 && w < players)) ||
    (ended.reason !== undefined && typeof ended.reason !== 'string')
  )
    throw new RuleBroken(
      `end() gave ${String(JSON.stringify(ended))}: it must give undefined while the game goes on, else { winners: [seats from 0 to ${players - 1}], reason?: 'a text' }`,
      'end',
    )
}

/** Throws when what `scores()` gave is not a number for each seat. */
const checkScores = (scores: readonly number[], players: number): void => {
  if (
    !Array.isArray(scores) ||
    scores.length !== players ||
    scores.some((x) => typeof x !== 'number' || !Number.isFinite(x))
  )
    throw new RuleBroken(
      `scores() gave ${JSON.stringify(scores)}: it must give a number for each of the ${players} seats`,
      'scores',
    )
}

/** The rule an error broke: at the rules' function it names, else at the one that was running (`step`). */
const brokenBy = (error: unknown, step: Step): BrokenRule =>
  error instanceof RuleBroken && error.step
    ? { message: error.message, step: error.step }
    : {
        message: error instanceof Error ? error.message : String(error),
        step,
        ...(error instanceof Error && { stack: error.stack }),
      }

const marked = (marks: Uint8Array, from: number, n: number): number[] => {
  const out: number[] = []
  for (let i = 0; i < n; i++) if (marks[from + i]) out.push(i)
  return out
}

/** A move as a replay prints it: its name, then its other values (`cast card=spell-bolt`). */
const moveText = (move: Move): string => {
  const rest = Object.entries(move)
    .filter(([k]) => k !== 'name')
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
  return [move.name, ...rest].join(' ')
}
