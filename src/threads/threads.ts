import type { GamePaths } from '../load/project.ts'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { GameThread, THREAD_HEAP_MB, type Outcome, type ThreadHeap } from './game-thread.ts'
export { threadHeap } from './game-thread.ts'
import type { Replies, Request } from './protocol.ts'
import { DEFAULT_TIMEOUT_S, MAX_TIMEOUT_S } from './time-limits.ts'
export { DEFAULT_TIMEOUT_S, MAX_TIMEOUT_S } from './time-limits.ts'

/** The share of its heap's limit past which a thread that forgot its modules is replaced (see reload). */
const RELOAD_HEAP_SHARE = 0.25

/**
 * How much the process's memory (resident, all threads) may grow beyond what it held when the run's threads
 * started, while a game's code runs. A thread's heap limit does not count typed arrays and Buffers: a template
 * keeping 50 × 100 MB `Uint8Array`s took the process to 5.16 GB. A whole build of Ministries peaks at 574 MB in
 * all, and a 50,000-face build under 800 MB (docs/internals.md).
 */
export const RUN_MEMORY_MB = 1536

/** How often the process's memory is looked at while a game's code runs (ms): a thread fills ~100 MB in that time. */
const MEMORY_SAMPLE_MS = 20

/**
 * How many changes of a game's modules a thread takes in place before it is replaced: Node cannot unload a
 * module, so each change's compiled code (a game's templates: ~100–500 kB) stays in the thread's memory.
 */
export const MAX_RELOADS = 25

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
  /** How far V8 lets a thread's heap grow after a collection (see `threadHeap`); V8's own way when none. */
  readonly heapGrowingPercent: number | undefined
  /** How much the process's memory may grow while the games' code runs (`RUN_MEMORY_MB`). */
  readonly memoryMb: number
  /** The process's resident memory (bytes) its growth is measured from: when the threads started, or after one was stopped for memory. */
  private baseline = process.memoryUsage.rss()
  private watch: NodeJS.Timeout | undefined
  /** A thread stopped for memory that has not ended yet: what it holds is let go before another is blamed. */
  private stopping = false

  constructor(
    timeoutS: number = DEFAULT_TIMEOUT_S,
    {
      heapMb = THREAD_HEAP_MB,
      heapGrowingPercent,
      memoryMb = RUN_MEMORY_MB,
    }: Partial<ThreadHeap> & { memoryMb?: number } = {},
  ) {
    this.limitMs = Math.min(Math.max(timeoutS, 0.001), MAX_TIMEOUT_S) * 1000
    this.heapMb = heapMb
    this.heapGrowingPercent = heapGrowingPercent
    this.memoryMb = memoryMb
  }

  /**
   * The watchdog on the process's memory, run on this thread (a game thread busy in its code answers nothing):
   * past the limit, the thread whose piece has run longest (the one that grew, as a rule) is stopped, and its
   * piece is an error at its place, as one over the time limit is.
   */
  private watchMemory(): void {
    this.watch ??= setInterval(() => {
      if (this.stopping || process.memoryUsage.rss() - this.baseline <= this.memoryMb * 2 ** 20) return
      const running = [...this.started.values()].flat().filter((t) => t.runningFor !== undefined)
      const longest = running.sort((a, b) => b.runningFor! - a.runningFor!)[0]
      if (!longest) return
      this.stopping = true
      void longest
        .stopForMemory(
          `the run's memory grew by more than ${this.memoryMb} MB while it ran (typed arrays and Buffers count here, though not in its thread's heap limit)`,
        )
        .finally(() => {
          // What the stopped thread held and the process keeps (freed, not given back) is not the next one's.
          this.baseline = Math.max(this.baseline, process.memoryUsage.rss())
          this.stopping = false
        })
    }, MEMORY_SAMPLE_MS).unref()
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
    if (count > 0) this.watchMemory()
    for (let i = live.length; i < count; i++) {
      const thread = new GameThread(paths.root, this.limitMs, {
        heapMb: this.heapMb,
        heapGrowingPercent: this.heapGrowingPercent,
      })
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

  /**
   * After a change to the project's modules (a definition, a template, what they import): every running
   * thread forgets the modules it loaded (`forget`), so that the next request compiles and imports them as
   * they are now, warm; a thread that took `MAX_RELOADS` changes, or whose heap grew large, is replaced by a
   * new one when next needed, as is every thread with `fresh` (the code they ran last did not load: what it
   * did before it failed stays with them). Runs none of the games' code.
   */
  async reload(paths: GamePaths, { fresh = false }: { fresh?: boolean } = {}): Promise<void> {
    // A thread whose heap holds more than this once it forgot is replaced; it collects its garbage first only
    // above it, as less cannot replace it.
    const replaceAboveMb = this.heapMb * RELOAD_HEAP_SHARE
    await Promise.all(
      this.live(this.of(paths), false).map(async (thread) => {
        const forgot =
          fresh || ++thread.reloads > MAX_RELOADS
            ? undefined
            : await thread.call({ game: paths.id, do: 'forget', collectAboveMb: replaceAboveMb })
        if (!forgot?.ok || forgot.value.heapMb > replaceAboveMb) await thread.terminate()
      }),
    )
  }

  /** Errors the project's games' code threw from a timer, a callback or a promise nobody awaited, each given once. */
  strays(paths: GamePaths): Diagnostic[] {
    return this.of(paths).flatMap((t) => t.strays.splice(0))
  }

  async close(): Promise<void> {
    clearInterval(this.watch)
    this.watch = undefined
    const all = [...this.started.values()].flat()
    this.started.clear()
    await Promise.all(all.map((t) => t.terminate()))
  }
}

/** Runs `work` with the threads given, or with threads of its own (each with `heap`) that it closes when done. */
export const withThreads = async <T>(
  given: GameThreads | undefined,
  timeoutS: number | undefined,
  work: (threads: GameThreads) => Promise<T>,
  heap?: ThreadHeap,
): Promise<T> => {
  if (given) return work(given)
  const own = new GameThreads(timeoutS, heap)
  try {
    return await work(own)
  } finally {
    await own.close()
  }
}
