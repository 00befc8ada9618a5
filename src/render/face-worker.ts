import { parentPort, workerData } from 'node:worker_threads'
import { gamePaths, loadGameDefinition } from '../load/project.ts'
import { openSession, type FaceJob, type RenderOptions } from './session.ts'

/** Holds one render session for one game and draws the faces the pool sends it. */
const { root, game: id, options } = workerData as { root: string; game: string; options: RenderOptions }
const paths = gamePaths(root, id)
const definition = await loadGameDefinition(paths)
const opened = definition.value ? await openSession(paths, definition.value, options) : undefined
parentPort!.postMessage({ ready: true, diagnostics: [...definition.diagnostics, ...(opened?.diagnostics ?? [])] })
parentPort!.on('message', async ({ id: jobId, job }: { id: number; job: FaceJob }) => {
  const drawn = opened ? await opened.value.draw(job) : { diagnostics: [] }
  parentPort!.postMessage({ id: jobId, drawn })
})
