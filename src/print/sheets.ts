import { DiagnosticError } from '../diagnostics/diagnostic.ts'
import { outputWords } from '../util/output-words.ts'
import { createPdf, pdfToFile, pdfToMemory, type PdfSink } from '../pdf/document.ts'
import { mmToPt } from '../util/units.ts'
import type { CardSize } from '../engine/card-sizes.ts'
import { bestLayout, filledCells, type Duplex, type Rect, type Segment, type SheetLayout } from './layout.ts'
import { paper as paperOf, paperLabel, type PaperName } from './paper.ts'
import { drawImage, imagesWithAlpha, type ImageSource } from '../pdf/images.ts'
import type { FaceCredits } from '../util/credits.ts'
import { addCreditsPages } from './credits-page.ts'

/** One card to print. Both faces are PNGs (RGB, no alpha) of the trim size plus the bleed on every side. */
export interface PrintItem {
  id: string
  /** The faces as PNG: their bytes, or their files. */
  front: ImageSource
  back: ImageSource
  size: CardSize
}

/** Millimetres to move the backs by, right (x) and down (y) as the back page is seen, to make up for a printer. */
export interface Offset {
  x: number
  y: number
}

export interface SheetOptions {
  title: string
  /** The language of the cards (`nl`), in the PDF's metadata. */
  lang?: string
  paper?: PaperName
  landscape?: boolean
  /** Bleed drawn around the trim in every face image; default 3 mm. */
  bleedMm?: number
  gapMm?: number
  printerMarginMm?: number
  duplex?: Duplex
  /** Fronts and backs side by side on each page, mirrored across a fold line; `duplex` is then ignored. */
  fold?: boolean
  /** Shifts everything on the back pages (duplex only); `deckwright calibrate` measures it. */
  backOffsetMm?: Offset
  /** Draws each card's rounded corners of this radius as cut guides on the fronts; 0 or none: no guides. */
  cornerRadiusMm?: number
  /** What the faces were drawn with: credited on a last page (its fonts, its icons and their authors). None: no credits page. */
  credits?: FaceCredits
}

export interface SheetGroup {
  size: string
  cards: number
  perPage: number
  columns: number
  rows: number
  sheets: number
  /** The paper of this size's pages: the one asked for, or turned when that holds more cards (see the notes). */
  paper: string
}

/** A page of the sheets as a preview draws it: its size, and where each face lies on it (its trim, in mm). */
export interface SheetPage {
  widthMm: number
  heightMm: number
  faces: { id: string; side: 'front' | 'back'; trim: Rect }[]
}

export interface SheetSummary {
  /** Every page, the credits included. */
  pages: number
  /** How the pages are printed: turned over on an edge, one-sided, or folded. */
  duplex: Duplex | 'fold'
  /** The card pages, in order (the credits left out). */
  plan: SheetPage[]
  /** The credits' pages, at the end (with `credits`). */
  creditsPages: number
  groups: SheetGroup[]
  /** The paper asked for. */
  paper: string
  notes: string[]
}

type Doc = PDFKit.PDFDocument

const drawFace = (doc: Doc, image: ImageSource, trim: Rect, clip: Rect, bleed: number): void => {
  doc.save()
  doc.rect(mmToPt(clip.x), mmToPt(clip.y), mmToPt(clip.width), mmToPt(clip.height)).clip()
  drawImage(doc, image, mmToPt(trim.x - bleed), mmToPt(trim.y - bleed), {
    width: mmToPt(trim.width + 2 * bleed),
    height: mmToPt(trim.height + 2 * bleed),
  })
  doc.restore()
}

const drawLines = (doc: Doc, lines: Segment[], color = 'black', dash?: number): void => {
  if (lines.length === 0) return
  doc.save()
  doc.lineWidth(0.25).strokeColor(color)
  if (dash) doc.dash(mmToPt(dash), { space: mmToPt(dash * 0.75) })
  for (const m of lines) doc.moveTo(mmToPt(m.x1), mmToPt(m.y1)).lineTo(mmToPt(m.x2), mmToPt(m.y2))
  doc.stroke()
  doc.restore()
}

// Bézier control distance for a quarter circle.
const KAPPA = 0.5522847498

/**
 * The four rounded corners of each trim, where a corner rounder should cut: hairlines inside the card's
 * corners, black over a wider white line so that they show on dark art and light art alike.
 */
