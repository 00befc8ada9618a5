import type { BotName } from './bots.ts'
import type { PlayDef } from './define.ts'
import { gameSeed } from './rng.ts'

/** What a simulation run plays: each game's seed, player count and seats' bots follow from its index alone. */
export interface SimulationPlan {
  /** The run's seed (`--seed`). */
  seed: number
  runs: number
  /** The player counts played, in turn (`--players`). */
  playerCounts: number[]
  /** The bots, seated in turn and moved one seat on each game, so that every bot sits at every seat (`--bots`). */
  bots: BotName[]
  /** The sets in play (`--sets`): 'base' and the expansions asked for. */
  sets: string[]
  /** One game played again from its seed (`--replay`): its player count is `playerCounts[0]`. */
  replay?: number
}

/** Game `index` of a run: its seed, player count and the bot of each seat. */
export const gameOf = (plan: SimulationPlan, index: number): { index: number; seed: number; players: number; seatBots: BotName[] } => {
  const players = plan.playerCounts[index % plan.playerCounts.length]!
  const seatBots = Array.from({ length: players }, (_, seat) => plan.bots[(seat + index) % plan.bots.length]!)
  return { index, seed: plan.replay ?? gameSeed(plan.seed, index), players, seatBots }
}

/** What the playable rules say of themselves, as data: what the report and the findings need of them. */
export type PlayRules = Pick<PlayDef, 'coop' | 'readings' | 'balance' | 'maxTurns'>

export const playRules = (play: PlayDef): PlayRules => structuredClone({ coop: !!play.coop, readings: play.readings ?? [], balance: play.balance, maxTurns: play.maxTurns })
