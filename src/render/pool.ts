import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { GameDef } from '../engine/define.ts'
import type { GamePaths } from '../load/project.ts'
import type { RenderedFace } from './face.ts'
import { openSession, type Drawn, type FaceJob, type RenderOptions } from './session.ts'

/** Draws faces in this thread or on a pool of worker threads, one per core by default. */
export interface FaceRenderer {
  /** Problems met while opening (templates that fail to load). */
  diagnostics: Diagnostic[]
  draw(job: FaceJob): Promise<Drawn>
  close(): Promise<void>
}

export const defaultJobs = (): number => availableParallelism()

const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/** A face that crossed threads arrives as a Uint8Array: make it a Buffer again. */
const revive = (drawn: Drawn): Drawn =>
  drawn.face ? { ...drawn, face: { svg: drawn.face.svg, png: asBuffer(drawn.face.png) } as RenderedFace } : drawn

const inThread = async (paths: GamePaths, game: GameDef, options: RenderOptions): Promise<FaceRenderer> => {
  const { value: session, diagnostics } = await openSession(paths, game, options)
  // One face at a time: satori and resvg interleaved on one thread only hold more memory. Yielding
  // between faces lets resvg's native buffers be collected (they are freed only by the GC).
  let last: Promise<unknown> = Promise.resolve()
  const draw = (job: FaceJob): Promise<Drawn> => {
    const drawn = last.then(() => new Promise((r) => setImmediate(r))).then(() => session.draw(job))
    last = drawn.catch(() => undefined)
    return drawn
  }
  return { diagnostics, draw, close: async () => {} }
}

const onWorkers = async (paths: GamePaths, options: RenderOptions, jobs: number): Promise<FaceRenderer> => {
  const diagnostics: Diagnostic[] = []
  const pending = new Map<number, (drawn: Drawn) => void>()
  const queue: { id: number; job: FaceJob }[] = []
  const idle: Worker[] = []
  let next = 0
  const dispatch = () => {
    while (idle.length && queue.length) idle.pop()!.postMessage(queue.shift())
  }
  const workers = await Promise.all(
    Array.from({ length: jobs }, (_, i) =>
      new Promise<Worker>((resolve, reject) => {
        const worker = new Worker(new URL('./worker-entry.js', import.meta.url), { workerData: { root: paths.root, game: paths.id, options } })
        worker.on('error', reject)
        worker.on('message', (message: { ready?: boolean; diagnostics?: Diagnostic[]; id?: number; drawn?: Drawn }) => {
          if (message.ready) {
            if (i === 0) diagnostics.push(...(message.diagnostics ?? []))
            resolve(worker)
          } else {
            pending.get(message.id!)!(revive(message.drawn!))
            pending.delete(message.id!)
          }
          idle.push(worker)
          dispatch()
        })
      }),
    ),
  )
  return {
    diagnostics,
    draw: (job) =>
      new Promise<Drawn>((resolve) => {
        const id = next++
        pending.set(id, resolve)
        queue.push({ id, job })
        dispatch()
      }),
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()))
    },
  }
}

/** One thread for a handful of faces; otherwise a worker per core (`jobs`). */
export const openRenderer = (paths: GamePaths, game: GameDef, options: RenderOptions, jobs: number, faces: number): Promise<FaceRenderer> =>
  jobs <= 1 || faces < 8 ? inThread(paths, game, options) : onWorkers(paths, options, Math.min(jobs, Math.ceil(faces / 4)))

/**
 * Workers take about a second to start (each loads the game, its templates and the renderer): a build
 * starts them while it validates, and hands them to `renderGame`. Undefined when one thread will do.
 */
export const startWorkers = (paths: GamePaths, options: RenderOptions, jobs: number): Promise<FaceRenderer> | undefined => {
  if (jobs <= 1) return undefined
  const started = onWorkers(paths, options, jobs)
  started.catch(() => undefined) // a failure surfaces where the workers are used, not as an unhandled rejection
  return started
}