const drawCorners = (doc: Doc, trims: Rect[], r: number): void => {
  if (r <= 0 || trims.length === 0) return
  for (const [width, color] of [[0.75, 'white'], [0.25, 'black']] as const) {
    doc.save()
    doc.lineWidth(width).strokeColor(color)
    cornerPaths(doc, trims, r)
    doc.stroke()
    doc.restore()
  }
}

const cornerPaths = (doc: Doc, trims: Rect[], r: number): void => {
  const k = r * (1 - KAPPA)
  for (const { x, y, width, height } of trims) {
    const [x2, y2] = [x + width, y + height]
    // from the point on one edge to the point on the next, bulging towards the corner
    const arc = (ax: number, ay: number, c1x: number, c1y: number, c2x: number, c2y: number, bx: number, by: number) =>
      doc.moveTo(mmToPt(ax), mmToPt(ay)).bezierCurveTo(mmToPt(c1x), mmToPt(c1y), mmToPt(c2x), mmToPt(c2y), mmToPt(bx), mmToPt(by))
    arc(x, y + r, x, y + k, x + k, y, x + r, y)
    arc(x2 - r, y, x2 - k, y, x2, y + k, x2, y + r)
    arc(x2, y2 - r, x2, y2 - k, x2 - k, y2, x2 - r, y2)
    arc(x + r, y2, x + k, y2, x, y2 - k, x, y2 - r)
  }
}

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

const checkOptions = (o: { bleedMm: number; gapMm: number; printerMarginMm: number; cornerRadiusMm: number; backOffsetMm: Offset }, items: PrintItem[]): void => {
  for (const [name, value] of Object.entries({ bleedMm: o.bleedMm, gapMm: o.gapMm, printerMarginMm: o.printerMarginMm, cornerRadiusMm: o.cornerRadiusMm }))
    if (!(value >= 0)) fail('print/bad-option', `${name} must be a number of millimetres, 0 or more; got ${value}.`)
  if (!Number.isFinite(o.backOffsetMm.x) || !Number.isFinite(o.backOffsetMm.y))
    fail('print/bad-option', `backOffsetMm must be two numbers of millimetres; got ${o.backOffsetMm.x}, ${o.backOffsetMm.y}.`)
  const smallest = items.reduce((min, i) => Math.min(min, i.size.widthMm, i.size.heightMm), Infinity)
  if (o.cornerRadiusMm > smallest / 2)
    fail('print/bad-option', `cornerRadiusMm (${o.cornerRadiusMm} mm) is more than half the smallest card side (${smallest} mm).`)
}

/**
 * Imposes the cards on print sheets: each card size on its own pages, in first-seen order, every page of
 * fronts followed (unless duplex is 'none') by a page of backs placed to land behind them after the flip,
 * or, with `fold`, fronts and backs on the same page either side of a fold line.
 */
export async function writeSheets(items: PrintItem[], options: SheetOptions): Promise<{ pdf: Buffer; summary: SheetSummary }> {
  const { result: pdf, summary } = await imposeSheets(items, options, pdfToMemory)
  return { pdf, summary }
}

/**
 * The same sheets, written to `file` as they are drawn: each face is read from its file when it is first
 * placed, so a deck of thousands of cards is never held in memory.
 */
export async function writeSheetsFile(items: PrintItem[], options: SheetOptions, file: string): Promise<SheetSummary> {
  return (await imposeSheets(items, options, (doc) => pdfToFile(doc, file))).summary
}

