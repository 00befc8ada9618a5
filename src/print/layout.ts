import type { Duplex } from '../pdf/document.ts'
import type { CardSize } from '../engine/card-sizes.ts'
import { paper as paperOf, type Paper } from './paper.ts'
import { EPS, MARK_OFFSET_MM, packAxis } from './pack-axis.ts'
import { axisNotes, thinGapNote, tooLargeNote, turnedFitsNote, turnedPaperNote } from './layout-notes.ts'

export { MARK_LENGTH_MM, MARK_OFFSET_MM, MIN_MARK_MM, MIN_OUTER_BLEED_MM } from './pack-axis.ts'

/** How the sheet is turned over between printing the fronts and the backs. */
export type { Duplex }

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface Segment {
  x1: number
  y1: number
  x2: number
  y2: number
}

export interface Cell {
  /** Row-major position on the page, from the top left. */
  index: number
  column: number
  row: number
  /** The card's trim rectangle on the front page. */
  trim: Rect
  /** What of the front image (trim + full bleed) may show: trim plus the bleed this cell keeps. */
  clip: Rect
  /** Where the card's back goes on the back page so it lies behind `trim` after the duplex flip. */
  back: Rect
  backClip: Rect
}

export interface LayoutOptions {
  paper: Paper
  card: CardSize
  bleedMm: number
  gapMm?: number
  /** Border the printer cannot print; 0 packs the densest grid regardless of marks. */
  printerMarginMm?: number
  duplex?: Duplex
  /**
   * Fold-over: fronts on one half of the page, backs mirrored on the other half across a fold line, so
   * that folding the sheet puts every back behind its front. `duplex` is then ignored.
   */
  fold?: boolean
  /**
   * The bleed was asked for, not left to its default: a grid whose outer bleed must be thinner to leave room
   * for crop marks says so in a note only then. Default true.
   */
  bleedAsked?: boolean
}

/** One page of cards, all in millimetres from the top-left corner of the page. */
export interface SheetLayout {
  paper: Paper
  pageWidthMm: number
  pageHeightMm: number
  card: CardSize
  bleedMm: number
  gapMm: number
  duplex: Duplex
  /** The page axis that is mirrored to place the backs (`x`: back x = pageW − x − w); none with duplex 'none'. */
  mirror: Flip
  /** False when a card had to be centred over the printer margin because not even one fits inside it. */
  fitsMargin: boolean
  /** Fold-over only: the fold line, across the page's centre; the fronts lie left of it ('x') or above it ('y'). */
  fold?: Segment
  columns: number
  rows: number
  perPage: number
  cells: Cell[]
  cutsX: number[]
  cutsY: number[]
  /** The crop marks of a full page; `pageMarks` gives those of a page only partly filled. */
  marks: Segment[]
  /** How far crop marks run out from the grid's trim edge: `x` for the marks at its left and right, `y` above and below. */
  markReach: { x: Reach; y: Reach }
  notes: string[]
}

/** A crop mark's distances outward from the trim edge it stands beyond. */
export interface Reach {
  from: number
  to: number
}

export type Flip = 'x' | 'y' | undefined

/** Which page coordinate the duplex flip mirrors: a long-edge flip turns the sheet about its long edge. */
export const mirrorAxis = (duplex: Duplex, pageW: number, pageH: number): Flip => {
  if (duplex === 'none') return undefined
  const portrait = pageW <= pageH
  return (duplex === 'long-edge') === portrait ? 'x' : 'y'
}

export const mirror = (r: Rect, axis: Flip, pageW: number, pageH: number): Rect =>
  axis === 'x' ? { ...r, x: pageW - r.x - r.width } : axis === 'y' ? { ...r, y: pageH - r.y - r.height } : { ...r }

interface Sides {
  left: number
  right: number
  top: number
  bottom: number
}

