import type { GamePaths } from '../load/project.ts'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { GameThread } from './game-thread.ts'

/** The time limit of one piece of a game's code (loading it, a check, a face) unless `--timeout` says otherwise. */
export const DEFAULT_TIMEOUT_S = 30

/**
 * Every thread that runs games' code in a run, in one place: started here, kept for the run (a watch's
 * build process keeps them warm between builds), closed here. `timeoutS` limits each piece of game code.
 */
export class GameThreads {
  /** Every thread started per game, in order, those that ended included (for what they left: `strays`). */
  private readonly started = new Map<string, GameThread[]>()
  readonly limitMs: number

  constructor(timeoutS: number = DEFAULT_TIMEOUT_S) {
    this.limitMs = timeoutS * 1000
  }

  private of(paths: GamePaths): GameThread[] {
    const key = `${paths.root}\0${paths.id}`
    // Threads that ended are kept only while what they left has not been asked for.
    this.started.set(key, (this.started.get(key) ?? []).filter((t) => t.state !== 'gone' || t.strays.length))
    return this.started.get(key)!
  }

  /** `count` running threads of a game: those started earlier first, then new ones. */
  take(paths: GamePaths, count: number): GameThread[] {
    const threads = this.of(paths)
    const live = threads.filter((t) => t.state !== 'gone')
    for (let i = live.length; i < count; i++) {
      const thread = new GameThread(paths, this.limitMs)
      threads.push(thread)
      live.push(thread)
    }
    return live.slice(0, Math.max(count, 0))
  }

  /** Stops every running thread of a game beyond the first `keep`. */
  async trim(paths: GamePaths, keep: number): Promise<void> {
    await Promise.all(this.of(paths).filter((t) => t.state !== 'gone').slice(keep).map((t) => t.terminate()))
  }

  /** Errors a game's code threw from a timer, a callback or a promise nobody awaited, each given once. */
  strays(paths: GamePaths): Diagnostic[] {
    return this.of(paths).flatMap((t) => t.strays.splice(0))
  }

  async close(): Promise<void> {
    const all = [...this.started.values()].flat()
    this.started.clear()
    await Promise.all(all.map((t) => t.terminate()))
  }
}

/** Runs `work` with the threads given, or with threads of its own that it closes when done. */
export const withThreads = async <T>(given: GameThreads | undefined, timeoutS: number | undefined, work: (threads: GameThreads) => Promise<T>): Promise<T> => {
  if (given) return work(given)
  const own = new GameThreads(timeoutS)
  try {
    return await work(own)
  } finally {
    await own.close()
  }
}
