import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { GameDef } from '../engine/define.ts'
import { relativePath, type GamePaths } from '../load/project.ts'
import type { FaceStore } from './face-store.ts'
import { openSession, type FaceJob, type RenderOptions, type RenderSession } from './session.ts'
import { writeFailureReason } from '../util/write-failure.ts'

/** What drawing a face left: its diagnostics, and whether the face is in the store (not when its template failed). */
export interface DrawnFace {
  diagnostics: Diagnostic[]
  stored: boolean
  /** Milliseconds spent drawing (SVG, PNG) and storing it. */
  spent?: { svg: number; png: number; store: number }
}

/**
 * Draws faces straight into a face store, on this thread and on worker threads (`jobs` threads in all):
 * the pixels never cross threads, and the build holds no face in memory.
 */
export interface FaceRenderer {
  /** Problems met while opening (templates that fail to load). */
  diagnostics: Diagnostic[]
  /** Draws a face and stores it under `key`. */
  draw(job: FaceJob, key: string): Promise<DrawnFace>
  close(): Promise<void>
}

export const defaultJobs = (): number => availableParallelism()

/**
 * A face that failed while it was drawn or stored: the file system refusing the store (a full disk, a
 * read-only folder) is one error naming the folder, the same for every face; anything else is an error at
 * the face's card.
 */
export const drawFailure = (paths: GamePaths, job: FaceJob, error: unknown, storeDir: string): DrawnFace => {
  const reason = writeFailureReason(error)
  if (!reason) return faceFailure(paths, job, `drawing this ${job.kind} failed: ${String((error as Error)?.message ?? error).split('\n')[0]}`)
  return { stored: false, diagnostics: [{ rule: 'build/write-failed', severity: 'error', file: relativePath(paths.root, storeDir), message: `faces cannot be stored in ${relativePath(paths.root, storeDir)}: ${reason}; nothing was written to the output` }] }
}

/** A face that could not be drawn or stored, as a diagnostic at its card (or the definition, for a shared back). */
export const faceFailure = (paths: GamePaths, job: FaceJob, message: string): DrawnFace => {
  const card = job.card
  const at = card ? { file: card.source.file, line: card.source.pos.line, column: card.source.pos.column, card: card.id } : { file: relativePath(paths.root, paths.definition), line: 1, column: 1 }
  return { stored: false, diagnostics: [{ rule: 'render/worker-failed', severity: 'error', ...at, message }] }
}

/** Draws one face and stores it: what a worker does for each face it is sent, and this thread too. */
export const drawInto = async (session: RenderSession, store: FaceStore, job: FaceJob, key: string): Promise<DrawnFace> => {
  const { face, diagnostics } = await session.draw(job)
  if (!face) return { diagnostics, stored: false }
  const start = performance.now()
  store.put(key, face, diagnostics)
  return { diagnostics, stored: true, spent: { ...face.spent, store: performance.now() - start } }
}

interface Task {
  job: FaceJob
  key: string
  resolve: (drawn: DrawnFace) => void
}

/** The worker's module: face-worker.js in the package, face-worker.ts when deckwright runs from its sources. */
const FACE_WORKER = new URL(`./face-worker${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`, import.meta.url).href

/** Faces sent to a worker ahead of the one it draws, so that it never waits for this thread to send the next. */
const AHEAD = 2

/** A worker thread holding a render session of one game; it joins the renderer once loaded. */
export class FaceWorker {
  readonly thread: Worker
  /** Faces sent and not yet back, oldest (the one being drawn) first. */
  readonly sent: (Task & { id: number })[] = []
  state: 'starting' | 'ready' | 'gone' = 'starting'
  /** Called when the worker is ready, draws a face, or stops (the renderer it has joined). */
  onChange?: () => void
  /** Called with the faces it held when it stopped. */
  onLost?: (held: Task[], why: string) => void
  /** Settles when it is ready to draw (true) or has stopped before that (false). */
  readonly ready: Promise<boolean>
  private settle!: (ready: boolean) => void

  constructor(paths: GamePaths, options: RenderOptions, store: FaceStore) {
    this.ready = new Promise((resolve) => (this.settle = resolve))
    this.thread = new Worker(new URL('./worker-entry.js', import.meta.url), { workerData: { root: paths.root, game: paths.id, options, store: store.dir, entry: FACE_WORKER } })
    this.thread.on('message', (message: { ready?: boolean; id?: number; drawn?: DrawnFace }) => {
      if (message.ready) {
        this.state = 'ready'
        this.settle(true)
      } else {
        const at = this.sent.findIndex((t) => t.id === message.id)
        if (at >= 0) this.sent.splice(at, 1)[0]!.resolve(message.drawn!)
      }
      this.onChange?.()
    })
    this.thread.on('error', (error: Error) => this.stop(error.message))
    this.thread.on('exit', (code) => this.stop(`exit code ${code}`))
  }

