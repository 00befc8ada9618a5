import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { ReplayMismatch } from './document.ts'

type Doc = PDFKit.PDFDocument

/** An image as `doc.image` takes it: opened once, embedded in the document at its first use. */
export interface PdfImage {
  width: number
  height: number
  label: string
  obj: unknown
  embed(doc: Doc): void
}

/** A picture to embed: its bytes, or the path of a file (read when it is first drawn). */
export type ImageSource = Buffer | string

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** PNG colour types 4 and 6 carry alpha: pdfkit embeds those ~25× slower and not byte-for-byte repeatably. */
const hasAlpha = (bytes: Buffer): boolean =>
  bytes.length > 25 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && (bytes[25]! & 4) !== 0

/**
 * An opaque, non-interlaced 8-bit grey or RGB PNG (what the face renderer writes) as a PDF image: the PNG's
 * compressed rows are the image stream as they are, under FlateDecode with the PNG predictor. This is what
 * pdfkit does for such a PNG, but pdfkit first copies the rows out of the file one byte at a time (~1.7 ms
 * for a poker face at 300 dpi); here the IDAT chunks are sliced out. Undefined for any other PNG, which
 * pdfkit opens itself.
 */
export const opaquePng = (bytes: Buffer, label: string): (PdfImage & PictureShape) | undefined => {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR')
    return undefined
  const width = bytes.readUInt32BE(16)
  const height = bytes.readUInt32BE(20)
  const [depth, colourType, , , interlace] = [bytes[24], bytes[25], bytes[26], bytes[27], bytes[28]]
  if (depth !== 8 || (colourType !== 0 && colourType !== 2) || interlace !== 0) return undefined
  const data: Buffer[] = []
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at)
    const type = bytes.toString('latin1', at + 4, at + 8)
    if (type === 'tRNS') return undefined // a transparent colour: pdfkit makes a mask of it
    if (type === 'IDAT') data.push(bytes.subarray(at + 8, at + 8 + length))
    if (type === 'IEND') break
    at += 12 + length
  }
  if (data.length === 0) return undefined
  return imageObject({ width, height, colours: colourType === 2 ? 3 : 1 }, label, () =>
    data.length === 1 ? data[0]! : Buffer.concat(data),
  )
}

/** The shape of an opaque picture's image object: its size in pixels and colour channels (3: RGB, 1: grey). */
export interface PictureShape {
  width: number
  height: number
  colours: 1 | 3
}

/**
 * An image XObject of `width` × `height` samples in `colourSpace`, deflated (with `decodeParms`, a predictor,
 * when its rows are filtered), whose stream is `stream()`: asked for once, when the image is embedded, then
 * let go. `embedded` hears of its length. (Its dictionary's keys keep their order: the PDFs' bytes do.)
 */
const flateImage = (
  width: number,
  height: number,
  label: string,
  colourSpace: string,
  decodeParms: Record<string, number> | undefined,
  stream: () => Buffer,
  embedded?: (doc: Doc, image: PdfImage, length: number) => void,
): PdfImage => {
  let bytes: (() => Buffer) | undefined = stream
  const image: PdfImage = {
    width,
    height,
    label,
    obj: null,
    embed(doc) {
      if (image.obj) return
      const ref = doc.ref({
        Type: 'XObject',
        Subtype: 'Image',
        BitsPerComponent: 8,
        Width: width,
        Height: height,
        ColorSpace: colourSpace,
        Filter: 'FlateDecode',
        ...(decodeParms && { DecodeParms: decodeParms }),
      })
      image.obj = ref
      const data = bytes!()
      bytes = undefined // the document has the bytes now
      ref.end(data)
      embedded?.(doc, image, data.length)
    },
  }
  return image
}

/** An image object of compressed PNG rows, whose stream is `stream()` (asked for once, when it is embedded, then let go). */
const imageObject = (
  { width, height, colours }: PictureShape,
  label: string,
  stream: () => Buffer,
): PdfImage & PictureShape => {
  const colourSpace = colours === 3 ? 'DeviceRGB' : 'DeviceGray'
  const decodeParms = { Predictor: 15, Colors: colours, BitsPerComponent: 8, Columns: width }
  const image = flateImage(width, height, label, colourSpace, decodeParms, stream, (doc, embedded, length) =>
    pdfImages(doc).embedded?.(embedded as PdfImage & PictureShape, length),
  )
  return Object.assign(image, { colours })
}

/**
 * A picture a document embedded, as much as another document needs to embed it again in the same place
 * without its bytes (see the sheets' resume): where it came from, its digest, shape and stream length.
 */
export interface EmbeddedPicture extends PictureShape {
  source: string
  digest: string
  length: number
}

interface PdfkitInternals {
  _imageCount: number
  openImage(src: Buffer): PdfImage
}

/** A document's pictures, each opened once (see `pdfImages`), and how many distinct ones carried alpha. */
interface Registry {
  open(source: ImageSource): PdfImage
  withAlpha: number
  /** Told of each picture as it is embedded (see `logPictures`). */
  embedded?: (image: PdfImage, length: number) => void
}

