import type { GamePaths } from '../load/project.ts'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { GameThread, THREAD_HEAP_MB, type Outcome } from './game-thread.ts'
export { threadHeapMb } from './game-thread.ts'
import type { Replies, Request } from './protocol.ts'

/** The time limit of one piece of a game's code (loading it, a check, a face) unless `--timeout` says otherwise. */
export const DEFAULT_TIMEOUT_S = 30
/** The longest limit: a day (a timer cannot wait beyond 24.8 days, and no face needs hours). */
export const MAX_TIMEOUT_S = 86_400

/**
 * Every thread that runs games' code in a run, in one place: started here, kept for the run (the next game,
 * and a watch's next build, find them warm), closed here. `timeoutS` limits each piece of game code.
 */
export class GameThreads {
  /** Every thread started per project (each runs any of its games), in order, with those that ended and left errors (`strays`). */
  private readonly started = new Map<string, GameThread[]>()
  readonly limitMs: number
  /** The most memory each thread's JavaScript heap may hold (`THREAD_HEAP_MB`). */
  readonly heapMb: number

  constructor(timeoutS: number = DEFAULT_TIMEOUT_S, { heapMb = THREAD_HEAP_MB }: { heapMb?: number } = {}) {
    this.limitMs = Math.min(Math.max(timeoutS, 0.001), MAX_TIMEOUT_S) * 1000
    this.heapMb = heapMb
  }

  private of(paths: GamePaths): GameThread[] {
    const key = paths.root
    // Threads that ended are kept only while what they left has not been asked for.
    this.started.set(
      key,
      (this.started.get(key) ?? []).filter((t) => t.state !== 'gone' || t.strays.length),
    )
    return this.started.get(key)!
  }

  /**
   * `count` running threads for a game of the project (a thread runs any of them): those started earlier
   * first (with `warm`, those holding the renderer before the others), then new ones.
   */
  take(paths: GamePaths, count: number, { warm = false } = {}): GameThread[] {
    const threads = this.of(paths)
    const live = this.live(threads, warm)
    for (let i = live.length; i < count; i++) {
      const thread = new GameThread(paths.root, this.limitMs, this.heapMb)
      threads.push(thread)
      live.push(thread)
    }
    return live.slice(0, Math.max(count, 0))
  }

  private live(threads: GameThread[], warmFirst: boolean): GameThread[] {
    const live = threads.filter((t) => t.state !== 'gone')
    return warmFirst ? [...live.filter((t) => t.warm), ...live.filter((t) => !t.warm)] : live
  }

  /** Stops every running thread of the project beyond `keep` of them (those holding the renderer kept first). */
  async trim(paths: GamePaths, keep: number): Promise<void> {
    await Promise.all(
      this.live(this.of(paths), true)
        .slice(keep)
        .map((t) => t.terminate()),
    )
  }

  /**
   * Sends a request to the game's first running thread. One that was only waiting behind a piece of code
   * that ended its thread (an endless loop stopped: reported by the request that ran it) is sent again, to a
   * new thread, so that one mistake is one error.
   */
  async call<K extends Request['do']>(
    paths: GamePaths,
    request: Extract<Request, { do: K }>,
  ): Promise<Outcome<Replies[K]>> {
    let outcome = await this.take(paths, 1)[0]!.call(request)
    for (let again = 0; again < 2 && !outcome.ok && outcome.why === 'lost'; again++)
      outcome = await this.take(paths, 1)[0]!.call(request)
    return outcome
  }

  /** Sends a request that runs none of the game's code to each running thread of the game, starting none. */
  tell(paths: GamePaths, request: Extract<Request, { do: 'release' }>): void {
    for (const thread of this.live(this.of(paths), false)) void thread.call(request)
  }

  /** Errors the project's games' code threw from a timer, a callback or a promise nobody awaited, each given once. */
  strays(paths: GamePaths): Diagnostic[] {
    return this.of(paths).flatMap((t) => t.strays.splice(0))
  }

  async close(): Promise<void> {
    const all = [...this.started.values()].flat()
    this.started.clear()
    await Promise.all(all.map((t) => t.terminate()))
  }
}

/** Runs `work` with the threads given, or with threads of its own (each heap up to `heapMb`) that it closes when done. */
export const withThreads = async <T>(
  given: GameThreads | undefined,
  timeoutS: number | undefined,
  work: (threads: GameThreads) => Promise<T>,
  heapMb?: number,
): Promise<T> => {
  if (given) return work(given)
  const own = new GameThreads(timeoutS, { ...(heapMb && { heapMb }) })
  try {
    return await work(own)
  } finally {
    await own.close()
  }
}
