import { stopPoint } from '../util/stop-point.ts'
import { DiagnosticError } from '../diagnostics/diagnostic.ts'
import { outputWords } from '../outputs/output-words.ts'
import { createPdf, pdfToFile, pdfToMemory, ReplayMismatch, type PdfSink } from '../pdf/document.ts'
import { mmToPt } from '../util/units.ts'
import type { CardSize } from '../engine/card-sizes.ts'
import {
  bestLayout,
  filledCells,
  pageMarks,
  type Cell,
  type Duplex,
  type Rect,
  type Segment,
  type SheetLayout,
} from './layout.ts'
import { paper as paperOf, paperLabel, type Paper, type PaperName } from './paper.ts'
import { drawImage, imagesWithAlpha, logPictures, type ImageSource } from '../pdf/images.ts'
import {
  chainKeys,
  openRecorded,
  readRecord,
  replayOf,
  sheetsSeed,
  unchanged,
  writeRecord,
  type PageRecord,
  type Replay,
} from './sheets-resume.ts'
import { closeSync } from 'node:fs'
import type { FaceCredits } from '../outputs/credits.ts'
import { fileStamp } from '../util/file-stamp.ts'
import type { SheetPage, SheetSummary } from './sheet-summary.ts'
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
  /** Stops the sheets between pages once aborted (a watch's newer change): the writing throws its reason. */
  signal?: AbortSignal
  /** The language of the cards (`nl`), in the PDF's metadata. */
  lang?: string
  paper?: PaperName
  landscape?: boolean
  /**
   * Bleed drawn around the trim in every face image; default 3 mm. When given, a grid that cannot keep all
   * of it outside (crop marks need room) says so in the summary's notes.
   */
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
  /**
   * Draws pages before the cards' (an update pack's list), on the paper's size; returns how many it added.
   * Duplex: a blank page follows an odd count, so that each page of fronts keeps its backs behind it.
   */
  intro?: (doc: PDFKit.PDFDocument, size: [number, number]) => number
}

