import { createHash } from 'node:crypto'
import type { Duplex } from './layout.ts'

type Doc = PDFKit.PDFDocument
/** What `doc.openImage` returns; @types/pdfkit does not declare it, and `doc.image` accepts it in place of a Buffer. */
export type OpenedImage = Buffer

/** Opens each distinct image once, so a card back shared by 90 cards is embedded once rather than 90 times. */
export const imageLoader = (doc: Doc): ((bytes: Buffer) => OpenedImage) => {
  const opened = new Map<string, OpenedImage>()
  const open = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage.bind(doc)
  return (bytes) => {
    const key = createHash('sha1').update(bytes).digest('hex')
    let image = opened.get(key)
    if (!image) opened.set(key, (image = open(bytes)))
    return image
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** PNG colour types 4 and 6 carry alpha: pdfkit embeds those ~25× slower and not byte-for-byte repeatably. */
export const hasAlpha = (bytes: Buffer): boolean =>
  bytes.length > 25 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && (bytes[25]! & 4) !== 0

const VIEWER_DUPLEX: Record<Duplex, string> = {
  'long-edge': 'DuplexFlipLongEdge',
  'short-edge': 'DuplexFlipShortEdge',
  none: 'Simplex',
}

/** Asks viewers to print at actual size (no "fit to page") and, as a hint, to flip the sheet as the layout assumes. */
export const setViewerPreferences = (doc: Doc, duplex: Duplex): void => {
  // pdfkit ends this ref itself when the document ends (it expects a ref here, as for its own displayTitle).
  ;(doc as unknown as { _root: { data: Record<string, unknown> } })._root.data.ViewerPreferences = doc.ref({
    PrintScaling: 'None',
    Duplex: VIEWER_DUPLEX[duplex],
  })
}
