// A tuck box for each deck: a printable net (one page a deck) that folds into a box the deck's size. Cut lines
// solid, fold lines dashed; the back image on the front and back panels, the game's title and the deck's
// name on the front, sides and lid. The geometry is plain data in millimetres (`tuckBoxNet`), drawn by
// `writeTuckBoxes`.
import { DiagnosticError, type Diagnostic } from '../diagnostics/diagnostic.ts'
import type { CardSize } from '../engine/card-sizes.ts'
import { createPdf, pdfToMemory } from '../pdf/document.ts'
import { drawImage, type ImageSource } from '../pdf/images.ts'
import { mmToPt } from '../util/units.ts'
import { PAPER_SIZES, type PaperName } from './paper.ts'
import { pageFonts } from './text-pages.ts'

/**
 * The room the box leaves around the deck, in millimetres: 1 mm on each side of the card's width and
 * height, and 2 mm over the deck's thickness (the paper's own folds take some of it).
 */
export const BOX_CLEARANCE_MM = { width: 2, height: 2, depth: 2 } as const

/** A point of the net, in millimetres from its top left corner. */
type Point = [number, number]

/** A panel of the net: where it lies, in millimetres from the net's top left corner. */
export interface Panel {
  x: number
  y: number
  width: number
  height: number
}

/** A tuck box's net: its size, its panels, the outline to cut and the lines to fold, in millimetres. */
export interface TuckBoxNet {
  width: number
  height: number
  /** The box's inside: the card's width and height and the deck's thickness, each with `BOX_CLEARANCE_MM`. */
  inside: { width: number; height: number; depth: number }
  panels: { front: Panel; back: Panel; left: Panel; right: Panel; lid: Panel; bottom: Panel }
  /** One closed outline, with the thumb notch's arc as its centre and radius. */
  cut: Point[]
  notch: { x: number; y: number; r: number }
  folds: [Point, Point][]
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))

/** The lengths a net is made of, in millimetres: the panels', the flaps', and where the rows and columns start. */
interface NetSizes {
  W: number
  H: number
  D: number
  tuck: number
  dust: number
  glue: number
  base: number
  taper: number
  corner: number
  r: number
  /** The top and bottom of the body (front, sides, back). */
  y0: number
  y1: number
  /** Where the first side, the back, the second side and the glue flap start. */
  xs: number
  xb: number
  xr: number
  xg: number
}

const netSizes = (card: Pick<CardSize, 'widthMm' | 'heightMm'>, deckMm: number): NetSizes => {
  const W = card.widthMm + BOX_CLEARANCE_MM.width
  const H = card.heightMm + BOX_CLEARANCE_MM.height
  const D = deckMm + BOX_CLEARANCE_MM.depth
  const tuck = clamp(H * 0.15, 10, 20) // the lid's flap, tucked inside the front
  const dust = clamp(D * 1.2, 8, W / 2 - 2) // the sides' flaps, under the lid and the bottom
  const y0 = Math.max(tuck + D, dust)
  return {
    W,
    H,
    D,
    tuck,
    dust,
    glue: clamp(W * 0.15, 6, 10), // the side glue flap
    base: clamp(H * 0.12, 8, 14), // the bottom's glue flap, glued inside the front
    taper: Math.min(D / 4, 2),
    corner: Math.min(tuck / 2, 5), // the tuck flap's corners, cut off so that it slides in
    r: Math.min(10, W / 5), // the thumb notch
    y0,
    y1: y0 + H,
    xs: W,
    xb: W + D,
    xr: 2 * W + D,
    xg: 2 * W + 2 * D,
  }
}

/** The net's outline, clockwise from the front's top left corner. */
const outline = ({ W, D, tuck, dust, glue, base, taper, corner, r, y0, y1, xs, xb, xr, xg }: NetSizes): Point[] => [
  [0, y0],
  [W / 2 - r, y0],
  [W / 2 + r, y0], // the notch's arc between these two
  [xs, y0],
  [xs + taper, y0 - dust],
  [xb - taper, y0 - dust],
  [xb, y0],
  [xb, y0 - D],
  [xb, y0 - D - tuck + corner],
  [xb + corner, y0 - D - tuck],
  [xr - corner, y0 - D - tuck],
  [xr, y0 - D - tuck + corner],
  [xr, y0 - D],
  [xr, y0],
  [xr + taper, y0 - dust],
  [xg - taper, y0 - dust],
  [xg, y0],
  [xg + glue, y0 + glue / 2],
  [xg + glue, y1 - glue / 2],
  [xg, y1],
  [xg - taper, y1 + dust],
  [xr + taper, y1 + dust],
  [xr, y1],
  [xr, y1 + D],
  [xr - base / 2, y1 + D + base],
  [xb + base / 2, y1 + D + base],
  [xb, y1 + D],
  [xb, y1],
  [xb - taper, y1 + dust],
  [xs + taper, y1 + dust],
  [xs, y1],
  [0, y1],
]

