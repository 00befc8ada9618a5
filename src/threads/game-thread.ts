import { compiledIsCurrent } from '../util/packages.ts'
import { setFlagsFromString } from 'node:v8'
import { Worker } from 'node:worker_threads'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { pieceOf, type Piece, type Replies, type Request, type WorkerMessage } from './protocol.ts'
import type { RendererName } from '../render/renderers/face-renderer.ts'

/** A request's answer, or why there is none: its piece ran over the time limit, or the thread stopped. */
export type Outcome<T> =
  | { ok: true; value: T }
  | {
      ok: false
      /** `timeout`: the piece ran over the limit (the thread was stopped); `stopped`: the thread ended
       * (process.exit, an uncaught error) or failed the request; `lost`: it ended before starting this one. */
      why: 'timeout' | 'stopped' | 'lost'
      /** The piece of game code it was running, when it had started one. */
      piece?: Piece
      /** In words: 'exit code 0', the uncaught error's message. */
      detail: string
      /** What the thread last said it was at without a message (`tick`): a game's index while it plays a simulation's games. */
      at?: number
      /** And which of the game's functions it was running (`STEPS` of play-game.ts). */
      step?: number
    }

interface Pending {
  id: number
  request: Request
  settle: (outcome: Outcome<never>) => void
  piece?: Piece
}

/**
 * The worker's module: game-worker.js in the package. It sits at the top of src/ beside the other entries,
 * outside threads/: it hands each request to the stage whose code runs it, and the stages that send requests
 * import threads/ (named here by its path, never imported). When deckwright runs from its TypeScript sources
 * (its tests, its bench), a thread runs the compiled dist/game-worker.js when dist/ has been built from the
 * sources as they are (vitest's set-up and `npm run bench` build it first): a thread that compiled every module
 * of deckwright it loads took ~150 ms more CPU to start, besides esbuild's own. Else, game-worker.ts through
 * hooks that compile it (worker-entry.js).
 */
const GAME_WORKER = !import.meta.url.endsWith('.ts')
  ? new URL('../game-worker.js', import.meta.url).href
  : compiledIsCurrent()
    ? new URL('../../dist/game-worker.js', import.meta.url).href
    : new URL('../game-worker.ts', import.meta.url).href

/**
 * A game thread's environment: the process's, with `NODE_ENV=production` unless it names one. React's
 * development JSX runtime (which `react/jsx-runtime` loads without it) gave every element a stack trace, a
 * console task and frozen props: ~0.5 ms a face of the template run, for checks no face draws differently by.
 */
