import { parentPort, workerData } from 'node:worker_threads'
import { gamePaths, loadGameDefinition, relativePath } from '../load/project.ts'
import { FaceStore } from './face-store.ts'
import { drawInto } from './pool.ts'
import { openSession, type FaceJob, type RenderOptions } from './session.ts'

/** Holds one render session for one game, draws the faces the pool sends it and stores them. */
const { root, game: id, options, store: storeDir } = workerData as { root: string; game: string; options: RenderOptions; store: string }
const store = new FaceStore(storeDir)
const paths = gamePaths(root, id)
const definition = await loadGameDefinition(paths)
const opened = definition.value ? await openSession(paths, definition.value, options) : undefined
parentPort!.postMessage({ ready: true, diagnostics: [...definition.diagnostics, ...(opened?.diagnostics ?? [])] })
parentPort!.on('message', async ({ id: jobId, job, key }: { id: number; job: FaceJob; key: string }) => {
  let drawn
  try {
    drawn = opened ? await drawInto(opened.value, store, job, key) : { diagnostics: [], stored: false }
  } catch (error) {
    const at = job.card ? { file: job.card.source.file, line: job.card.source.pos.line, column: job.card.source.pos.column, card: job.card.id } : { file: relativePath(root, paths.definition), line: 1, column: 1 }
    drawn = { stored: false, diagnostics: [{ rule: 'render/worker-failed', severity: 'error', ...at, message: `drawing this ${job.kind} failed: ${(error as Error).message.split('\n')[0]}` }] }
  }
  parentPort!.postMessage({ id: jobId, drawn })
})
