import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Card } from '../engine/define.ts'
import { gameOf, type PlayRules, type SimulationPlan } from '../engine/play/plan.ts'
import { STEPS, type GameRecord } from '../engine/play/play-game.ts'
import type { GamePaths } from '../load/project.ts'
import { stoppedDiagnostic } from '../threads/stopped.ts'
import type { GameThreads } from '../threads/threads.ts'

/** Games a thread is sent at a time: small enough to share the run out evenly, large enough that sending costs little. */
const CHUNK = 250
/**
 * Games that may run over the time limit before the run stops: each costs the limit and a new thread, and
 * one such game says what there is to fix.
 */
export const MAX_STOPPED_GAMES = 3

/**
 * Plays a run's games on `jobs` game threads, each a share of the games at a time; the records come back in
 * the games' order, whatever thread played them. A game whose code did not end within the time limit
 * (an endless loop) stops its thread: it is a broken game (`hung`, at the function that was running), and
 * the games after it go on, on a new thread, until `MAX_STOPPED_GAMES` have been stopped: then the run stops
 * (`stopped`), the games not played left out.
 */
export const simulateGames = async (
  paths: GamePaths,
  cards: Card[],
  plan: SimulationPlan,
  threads: GameThreads,
  jobs: number,
): Promise<{
  records: GameRecord[]
  diagnostics: Diagnostic[]
  rules?: PlayRules
  playingMs: number
  stopped: boolean
}> => {
  const records: (GameRecord | undefined)[] = new Array(plan.runs)
  const diagnostics: Diagnostic[] = []
  const queue: [number, number][] = []
  for (let from = 0; from < plan.runs; from += CHUNK) queue.push([from, Math.min(plan.runs, from + CHUNK)])
  let failed = false
  let stopped = false
  let rules: PlayRules | undefined
  let playingMs = 0
  let hung = 0
  const worker = async (slot: number) => {
    for (let chunk = queue.shift(); chunk && !failed; chunk = queue.shift()) {
      const [from, to] = chunk
      const thread = threads.take(paths, slot + 1)[slot]!
      const outcome = await thread.call({ game: paths.id, do: 'simulate', cards, plan, from, to })
      if (outcome.ok) {
        if (outcome.value.diagnostics.length) {
          // The playable rules did not load: said once, and nothing is played.
          if (!failed) diagnostics.push(...outcome.value.diagnostics)
          failed = true
          return
        }
        rules ??= outcome.value.rules
        playingMs += outcome.value.ms
        outcome.value.records.forEach((r, i) => (records[from + i] = r))
        continue
      }
      // The game it was playing, by the index it last ticked.
      const spec =
        outcome.piece?.kind === 'play' &&
        outcome.piece.games &&
        outcome.at !== undefined &&
        outcome.at >= from &&
        outcome.at < to
          ? gameOf(plan, outcome.at)
          : undefined
      if (outcome.why === 'lost' || !spec) {
        if (outcome.why === 'lost') queue.unshift(chunk)
        else {
          diagnostics.push(stoppedDiagnostic(paths, outcome, threads.limitMs / 1000))
          failed = true
        }
        continue
      }
      // The game that did not end (or ended its thread) is a broken game; the rest of its share is played again elsewhere.
      const step = STEPS[outcome.step ?? -1]
      const message =
        outcome.why === 'timeout'
          ? `${step ? `${step}() ` : ''}did not finish within ${threads.limitMs / 1000} s and was stopped (an endless loop?); --timeout <seconds> sets the limit`
          : `${step ? `${step}() ` : ''}ended the thread running it: ${outcome.detail}`
      records[spec.index] = {
        index: spec.index,
        seed: spec.seed,
        players: spec.players,
        bots: spec.seatBots,
        moves: 0,
        turns: 0,
        outcome: 'broken',
        winners: [],
        ranOut: [],
        drawn: [],
        offered: [],
        played: [],
        broken: { message, hung: true, ...(step && { step }) },
      }
      if (++hung >= MAX_STOPPED_GAMES) {
        stopped = true
        failed = true
        continue
      }
      if (spec.index + 1 < to) queue.unshift([spec.index + 1, to])
      if (spec.index > from) queue.unshift([from, spec.index])
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, (_, slot) => worker(slot)))
  // A stopped run gives the games it did play, each in its place; one whose rules did not load, none.
  const played = stopped ? records.filter((r): r is GameRecord => !!r) : failed ? [] : (records as GameRecord[])
  return { records: played, diagnostics, playingMs, stopped, ...(rules && { rules }) }
}
