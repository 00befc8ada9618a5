import { createPdf, pdfToBuffer } from '../pdf/document.ts'
import { mmToPt } from '../util/units.ts'
import { mirrorAxis, type Segment } from './layout.ts'
import { paper as paperOf, type Paper, type PaperName } from './paper.ts'
import type { Offset } from './sheets.ts'

export interface CalibrationOptions {
  paper?: PaperName
  landscape?: boolean
  duplex?: 'long-edge' | 'short-edge'
  /** The back offset already in use: the page is printed with it, and still reads the offset to enter. */
  backOffsetMm?: Offset
}

/** A scale on the front page: `at` is the page coordinate (x for the X scale, y for the Y scale) of each value. */
export interface Scale {
  /** Where the scale's line runs: the y of the X scale, the x of the Y scale. */
  across: number
  ticks: { value: number; at: number }[]
}

export interface CalibrationGeometry {
  paper: Paper
  duplex: 'long-edge' | 'short-edge'
  offset: Offset
  /** Front page. */
  scales: { x: Scale; y: Scale }
  /** Back page, before the offset moves them: each lands on its scale's 0 when the printer is exact. */
  pointers: { x: Segment; y: Segment }
  /** Front page: a line 100 mm long, to check that nothing scaled the page. */
  ruler: Segment
}

/** Values either side of the offset in use, every half millimetre: home printers miss by 1–3 mm. */
const RANGE_MM = 6
const POINTER_MM = 24

/**
 * Where the calibration page draws its scales and pointers. A pointer on the back is placed behind its scale's
 * value 0 (plus the offset in use); a printer that shifts the back by s moves it to the value −s, the offset
 * that cancels s. Along an axis that the flip mirrors the scale's values grow with the coordinate, along the
 * other they shrink: the back seen through the sheet moves the other way.
 */
export const calibrationGeometry = (options: CalibrationOptions = {}): CalibrationGeometry => {
  const paper = paperOf(options.paper ?? 'a4', options.landscape ?? false)
  const duplex = options.duplex ?? 'long-edge'
  const offset = options.backOffsetMm ?? { x: 0, y: 0 }
  const { widthMm: W, heightMm: H } = paper
  const mirrored = mirrorAxis(duplex, W, H)
  const origin = { x: { x: W / 2, y: H / 2 - 10 }, y: { x: W / 2 + 40, y: H / 2 + 25 } }
  const scale = (axis: 'x' | 'y'): Scale => {
    const sign = mirrored === axis ? 1 : -1
    const centre = Math.round(offset[axis])
    const ticks = Array.from({ length: 4 * RANGE_MM + 1 }, (_, i) => centre - RANGE_MM + i / 2).map((value) => ({
      value,
      at: origin[axis][axis] + sign * (value - offset[axis]),
    }))
    return { across: axis === 'x' ? origin.x.y : origin.y.x, ticks }
  }
  // the back page position behind a front point, before the offset
  const behind = (x: number, y: number) => ({ x: mirrored === 'x' ? W - x : x, y: mirrored === 'y' ? H - y : y })
  const px = behind(origin.x.x, origin.x.y)
  const py = behind(origin.y.x, origin.y.y)
  const half = POINTER_MM / 2
  return {
    paper,
    duplex,
    offset,
    scales: { x: scale('x'), y: scale('y') },
    pointers: {
      x: { x1: px.x, y1: px.y - half, x2: px.x, y2: px.y + half },
      y: { x1: py.x - half, y1: py.y, x2: py.x + half, y2: py.y },
    },
    ruler: { x1: W / 2 - 50, y1: H - 45, x2: W / 2 + 50, y2: H - 45 },
  }
}

const MARGIN_MM = 5

interface TextOptions {
  /** Points; default 9. */
  size?: number
  /** Millimetres; default the page's width less 40. */
  width?: number
  align?: 'left' | 'center' | 'right'
}

/** Draws on a calibration page in millimetres: lines (stroked together), and text. */
interface Pen {
  doc: PDFKit.PDFDocument
  line(s: Segment): void
  text(s: string, xMm: number, yMm: number, o?: TextOptions): void
}

const penOn = (doc: PDFKit.PDFDocument, W: number): Pen => ({
  doc,
  line: (s) => {
    doc.moveTo(mmToPt(s.x1), mmToPt(s.y1)).lineTo(mmToPt(s.x2), mmToPt(s.y2))
  },
  text: (s, xMm, yMm, o = {}) => {
    doc
      .fontSize(o.size ?? 9)
      .text(s, mmToPt(xMm), mmToPt(yMm), { width: mmToPt(o.width ?? W - 40), align: o.align ?? 'left' })
  },
})