export type { SheetGroup, SheetPage, SheetSummary } from './sheet-summary.ts'

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
  for (const [width, color] of [
    [0.75, 'white'],
    [0.25, 'black'],
  ] as const) {
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
      doc
        .moveTo(mmToPt(ax), mmToPt(ay))
        .bezierCurveTo(mmToPt(c1x), mmToPt(c1y), mmToPt(c2x), mmToPt(c2y), mmToPt(bx), mmToPt(by))
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

const checkOptions = (
  o: { bleedMm: number; gapMm: number; printerMarginMm: number; cornerRadiusMm: number; backOffsetMm: Offset },
  items: PrintItem[],
): void => {
  for (const [name, value] of Object.entries({
    bleedMm: o.bleedMm,
    gapMm: o.gapMm,
    printerMarginMm: o.printerMarginMm,
    cornerRadiusMm: o.cornerRadiusMm,
  }))
    if (!(value >= 0)) fail('print/bad-option', `${name} must be a number of millimetres, 0 or more; got ${value}.`)
  if (!Number.isFinite(o.backOffsetMm.x) || !Number.isFinite(o.backOffsetMm.y))
    fail(
      'print/bad-option',
      `backOffsetMm must be two numbers of millimetres; got ${o.backOffsetMm.x}, ${o.backOffsetMm.y}.`,
    )
  const smallest = items.reduce((min, i) => Math.min(min, i.size.widthMm, i.size.heightMm), Infinity)
  if (o.cornerRadiusMm > smallest / 2)
    fail(
      'print/bad-option',
      `cornerRadiusMm (${o.cornerRadiusMm} mm) is more than half the smallest card side (${smallest} mm).`,
    )
}

/**
 * Imposes the cards on print sheets: each card size on its own pages, in first-seen order, every page of
 * fronts followed (unless duplex is 'none') by a page of backs placed to land behind them after the flip,
 * or, with `fold`, fronts and backs on the same page either side of a fold line.
 */
export async function writeSheets(
  items: PrintItem[],
  options: SheetOptions,
): Promise<{ pdf: Buffer; summary: SheetSummary }> {
  const { result: pdf, summary } = await imposeSheets(items, options, pdfToMemory)
  return { pdf, summary }
}

/** Where the sheets of the build before are, and the record of how they were made (see `SheetsRecord`). */
export interface SheetsReuse {
  /** The sheets PDF as the build before left it (`out/<game>/<game>-cards.pdf`). */
  earlier: string
  /** The record, kept in the game's cache. */
  record: string
}

/**
 * The same sheets, written to the file `file()` names (asked for only when something is written) as they
 * are drawn: each face is read from its file when it is first placed, so a deck of thousands of cards is
 * never held in memory. With `reuse`, sheets in which nothing changed are not written (`written` false:
 * the earlier file is the same), and others are drawn only from the first page that changed, the bytes
 * before it copied from the earlier file.
 */
export async function writeSheetsFile(
  items: PrintItem[],
  options: SheetOptions,
  file: () => string,
  reuse?: SheetsReuse,
): Promise<MadeSheets> {
  const plan = planSheets(items, options)
  const fromFiles = plan.pages.every((page) =>
    page.sheet.every((item) => typeof item.front === 'string' && typeof item.back === 'string'),
  )
  if (!reuse || !fromFiles)
    return {
      summary: (await drawSheets(plan, options, (doc) => pdfToFile(doc, file()))).summary,
      written: true,
      from: 0,
    }
  const seed = sheetsSeed(
    { ...options, signal: undefined, credits: options.credits && { drawnWith: options.credits.drawnWith } },
    options.credits?.root,
  )
  const keys = chainKeys(seed, plan.pages.map(pageContent))
  const record = readRecord(reuse.record)
  // The earlier file, open from now on: its bytes are what the record describes, whatever replaces its path.
  const earlier = openRecorded(record, reuse.earlier)
  try {
    if (earlier !== undefined && unchanged(record, seed, keys))
      return { summary: record!.summary, written: false, from: plan.pages.length }
    const path = file()
    const pages: PageRecord[] = []
    let plain = true
    const draw = (replay: Replay | undefined) =>
      drawSheets(
        plan,
        options,
        (doc) => {
          const sink = pdfToFile(doc, path, replay && earlier)
          logPictures(doc, {
            known: replay?.known,
            replaying: () => sink.replaying,
            embedded: (picture) => (picture ? pages[pages.length - 1]?.pictures.push(picture) : (plain = false)),
          })
          return sink
        },
        (sink, page) => {
          if (page === replay?.from) {
            if (sink.offset !== replay.offset)
              throw new ReplayMismatch(
                `page ${page + 1} starts at byte ${sink.offset}, not ${replay.offset} as recorded`,
              )
            sink.resume()
          }
          pages.push({ key: keys[page]!, offset: sink.offset, pictures: [] })
        },
      )
    let replay = earlier === undefined ? undefined : replayOf(record, seed, keys)
    let made: Awaited<ReturnType<typeof draw>>
    try {
      made = await draw(replay)
    } catch (error) {
      if (!(error instanceof ReplayMismatch)) throw error
      // The earlier file did not hold what its record said: made afresh.
      pages.length = 0
      plain = true
      replay = undefined
      made = await draw(undefined)
    }
    const remember = (placed: string) => {
      const stamp = fileStamp(placed)
      if (stamp) writeRecord(reuse.record, { stamp, seed, pages, summary: made.summary })
    }
    return { summary: made.summary, written: true, from: replay?.from ?? 0, ...(plain && { remember }) }
  } finally {
    if (earlier !== undefined) closeSync(earlier)
  }
}

export interface MadeSheets {
  summary: SheetSummary
  /** False when the sheets are the earlier file as it is (see `SheetsReuse`). */
  written: boolean
  /** The page drawn first (from 0): those before it were the earlier file's bytes (all of them when not `written`). */
  from: number
  /**
   * Writes the record of the sheets just made, for the next build to reuse them, once the file that holds
   * them is `placed` (the file written, or an earlier one found to have the same bytes). None when the
   * sheets cannot be reused (a picture that is not an opaque PNG file).
   */
  remember?: (placed: string) => void
}

/** One page of cards: the fronts of one sheet, or their backs (with `fold`, both on the front page). */
interface PlannedPage {
  side: 'front' | 'back'
  card: CardSize
  layout: SheetLayout
  sheet: PrintItem[]
  cells: Cell[]
}

interface SheetsPlan {
  pages: PlannedPage[]
  groups: { size: CardSize; items: PrintItem[]; layout: SheetLayout }[]
  paper: Paper
  duplex: Duplex
  fold: boolean
  bleedMm: number
  cornerRadiusMm: number
  backOffsetMm: Offset
}

/** What is drawn on a page, for its key: the faces' files and where they go (their layout follows from the options). */
const pageContent = (page: PlannedPage): unknown => [
  page.side,
  page.card,
  page.layout.pageWidthMm,
  page.layout.pageHeightMm,
  page.sheet.map((item) => [item.id, item.front, item.back]),
]

const planSheets = (items: PrintItem[], options: SheetOptions): SheetsPlan => {
  const {
    bleedMm = 3,
    gapMm = 0,
    printerMarginMm = 5,
    fold = false,
    cornerRadiusMm = 0,
    backOffsetMm = { x: 0, y: 0 },
  } = options
  const duplex: Duplex = fold ? 'none' : (options.duplex ?? 'long-edge')
  const paper = paperOf(options.paper ?? 'a4', options.landscape ?? false)
  checkOptions({ bleedMm, gapMm, printerMarginMm, cornerRadiusMm, backOffsetMm }, items)
  if (items.length === 0) fail('print/no-cards', 'There are no cards to print.')

  const groups = groupBySize(items).map((g) => ({
    ...g,
    // A thinner outer bleed is noted only when the bleed was asked for: the default's is the layout's to choose.
    layout: bestLayout({
      paper,
      card: g.size,
      bleedMm,
      gapMm,
      printerMarginMm,
      duplex,
      fold,
      bleedAsked: options.bleedMm !== undefined,
    }),
  }))
  const tooLarge = groups.filter((g) => g.layout.perPage === 0)
  if (tooLarge.length > 0)
    fail('print/card-too-large', tooLarge.map((g) => g.layout.notes[0]).join(' '), tooLarge[0]!.items[0]!.id)
  const pages: PlannedPage[] = []
  for (const { size: card, items: cards, layout } of groups)
    for (const sheet of chunk(cards, layout.perPage)) {
      const cells = filledCells(layout, sheet.length)
      pages.push({ side: 'front', card, layout, sheet, cells })
      if (duplex !== 'none' && !fold) pages.push({ side: 'back', card, layout, sheet, cells })
    }
  return { pages, groups, paper, duplex, fold, bleedMm, cornerRadiusMm, backOffsetMm }
}

async function imposeSheets<T>(
  items: PrintItem[],
  options: SheetOptions,
  output: (doc: Doc) => PdfSink<T>,
): Promise<{ result: T; summary: SheetSummary }> {
  return drawSheets(planSheets(items, options), options, output)
}

/** Draws the planned pages; `starting` hears of each card page once it is added (and the page before it written out). */
async function drawSheets<S extends PdfSink<T>, T>(
  sheets: SheetsPlan,
  options: SheetOptions,
  output: (doc: Doc) => S,
  starting?: (sink: S, page: number) => void,
): Promise<{ result: T; summary: SheetSummary }> {
  const { pages: planned, groups, paper, duplex, fold, bleedMm, cornerRadiusMm, backOffsetMm } = sheets
  const doc = createPdf({
    title: options.title,
    lang: options.lang,
    size: [mmToPt(paper.widthMm), mmToPt(paper.heightMm)],
    print: { duplex },
  })
  const sink = output(doc)
  const notes: string[] = []
  for (const { size: card, layout } of groups) notes.push(...layout.notes.map((n) => `${card.name}: ${n}`))
  let creditsPages = 0
  let introPages = 0
  const plan: SheetPage[] = []
  // An item's id names its copy (`mission-01#2`); the plan names the card.
  const cardId = (item: PrintItem) => item.id.replace(/#\d+$/, '')
  try {
    if (options.intro) {
      const size: [number, number] = [mmToPt(paper.widthMm), mmToPt(paper.heightMm)]
      introPages = options.intro(doc, size)
      if (duplex !== 'none' && !fold && introPages % 2) {
        doc.addPage({ size, margin: 0 })
        introPages++
      }
    }
    for (const [index, { side, layout, sheet, cells }] of planned.entries()) {
      // A watch's newer change stops the sheets between pages (the staged file is removed by the caller).
      await stopPoint(options.signal)
      doc.addPage({ size: [mmToPt(layout.pageWidthMm), mmToPt(layout.pageHeightMm)], margin: 0 })
      starting?.(sink, index)
      const page: SheetPage = { widthMm: layout.pageWidthMm, heightMm: layout.pageHeightMm, faces: [] }
      plan.push(page)
      const backs = () => {
        sheet.forEach((item, i) => page.faces.push({ id: cardId(item), side: 'back', trim: cells[i]!.back }))
        sheet.forEach((item, i) => drawFace(doc, item.back, cells[i]!.back, cells[i]!.backClip, bleedMm))
      }
      if (side === 'back') {
        doc.save()
        doc.translate(mmToPt(backOffsetMm.x), mmToPt(backOffsetMm.y))
        backs()
        drawLines(doc, pageMarks(layout, sheet.length, 'back'))
        doc.restore()
        continue
      }
      sheet.forEach((item, i) => page.faces.push({ id: cardId(item), side: 'front', trim: cells[i]!.trim }))
      sheet.forEach((item, i) => drawFace(doc, item.front, cells[i]!.trim, cells[i]!.clip, bleedMm))
      drawCorners(
        doc,
        cells.map((c) => c.trim),
        cornerRadiusMm,
      )
      // Crop marks at the cards on the page: none for the empty rows of a part-filled one.
      drawLines(doc, pageMarks(layout, sheet.length))
      if (layout.fold) drawLines(doc, [layout.fold], '#888888', 2)
      if (fold) backs()
    }
    if (options.credits)
      creditsPages = addCreditsPages(
        doc,
        options.credits,
        [mmToPt(paper.widthMm), mmToPt(paper.heightMm)],
        outputWords(options.lang),
      )
    if ((fold || duplex === 'none') && (backOffsetMm.x !== 0 || backOffsetMm.y !== 0))
      notes.push(
        `The back offset moves the backs of double-sided pages only; it is ignored ${fold ? 'when folding' : 'without duplex'}.`,
      )
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
      pages: introPages + planned.length + creditsPages,
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