const makeCell = (
  index: number,
  column: number,
  row: number,
  trim: Rect,
  bleed: Sides,
  flip: Flip,
  W: number,
  H: number,
): Cell => {
  const clip = tidyRect({
    x: trim.x - bleed.left,
    y: trim.y - bleed.top,
    width: trim.width + bleed.left + bleed.right,
    height: trim.height + bleed.top + bleed.bottom,
  })
  const back = tidyRect(mirror(trim, flip, W, H))
  return { index, column, row, trim, clip, back, backClip: tidyRect(mirror(clip, flip, W, H)) }
}

const uniqueSorted = (values: number[]): number[] =>
  [...values].sort((a, b) => a - b).filter((v, i, all) => i === 0 || v - all[i - 1]! > EPS)

// Sums of decimal millimetres drift (15.149999999999977); a micrometre is far below any printer's precision.
const tidy = (n: number): number => Math.round(n * 1e6) / 1e6 + 0
const tidyRect = (r: Rect): Rect => ({ x: tidy(r.x), y: tidy(r.y), width: tidy(r.width), height: tidy(r.height) })

/**
 * Which way a fold-over page folds: 'x' puts the fronts on the left half, 'y' on the top half. The one that
 * holds more cards; on a tie, the fold that halves the page's longer side.
 */
const chooseFold = (
  W: number,
  H: number,
  w: number,
  h: number,
  gap: number,
  bleed: number,
  margin: number,
): 'x' | 'y' => {
  // a fold whose cards cross the printer margin counts as holding none, unless neither fold keeps the margin
  const count = (lx: number, ly: number, keep: boolean) => {
    const [a, b] = [packAxis(lx, w, gap, bleed, margin), packAxis(ly, h, gap, bleed, margin)]
    return keep && (a.overMargin || b.overMargin) ? 0 : a.count * b.count
  }
  const keep = count(W / 2, H, true) + count(W, H / 2, true) > 0
  const x = count(W / 2, H, keep)
  const y = count(W, H / 2, keep)
  return x > y || (x === y && W > H) ? 'x' : 'y'
}

/** The fold line across the page's centre, kept out of the printer margin like everything else that prints. */
const foldLine = (axis: 'x' | 'y', W: number, H: number, margin: number): Segment =>
  axis === 'x'
    ? { x1: W / 2, y1: margin, x2: W / 2, y2: H - margin }
    : { x1: margin, y1: H / 2, x2: W - margin, y2: H / 2 }

