import { failWriteForTest } from '../util/write-failure.ts'
import { closeSync, openSync, readSync, writeSync } from 'node:fs'
import { requireCommonJs } from '../util/commonjs.ts'

const PDFDocument = requireCommonJs('pdfkit') as typeof import('pdfkit')

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
  /** The PDF version (default 1.7): a PDF/X file is written in the one its standard is built on. */
  version?: '1.4' | '1.6' | '1.7'
}

const VIEWER_DUPLEX: Record<Duplex, string> = {
  'long-edge': 'DuplexFlipLongEdge',
  'short-edge': 'DuplexFlipShortEdge',
  none: 'Simplex',
}

/** A pdfkit document whose bytes depend only on what is drawn on it. */
export const createPdf = ({
  title,
  lang,
  size,
  margin = 0,
  print,
  version = '1.7',
}: PdfOptions): PDFKit.PDFDocument => {
  const doc = new PDFDocument({
    size,
    ...(lang && { lang }),
    margin,
    pdfVersion: version,
    autoFirstPage: false,
    compress: true,
    info: {
      Title: title,
      Creator: 'deckwright',
      Producer: 'deckwright',
      CreationDate: buildDate(),
      ModDate: buildDate(),
    },
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

/**
 * Hands the document's bytes to `take` as pdfkit writes them, and resolves once the document has ended.
 * pdfkit passes its bytes to a Node stream, which holds everything written in one synchronous run until the
 * event loop turns: a sheets PDF drawn in one go (450 MB at 10,000 cards) was held whole before the first
 * byte reached its file. Call before drawing.
 */
const takeBytes = (doc: PDFKit.PDFDocument, take: (chunk: Uint8Array) => void): Promise<void> => {
  const stream = doc as unknown as { read(): Uint8Array | null; push(chunk: Uint8Array | null): boolean }
  const head = stream.read() // the header, written when the document was made
  if (head) take(head)
  return new Promise((resolve) => {
    stream.push = (chunk) => {
      if (chunk === null) resolve()
      else take(chunk)
      return true
    }
  })
}

/** Ends the document and collects its bytes. */
export const pdfToBuffer = async (doc: PDFKit.PDFDocument): Promise<Buffer> => {
  const chunks: Uint8Array[] = []
  const ended = takeBytes(doc, (chunk) => chunks.push(chunk))
  doc.end()
  await ended
  return Buffer.concat(chunks)
}

/** Where a document's bytes go: `end()` finishes the document; `abandon()` lets go of it after a failure. */
export interface PdfSink<T> {
  end(): Promise<T>
  abandon(): void
}

/** Collects the document's bytes in memory. */
export const pdfToMemory = (doc: PDFKit.PDFDocument): PdfSink<Buffer> => {
  const chunks: Uint8Array[] = []
  const ended = takeBytes(doc, (chunk) => chunks.push(chunk))
  return {
    end: async () => {
      doc.end()
      await ended
      return Buffer.concat(chunks)
    },
    abandon: () => undefined,
  }
}

/** The earlier file a document replays did not hold what its record said: the document is to be made afresh. */
export class ReplayMismatch extends Error {}

/** A document's bytes going to a file (see `pdfToFile`). */
export interface FileSink extends PdfSink<void> {
  /** How many bytes the document has written so far. */
  readonly offset: number
  /** True while the bytes are those of the earlier file: counted, not written. */
  readonly replaying: boolean
  /** Ends the replay: the earlier file's first `offset` bytes go into the file, and what follows is written. */
  resume(): void
}

/**
 * Sends the document's bytes to a file as pdfkit produces them (each embedded image is written when it is
 * first drawn), so a PDF of thousands of faces is never held in memory. Call before drawing; `end()` ends
 * the document and closes the file, `abandon()` closes it after a failure (the caller removes the file).
 *
 * With `earlier` (an open file), the document starts by drawing again what that file holds: its bytes are
 * counted and dropped until `resume()`, which copies as many from it.
 */
export const pdfToFile = (doc: PDFKit.PDFDocument, path: string, earlier?: number): FileSink => {
  const fd = openSync(path, 'w')
  let failed: unknown
  let offset = 0
  let replaying = earlier !== undefined
  const ended = takeBytes(doc, (chunk) => {
    const at = offset
    offset += chunk.length
    if (replaying) return
    try {
      if (failed === undefined) {
        failWriteForTest(path)
        writeSync(fd, chunk, 0, chunk.length, at)
      }
    } catch (error) {
      failed = error // reported when the document ends
    }
  })
  let closed = false
  const close = () => {
    if (!closed) closeSync(fd)
    closed = true
  }
  return {
    get offset() {
      return offset
    },
    get replaying() {
      return replaying
    },
    resume() {
      if (!replaying) return
      replaying = false
      try {
        copyStart(earlier!, fd, offset)
      } catch (error) {
        failed ??= error
      }
    },
    abandon: close,
    end: async () => {
      try {
        doc.end()
        await ended
        if (replaying) failed ??= new Error(`${path} ended while it was still being drawn again (at byte ${offset})`)
      } finally {
        close()
      }
      if (failed !== undefined) throw failed
    },
  }
}

/** Copies the first `length` bytes of the open file `from` to `fd`, a few megabytes at a time. */
const copyStart = (from: number, fd: number, length: number): void => {
  const buffer = Buffer.allocUnsafe(Math.min(length, 8 << 20))
  for (let at = 0; at < length; ) {
    const read = readSync(from, buffer, 0, Math.min(buffer.length, length - at), at)
    if (read === 0) throw new ReplayMismatch(`the earlier file ended at byte ${at}, before byte ${length}`)
    writeSync(fd, buffer, 0, read, at)
    at += read
  }
}
