import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Gallery } from '../make/gallery.ts'
import type { SheetSummary } from '../print/sheets.ts'

/** Marks the build process a preview runs: it tells the preview what each build made. */
export const PREVIEW_CHILD = 'DECKWRIGHT_PREVIEW_CHILD'
/** The cards a new build process draws first (JSON: their ids), those the page shows. */
export const PREVIEW_FIRST = 'DECKWRIGHT_PREVIEW_FIRST'

/** The cards to draw first, from the environment a preview gave its build process. */
export const firstCards = (env: NodeJS.ProcessEnv = process.env): string[] => {
  try {
    const ids: unknown = JSON.parse(env[PREVIEW_FIRST] ?? '[]')
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

/**
 * What a preview's build process says of each build of a game: each face as it is stored, then its faces
 * (a gallery, or the errors that kept them from being built), then the sheets and the booklet made from them.
 */
export type PreviewMessage =
  | { game: string; stage: 'face'; name: string; key: string }
  | { game: string; stage: 'faces'; diagnostics: Diagnostic[]; gallery?: Gallery }
  | { game: string; stage: 'outputs'; diagnostics: Diagnostic[]; written: string[]; sheets?: SheetSummary }

export const isPreviewMessage = (message: unknown): message is PreviewMessage =>
  typeof message === 'object' &&
  message !== null &&
  typeof (message as { game?: unknown }).game === 'string' &&
  ['face', 'faces', 'outputs'].includes((message as { stage?: string }).stage ?? '')