/** Imposition of one card size on one paper: where every card, cut and crop mark goes. Pure; millimetres throughout. */
export const layoutSheet = (options: LayoutOptions): SheetLayout => {
  const o = {
    ...options,
    gapMm: options.gapMm ?? 0,
    printerMarginMm: options.printerMarginMm ?? 5,
    duplex: options.duplex ?? 'long-edge',
    fold: options.fold ?? false,
  }
  const { paper, bleedMm: bleed, gapMm: gap, printerMarginMm: margin, duplex } = o
  const W = paper.widthMm
  const H = paper.heightMm
  const w = o.card.widthMm
  const h = o.card.heightMm
  // Fold-over packs the fronts into one half of the page, as if it were a page of its own.
  const foldAxis = o.fold ? chooseFold(W, H, w, h, gap, bleed, margin) : undefined
  const lengthX = foldAxis === 'x' ? W / 2 : W
  const lengthY = foldAxis === 'y' ? H / 2 : H
  const ax = packAxis(lengthX, w, gap, bleed, margin)
  const ay = packAxis(lengthY, h, gap, bleed, margin)
  const fits = ax.count > 0 && ay.count > 0
  const columns = fits ? ax.count : 0
  const rows = fits ? ay.count : 0
  const notes: string[] = []
  if (!fits) notes.push(tooLargeNote(o.card, paper, Boolean(foldAxis)))
  else {
    notes.push(...axisNotes(ax, o, lengthX, 'x'), ...axisNotes(ay, o, lengthY, 'y'))
    if (!foldAxis && (columns < ax.fitsPaper || rows < ay.fitsPaper)) {
      const turned = { name: paper.name, landscape: !paper.landscape }
      const perTurned = packAxis(H, w, gap, bleed, margin).count * packAxis(W, h, gap, bleed, margin).count
      if (perTurned > columns * rows) notes.push(turnedFitsNote(turned, perTurned, o.card))
    }
  }

  const flip = foldAxis ?? mirrorAxis(duplex, W, H)
  const cells: Cell[] = []
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++) {
      const trim = tidyRect({ x: ax.start + column * (w + gap), y: ay.start + row * (h + gap), width: w, height: h })
      const left = column === 0 ? ax.bleedOut : ax.inner
      const right = column === columns - 1 ? ax.bleedOut : ax.inner
      const top = row === 0 ? ay.bleedOut : ay.inner
      const bottom = row === rows - 1 ? ay.bleedOut : ay.inner
      cells.push(makeCell(cells.length, column, row, trim, { left, right, top, bottom }, flip, W, H))
    }

  const cutsX = uniqueSorted(cells.filter((c) => c.row === 0).flatMap((c) => [c.trim.x, tidy(c.trim.x + w)]))
  const cutsY = uniqueSorted(cells.filter((c) => c.column === 0).flatMap((c) => [c.trim.y, tidy(c.trim.y + h)]))
  const markReach = { x: { from: ax.markFrom, to: ax.markTo }, y: { from: ay.markFrom, to: ay.markTo } }
  const marks = withFoldMarks(marksAround(cells, cells, markReach, bleed), foldAxis, W, H)
  if (gap > 0 && gap < 2 * bleed - EPS && columns * rows > 1) notes.push(thinGapNote(gap, bleed))

  return {
    paper,
    pageWidthMm: W,
    pageHeightMm: H,
    card: o.card,
    bleedMm: bleed,
    gapMm: gap,
    duplex,
    mirror: flip,
    fitsMargin: !(fits && (ax.overMargin || ay.overMargin)),
    ...(foldAxis && fits ? { fold: foldLine(foldAxis, W, H, margin) } : {}),
    columns,
    rows,
    perPage: columns * rows,
    cells,
    cutsX,
    cutsY,
    marks,
    markReach,
    notes,
  }
}

/**
 * Crop marks at the cut lines of the cards in `cells` (a page's), outside the block they fill. Beyond the
 * grid's last row or column the marks keep the room the layout gave them; where the grid goes on empty (a
 * part-filled page), they stand clear of the cards' full bleed, which reaches into the empty cells.
 */
const marksAround = (cells: Cell[], grid: Cell[], reach: { x: Reach; y: Reach }, bleed: number): Segment[] => {
  if (!cells.length) return []
  const edges = (of: Cell[], along: 'x' | 'y') =>
    uniqueSorted(
      of.flatMap((c) =>
        along === 'x' ? [c.trim.x, tidy(c.trim.x + c.trim.width)] : [c.trim.y, tidy(c.trim.y + c.trim.height)],
      ),
    )
  const [xs, ys] = [edges(cells, 'x'), edges(cells, 'y')]
  const [left, right, top, bottom] = [xs[0]!, xs.at(-1)!, ys[0]!, ys.at(-1)!]
  const past = (edge: number, gridEdge: number, r: Reach): Reach =>
    edge < gridEdge - EPS ? { from: bleed + MARK_OFFSET_MM, to: bleed + MARK_OFFSET_MM + r.to - r.from } : r
  const after = past(right, edges(grid, 'x').at(-1)!, reach.x)
  const below = past(bottom, edges(grid, 'y').at(-1)!, reach.y)
  const marks: Segment[] = []
  if (reach.y.to - reach.y.from > EPS)
    for (const x of xs) {
      marks.push({ x1: x, y1: top - reach.y.to, x2: x, y2: top - reach.y.from })
      marks.push({ x1: x, y1: bottom + below.from, x2: x, y2: bottom + below.to })
    }
  if (reach.x.to - reach.x.from > EPS)
    for (const y of ys) {
      marks.push({ x1: left - reach.x.to, y1: y, x2: left - reach.x.from, y2: y })
      marks.push({ x1: right + after.from, y1: y, x2: right + after.to, y2: y })
    }
  return marks.map(({ x1, y1, x2, y2 }) => ({ x1: tidy(x1), y1: tidy(y1), x2: tidy(x2), y2: tidy(y2) }))
}