/** The fold lines: between the body's panels, at the top and bottom of the body, and at the lid's and bottom's far edges. */
const foldLines = ({ D, y0, y1, xs, xb, xr, xg }: NetSizes): [Point, Point][] => [
  ...[xs, xb, xr, xg].map((x): [Point, Point] => [
    [x, y0],
    [x, y1],
  ]),
  [
    [xs, y0],
    [xg, y0],
  ],
  [
    [xb, y0 - D],
    [xr, y0 - D],
  ],
  [
    [xs, y1],
    [xg, y1],
  ],
  [
    [xb, y1 + D],
    [xr, y1 + D],
  ],
]

/**
 * The net of a box for a deck of cards `card` in size, `deckMm` thick. Left to right: front, side, back,
 * side, glue flap; the lid and its tuck flap above the back, the bottom and its glue flap below it, dust
 * flaps above and below the sides, and a thumb notch at the top of the front.
 */
export const tuckBoxNet = (card: Pick<CardSize, 'widthMm' | 'heightMm'>, deckMm: number): TuckBoxNet => {
  const n = netSizes(card, deckMm)
  const { W, H, D, y0, y1, xs, xb, xr, xg } = n
  return {
    width: xg + n.glue,
    height: y1 + Math.max(D + n.base, n.dust),
    inside: { width: W, height: H, depth: D },
    panels: {
      front: { x: 0, y: y0, width: W, height: H },
      left: { x: xs, y: y0, width: D, height: H },
      back: { x: xb, y: y0, width: W, height: H },
      right: { x: xr, y: y0, width: D, height: H },
      lid: { x: xb, y: y0 - D, width: W, height: D },
      bottom: { x: xb, y: y1, width: W, height: D },
    },
    cut: outline(n),
    notch: { x: W / 2, y: y0, r: n.r },
    folds: foldLines(n),
  }
}

/** A deck's box to draw: what it says and shows, and how thick the deck is. */
export interface TuckBox {
  /** The deck's name, as the box prints it. */
  name: string
  cards: number
  size: CardSize
  /** The deck's thickness in millimetres (cards × a card's thickness). */
  deckMm: number
  /** The deck's back, as PNG with `bleedMm` around the card. */
  back: ImageSource
}

export interface TuckBoxOptions {
  /** The game's title, on every box. */
  title: string
  /** The paper asked for: a net that does not fit turns, then takes the next larger paper (A3, tabloid), then a page of its own size. */
  paper: PaperName
  /** The bleed around the backs' images. */
  bleedMm: number
  lang?: string
  /** A deck's count in the boxes' language ("48 cards", "48 kaarten"); default English. */
  count?: (cards: number) => string
}

/** The margin kept clear around a net: the printer's border and the line that says what the page is. */
const PAGE_MARGIN_MM = 10

/** The next larger paper of each: A3 after A4, tabloid (11×17 in) after Letter. */
const LARGER: Record<PaperName, { name: string; widthMm: number; heightMm: number }> = {
  a4: { name: 'a3', widthMm: 297, heightMm: 420 },
  letter: { name: 'tabloid', widthMm: 279.4, heightMm: 431.8 },
}

/** The page a net is printed on, in millimetres and by name: the paper asked for, turned when it fits only so, or larger. */
export const tuckBoxPage = (
  net: Pick<TuckBoxNet, 'width' | 'height'>,
  paper: PaperName,
): { name: string; widthMm: number; heightMm: number; landscape: boolean } => {
  const [w, h] = [net.width + 2 * PAGE_MARGIN_MM, net.height + 2 * PAGE_MARGIN_MM]
  for (const sheet of [{ name: paper, ...PAPER_SIZES[paper] }, LARGER[paper]]) {
    if (w <= sheet.widthMm && h <= sheet.heightMm) return { ...sheet, landscape: false }
    if (w <= sheet.heightMm && h <= sheet.widthMm)
      return { name: sheet.name, widthMm: sheet.heightMm, heightMm: sheet.widthMm, landscape: true }
  }
  return { name: `${Math.ceil(w)}×${Math.ceil(h)} mm`, widthMm: w, heightMm: h, landscape: false }
}

