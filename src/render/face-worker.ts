import { parentPort, workerData } from 'node:worker_threads'
import { gamePaths, loadGameDefinition } from '../load/project.ts'
import { FaceStore } from './face-store.ts'
import { drawFailure, drawInto } from './pool.ts'
import { openSession, type FaceJob, type RenderOptions } from './session.ts'

/** Holds one render session for one game, draws the faces the pool sends it and stores them. */
const { root, game: id, options, store: storeDir } = workerData as { root: string; game: string; options: RenderOptions; store: string }
const store = new FaceStore(storeDir)
const paths = gamePaths(root, id)
const definition = await loadGameDefinition(paths)
// The build loaded this definition already; a worker that cannot is dropped, and the others draw its share.
if (!definition.value) throw new Error(`the game definition did not load: ${definition.diagnostics[0]?.message ?? 'unknown problem'}`)
const opened = await openSession(paths, definition.value, options)
// Templates that did not load here (loaded by the build, they should have): the others draw this worker's share.
const failed = opened.diagnostics.find((d) => d.severity === 'error')
if (failed) throw new Error(`the templates did not load: ${failed.message}`)
const session = opened.value
parentPort!.postMessage({ ready: true })
// One face at a time, in the order sent (the pool sends a face ahead). Each waits for the event loop to
// turn: resvg's native buffers are freed by finalizers that run only then, and faces drawn back to back
// without a turn held gigabytes at a few thousand faces.
let last: Promise<void> = Promise.resolve()
parentPort!.on('message', (message: { id: number; job: FaceJob; key: string }) => {
  last = last.then(() => new Promise((turned) => setImmediate(turned))).then(() => draw(message))
})

const draw = async ({ id: jobId, job, key }: { id: number; job: FaceJob; key: string }): Promise<void> => {
  let drawn
  try {
    drawn = await drawInto(session, store, job, key)
  } catch (error) {
    drawn = drawFailure(paths, job, error, store.dir)
  }
  parentPort!.postMessage({ id: jobId, drawn })
}
