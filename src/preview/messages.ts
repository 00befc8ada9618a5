import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Gallery } from '../build/gallery.ts'
import type { SheetSummary } from '../print/sheets.ts'

/** Marks the build process a preview runs: it tells the preview what each build made. */
export const PREVIEW_CHILD = 'DECKWRIGHT_PREVIEW_CHILD'

/**
 * What a preview's build process says after each build of a game: its faces first (a gallery, or the
 * errors that kept them from being built), then the sheets and the booklet made from them.
 */
export type PreviewMessage =
  | { game: string; stage: 'faces'; diagnostics: Diagnostic[]; gallery?: Gallery }
  | { game: string; stage: 'outputs'; diagnostics: Diagnostic[]; written: string[]; sheets?: SheetSummary }

export const isPreviewMessage = (message: unknown): message is PreviewMessage =>
  typeof message === 'object' && message !== null && typeof (message as { game?: unknown }).game === 'string' && ['faces', 'outputs'].includes((message as { stage?: string }).stage ?? '')