/**
 * The PDF of the boxes, one page a deck, printed at 100% (no scaling); with a warning for each net that needed
 * larger paper than the one asked for.
 */
export const writeTuckBoxes = async (
  boxes: readonly TuckBox[],
  options: TuckBoxOptions,
): Promise<{ pdf: Buffer; diagnostics: Diagnostic[] }> => {
  if (!boxes.length)
    throw new DiagnosticError({
      rule: 'print/no-cards',
      severity: 'error',
      file: '',
      message: 'There are no decks to box.',
    })
  const diagnostics: Diagnostic[] = []
  const doc = createPdf({
    title: `${options.title} — tuck boxes`,
    lang: options.lang,
    size: [mmToPt(210), mmToPt(297)],
    print: { duplex: 'none' },
  })
  const fonts = pageFonts(doc)
  const sink = pdfToMemory(doc)
  try {
    for (const box of boxes) {
      const net = tuckBoxNet(box.size, box.deckMm)
      const page = tuckBoxPage(net, options.paper)
      if (page.name !== options.paper)
        diagnostics.push({
          rule: 'print/tuck-box-paper',
          severity: 'warning',
          file: '',
          message: `the tuck box of ${box.name} (${net.width.toFixed(0)}×${net.height.toFixed(0)} mm) does not fit on ${options.paper}: its page is ${page.name}`,
        })
      doc.addPage({ size: [mmToPt(page.widthMm), mmToPt(page.heightMm)], margin: 0 })
      const origin: Point = [(page.widthMm - net.width) / 2, (page.heightMm - net.height) / 2]
      drawBox(doc, fonts, net, origin, box, options)
      caption(doc, fonts, net, page, box, options)
    }
  } catch (error) {
    sink.abandon()
    throw error
  }
  return { pdf: await sink.end(), diagnostics }
}

type Fonts = ReturnType<typeof pageFonts>

/** A panel in points on the page. */
const at = (origin: Point, p: Panel) => ({
  x: mmToPt(origin[0] + p.x),
  y: mmToPt(origin[1] + p.y),
  w: mmToPt(p.width),
  h: mmToPt(p.height),
})

/** Draws a net: the backs, the words, then the fold lines and the outline over them. */
const drawBox = (
  doc: PDFKit.PDFDocument,
  fonts: Fonts,
  net: TuckBoxNet,
  origin: Point,
  box: TuckBox,
  options: TuckBoxOptions,
): void => {
  const { front, back, left, right, lid } = net.panels
  for (const panel of [front, back]) backImage(doc, at(origin, panel), box, options.bleedMm)
  frontLabel(doc, fonts, at(origin, front), box, options)
  for (const side of [left, right]) sideLabel(doc, fonts, at(origin, side), box, options.title)
  const top = at(origin, lid)
  doc
    .font(fonts.bold)
    .fontSize(Math.min(9, top.h * 0.6))
    .fillColor('#222222')
  doc.text(box.name, top.x, top.y + (top.h - doc.currentLineHeight()) / 2, {
    width: top.w,
    align: 'center',
    lineBreak: false,
    height: top.h,
  })
  const pt = (p: Point): Point => [mmToPt(origin[0] + p[0]), mmToPt(origin[1] + p[1])]
  // Fold lines: dashed, grey, hairline.
  doc
    .save()
    .lineWidth(0.5)
    .strokeColor('#777777')
    .dash(mmToPt(2), { space: mmToPt(1.5) })
  for (const [a, b] of net.folds) doc.moveTo(...pt(a)).lineTo(...pt(b))
  doc.stroke().restore()
  // The cut line: solid, black, one closed outline with the thumb notch.
  doc.save().lineWidth(0.6).strokeColor('#000000').undash()
  const [first, ...rest] = net.cut.map(pt)
  doc.moveTo(...first!)
  rest.forEach((p, i) => {
    if (i === 1) {
      const r = mmToPt(net.notch.r)
      const [cx, cy] = pt([net.notch.x, net.notch.y])
      // The thumb notch: a half circle cut into the front, from its left end to its right.
      doc.bezierCurveTo(cx - r, cy + r * 0.55, cx - r * 0.55, cy + r, cx, cy + r)
      doc.bezierCurveTo(cx + r * 0.55, cy + r, cx + r, cy + r * 0.55, cx + r, cy)
    }
    doc.lineTo(...p)
  })
  doc.closePath().stroke().restore()
}

