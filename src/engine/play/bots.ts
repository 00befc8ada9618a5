import { copyPlain } from './copy.ts'
import type { Move, PlayContext, PlayDef } from './define.ts'
import type { Rng } from './rng.ts'
import { RuleBroken } from './broken.ts'

/** The bots `deckwright simulate --bots` knows. */
export const BOTS = ['random', 'greedy'] as const
export type BotName = (typeof BOTS)[number]

/** What a bot is given to choose a move: the state (to be seen only through `view`), its seat, the legal moves, its own generator. */
export interface BotTurn<S> {
  play: PlayDef<any, S, Move>
  state: S
  seat: number
  moves: readonly Move[]
  rng: Rng
  /** A context for trying moves on a copy: it draws as the game does, without counting. */
  trial: (rng: Rng) => PlayContext
}

/** A bot: the index of the move it makes. */
export type Bot = <S>(turn: BotTurn<S>) => number

/** A legal move at random. */
const random: Bot = ({ moves, rng }) => rng.int(moves.length)

/** What a win or a loss is worth to the greedy bot, beyond any score. */
const DECIDED = 1e9

/**
 * The move that most improves the seat's `score`, one move ahead: each move is tried on the seat's own
 * `view` (a fresh guess of what it cannot see each time), ties broken at random.
 */
const greedy: Bot = ({ play, state, seat, moves, rng, trial }) => {
  if (moves.length === 1) return 0
  let best = -Infinity
  let chosen: number[] = []
  for (let i = 0; i < moves.length; i++) {
    const thinking = rng.fork()
    const seen = play.view ? play.view(state, seat, thinking) : copyPlain(state)
    play.apply(seen, moves[i]!, trial(thinking))
    const value = valueFor(play, seen, seat)
    if (value > best) {
      best = value
      chosen = [i]
    } else if (value === best) chosen.push(i)
  }
  return chosen.length === 1 ? chosen[0]! : rng.pick(chosen)
}

/** How good a state is for a seat: a win or a loss first, then its score. */
export const valueFor = <S>(play: PlayDef<any, S, Move>, state: S, seat: number): number => {
  const ended = play.end(state)
  if (ended) return ended.winners.includes(seat) ? DECIDED : -DECIDED
  const value = play.score ? play.score(state, seat) : (play.scores?.(state)[seat] ?? 0)
  if (typeof value !== 'number' || Number.isNaN(value))
    throw new RuleBroken(
      `${play.score ? 'score()' : 'scores()'} gave ${String(value)} for seat ${seat + 1}: the greedy bot needs a number`,
      play.score ? 'score' : 'scores',
    )
  return value
}

export const bots: Record<BotName, Bot> = { random, greedy }
