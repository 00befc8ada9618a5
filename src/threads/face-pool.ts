import { availableParallelism } from 'node:os'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { GamePaths } from '../load/project.ts'
import type { FaceStore } from '../render/store/face-store.ts'
import type { FaceJob, RenderOptions } from '../render/template/session.ts'
import type { GameThreads } from './threads.ts'
import type { GameThread } from './game-thread.ts'
import { stoppedDiagnostic } from './stopped.ts'
import { faceFailure, type DrawOutcome } from '../render/store/draw-face.ts'
import { sendLanguage } from './sent-languages.ts'

export type { DrawOutcome } from '../render/store/draw-face.ts'

/**
 * Draws faces straight into a face store, on game threads (`jobs` of them): the templates run there, where
 * a time limit can stop them; the pixels never cross threads, and the build holds no face in memory.
 */
export interface FaceRenderer {
  /** Problems met while opening (templates that fail to load, missing fonts). */
  diagnostics: Diagnostic[]
  /** Draws a face and stores it under `key`. */
  draw(job: FaceJob, key: string): Promise<DrawOutcome>
}

export const defaultJobs = (): number => availableParallelism()

interface Task {
  job: FaceJob
  key: string
  resolve: (drawn: DrawOutcome) => void
}

/**
 * A game thread costs about as much CPU to start (its modules, fonts and templates: ~0.8 s) as drawing some
 * thirty faces: a build draws on one thread for each this many faces, up to `jobs`.
 */
const FACES_PER_THREAD = 32

/** Faces sent to a thread ahead of the one it draws, so that it never waits for this thread to send the next. */
const AHEAD = 2

/**
 * Opens a renderer of up to `jobs` game threads for `faces` faces (one for every 32 faces), taking the
 * game's threads started earlier first. A face whose template runs over the time limit or ends its thread
 * is an error at its card; the faces that thread held go to the others, and a new thread replaces it.
 */
export const openRenderer = async (
  paths: GamePaths,
  options: RenderOptions,
  store: FaceStore,
  {
    jobs,
    faces,
    threads,
    reuse = true,
    signal,
  }: { jobs: number; faces: number; threads: GameThreads; reuse?: boolean; signal?: AbortSignal },
): Promise<FaceRenderer> => {
  if (!(jobs >= 1)) throw new Error(`jobs must be at least 1, got ${jobs}`)
  const limitS = threads.limitMs / 1000
  const wanted = Math.max(1, Math.min(jobs, Math.floor(faces / FACES_PER_THREAD)))
  const pool: GameThread[] = threads.take(paths, wanted, { warm: true })
  const opening = pool.map((t) => t.call({ game: paths.id, do: 'open', options }))
  const first = await opening[0]!
  if (!first.ok) {
    // The templates do not load within the limit (or end their thread): no face can be drawn.
    await threads.trim(paths, 0)
    return {
      diagnostics: [stoppedDiagnostic(paths, first, limitS)],
      draw: async () => ({ diagnostics: [], stored: false }),
    }
  }
  const queue: Task[] = []
  // A thread that stops is replaced, a few times: code that ends every thread would otherwise start one per face.
  let replacements = pool.length + 2
  const live = () => pool.filter((t) => t.state !== 'gone')

  const send = (thread: GameThread, task: Task) => {
    const { language, ...job } = task.job
    void thread
      .call({
        game: paths.id,
        do: 'draw',
        job,
        language: sendLanguage(thread, language),
        key: task.key,
        options,
        store: store.dir,
        reuse,
      })
      .then((outcome) => {
        if (outcome.ok) task.resolve(outcome.value)
        else if (outcome.why === 'lost')
          queue.unshift(task) // it was only waiting: another thread draws it
        else task.resolve({ stored: false, diagnostics: [stoppedDiagnostic(paths, outcome, limitS)] })
        feed()
      })
  }
  const feed = () => {
    // Stopped (a watch's newer change): the faces not yet sent to a thread are not drawn.
    if (signal?.aborted) for (const task of queue.splice(0)) task.resolve({ stored: false, diagnostics: [] })
    if (queue.length && !live().length) {
      if (replacements-- > 0) {
        const [fresh] = threads.take(paths, 1)
        pool.push(fresh!)
        void fresh!.call({ game: paths.id, do: 'open', options })
      } else
        for (const task of queue.splice(0))
          task.resolve(
            faceFailure(
              paths,
              task.job,
              `the ${task.job.kind} was not drawn: the threads drawing the faces kept stopping (see the errors above)`,
              'render/code-stopped',
            ),
          )
    }
    for (const thread of live()) while (thread.load < AHEAD && queue.length) send(thread, queue.shift()!)
  }
  return {
    diagnostics: first.value,
    draw: (job, key) =>
      new Promise<DrawOutcome>((resolve) => {
        queue.push({ job, key, resolve })
        feed()
      }),
  }
}