/** The deck's back over a panel: the card's trim on the panel, its bleed (and the box's clearance) cut off. */
const backImage = (
  doc: PDFKit.PDFDocument,
  p: { x: number; y: number; w: number; h: number },
  box: TuckBox,
  bleedMm: number,
): void => {
  const scale = Math.max(p.w / mmToPt(box.size.widthMm), p.h / mmToPt(box.size.heightMm))
  const [w, h] = [mmToPt(box.size.widthMm + 2 * bleedMm) * scale, mmToPt(box.size.heightMm + 2 * bleedMm) * scale]
  doc.save().rect(p.x, p.y, p.w, p.h).clip()
  drawImage(doc, box.back, p.x + (p.w - w) / 2, p.y + (p.h - h) / 2, { width: w, height: h })
  doc.restore()
}

/** The front's label: a white band across the back image, the title, the deck's name and its count. */
const frontLabel = (
  doc: PDFKit.PDFDocument,
  fonts: Fonts,
  p: { x: number; y: number; w: number; h: number },
  box: TuckBox,
  options: TuckBoxOptions,
): void => {
  const inset = mmToPt(4)
  const width = p.w - 2 * inset
  doc.font(fonts.bold).fontSize(16)
  const titleH = doc.heightOfString(options.title, { width, align: 'center' })
  const bandH = titleH + mmToPt(14)
  const y = p.y + (p.h - bandH) / 2
  doc
    .save()
    .rect(p.x + mmToPt(2), y, p.w - mmToPt(4), bandH)
    .fillOpacity(0.92)
    .fill('#ffffff')
    .restore()
  doc.fillColor('#111111').text(options.title, p.x + inset, y + mmToPt(3), { width, align: 'center' })
  doc
    .font(fonts.regular)
    .fontSize(9)
    .fillColor('#333333')
    .text(`${box.name} · ${options.count?.(box.cards) ?? `${box.cards} cards`}`, p.x + inset, y + titleH + mmToPt(5), {
      width,
      align: 'center',
      lineBreak: false,
    })
}

/** A side's label: the title and the deck's name, along the side, read from the bottom up. */
const sideLabel = (
  doc: PDFKit.PDFDocument,
  fonts: Fonts,
  p: { x: number; y: number; w: number; h: number },
  box: TuckBox,
  title: string,
): void => {
  const size = Math.min(9, p.w * 0.45)
  if (size < 4) return // a deck of a few cards: no room for words
  doc
    .save()
    .translate(p.x + p.w / 2, p.y + p.h / 2)
    .rotate(-90)
  doc.font(fonts.bold).fontSize(size).fillColor('#222222')
  doc.text(`${title} — ${box.name}`, -p.h / 2 + mmToPt(3), -doc.currentLineHeight() / 2, {
    width: p.h - mmToPt(6),
    align: 'center',
    lineBreak: false,
    height: p.w,
  })
  doc.restore()
}

/** The line under a net: what it is, its inside in millimetres, and how to print it. */
const caption = (
  doc: PDFKit.PDFDocument,
  fonts: Fonts,
  net: TuckBoxNet,
  page: { widthMm: number; heightMm: number },
  box: TuckBox,
  options: TuckBoxOptions,
): void => {
  const { width, height, depth } = net.inside
  const mm = (n: number) => n.toFixed(1)
  const text = `${options.title} — ${box.name}: tuck box for ${box.cards} cards, ${mm(width)} × ${mm(height)} × ${mm(depth)} mm inside. Print at 100% (actual size). Cut the solid lines, fold the dashed ones.`
  doc.font(fonts.regular).fontSize(7).fillColor('#555555')
  doc.text(text, mmToPt(PAGE_MARGIN_MM), mmToPt(page.heightMm - PAGE_MARGIN_MM + 2), {
    width: mmToPt(page.widthMm - 2 * PAGE_MARGIN_MM),
    align: 'center',
    lineBreak: false,
  })
}
