import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import { relativePath, type GamePaths } from '../../load/project.ts'
import type { FaceStore } from './face-store.ts'
import type { FaceJob, RenderSession } from '../template/session.ts'
import { writeFailureReason } from '../../util/write-failure.ts'
import { NOTHING_DRAWN, type DrawnWith } from '../template/drawn-with.ts'
import { shownKey } from './face-key.ts'

/** What drawing a face left: its diagnostics, and whether the face is in the store (not when its template failed). */
export interface DrawOutcome {
  diagnostics: Diagnostic[]
  stored: boolean
  /** The key it is stored under: its inputs' with the texts of its language it showed (see shownKey). */
  key?: string
  /** Which texts of its language it showed (`ShownTexts` keys), for the store's index. */
  shown?: string[]
  /** Stored as a link of a face of the same look the store held: not drawn again. */
  alike?: boolean
  /** What it was drawn with, for the credits (a stored face only). */
  drawnWith?: DrawnWith
  /** Milliseconds spent drawing (SVG, PNG) and storing it. */
  spent?: { svg: number; png: number; store: number }
}

/** A face that could not be drawn or stored, as a diagnostic at its card (or the definition, for a shared back). */
export const faceFailure = (paths: GamePaths, job: FaceJob, message: string, rule: string): DrawOutcome => {
  const card = job.card
  const at = card
    ? { file: card.source.file, line: card.source.pos.line, column: card.source.pos.column, card: card.id }
    : { file: relativePath(paths.root, paths.definition), line: 1, column: 1 }
  return { stored: false, diagnostics: [{ rule, severity: 'error', ...at, message }] }
}

/**
 * A face that failed while it was drawn or stored: the file system refusing the store (a full disk, a
 * read-only folder) is one error naming the folder, the same for every face; anything else is an error at
 * the face's card.
 */
export const drawFailure = (paths: GamePaths, job: FaceJob, error: unknown, storeDir: string): DrawOutcome => {
  const reason = writeFailureReason(error)
  if (!reason)
    return faceFailure(
      paths,
      job,
      `drawing this ${job.kind} failed: ${String((error as Error)?.message ?? error).split('\n')[0]}`,
      'render/draw-failed',
    )
  return {
    stored: false,
    diagnostics: [
      {
        rule: 'build/write-failed',
        severity: 'error',
        file: relativePath(paths.root, storeDir),
        message: `faces cannot be stored in ${relativePath(paths.root, storeDir)}: ${reason}; nothing was written to the output`,
      },
    ],
  }
}

/**
 * Draws one face and stores its files (what a game thread does for each face it is sent), under its inputs'
 * key with the texts of its language it showed. The outcome says which texts those were, its diagnostics and
 * what drew it: the build's thread records them in the store's index for the next build to find the face.
 * `leftBehind` gives the errors the template's code threw outside the drawing (a promise nobody awaited):
 * they are recorded with the face, so that a build that takes it from the cache reports them too.
 */
export const drawInto = async (
  session: RenderSession,
  store: FaceStore,
  job: FaceJob,
  inputs: string,
  leftBehind?: () => Promise<Diagnostic[]>,
  reuse = true,
): Promise<DrawOutcome> => {
  // A face that looks like one the store holds (another card's with the same texts, or the same face after a
  // change to code that made the same tree) is stored as links of it, not drawn.
  let drawn = await session.draw(job, reuse ? { looks: store } : {})
  const shownKeys = Object.keys(drawn.shown)
  const left = (await leftBehind?.()) ?? []
  let diagnostics = [...drawn.diagnostics, ...left]
  const key = shownKey(inputs, drawn.shown)
  const { drawnWith = NOTHING_DRAWN } = drawn
  const outcome = (spent: DrawOutcome['spent']): DrawOutcome => ({
    diagnostics,
    stored: true,
    key,
    shown: shownKeys,
    drawnWith,
    spent,
  })
  if (drawn.reused && drawn.look) {
    const start = performance.now()
    if (store.putLook(key, drawn.look))
      return { ...outcome({ svg: 0, png: 0, store: performance.now() - start }), alike: true }
    drawn = await session.draw(job) // its look's files went meanwhile: drawn after all
    diagnostics = [...drawn.diagnostics, ...left]
  }
  const { face } = drawn
  if (!face) return { diagnostics, stored: false }
  const start = performance.now()
  const look = drawn.look && drawn.measures && { key: drawn.look, measures: drawn.measures }
  const { rasterMs } = await store.put(key, face, diagnostics, { reusePicture: reuse, ...(look && { look }) })
  return outcome({ svg: face.svgMs, png: rasterMs, store: performance.now() - start - rasterMs })
}
