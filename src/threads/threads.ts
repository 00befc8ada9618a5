import type { GamePaths } from '../load/project.ts'
import { GameThread } from './game-thread.ts'

/** The time limit of one piece of a game's code (loading it, a check, a face) unless `--timeout` says otherwise. */
export const DEFAULT_TIMEOUT_S = 30

/**
 * Every thread that runs games' code in a run, in one place: started here, kept for the run (a watch's
 * build process keeps them warm between builds), closed here. `timeoutS` limits each piece of game code.
 */
export class GameThreads {
  private readonly kept = new Map<string, GameThread[]>()
  readonly limitMs: number

  constructor(timeoutS: number = DEFAULT_TIMEOUT_S) {
    this.limitMs = timeoutS * 1000
  }

  /** At least `count` running threads of a game (those started earlier first, then new ones). */
  take(paths: GamePaths, count: number): GameThread[] {
    const key = `${paths.root}\0${paths.id}`
    const live = (this.kept.get(key) ?? []).filter((t) => t.state !== 'gone')
    while (live.length < count) live.push(new GameThread(paths, this.limitMs))
    this.kept.set(key, live)
    return live.slice(0, Math.max(count, 0))
  }

  /** Stops every thread of a game beyond the first `keep`. */
  trim(paths: GamePaths, keep: number): Promise<void> {
    const key = `${paths.root}\0${paths.id}`
    const live = (this.kept.get(key) ?? []).filter((t) => t.state !== 'gone')
    this.kept.set(key, live.slice(0, keep))
    return Promise.all(live.slice(keep).map((t) => t.terminate())).then(() => undefined)
  }

  async close(): Promise<void> {
    const all = [...this.kept.values()].flat()
    this.kept.clear()
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
