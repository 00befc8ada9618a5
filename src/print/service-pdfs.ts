// The files a print service takes as PDF (DriveThruCards, European printers' PDF/X-4): one PDF per deck,
// each page one card face at trim plus bleed, in CMYK through an ICC output profile, total ink limited.
import { createHash } from 'node:crypto'
import { closeSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { CardSize } from '../engine/card-sizes.ts'
import { buildDate, createPdf, pdfToFile, pdfToMemory } from '../pdf/document.ts'
import { cmykPicture, drawImage, type CmykSamples, type PdfImage } from '../pdf/images.ts'
import { markPdfx, pdfxPdfVersion, type OutputIntent } from '../pdf/pdfx.ts'
import type { MadeOutput, OutputFile } from '../outputs/output-cache.ts'
import type { ServicePdf } from '../outputs/presets.ts'
import { sourceHash } from '../cache/source-hash.ts'
import { mmToPt } from '../util/units.ts'
import { tmpTag } from '../util/atomic-write.ts'
import { drawCmykPages, type Ghostscript } from './ghostscript.ts'
import { highestInk, limitInk } from './ink.ts'
import { groupBy } from '../util/group-by.ts'

/** A face of a card as the build drew it: its PNG and the store's key for it. */
export interface ServiceFace {
  png: string
  key: string
}

/** A card to print: its faces, its deck (the cards that share a back), and where it is written. */
export interface ServiceCard {
  id: string
  qty: number
  deck: string
  size: CardSize
  front: ServiceFace
  back: ServiceFace
  /** True when the card has a back of its own (a type with `back: 'own'`), not its deck's. */
  ownBack?: boolean
  /** The card's place in its file: the warnings about its faces point there. */
  at: { file: string; line?: number; column?: number }
}

export interface ServiceOptions {
  /** The service's name, in warnings (`DriveThruCards`). */
  service: string
  pdf: ServicePdf
  /** The game's title, and the language of its cards (the PDFs' metadata). */
  title: string
  lang?: string
  /** How the files' names start: the game's id (with the language, for another language's edition). */
  stem: string
  bleedMm: number
  /** The output profile: its file (for Ghostscript) and the intent written into every PDF. */
  profile: { file: string; intent: OutputIntent }
  gs: Ghostscript
  /**
   * A folder for Ghostscript's input, a temporary file named `….<pid>-<thread>-<n>.tmp` (the outputs' scratch
   * folder, whose leftovers a later build removes); default a folder of the system's, removed after.
   */
  scratch?: string
}

/** What the PDFs are made from, as a key for the outputs' cache: the faces, the options, the profile, Ghostscript. */
export const serviceKey = (cards: readonly ServiceCard[], options: ServiceOptions): string =>
  createHash('sha256')
    .update(sourceHash('print', 'pdf', 'outputs', 'util'))
    .update(String(buildDate().getTime()))
    .update(createHash('sha256').update(options.profile.intent.profile).digest('hex'))
    .update(
      JSON.stringify([
        options.service,
        options.pdf,
        options.title,
        options.lang,
        options.stem,
        options.bleedMm,
        options.profile.intent.description,
        options.profile.intent.identifier,
        options.gs.version,
        cards.map((c) => [c.id, c.qty, c.deck, c.size, c.front.key, c.back.key, c.ownBack, c.at]),
      ]),
    )
    .digest('hex')
    .slice(0, 40)

/** A distinct face to convert, with the cards that show it (front or back). */
interface FaceUse {
  face: ServiceFace
  fronts: ServiceCard[]
  backs: ServiceCard[]
}

/**
 * One PDF per deck, `<folder>/<stem>-<deck>.pdf`, with the warnings of faces over the service's ink limit.
 * Every distinct face is converted once: drawn into CMYK by Ghostscript through the profile, its ink
 * measured and limited, its samples embedded once in each PDF that shows it.
 */
export const makeServicePdfs = async (cards: readonly ServiceCard[], options: ServiceOptions): Promise<MadeOutput> => {
  const uses = new Map<string, FaceUse>()
  const use = (face: ServiceFace): FaceUse => {
    let found = uses.get(face.png)
    if (!found) uses.set(face.png, (found = { face, fronts: [], backs: [] }))
    return found
  }
  for (const card of cards) {
    use(card.front).fronts.push(card)
    use(card.back).backs.push(card)
  }
  const faces = [...uses.values()]
  const diagnostics: Diagnostic[] = []
  const converted = await convertFaces(faces, options, diagnostics)
  const samples = new Map(faces.map((f, i) => [f.face.png, converted[i]!]))
  const decks = groupBy(cards, (card) => card.deck)
  const files: OutputFile[] = []
  const named = new Set<string>()
  for (const [deck, inDeck] of decks) {
    // Two decks whose names differ only in what a file name cannot hold keep a file each.
    let name = `${options.stem}-${fileName(deck)}`
    for (let n = 2; named.has(name); n++) name = `${options.stem}-${fileName(deck)}-${n}`
    named.add(name)
    files.push({ name: join(options.pdf.folder, `${name}.pdf`), data: await deckPdf(deck, inDeck, samples, options) })
  }
  return { files, diagnostics }
}

/** A deck's name as part of a file name. */
const fileName = (deck: string): string => deck.replace(/[^A-Za-z0-9._-]+/g, '-')

/** Each face converted to CMYK by Ghostscript, its ink measured, warned of and limited; in the order given. */
const convertFaces = async (
  faces: readonly FaceUse[],
  options: ServiceOptions,
  diagnostics: Diagnostic[],
): Promise<CmykSamples[]> => {
  const own = options.scratch === undefined ? mkdtempSync(join(tmpdir(), 'deckwright-cmyk-')) : undefined
  if (options.scratch) mkdirSync(options.scratch, { recursive: true })
  const source = join(own ?? options.scratch!, `faces.${tmpTag()}.tmp`)
  try {
    await writeFacePages(faces, source)
    const converted: CmykSamples[] = []
    await drawCmykPages(
      options.gs,
      source,
      options.profile.file,
      ({ width, height, pixels }, i) => {
        const highest = highestInk(pixels)
        if (highest > options.pdf.inkLimit) {
          diagnostics.push(...inkWarnings(faces[i]!, highest, options))
          limitInk(pixels, options.pdf.inkLimit)
        }
        converted.push({ width, height, deflated: deflateSync(pixels) })
      },
      60_000 + 1000 * faces.length,
    )
    if (converted.length !== faces.length)
      throw new Error(`Ghostscript drew ${converted.length} pages of ${faces.length} faces`)
    return converted
  } finally {
    rmSync(own ?? source, { recursive: true, force: true })
  }
}

/** A PNG's size in pixels, from its header. */
const pngSize = (file: string): { width: number; height: number } => {
  const head = Buffer.alloc(24)
  const fd = openSync(file, 'r')
  try {
    readSync(fd, head, 0, 24, 0)
  } finally {
    closeSync(fd)
  }
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) }
}