const threadEnv = () => ({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' })

/**
 * The most memory a game thread's JavaScript heap may hold. A piece of game code that needs more (a template
 * that fills an array forever) is stopped and reported like one that ran over the time limit, instead of
 * taking the machine's memory. It also sets how much V8 lets a heap grow between collections: under 2 GB
 * its heap grows to about twice what it holds (4× above), and a drawing thread, holding ~40 MB, settles at
 * ~75 MB instead of ~170 MB (a 3,000-face build: 600 → 425 MB at its peak, 3% slower).
 */
export const THREAD_HEAP_MB = 2000

/**
 * The same for a run whose faces takumi draws: 2 GB, where V8 lets a heap grow up to 4× between
 * collections. takumi hands each face's 3 MB of raw pixels to the thread, which V8 counts with the heap:
 * under 2 GB a drawing thread collected its whole heap every 3–6 faces (its collector and the recompiling
 * after it took a third of the build's time), and its build took 15–20% longer. Its threads hold less than
 * satori's (a 1,300-face build peaked at 458 MB, against 509 MB with satori + resvg at 2,000 MB).
 */
export const TAKUMI_THREAD_HEAP_MB = 2048

/**
 * How much V8 lets a heap grow after a collection, in a run whose faces takumi draws: to 3× what
 * the heap holds (`--heap-growing-percent=200`), instead of V8's own factor, worked out from how fast the
 * thread fills its heap. takumi's threads make few objects that outlive a face, so V8 worked out a factor as
 * low as 1.4 and left ~12 MB of room after each collection, while the pixels V8 counts since the last
 * collection grew ~2 MB a face: once in that state (it came after 10 s to 25 s of a build, and stayed), a
 * drawing thread collected its whole heap every 3–4 faces. A 5,000-face Maybe Missions build then spent
 * 637–798 whole collections and 86–100 s of CPU; with this, 14 and 67 s, for ~40 MB more at the peak
 * (docs/internals.md, the two renderers). satori's threads do not fall into that state (it fills its heap fast): on
 * them this gained nothing and cost 170 MB, so a satori + resvg run keeps V8's factor. V8's flags are the
 * process's: set before the first such thread starts, it holds for every heap of the process from then on,
 * the main thread's and a later satori run's in the same process (a library caller's) included.
 */
const TAKUMI_HEAP_GROWING_PERCENT = 200
let heapGrowing: number | undefined
const setHeapGrowing = (percent: number | undefined): void => {
  if (percent === undefined || percent === heapGrowing) return
  setFlagsFromString(`--heap-growing-percent=${percent}`)
  heapGrowing = percent
}

/**
 * A game thread's young generation: 12 MB, V8's two semi-spaces of 4 MB and its new large objects (V8's
 * own default is 16 MB semi-spaces). satori makes many short-lived objects per face, and with two drawing
 * threads the larger spaces held ~120 MB more at the peak of a 4,000-face build, for no measurable speed
 * (docs/internals.md, Memory). Set on each thread, whatever command starts it.
 */
export const THREAD_YOUNG_MB = 12

/** A game thread's heap: the most it may hold, and how far V8 lets it grow after a collection when not V8's own way. */
export interface ThreadHeap {
  heapMb: number
  heapGrowingPercent?: number
}

/** Each game thread's heap in a run whose faces `renderer` draws (satori + resvg when none). */
export const threadHeap = (renderer?: RendererName): ThreadHeap =>
  renderer === 'takumi'
    ? { heapMb: TAKUMI_THREAD_HEAP_MB, heapGrowingPercent: TAKUMI_HEAP_GROWING_PERCENT }
    : { heapMb: THREAD_HEAP_MB }

/**
 * A worker thread that runs the project's games' own code (their definitions, checks and templates) for
 * this thread, which runs none of a game's code until a thread has loaded it. Every request has a time
 * limit: a piece of game code that runs longer (an endless loop) stops the thread, and the request answers
 * which piece it was. A thread with nothing to do never keeps the process alive.
 */
export class GameThread {
  private readonly worker: Worker
  private readonly pending: Pending[] = []
  private next = 0
  private booted = false
  private timer: NodeJS.Timeout | undefined
  /** The last piece of game code it started: blamed when the thread ends between pieces. */
  private lastPiece: Piece | undefined
  state: 'running' | 'gone' = 'running'
  /** Sent an 'open' request: it holds (or is loading) the templates and renderer, so faces go to it first. */
  warm = false
  /** How many times it forgot the games' modules to take them again, changed (see GameThreads.reload). */
  reloads = 0
  /** Errors the game's code threw from a timer, a callback or a promise nobody awaited, at their lines; taken by `GameThreads.strays`. */
  strays: Diagnostic[] = []
  /**
   * Shared with the thread: [ticks, at, step]. A thread running many small pieces in one request (a simulation's
   * games) says each one starts by counting a tick here, without a message (~50 µs each); each starts the
   * time limit again.
   */
  private readonly shared = new SharedArrayBuffer(24)
  private readonly progress = new Int32Array(this.shared, 0, 3)
  /** When the last tick came (performance.timeOrigin + now(), ms): a piece's clock starts then, not when its tick is seen. */
  private readonly tickedAt = new Float64Array(this.shared, 16, 1)
  private armedAt = 0
  /** When the piece it runs now started (`performance.now()`); undefined while it runs none. */
  private pieceStartedAt: number | undefined

  constructor(
    readonly root: string,
    readonly limitMs: number,
    { heapMb, heapGrowingPercent }: ThreadHeap = { heapMb: THREAD_HEAP_MB },
  ) {
    setHeapGrowing(heapGrowingPercent)
    this.worker = new Worker(new URL('./worker-entry.js', import.meta.url), {
      workerData: { root, entry: GAME_WORKER, progress: this.shared },
      env: threadEnv(),
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: THREAD_YOUNG_MB },
    })
    this.worker.unref()
    this.worker.on('message', (message: WorkerMessage) => this.received(message))
    // The game's own errors are caught in the thread (game-worker.ts); one that reaches here is the thread's own.
    this.worker.on('error', (error: Error & { code?: string }) =>
      this.end(
        'stopped',
        error?.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `it ran out of memory (its thread may hold ${heapMb} MB of JavaScript objects)`
          : `the thread failed: ${String(error?.message ?? error).split('\n')[0]}`,
      ),
    )
    this.worker.on('exit', (code) =>
      this.end('stopped', `its thread ended with exit code ${code} (process.exit in a package it uses?)`),
    )
  }

  /** Requests sent and not yet answered. */
  get load(): number {
    return this.pending.length
  }

  /** Sends a request; it answers once the requests sent before it have. */
  call<K extends Request['do']>(request: Extract<Request, { do: K }>): Promise<Outcome<Replies[K]>> {
    if (this.state === 'gone') return Promise.resolve({ ok: false, why: 'lost', detail: 'the thread had ended' })
    if (request.do === 'open') this.warm = true
    return new Promise((settle) => {
      const id = this.next++
      // A draw is its face from the start (its thread says so again only after saying it opened the templates).
      const piece = request.do === 'draw' ? pieceOf(request, { kind: 'face', at: 0 }) : undefined
      this.pending.push({ id, request, settle: settle as Pending['settle'], piece })
      this.worker.ref()
      this.worker.postMessage({ id, ...request })
      this.arm()
    })
  }

  private received(message: WorkerMessage): void {
    if ('ready' in message) {
      this.booted = true
      return this.arm()
    }
    if ('stray' in message) return void this.strays.push(message.stray)
    const head = this.pending[0]
    if (!head || head.id !== message.id) return
    if ('piece' in message) {
      head.piece = this.lastPiece = pieceOf(head.request, message.piece)
      return this.arm()
    }
    this.pending.shift()
    if ('reply' in message) head.settle({ ok: true, value: message.reply as never })
    else head.settle({ ok: false, why: 'stopped', piece: head.piece, detail: message.failed })
    if (!this.pending.length) this.worker.unref()
    this.arm()
  }

  /** The clock of the request being run starts (again) when it starts or starts a new piece; none runs before the thread has booted. */
  private arm(left = this.limitMs): void {
    clearTimeout(this.timer)
    this.timer = undefined
    if (!this.booted || !this.pending.length || this.state === 'gone') {
      this.pieceStartedAt = undefined
      return
    }
    if (left === this.limitMs) this.pieceStartedAt = performance.now()
    this.armedAt = Atomics.load(this.progress, 0)
    this.timer = setTimeout(() => {
      if (Atomics.load(this.progress, 0) === this.armedAt)
        return this.end('timeout', `it ran longer than ${this.limitMs / 1000} s`)
      // A new small piece began meanwhile: its own limit runs from its tick.
      const since = performance.timeOrigin + performance.now() - this.tickedAt[0]!
      this.arm(Math.max(1, this.limitMs - since))
    }, left)
  }

  /** How long the piece it runs now has run (ms); undefined while it runs none. */
  get runningFor(): number | undefined {
    return this.state === 'gone' || this.pieceStartedAt === undefined
      ? undefined
      : performance.now() - this.pieceStartedAt
  }

  /** Stops the thread for the memory the run holds (see GameThreads): its piece answers why, as a thread that ended; resolves once it has. */
  stopForMemory(detail: string): Promise<unknown> {
    this.end('stopped', detail)
    return this.worker.terminate()
  }

  /** Ends the thread: the request it was running answers why; those waiting behind it are lost (another thread may run them). */
  private end(why: 'timeout' | 'stopped', detail: string): void {
    if (this.state === 'gone') return
    this.state = 'gone'
    clearTimeout(this.timer)
    const [head, ...rest] = this.pending.splice(0)
    head?.settle({
      ok: false,
      why,
      piece: head.piece ?? this.lastPiece,
      detail,
      at: Atomics.load(this.progress, 1),
      step: Atomics.load(this.progress, 2),
    })
    for (const p of rest) p.settle({ ok: false, why: 'lost', detail })
    if (why === 'timeout') void this.worker.terminate()
  }

  /** Stops the thread; requests not yet answered are lost. */
  async terminate(): Promise<void> {
    if (this.state !== 'gone') {
      this.state = 'gone'
      clearTimeout(this.timer)
      for (const p of this.pending.splice(0)) p.settle({ ok: false, why: 'lost', detail: 'the run was closing' })
    }
    await this.worker.terminate()
  }
}