  send(task: Task, id: number): void {
    this.sent.push({ ...task, id })
    this.thread.postMessage({ id, job: task.job, key: task.key })
  }

  private stop(why: string): void {
    if (this.state === 'gone') return
    this.state = 'gone'
    this.settle(false)
    this.onLost?.(this.sent.splice(0), why)
    this.onChange?.()
  }

  async terminate(): Promise<void> {
    this.state = 'gone'
    this.settle(false)
    await this.thread.terminate()
  }
}

/**
 * Starts `count` workers, each loading the game, its templates and the renderer (about a second): a build
 * starts them while it validates and hands them to `openRenderer`, which they join as they become ready.
 */
export const startWorkers = (paths: GamePaths, options: RenderOptions, store: FaceStore, count: number): FaceWorker[] =>
  Array.from({ length: Math.max(0, count) }, () => new FaceWorker(paths, options, store))

/** A template must not end the build: on this thread, `process.exit` becomes an error of the face being drawn. */
const withoutExit = async <T>(draw: () => Promise<T>): Promise<T> => {
  const exit = process.exit
  process.exit = ((code?: number) => {
    throw new Error(`it called process.exit(${code ?? ''})`)
  }) as typeof process.exit
  try {
    return await draw()
  } finally {
    process.exit = exit
  }
}

/**
 * Opens a renderer of `jobs` threads for `faces` faces: this thread draws from the start (its renderer is
 * loaded already), and `jobs - 1` workers (those given, else new ones; none for a handful of faces) join
 * as they finish loading. A worker that dies fails the face it was drawing, at its card; the faces sent
 * to it after that one go back in the queue. Workers that cannot start leave the drawing to the others.
 */
export const openRenderer = async (
  paths: GamePaths,
  game: GameDef,
  options: RenderOptions,
  store: FaceStore,
  { jobs, faces, workers }: { jobs: number; faces: number; workers?: FaceWorker[] },
): Promise<FaceRenderer> => {
  if (!(jobs >= 1)) throw new Error(`jobs must be at least 1, got ${jobs}`)
  const wanted = faces < 8 ? 0 : Math.min(jobs - 1, Math.ceil(faces / 4) - 1)
  const pool = [...(workers ?? []).slice(0, wanted), ...startWorkers(paths, options, store, wanted - (workers?.length ?? 0))]
  for (const spare of (workers ?? []).slice(wanted)) void spare.terminate()
  let opened
  try {
    opened = await openSession(paths, game, options)
  } catch (error) {
    await Promise.all(pool.map((w) => w.terminate()))
    throw error
  }
  const { value: session, diagnostics } = opened
  const queue: Task[] = []
  let next = 0
  let drawing = false

  const failed = (task: Task, why: string) => task.resolve(faceFailure(paths, task.job, `the worker drawing this ${task.job.kind} stopped (${why}); it was not drawn`))
  const feedWorkers = () => {
    for (const worker of pool) while (worker.state === 'ready' && worker.sent.length < AHEAD && queue.length) worker.send(queue.shift()!, next++)
  }
  // This thread draws one face at a time, yielding in between: the workers' messages come in, and
  // resvg's native buffers (freed only by the GC) can be collected.
  const drawHere = async () => {
    if (drawing) return
    drawing = true
    try {
      while (queue.length) {
        await new Promise((r) => setImmediate(r))
        feedWorkers()
        const task = queue.shift()
        if (!task) break
        try {
          task.resolve(await withoutExit(() => drawInto(session, store, task.job, task.key)))
        } catch (error) {
          // Not the template (the session reports those): the store could not be written (a full disk…).
          task.resolve(drawFailure(paths, task.job, error, store.dir))
        }
      }
    } finally {
      drawing = false
    }
  }
  const pump = () => {
    feedWorkers()
    if (queue.length) void drawHere()
  }
  for (const worker of pool) {
    worker.onChange = pump
    worker.onLost = (held, why) => {
      // The oldest face is the one it was drawing; the others were only waiting.
      if (held[0]) failed(held[0], why)
      queue.unshift(...held.slice(1))
    }
  }
  return {
    diagnostics,
    draw: (job, key) =>
      new Promise<DrawnFace>((resolve) => {
        queue.push({ job, key, resolve })
        pump()
      }),
    close: async () => {
      await Promise.all(pool.map((w) => w.terminate()))
    },
  }
}
