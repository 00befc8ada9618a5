import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { GameDef } from '../engine/define.ts'
import { relativePath, type GamePaths } from '../load/project.ts'
import { FaceStore } from './face-store.ts'
import { openSession, type FaceJob, type RenderOptions, type RenderSession } from './session.ts'

/** What drawing a face left: its diagnostics, and whether the face is in the store (not when its template failed). */
export interface DrawnFace {
  diagnostics: Diagnostic[]
  stored: boolean
  /** Milliseconds spent drawing (SVG, PNG) and storing it. */
  spent?: { svg: number; png: number; store: number }
}

/**
 * Draws faces in this thread or on a pool of worker threads, one per core by default, straight into a
 * face store: the pixels never cross threads, and the build holds no face in memory.
 */
export interface FaceRenderer {
  /** Problems met while opening (templates that fail to load). */
  diagnostics: Diagnostic[]
  /** Draws a face and stores it under `key`. */
  draw(job: FaceJob, key: string): Promise<DrawnFace>
  close(): Promise<void>
}

export const defaultJobs = (): number => availableParallelism()

/** Draws one face and stores it: what a worker does for each face it is sent, and the one-thread renderer too. */
export const drawInto = async (session: RenderSession, store: FaceStore, job: FaceJob, key: string): Promise<DrawnFace> => {
  const { face, diagnostics } = await session.draw(job)
  if (!face) return { diagnostics, stored: false }
  const start = performance.now()
  store.put(key, face, diagnostics)
  return { diagnostics, stored: true, spent: { ...face.spent, store: performance.now() - start } }
}

const inThread = async (paths: GamePaths, game: GameDef, options: RenderOptions, store: FaceStore): Promise<FaceRenderer> => {
  const { value: session, diagnostics } = await openSession(paths, game, options)
  // One face at a time: satori and resvg interleaved on one thread only hold more memory. Yielding
  // between faces lets resvg's native buffers be collected (they are freed only by the GC).
  let last: Promise<unknown> = Promise.resolve()
  const draw = (job: FaceJob, key: string): Promise<DrawnFace> => {
    const drawn = last.then(() => new Promise((r) => setImmediate(r))).then(() => drawInto(session, store, job, key))
    last = drawn.catch(() => undefined)
    return drawn
  }
  return { diagnostics, draw, close: async () => {} }
}

const onWorkers = async (paths: GamePaths, options: RenderOptions, store: FaceStore, jobs: number): Promise<FaceRenderer> => {
  if (!(jobs >= 1)) throw new Error(`jobs must be at least 1, got ${jobs}`)
  const diagnostics: Diagnostic[] = []
  const pending = new Map<number, { job: FaceJob; resolve: (drawn: DrawnFace) => void }>()
  const queue: { id: number; job: FaceJob; key: string }[] = []
  const idle: Worker[] = []
  const busy = new Map<Worker, number>()
  const alive = new Set<Worker>()
  let next = 0
  // A face whose worker died is a diagnostic at its card, never a build that waits forever.
  const failed = (id: number, why: string) => {
    const entry = pending.get(id)
    if (!entry) return
    pending.delete(id)
    const card = entry.job.card
    const at = card ? { file: card.source.file, line: card.source.pos.line, column: card.source.pos.column, card: card.id } : { file: relativePath(paths.root, paths.definition), line: 1, column: 1 }
    entry.resolve({ stored: false, diagnostics: [{ rule: 'render/worker-failed', severity: 'error', ...at, message: `the worker drawing this ${entry.job.kind} stopped (${why}); it was not drawn` }] })
  }
  const dispatch = () => {
    while (idle.length && queue.length) {
      const worker = idle.pop()!
      const item = queue.shift()!
      busy.set(worker, item.id)
      worker.postMessage(item)
    }
    if (alive.size === 0) for (const { id } of queue.splice(0)) failed(id, 'no worker is left')
  }
  const lost = (worker: Worker, why: string) => {
    if (!alive.delete(worker)) return
    const id = busy.get(worker)
    busy.delete(worker)
    if (id !== undefined) failed(id, why)
    dispatch()
  }
  const starting = Array.from({ length: jobs }, (_, i) => {
    const worker = new Worker(new URL('./worker-entry.js', import.meta.url), { workerData: { root: paths.root, game: paths.id, options, store: store.dir } })
    return new Promise<Worker>((resolve, reject) => {
      worker.on('error', (error: Error) => (alive.has(worker) ? lost(worker, error.message) : reject(error)))
      worker.on('exit', (code) => (alive.has(worker) ? lost(worker, `exit code ${code}`) : reject(new Error(`a worker exited with code ${code} while starting`))))
      worker.on('message', (message: { ready?: boolean; diagnostics?: Diagnostic[]; id?: number; drawn?: DrawnFace }) => {
        if (message.ready) {
          if (i === 0) diagnostics.push(...(message.diagnostics ?? []))
          alive.add(worker)
          resolve(worker)
        } else {
          busy.delete(worker)
          pending.get(message.id!)?.resolve(message.drawn!)
          pending.delete(message.id!)
        }
        idle.push(worker)
        dispatch()
      })
    }).catch(async (error: unknown) => {
      await worker.terminate()
      throw error
    })
  })
  const settled = await Promise.allSettled(starting)
  const workers = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const failure = settled.find((r) => r.status === 'rejected')
  if (failure) {
    // All or nothing: the caller falls back to drawing in its own thread.
    await Promise.all(workers.map((w) => w.terminate()))
    throw (failure as PromiseRejectedResult).reason
  }
  return {
    diagnostics,
    draw: (job, key) =>
      new Promise<DrawnFace>((resolve) => {
        const id = next++
        pending.set(id, { job, resolve })
        queue.push({ id, job, key })
        dispatch()
      }),
    close: async () => {
      alive.clear() // exits from here on are ours
      await Promise.all(workers.map((w) => w.terminate()))
    },
  }
}

/** One thread for a handful of faces; otherwise a worker per core (`jobs`). */
export const openRenderer = (paths: GamePaths, game: GameDef, options: RenderOptions, store: FaceStore, jobs: number, faces: number): Promise<FaceRenderer> =>
  jobs <= 1 || faces < 8 ? inThread(paths, game, options, store) : onWorkers(paths, options, store, Math.min(jobs, Math.ceil(faces / 4)))

/**
 * Workers take about a second to start (each loads the game, its templates and the renderer): a build
 * starts them while it validates, and hands them to `renderGame`. Undefined when one thread will do.
 */
export const startWorkers = (paths: GamePaths, options: RenderOptions, store: FaceStore, jobs: number): Promise<FaceRenderer> | undefined => {
  if (jobs <= 1) return undefined
  const started = onWorkers(paths, options, store, jobs)
  started.catch(() => undefined) // a failure surfaces where the workers are used, not as an unhandled rejection
  return started
}