/** A scale of the front page: its line, a tick every half millimetre, the whole millimetres labelled, and its letter. */
const drawScale = ({ doc, line, text }: Pen, axis: 'x' | 'y', s: Scale): void => {
  const at = (v: { at: number }, d: number) =>
    axis === 'x' ? { x: v.at, y: s.across - d } : { x: s.across + d, y: v.at }
  const ends = [s.ticks[0]!, s.ticks.at(-1)!]
  line({ x1: at(ends[0]!, 0).x, y1: at(ends[0]!, 0).y, x2: at(ends[1]!, 0).x, y2: at(ends[1]!, 0).y })
  for (const t of s.ticks) {
    const long = Number.isInteger(t.value) ? 3 : 1.5
    const [a, b] = [at(t, 0), at(t, long)]
    line({ x1: a.x, y1: a.y, x2: b.x, y2: b.y })
  }
  doc.stroke()
  for (const t of s.ticks.filter((t) => Number.isInteger(t.value))) {
    // alternate rows: a millimetre is narrower than a label
    const p = at(t, Math.abs(Math.round(t.value)) % 2 === 0 ? 6.2 : 3.6)
    const label = String(t.value) // '-' is in the standard fonts' encoding, '−' is not
    if (axis === 'x') text(label, p.x - 3, p.y - 2.2, { size: 5.5, width: 6, align: 'center' })
    else text(label, p.x, p.y - 0.9, { size: 5.5, width: 8, align: 'left' })
  }
  const first = at(s.ticks[0]!, 0)
  if (axis === 'x') text('X', Math.min(first.x, at(ends[1]!, 0).x) - 8, s.across - 3, { size: 11, width: 6 })
  else text('Y', s.across - 6, Math.min(first.y, at(ends[1]!, 0).y) - 7, { size: 11, width: 6 })
}

/**
 * A duplex test page: print it double-sided at actual size, hold it against a window, and read where the
 * lines printed on the back cross the scales on the front: that is the `--back-offset X,Y` to enter.
 */
export async function writeCalibration(options: CalibrationOptions = {}): Promise<Buffer> {
  const g = calibrationGeometry(options)
  const { widthMm: W, heightMm: H } = g.paper
  const size: [number, number] = [mmToPt(W), mmToPt(H)]
  const doc = createPdf({ title: 'deckwright calibration', size, print: { duplex: g.duplex } })
  const pen = penOn(doc, W)
  const { line, text } = pen
  const flip = g.duplex === 'long-edge' ? 'on the long edge' : 'on the short edge'
  const paperName = `${g.paper.name === 'a4' ? 'A4' : 'US Letter'} ${g.paper.landscape ? 'landscape' : 'portrait'}`

  // front
  doc.addPage({ size, margin: 0 })
  doc.font('Helvetica')
  text('deckwright duplex calibration', 20, 20, { size: 16 })
  text(
    `1. Print this page double-sided on ${paperName} paper, flipped ${flip}, at actual size (no "fit to page").\n` +
      '2. Hold the sheet against a window: the two lines printed on the back cross the scales below (in millimetres).\n' +
      '3. Read X where the vertical line crosses the X scale, and Y where the horizontal line crosses the Y scale.\n' +
      '4. Build with that offset (both 0: your printer needs none):',
    20,
    30,
    { width: W - 40 },
  )
  text(`deckwright build --duplex ${g.duplex} --back-offset X,Y`, 26, 52, { size: 11, width: W - 46 })
  if (g.offset.x || g.offset.y)
    text(
      `This page was printed with --back-offset ${g.offset.x},${g.offset.y}: the scales read the whole offset, not a change to it.`,
      20,
      60,
      { size: 9 },
    )
  doc.save().lineWidth(0.25).strokeColor('black')
  drawScale(pen, 'x', g.scales.x)
  drawScale(pen, 'y', g.scales.y)
  line(g.ruler)
  line({ x1: g.ruler.x1, y1: g.ruler.y1 - 3, x2: g.ruler.x1, y2: g.ruler.y1 + 3 })
  line({ x1: g.ruler.x2, y1: g.ruler.y2 - 3, x2: g.ruler.x2, y2: g.ruler.y2 + 3 })
  doc.stroke()
  text(
    'This line is 100 mm long. If it is not, the page was scaled: print at actual size.',
    W / 2 - 60,
    g.ruler.y1 + 4,
    { size: 8, width: 120, align: 'center' },
  )
  // the printer margin deckwright keeps by default
  doc
    .dash(mmToPt(1.5), { space: mmToPt(1.5) })
    .rect(mmToPt(MARGIN_MM), mmToPt(MARGIN_MM), mmToPt(W - 2 * MARGIN_MM), mmToPt(H - 2 * MARGIN_MM))
    .stroke()
    .undash()
  text(
    `The dashed frame is ${MARGIN_MM} mm inside the paper's edge. If any of it is missing, use a larger --printer-margin.`,
    20,
    H - 20,
    { size: 8, width: W - 40, align: 'center' },
  )
  doc.restore()

  // back
  doc.addPage({ size, margin: 0 })
  doc.save().translate(mmToPt(g.offset.x), mmToPt(g.offset.y)).lineWidth(0.75).strokeColor('black')
  line(g.pointers.x)
  line(g.pointers.y)
  doc.stroke().restore()
  doc.font('Helvetica')
  text('Back of the deckwright calibration page: read the scales on the other side.', 20, 20, {
    size: 9,
    width: W - 40,
    align: 'center',
  })
  return pdfToBuffer(doc)
}