/**
 * How a document embeds its pictures, set before it draws any: `embedded` hears of each one as it goes in
 * (undefined for one that is not an opaque PNG read from a file), and `known` pictures, while `replaying()`,
 * go in from their records, with no file read and a stream of the recorded length whose bytes are not kept
 * (a document drawn again up to where it changed, its bytes before that taken from the earlier file).
 */
export interface PictureLog {
  known?: ReadonlyMap<string, EmbeddedPicture>
  replaying?: () => boolean
  embedded?: (picture: EmbeddedPicture | undefined) => void
}

/** Bytes that stand for a recorded picture's stream while a document replays (they are counted, never written). */
let zeros = Buffer.alloc(0)
const filler = (length: number): Buffer => {
  if (zeros.length < length) zeros = Buffer.alloc(Math.max(length, 2 * zeros.length))
  return zeros.subarray(0, length)
}

const registries = new WeakMap<Doc, Registry>()

/**
 * The document's pictures: each distinct picture is opened once per document, so a card back shared by 90
 * cards, or a picture shown on several pages, is embedded once.
 */
const pdfImages = (doc: Doc): Registry => {
  let registry = registries.get(doc)
  if (!registry) registries.set(doc, (registry = newRegistry(doc)))
  return registry
}

/** Sets how the document embeds its pictures (see `PictureLog`); call before drawing any. */
export const logPictures = (doc: Doc, log: PictureLog): void => {
  registries.set(doc, newRegistry(doc, log))
}

/** How many distinct pictures drawn on the document so far are PNGs with alpha (slow, not repeatable: worth a note). */
export const imagesWithAlpha = (doc: Doc): number => registries.get(doc)?.withAlpha ?? 0

const newRegistry = (doc: Doc, log: PictureLog = {}): Registry => {
  const internals = doc as unknown as PdfkitInternals
  const byDigest = new Map<string, PdfImage>()
  const byFile = new Map<string, PdfImage>()
  const byBuffer = new WeakMap<Buffer, PdfImage>()
  // What each plain picture read from a file is, for the log.
  const records = new WeakMap<PdfImage, Omit<EmbeddedPicture, 'length'>>()
  const label = () => `I${++internals._imageCount}`
  // Known by identity first (the same file, the same Buffer), then by content: equal faces stored under
  // two keys, or two Buffers of the same bytes, are one image.
  const byContent = (bytes: Buffer, source?: string): PdfImage => {
    const digest = createHash('sha1').update(bytes).digest('hex')
    let image = byDigest.get(digest)
    if (!image) {
      const plain = opaquePng(bytes, label())
      if (plain && source !== undefined)
        records.set(plain, { source, digest, width: plain.width, height: plain.height, colours: plain.colours })
      image = plain
      if (!image) {
        if (hasAlpha(bytes)) registry.withAlpha++
        image = internals.openImage(bytes)
        log.embedded?.(undefined) // pdfkit embeds it when drawn
      }
      byDigest.set(digest, image)
    }
    return image
  }
  // A picture from its record, while replaying.
  const recorded = (picture: EmbeddedPicture): PdfImage => {
    let image = byDigest.get(picture.digest)
    if (!image) {
      image = imageObject(picture, label(), () => {
        if (!log.replaying?.())
          throw new ReplayMismatch(
            `${picture.source} was recorded as drawn before the document changed, but is drawn after`,
          )
        return filler(picture.length)
      })
      records.set(image, picture)
      byDigest.set(picture.digest, image)
    }
    return image
  }
  const registry: Registry = {
    withAlpha: 0,
    open: (source) => {
      if (typeof source === 'string') {
        let image = byFile.get(source)
        if (!image) {
          const known = log.replaying?.() ? log.known?.get(source) : undefined
          byFile.set(source, (image = known ? recorded(known) : byContent(readFileSync(source), source)))
        }
        return image
      }
      let image = byBuffer.get(source)
      if (!image) byBuffer.set(source, (image = byContent(source)))
      return image
    },
    embedded:
      log.embedded &&
      ((image, length) => {
        const record = records.get(image)
        log.embedded!(record && { ...record, length })
      }),
  }
  return registry
}

/** Draws a picture with `doc.image`, embedding it in the document the first time it is drawn. */
export const drawImage = (
  doc: Doc,
  source: ImageSource,
  x: number,
  y: number,
  options: PDFKit.Mixins.ImageOption,
): void => {
  // pdfkit takes an opened image in place of a Buffer; @types/pdfkit does not say so.
  doc.image(pdfImages(doc).open(source) as unknown as Buffer, x, y, options)
}

/** CMYK samples, four bytes a pixel, as one deflated stream (what `cmykPicture` embeds). */
export interface CmykSamples {
  width: number
  height: number
  /** The samples compressed with zlib (FlateDecode, no predictor). */
  deflated: Buffer
}

/**
 * CMYK samples as a picture for `doc.image`, embedded once however often it is drawn, in DeviceCMYK: in a
 * PDF/X file, the colours of its output intent's profile.
 */
export const cmykPicture = (doc: Doc, { width, height, deflated }: CmykSamples): PdfImage => {
  const internals = doc as unknown as PdfkitInternals
  return flateImage(width, height, `I${++internals._imageCount}`, 'DeviceCMYK', undefined, () => deflated)
}
