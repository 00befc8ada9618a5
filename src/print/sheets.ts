import { createHash } from 'node:crypto'
import { DiagnosticError } from '../diagnostics/diagnostic.ts'
import { createPdf, pdfToBuffer } from '../util/pdf.ts'
import { mmToPt } from '../util/units.ts'
import type { CardSize } from './card-sizes.ts'
import { filledCells, layoutSheet, type Duplex, type Rect, type SheetLayout } from './layout.ts'
import { paper as paperOf, paperLabel, type PaperName } from './paper.ts'

/** One card to print. Both faces are PNGs (RGB, no alpha) of the trim size plus the bleed on every side. */
export interface PrintItem {
  id: string
  front: Buffer
  back: Buffer
  size: CardSize
}

export interface SheetOptions {
  title: string
  paper?: PaperName
  landscape?: boolean
  /** Bleed drawn around the trim in every face image; default 3 mm. */
  bleedMm?: number
  gapMm?: number
  printerMarginMm?: number
  duplex?: Duplex
}

export interface SheetSummary {
  pages: number
  groups: { size: string; cards: number; perPage: number; columns: number; rows: number; sheets: number }[]
  paper: string
  notes: string[]
}

const VIEWER_DUPLEX: Record<Duplex, string> = {
  'long-edge': 'DuplexFlipLongEdge',
  'short-edge': 'DuplexFlipShortEdge',
  none: 'Simplex',
}

type Doc = PDFKit.PDFDocument
/** What `doc.openImage` returns; @types/pdfkit does not declare it, and `doc.image` accepts it in place of a Buffer. */
type OpenedImage = Buffer

/** Opens each distinct image once, so a card back shared by 90 cards is embedded once rather than 90 times. */
const imageLoader = (doc: Doc): ((bytes: Buffer) => OpenedImage) => {
  const opened = new Map<string, OpenedImage>()
  const open = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage.bind(doc)
  return (bytes) => {
    const key = createHash('sha1').update(bytes).digest('hex')
    let image = opened.get(key)
    if (!image) opened.set(key, (image = open(bytes)))
    return image
  }
}

const pt = mmToPt

const drawFace = (doc: Doc, image: OpenedImage, trim: Rect, clip: Rect, bleed: number): void => {
  doc.save()
  doc.rect(pt(clip.x), pt(clip.y), pt(clip.width), pt(clip.height)).clip()
  doc.image(image, pt(trim.x - bleed), pt(trim.y - bleed), {
    width: pt(trim.width + 2 * bleed),
    height: pt(trim.height + 2 * bleed),
  })
  doc.restore()
}

const drawMarks = (doc: Doc, layout: SheetLayout): void => {
  if (layout.marks.length === 0) return
  doc.save()
  doc.lineWidth(0.25).strokeColor('black')
  for (const m of layout.marks) doc.moveTo(pt(m.x1), pt(m.y1)).lineTo(pt(m.x2), pt(m.y2))
  doc.stroke()
  doc.restore()
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** PNG colour types 4 and 6 carry alpha: pdfkit embeds those ~25× slower and not byte-for-byte repeatably. */
const hasAlpha = (bytes: Buffer): boolean =>
  bytes.length > 25 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && (bytes[25]! & 4) !== 0

const groupBySize = (items: PrintItem[]): { size: CardSize; items: PrintItem[] }[] => {
  const groups = new Map<string, { size: CardSize; items: PrintItem[] }>()
  for (const item of items) {
    const key = `${item.size.name}|${item.size.widthMm}|${item.size.heightMm}`
    let group = groups.get(key)
    if (!group) groups.set(key, (group = { size: item.size, items: [] }))
    group.items.push(item)
  }
  return [...groups.values()]
}

const chunk = <T>(list: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size))

const fail = (rule: string, message: string, card?: string): never => {
  throw new DiagnosticError({ rule, severity: 'error', message, file: '', ...(card ? { card } : {}) })
}

/**
 * Imposes the cards on print sheets: each card size on its own pages, in first-seen order, every page of
 * fronts followed (unless duplex is 'none') by a page of backs placed to land behind them after the flip.
 */
export async function writeSheets(items: PrintItem[], options: SheetOptions): Promise<{ pdf: Buffer; summary: SheetSummary }> {
  const { title, bleedMm = 3, gapMm = 0, printerMarginMm = 5, duplex = 'long-edge' } = options
  const paper = paperOf(options.paper ?? 'a4', options.landscape ?? false)
  for (const [name, value] of Object.entries({ bleedMm, gapMm, printerMarginMm }))
    if (!(value >= 0)) fail('print/bad-option', `${name} must be a number of millimetres, 0 or more; got ${value}.`)
  if (items.length === 0) fail('print/no-cards', 'There are no cards to print.')

  const groups = groupBySize(items).map((g) => ({
    ...g,
    layout: layoutSheet({ paper, card: g.size, bleedMm, gapMm, printerMarginMm, duplex }),
  }))
  const tooLarge = groups.filter((g) => g.layout.perPage === 0)
  if (tooLarge.length > 0) fail('print/card-too-large', tooLarge.map((g) => g.layout.notes[0]).join(' '), tooLarge[0]!.items[0]!.id)

  const size: [number, number] = [pt(paper.widthMm), pt(paper.heightMm)]
  const doc = createPdf({ title, size })
  // pdfkit ends this ref itself when the document ends (it expects a ref here, as for its own displayTitle).
  ;(doc as unknown as { _root: { data: Record<string, unknown> } })._root.data.ViewerPreferences = doc.ref({
    PrintScaling: 'None',
    Duplex: VIEWER_DUPLEX[duplex],
  })
  const load = imageLoader(doc)
  const notes: string[] = []
  let pages = 0
  for (const { size: card, items: cards, layout } of groups) {
    notes.push(...layout.notes.map((n) => `${card.name}: ${n}`))
    for (const sheet of chunk(cards, layout.perPage)) {
      const cells = filledCells(layout, sheet.length)
      doc.addPage({ size, margin: 0 })
      sheet.forEach((item, i) => drawFace(doc, load(item.front), cells[i]!.trim, cells[i]!.clip, bleedMm))
      drawMarks(doc, layout)
      pages++
      if (duplex === 'none') continue
      doc.addPage({ size, margin: 0 })
      sheet.forEach((item, i) => drawFace(doc, load(item.back), cells[i]!.back, cells[i]!.backClip, bleedMm))
      drawMarks(doc, layout)
      pages++
    }
  }
  const withAlpha = new Set(items.flatMap((item) => [item.front, item.back]).filter(hasAlpha)).size
  if (withAlpha > 0)
    notes.push(`${withAlpha} face image(s) have an alpha channel; flatten them to RGB for faster, repeatable PDFs.`)

  return {
    pdf: await pdfToBuffer(doc),
    summary: {
      pages,
      paper: paperLabel(paper),
      notes,
      groups: groups.map(({ size: card, items: cards, layout }) => ({
        size: card.name,
        cards: cards.length,
        perPage: layout.perPage,
        columns: layout.columns,
        rows: layout.rows,
        sheets: Math.ceil(cards.length / layout.perPage),
      })),
    },
  }
}
