import { failWriteForTest } from '../util/write-failure.ts'
import { closeSync, openSync, writeSync } from 'node:fs'
import PDFDocument from 'pdfkit'

/**
 * The fixed date written into every PDF: SOURCE_DATE_EPOCH when set (reproducible-builds.org), else the epoch.
 * pdfkit derives the file ID from the info dictionary, so a fixed date makes the bytes repeatable.
 */
export const buildDate = (): Date => {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH)
  return new Date(Number.isFinite(epoch) && epoch > 0 ? epoch * 1000 : 0)
}

/** How the printer turns a double-sided sheet (`none`: one-sided). */
export type Duplex = 'long-edge' | 'short-edge' | 'none'

export interface PdfOptions {
  title: string
  /** The document's language (`en`, `nl`), for readers, screen readers and hyphenation in viewers. */
  lang?: string
  size: [number, number]
  margin?: number
  /**
   * Print at actual size (no "fit to page") and, as a hint, flip double-sided sheets this way. Set for
   * anything measured (cards, calibration, imposed booklets); a reading document leaves it out.
   */
  print?: { duplex: Duplex }
}

const VIEWER_DUPLEX: Record<Duplex, string> = {
  'long-edge': 'DuplexFlipLongEdge',
  'short-edge': 'DuplexFlipShortEdge',
  none: 'Simplex',
}

/** A pdfkit document whose bytes depend only on what is drawn on it. */
export const createPdf = ({ title, lang, size, margin = 0, print }: PdfOptions): PDFKit.PDFDocument => {
  const doc = new PDFDocument({
    size,
    ...(lang && { lang }),
    margin,
    pdfVersion: '1.7',
    autoFirstPage: false,
    compress: true,
    info: { Title: title, Creator: 'deckwright', Producer: 'deckwright', CreationDate: buildDate(), ModDate: buildDate() },
  })
  if (print) {
    // pdfkit ends this ref itself when the document ends (it expects a ref here, as for its own displayTitle).
    ;(doc as unknown as { _root: { data: Record<string, unknown> } })._root.data.ViewerPreferences = doc.ref({
      PrintScaling: 'None',
      Duplex: VIEWER_DUPLEX[print.duplex],
    })
  }
  return doc
}

/** Ends the document and collects its bytes. */
export const pdfToBuffer = (doc: PDFKit.PDFDocument): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    doc.end()
  })

/** Where a document's bytes go: `end()` finishes the document; `abandon()` lets go of it after a failure. */
export interface PdfSink<T> {
  end(): Promise<T>
  abandon(): void
}

/** Collects the document's bytes in memory. */
export const pdfToMemory = (doc: PDFKit.PDFDocument): PdfSink<Buffer> => ({ end: () => pdfToBuffer(doc), abandon: () => undefined })

/**
 * Sends the document's bytes to a file as pdfkit produces them (each embedded image is written when it is
 * first drawn), so a PDF of thousands of faces is never held in memory. Call before drawing; `end()` ends
 * the document and closes the file, `abandon()` closes it after a failure (the caller removes the file).
 */
export const pdfToFile = (doc: PDFKit.PDFDocument, path: string): PdfSink<void> => {
  const fd = openSync(path, 'w')
  let failed: unknown
  doc.on('data', (c: Uint8Array) => {
    try {
      if (failed === undefined) {
        failWriteForTest(path)
        writeSync(fd, c)
      }
    } catch (error) {
      failed = error
    }
  })
  let closed = false
  const close = () => {
    if (!closed) closeSync(fd)
    closed = true
  }
  return {
    abandon: close,
    end: () =>
      new Promise<void>((resolve, reject) => {
        doc.on('end', () => {
          close()
          if (failed === undefined) resolve()
          else reject(failed)
        })
        doc.on('error', (error: unknown) => {
          close()
          reject(error)
        })
        doc.end()
      }),
  }
}
