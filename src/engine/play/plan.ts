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
  /** The rules' variants played (`--variants`). */
  variants: string[]
  /** One game played again from its seed (`--replay`): its player count is `playerCounts[0]`. */
  replay?: number
}

/** Game `index` of a run: its seed, player count and the bot of each seat. */
export const gameOf = (
  plan: SimulationPlan,
  index: number,
): { index: number; seed: number; players: number; seatBots: BotName[] } => {
  const players = plan.playerCounts[index % plan.playerCounts.length]!
  // The bots move one seat every round of player counts, so that each sits at each seat at each player count.
  const round = Math.floor(index / plan.playerCounts.length)
  const seatBots = Array.from({ length: players }, (_, seat) => plan.bots[(seat + round) % plan.bots.length]!)
  return { index, seed: plan.replay ?? gameSeed(plan.seed, index), players, seatBots }
}

/** What the playable rules say of themselves, as data: what the report and the findings need of them. */
export type PlayRules = Pick<PlayDef, 'coop' | 'readings' | 'balance' | 'maxTurns' | 'variants'>

/** The rule of a diagnostic that says the options cannot be played (an unknown set or variant, a player count the game does not allow). */
export const SIMULATE_USAGE = 'simulate/usage'

/** The variants asked for that the playable rules do not have: a usage problem. */
export const unknownVariants = (play: PlayDef, plan: SimulationPlan): string | undefined => {
  const known = Object.keys(play.variants ?? {})
  const unknown = plan.variants.filter((v) => !known.includes(v))
  if (!unknown.length) return undefined
  return `the playable rules have no variant ${unknown.map((v) => `"${v}"`).join(', ')}; ${known.length ? `they have ${known.join(', ')}` : 'they name none (variants in play.ts)'}`
}

export const playRules = (play: PlayDef): PlayRules => {
  const b = play.balance
  // Only what the findings read (checked by playProblem): the rules' own objects never cross threads.
  const balance =
    b &&
    Object.fromEntries(
      Object.entries({
        seatAdvantage: b.seatAdvantage,
        coopWinRate: b.coopWinRate && ([b.coopWinRate[0], b.coopWinRate[1]] as const),
        cardImpact: b.cardImpact,
        minPlayRate: b.minPlayRate,
        stalls: b.stalls,
        severity: b.severity,
      }).filter(([, v]) => v !== undefined),
    )
  return {
    coop: !!play.coop,
    readings: (play.readings ?? []).map(String),
    ...(balance && { balance }),
    ...(play.maxTurns !== undefined && { maxTurns: play.maxTurns }),
    ...(play.variants && {
      variants: Object.fromEntries(Object.entries(play.variants).map(([k, v]) => [k, String(v)])),
    }),
  }
}

/** What is wrong with a module's default export as playable rules, if anything: said at the file. */
export const playProblem = (play: unknown): string | undefined => {
  if (typeof play !== 'object' || play === null)
    return 'export default definePlay(game, { setup, active, moves, apply, end }): the file exports no playable rules'
  const missing = (['setup', 'active', 'moves', 'apply', 'end'] as const).filter(
    (f) => typeof (play as Record<string, unknown>)[f] !== 'function',
  )
  if (missing.length) return `the playable rules have no ${missing.join(', ')} function${missing.length > 1 ? 's' : ''}`
  const { balance, readings, maxTurns } = play as PlayDef
  if (readings !== undefined && !Array.isArray(readings)) return '`readings` must be a list of texts'
  const { variants } = play as PlayDef
  if (
    variants !== undefined &&
    (typeof variants !== 'object' || variants === null || Object.values(variants).some((v) => typeof v !== 'string'))
  )
    return "`variants` must name each variant with a few words: { 'ticking-clock': 'the deck runs down every turn' }"
  if (maxTurns !== undefined && !(Number.isInteger(maxTurns) && maxTurns > 0))
    return '`maxTurns` must be a whole number above 0'
  if (balance !== undefined) {
    const numbers = ['seatAdvantage', 'cardImpact', 'minPlayRate', 'stalls'] as const
    const bad = numbers.filter(
      (k) => balance[k] !== undefined && !(typeof balance[k] === 'number' && balance[k]! >= 0 && balance[k]! <= 1),
    )
    if (bad.length) return `balance.${bad[0]} must be a share from 0 to 1`
    const range = balance.coopWinRate
    if (
      range !== undefined &&
      !(
        Array.isArray(range) &&
        range.length === 2 &&
        range.every((x) => typeof x === 'number' && x >= 0 && x <= 1) &&
        range[0] <= range[1]
      )
    )
      return 'balance.coopWinRate must be [lowest, highest], shares from 0 to 1'
    if (balance.severity !== undefined && balance.severity !== 'error' && balance.severity !== 'warning')
      return "balance.severity must be 'error' or 'warning'"
  }
  return undefined
}