async function imposeSheets<T>(items: PrintItem[], options: SheetOptions, output: (doc: Doc) => PdfSink<T>): Promise<{ result: T; summary: SheetSummary }> {
  const { title, bleedMm = 3, gapMm = 0, printerMarginMm = 5, fold = false, cornerRadiusMm = 0, backOffsetMm = { x: 0, y: 0 } } = options
  const duplex: Duplex = fold ? 'none' : (options.duplex ?? 'long-edge')
  const paper = paperOf(options.paper ?? 'a4', options.landscape ?? false)
  checkOptions({ bleedMm, gapMm, printerMarginMm, cornerRadiusMm, backOffsetMm }, items)
  if (items.length === 0) fail('print/no-cards', 'There are no cards to print.')

  const groups = groupBySize(items).map((g) => ({
    ...g,
    layout: bestLayout({ paper, card: g.size, bleedMm, gapMm, printerMarginMm, duplex, fold }),
  }))
  const tooLarge = groups.filter((g) => g.layout.perPage === 0)
  if (tooLarge.length > 0) fail('print/card-too-large', tooLarge.map((g) => g.layout.notes[0]).join(' '), tooLarge[0]!.items[0]!.id)

  const doc = createPdf({ title, lang: options.lang, size: [mmToPt(paper.widthMm), mmToPt(paper.heightMm)], print: { duplex } })
  const sink = output(doc)
  const notes: string[] = []
  let pages = 0
  let creditsPages = 0
  const plan: SheetPage[] = []
  const planPage = (layout: SheetLayout): SheetPage => {
    const page: SheetPage = { widthMm: layout.pageWidthMm, heightMm: layout.pageHeightMm, faces: [] }
    plan.push(page)
    return page
  }
  // An item's id names its copy (`mission-01#2`); the plan names the card.
  const cardId = (item: PrintItem) => item.id.replace(/#\d+$/, '')
  try {
    const backPage = (layout: SheetLayout, draw: () => void) => {
      if (fold) return draw()
      doc.addPage({ size: [mmToPt(layout.pageWidthMm), mmToPt(layout.pageHeightMm)], margin: 0 })
      pages++
      planPage(layout)
      doc.save()
      doc.translate(mmToPt(backOffsetMm.x), mmToPt(backOffsetMm.y))
      draw()
      doc.restore()
    }
    for (const { size: card, items: cards, layout } of groups) {
      notes.push(...layout.notes.map((n) => `${card.name}: ${n}`))
      for (const sheet of chunk(cards, layout.perPage)) {
        const cells = filledCells(layout, sheet.length)
        doc.addPage({ size: [mmToPt(layout.pageWidthMm), mmToPt(layout.pageHeightMm)], margin: 0 })
        pages++
        const frontPage = planPage(layout)
        sheet.forEach((item, i) => frontPage.faces.push({ id: cardId(item), side: 'front', trim: cells[i]!.trim }))
        sheet.forEach((item, i) => drawFace(doc, item.front, cells[i]!.trim, cells[i]!.clip, bleedMm))
        drawCorners(doc, cells.map((c) => c.trim), cornerRadiusMm)
        drawLines(doc, layout.marks)
        if (layout.fold) drawLines(doc, [layout.fold], '#888888', 2)
        if (duplex === 'none' && !fold) continue
        backPage(layout, () => {
          const page = plan[plan.length - 1]!
          sheet.forEach((item, i) => page.faces.push({ id: cardId(item), side: 'back', trim: cells[i]!.back }))
          sheet.forEach((item, i) => drawFace(doc, item.back, cells[i]!.back, cells[i]!.backClip, bleedMm))
          if (!fold) drawLines(doc, layout.marks)
        })
      }
    }
    if (options.credits) pages += creditsPages = addCreditsPages(doc, options.credits, [mmToPt(paper.widthMm), mmToPt(paper.heightMm)], outputWords(options.lang))
    if ((fold || duplex === 'none') && (backOffsetMm.x !== 0 || backOffsetMm.y !== 0))
      notes.push(`The back offset moves the backs of double-sided pages only; it is ignored ${fold ? 'when folding' : 'without duplex'}.`)
    const withAlpha = imagesWithAlpha(doc)
    if (withAlpha > 0)
      notes.push(`${withAlpha} face image(s) have an alpha channel; flatten them to RGB for faster, repeatable PDFs.`)
  } catch (error) {
    sink.abandon() // a face that cannot be read: the staged file is removed by the caller
    throw error
  }

  return {
    result: await sink.end(),
    summary: {
      pages,
      creditsPages,
      duplex: fold ? 'fold' : duplex,
      plan,
      paper: paperLabel(paper),
      notes,
      groups: groups.map(({ size: card, items: cards, layout }) => ({
        size: card.name,
        cards: cards.length,
        perPage: layout.perPage,
        columns: layout.columns,
        rows: layout.rows,
        sheets: Math.ceil(cards.length / layout.perPage),
        paper: paperLabel(layout.paper),
      })),
    },
  }
}
