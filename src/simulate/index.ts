import { existsSync, readFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { hasErrors, type Diagnostic, type Result } from '../diagnostics/diagnostic.ts'
import type { BotName } from '../engine/play/bots.ts'
import type { SimulationPlan } from '../engine/play/plan.ts'
import { inPlay } from '../engine/play/play-games.ts'
import type { GameRecord } from '../engine/play/play-game.ts'
import { gamePaths, PLAY_FILE, relativePath } from '../load/project.ts'
import { seedOf } from '../engine/play/rng.ts'
import { setNames } from '../engine/model.ts'
import { MAX_STOPPED_GAMES, simulateGames } from './simulate-games.ts'
import { withThreads, type GameThreads } from '../threads/threads.ts'
import { append } from '../util/append.ts'
import { validateGame } from '../validate/validate-game.ts'
import { brokenRules, findings } from './findings.ts'
import { summarize, type Summary } from './summary.ts'
import { simulationInputs } from './inputs.ts'
import { writeReport } from './report.ts'

export { SIMULATE_USAGE } from '../engine/play/plan.ts'
import { SIMULATE_USAGE } from '../engine/play/plan.ts'

export interface SimulateOptions {
  /** Games to play (`--runs`); default 1,000. */
  runs?: number
  /** Player counts (`--players`); default every count the game allows. */
  players?: number[]
  /** Bots, seated in turn (`--bots`); default random. */
  bots?: BotName[]
  /** Expansions and variants played with the base game (`--sets`). */
  sets?: string[]
  /** The rules' variants played (`--variants`), as the playable rules name them. */
  variants?: string[]
  /** The run's seed (`--seed`): a whole number, or a word (hashed); default 1. */
  seed?: number | string
  /** One game played again from its seed (`--replay`), its seats moved by `bots` in order. */
  replay?: number
  /** Threads playing games at once; default one per core. */
  jobs?: number
  /** Seconds one game may take; default 30. */
  timeout?: number
  threads?: GameThreads
  /** Where the report goes: `<outDir>/<game>/simulation/`; none written when undefined. */
  outDir?: string
}

export interface SimulationReport {
  summary: Summary
  /** The report's files, relative to the project. */
  written: string[]
  /** A game played again (`replay`): its moves. */
  log?: string[]
  /** Milliseconds: the game threads' time playing (all threads together), and the time from the first game sent to the last played. */
  timing: { playing: number; wall: number }
}

/**
 * Plays a game many times with bots and its playable rules (`rules/<game>/play.ts`), over the cards as
 * validated: the figures (game length, win rates, each card's effect) and the findings whose 95% confidence
 * interval lies past the game's thresholds. The same seed gives the same figures, whatever `jobs`.
 */
export const simulateGame = (
  root: string,
  id: string,
  options: SimulateOptions = {},
): Promise<Result<SimulationReport | undefined>> =>
  withThreads(options.threads, options.timeout, (threads) => simulateWith(root, id, options, threads))

const simulateWith = async (
  root: string,
  id: string,
  options: SimulateOptions,
  threads: GameThreads,
): Promise<Result<SimulationReport | undefined>> => {
  const paths = gamePaths(root, id)
  const playFile = join(paths.rulesDir, PLAY_FILE)
  const file = relativePath(root, playFile)
  if (!existsSync(playFile))
    return {
      value: undefined,
      diagnostics: [
        {
          rule: SIMULATE_USAGE,
          severity: 'error',
          file: relativePath(root, paths.rulesDir),
          message: `${id} has no playable rules: write them in ${file} (export default definePlay(game, { … }))`,
        },
      ],
    }
  // The cards as validate reads them: a game with card errors is not played.
  const validated = await validateGame(root, id, { threads })
  const diagnostics: Diagnostic[] = [...validated.diagnostics]
  if (!validated.value || hasErrors(diagnostics)) return { value: undefined, diagnostics }
  const { game, cards } = validated.value
  // Options the game cannot be played with: the command could not run (exit 2).
  const sets = setNames(game)
  const unknownSets = (options.sets ?? []).filter((s) => !sets.includes(s))
  const players = (options.players ?? []).filter((p) => p < game.players.min || p > game.players.max)
  const usage = (message: string) => ({
    value: undefined,
    diagnostics: [
      {
        rule: SIMULATE_USAGE,
        severity: 'error' as const,
        file: relativePath(root, paths.definition),
        line: 1,
        column: 1,
        message,
      },
    ],
  })
  if (unknownSets.length)
    return usage(`${id} has no set ${unknownSets.map((s) => `"${s}"`).join(', ')}; its sets are ${sets.join(', ')}`)
  if (players.length)
    return usage(`${id} is played by ${game.players.min} to ${game.players.max} players, not ${players.join(', ')}`)
  if (options.replay !== undefined && options.players?.length !== 1)
    return usage('--replay plays one game: give its player count with --players, as the finding does')
  const plan: SimulationPlan = {
    seed: seedOf(options.seed ?? 1),
    runs: options.replay !== undefined ? 1 : (options.runs ?? 1000),
    playerCounts: options.players ?? range(game.players.min, game.players.max),
    bots: options.bots ?? ['random'],
    sets: ['base', ...(options.sets ?? []).filter((s) => s !== 'base')],
    variants: [...new Set(options.variants ?? [])],
    ...(options.replay !== undefined && { replay: options.replay }),
  }
  const jobs = Math.max(1, Math.min(options.jobs ?? cpus().length, Math.ceil(plan.runs / 250)))
  const started = performance.now()
  const played = await simulateGames(paths, cards, plan, threads, jobs)
  const timing = { playing: played.playingMs, wall: performance.now() - started }
  append(diagnostics, played.diagnostics, threads.strays(paths))
  const source = { file, text: readFileSync(playFile, 'utf8'), root }
  if (played.stopped) {
    // Figures of a run cut short would mislead: what stopped it is what there is to fix.
    const stopped: Diagnostic = {
      rule: 'simulate/stopped',
      severity: 'error',
      file,
      line: 1,
      column: 1,
      message: `games kept running over the time limit (${MAX_STOPPED_GAMES} at least), so the run stopped: no figures until the rules end`,
    }
    return {
      value: undefined,
      diagnostics: [...diagnostics, ...brokenRules(played.records, source, id, plan.sets, plan.variants), stopped],
    }
  }
  if (!played.records.length) return { value: undefined, diagnostics }
  const play = played.rules ?? {}
  const table = inPlay(cards, plan.sets)
  const summary = {
    ...summarize(
      { id, coop: !!play.coop, readings: play.readings ?? [] },
      { ...plan, seedText: String(options.seed ?? 1) },
      table,
      played.records,
    ),
    inputs: simulationInputs(paths),
  }
  append(diagnostics, findings(summary, played.records, table, play, source, plan))
  const written =
    options.outDir && plan.replay === undefined ? await writeReport(root, join(options.outDir, id), summary) : []
  const log = plan.replay !== undefined ? replayLog(played.records[0]!) : undefined
  return { value: { summary, written, timing, ...(log && { log }) }, diagnostics }
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

/** A game played again: its moves, then how it ended. */
const replayLog = (r: GameRecord): string[] => {
  const seats = (list: readonly number[]) =>
    list.length ? `seat${list.length > 1 ? 's' : ''} ${list.map((s) => s + 1).join(', ')} won` : 'nobody won'
  const scores = r.scores ? `; scores ${r.scores.join('/')}` : ''
  const end =
    r.outcome === 'broken'
      ? `a rule broke after ${r.moves} moves (below)`
      : r.outcome === 'stalled'
        ? `not over after ${r.turns} turns: stalled${scores}`
        : `over after ${r.turns} turns (${r.reason ?? 'ended'}): ${seats(r.winners)}${scores}`
  return [...(r.log ?? []), end]
}
