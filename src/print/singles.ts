import { DiagnosticError } from '../diagnostics/diagnostic.ts'
import { createPdf, pdfToFile, pdfToMemory, type PdfSink } from '../pdf/document.ts'
import { mmToPt } from '../util/units.ts'
import { drawImage } from '../pdf/images.ts'
import type { PrintItem } from './sheets.ts'

/**
 * One page per face, for print services and for cutting machines: each page is the card's trim plus its
 * bleed, with the TrimBox on the trim and the BleedBox on the whole page. Each card's front is followed by
 * its back; a back shared by many cards is embedded once.
 */
export async function writeSingleCards(items: PrintItem[], options: SingleCardOptions): Promise<Buffer> {
  return singleCards(items, options, pdfToMemory)
}

/** The same PDF, written to `file` page by page. */
export async function writeSingleCardsFile(
  items: PrintItem[],
  options: SingleCardOptions,
  file: string,
): Promise<void> {
  return singleCards(items, options, (doc) => pdfToFile(doc, file))
}

export interface SingleCardOptions {
  title: string
  /** The language of the cards, in the PDF's metadata. */
  lang?: string
  bleedMm?: number
}

async function singleCards<T>(
  items: PrintItem[],
  options: SingleCardOptions,
  output: (doc: PDFKit.PDFDocument) => PdfSink<T>,
): Promise<T> {
  const { title, bleedMm = 3 } = options
  if (!(bleedMm >= 0))
    throw new DiagnosticError({
      rule: 'print/bad-option',
      severity: 'error',
      file: '',
      message: `bleedMm must be a number of millimetres, 0 or more; got ${bleedMm}.`,
    })
  if (items.length === 0)
    throw new DiagnosticError({
      rule: 'print/no-cards',
      severity: 'error',
      file: '',
      message: 'There are no cards to print.',
    })
  const first = items[0]!.size
  const doc = createPdf({
    title,
    lang: options.lang,
    size: [mmToPt(first.widthMm + 2 * bleedMm), mmToPt(first.heightMm + 2 * bleedMm)],
    print: { duplex: 'long-edge' },
  })
  const sink = output(doc)
  try {
    for (const { size, front, back } of items)
      for (const face of [front, back]) {
        const [w, h] = [mmToPt(size.widthMm + 2 * bleedMm), mmToPt(size.heightMm + 2 * bleedMm)]
        doc.addPage({ size: [w, h], margin: 0 })
        const b = mmToPt(bleedMm)
        const page = (doc.page as unknown as { dictionary: { data: Record<string, unknown> } }).dictionary.data
        page.TrimBox = [b, b, w - b, h - b]
        page.BleedBox = [0, 0, w, h]
        drawImage(doc, face, 0, 0, { width: w, height: h })
      }
  } catch (error) {
    sink.abandon()
    throw error
  }
  return sink.end()
}