/**
 * The faces as Ghostscript's input, one a page, each page as many points as its PNG has pixels: drawn at
 * 72 dpi, each pixel of a face is one pixel of its page.
 */
const writeFacePages = async (faces: readonly FaceUse[], file: string): Promise<void> => {
  const doc = createPdf({ title: 'faces', size: [72, 72] })
  const sink = pdfToFile(doc, file)
  try {
    for (const { face } of faces) {
      const { width, height } = pngSize(face.png)
      doc.addPage({ size: [width, height], margin: 0 })
      drawImage(doc, face.png, 0, 0, { width, height })
    }
  } catch (error) {
    sink.abandon()
    throw error
  }
  await sink.end()
}

/** The warnings of a face over the ink limit: at each card whose front it is, and at the first card of each deck whose back it is. */
const inkWarnings = (use: FaceUse, highest: number, { service, pdf }: ServiceOptions): Diagnostic[] => {
  const says = (which: string) =>
    `${which} carries up to ${highest}% total ink, and ${service} takes at most ${pdf.inkLimit}%: its PDF brings it down to ${pdf.inkLimit}% (the darkest colours print a little lighter)`
  const at = (card: ServiceCard, which: string): Diagnostic => ({
    rule: 'print/ink-limit',
    severity: 'warning',
    ...card.at,
    card: card.id,
    message: says(which),
  })
  const firstOfDeck = [...groupBy(use.backs, (card) => (card.ownBack ? card.id : card.deck)).values()].map(
    (cards) => cards[0]!,
  )
  return [
    ...use.fronts.map((card) => at(card, `${card.id}'s front`)),
    ...firstOfDeck.map((card) => at(card, card.ownBack ? `${card.id}'s back` : `The back of the ${card.deck} deck`)),
  ]
}

/** A deck's PDF/X: each card `qty` times, its two faces in the service's order, each page trim plus bleed. */
const deckPdf = async (
  deck: string,
  cards: readonly ServiceCard[],
  samples: ReadonlyMap<string, CmykSamples>,
  { pdf, title, lang, stem, bleedMm, profile }: ServiceOptions,
): Promise<Buffer> => {
  const first = cards[0]!.size
  const doc = createPdf({
    title: `${title} — ${deck}`,
    lang,
    size: [mmToPt(first.widthMm + 2 * bleedMm), mmToPt(first.heightMm + 2 * bleedMm)],
    version: pdfxPdfVersion(pdf.standard),
  })
  markPdfx(doc, pdf.standard, profile.intent, `${stem}/${deck}`)
  const sink = pdfToMemory(doc)
  const pictures = new Map<string, PdfImage>()
  const picture = (face: ServiceFace): PdfImage => {
    let image = pictures.get(face.png)
    if (!image) pictures.set(face.png, (image = cmykPicture(doc, samples.get(face.png)!)))
    return image
  }
  const b = mmToPt(bleedMm)
  for (const card of cards) {
    const [w, h] = [mmToPt(card.size.widthMm + 2 * bleedMm), mmToPt(card.size.heightMm + 2 * bleedMm)]
    const sides = pdf.order === 'back-front' ? [card.back, card.front] : [card.front, card.back]
    for (let copy = 0; copy < card.qty; copy++)
      for (const face of sides) {
        doc.addPage({ size: [w, h], margin: 0 })
        const page = (doc.page as unknown as { dictionary: { data: Record<string, unknown> } }).dictionary.data
        page.TrimBox = [b, b, w - b, h - b]
        page.BleedBox = [0, 0, w, h]
        delete page.UserUnit // a PDF 1.6 key pdfkit always writes: PDF/X-1a is PDF 1.4
        doc.image(picture(face) as unknown as Buffer, 0, 0, { width: w, height: h })
      }
  }
  return sink.end()
}