const mirrorSegment = (m: Segment, flip: Flip, W: number, H: number): Segment => {
  const [a, b] = [
    mirror({ x: m.x1, y: m.y1, width: 0, height: 0 }, flip, W, H),
    mirror({ x: m.x2, y: m.y2, width: 0, height: 0 }, flip, W, H),
  ]
  return { x1: tidy(a.x), y1: tidy(a.y), x2: tidy(b.x), y2: tidy(b.y) }
}

/** The backs' half of a fold-over page is cut too: it gets the mirror image of the fronts' marks. */
const withFoldMarks = (marks: Segment[], foldAxis: Flip, W: number, H: number): Segment[] =>
  foldAxis ? [...marks, ...marks.map((m) => mirrorSegment(m, foldAxis, W, H))] : marks

/**
 * The crop marks of a page of the first `count` cards: at the cut lines of the cards on it, none for the
 * rows and columns a part-filled page leaves empty. A page of backs has them where its backs are (mirrored).
 */
export const pageMarks = (layout: SheetLayout, count: number, side: 'front' | 'back' = 'front'): Segment[] => {
  if (count >= layout.perPage) return layout.marks
  const { cells, markReach, bleedMm, mirror: flip, pageWidthMm: W, pageHeightMm: H } = layout
  const marks = withFoldMarks(
    marksAround(cells.slice(0, count), cells, markReach, bleedMm),
    layout.fold ? flip : undefined,
    W,
    H,
  )
  return side === 'back' ? marks.map((m) => mirrorSegment(m, flip, W, H)) : marks
}

/**
 * The first `count` cells of a page (the last page is often partly filled). A card whose right or lower
 * neighbour stays empty keeps its full bleed on that side: nothing is printed there to collide with.
 */
export const filledCells = (layout: SheetLayout, count: number): Cell[] => {
  const { columns, rows, bleedMm, pageWidthMm: W, pageHeightMm: H, mirror: flip } = layout
  return layout.cells.slice(0, count).map((cell) => {
    const { trim, clip, index, column, row } = cell
    const emptyRight = column < columns - 1 && index + 1 >= count
    const emptyBelow = row < rows - 1 && index + columns >= count
    if (!emptyRight && !emptyBelow) return cell
    const right = emptyRight ? bleedMm : clip.x + clip.width - trim.x - trim.width
    const bottom = emptyBelow ? bleedMm : clip.y + clip.height - trim.y - trim.height
    return makeCell(
      index,
      column,
      row,
      trim,
      { left: trim.x - clip.x, right, top: trim.y - clip.y, bottom },
      flip,
      W,
      H,
    )
  })
}

/**
 * The layout `layoutSheet` makes, unless the printer margin costs it cards (or no card fits) and the paper
 * turned the other way holds more: then the turned paper, with a note that says so. With a printer margin of
 * 0 nothing is lost to the margin, so the paper stays as asked.
 */
export const bestLayout = (options: LayoutOptions): SheetLayout => {
  const asked = layoutSheet(options)
  const densest =
    (options.printerMarginMm ?? 5) > 0 ? layoutSheet({ ...options, printerMarginMm: 0 }).perPage : asked.perPage
  if (asked.perPage > 0 && asked.fitsMargin && asked.perPage >= densest) return asked
  const paper = paperOf(options.paper.name, !options.paper.landscape)
  const turned = layoutSheet({ ...options, paper })
  // a grid that keeps the printer margin beats one that does not, then more cards a page beat fewer
  const better =
    turned.fitsMargin !== asked.fitsMargin ? turned.fitsMargin && turned.perPage > 0 : turned.perPage > asked.perPage
  if (!better) return asked
  return { ...turned, notes: [turnedPaperNote(options, asked, turned, densest), ...turned.notes] }
}
