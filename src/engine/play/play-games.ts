import type { Card, GameDef } from '../define.ts'
import type { Move, PlayDef } from './define.ts'
import { gameOf, type SimulationPlan } from './plan.ts'
import { playGame, Table, type GameRecord } from './play-game.ts'

/**
 * Plays games `from` to `to` − 1 of a run, in order, with the cards of the sets in play. `starting` is told
 * each game before it starts (a game thread says which game it is playing, for its time limit).
 */
export const playGames = (
  play: PlayDef<any, unknown, Move>,
  game: GameDef,
  cards: readonly Card[],
  plan: SimulationPlan,
  from: number,
  to: number,
  starting?: (index: number) => void,
  running?: Int32Array,
): GameRecord[] => {
  const table = new Table(game, inPlay(cards, plan.sets), plan.sets, plan.variants)
  const records: GameRecord[] = []
  for (let index = from; index < to; index++) {
    const spec = gameOf(plan, index)
    starting?.(index)
    records.push(playGame(play, table, { ...spec, log: plan.replay !== undefined }, running))
  }
  return records
}

/** The cards of the sets played, in the order read: every thread numbers them alike. */
export const inPlay = (cards: readonly Card[], sets: readonly string[]): Card[] =>
  cards.filter((c) => sets.includes(c.set))
