// Checks the print sheets from the PDF itself, not from the layout that made them: every card at true size,
// every back behind its front once the sheet is turned over (or folded), marks off the cards, nothing that
// prints inside the printer margin. For each paper × orientation × card size × duplex mode.
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { cardSize, type CardSize } from '../../src/engine/card-sizes.ts'
import type { Duplex } from '../../src/print/layout.ts'
import { writeSheets, type PrintItem, type SheetOptions } from '../../src/print/sheets.ts'
import { readPdf, type Box, type PdfPage, type PlacedImage } from './pdf-read.ts'

const BLEED = 3
const MARGIN = 5
/** The issue asks for true size within 0.1 mm. */
const MM = 0.1
const TOL = 1e-3

// Tiny images told apart by their width in pixels: front i is 40 + 2i wide, its back 41 + 2i.
const image = (width: number): Buffer => {
  const png = new PNG({ width, height: 8 })
  png.data.fill(180)
  return PNG.sync.write(png, { colorType: 2 })
}
const items = (size: CardSize, n: number): PrintItem[] =>
  Array.from({ length: n }, (_, i) => ({ id: `c${i}`, front: image(40 + 2 * i), back: image(41 + 2 * i), size }))
const cardOf = (img: PlacedImage) => ({ index: Math.floor((img.widthPx - 40) / 2), back: img.widthPx % 2 === 1 })

const shrink = (r: Box, by: number): Box => ({
  x: r.x + by,
  y: r.y + by,
  width: r.width - 2 * by,
  height: r.height - 2 * by,
})
const inside = (r: Box, box: Box, tol = TOL) =>
  r.x >= box.x - tol &&
  r.y >= box.y - tol &&
  r.x + r.width <= box.x + box.width + tol &&
  r.y + r.height <= box.y + box.height + tol
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - TOL && b.x < a.x + a.width - TOL && a.y < b.y + b.height - TOL && b.y < a.y + a.height - TOL
const expectNear = (actual: Box, expected: Box, tol = MM) => {
  for (const k of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(actual[k] - expected[k]), `${k}: ${actual[k]} vs ${expected[k]}`).toBeLessThanOrEqual(tol)
}

/** Where a rectangle of the front lands on the back page when the sheet is turned over about its long or short edge. */
const turnOver = (page: PdfPage, duplex: Exclude<Duplex, 'none'>, r: Box): Box => {
  const portrait = page.widthMm <= page.heightMm
  // the long edge of a portrait sheet is vertical: turning about it mirrors x
  const mirrorX = (duplex === 'long-edge') === portrait
  return mirrorX ? { ...r, x: page.widthMm - r.x - r.width } : { ...r, y: page.heightMm - r.y - r.height }
}

const isPaper = (page: PdfPage, paper: 'a4' | 'letter') => {
  const [w, h] = paper === 'a4' ? [210, 297] : [215.9, 279.4]
  const sides = [page.widthMm, page.heightMm].sort((a, b) => a - b)
  return Math.abs(sides[0]! - w) < 0.01 && Math.abs(sides[1]! - h) < 0.01
}

const sizes = ['poker', 'mini', 'tarot'] as const
const modes = ['long-edge', 'short-edge', 'fold'] as const
const cases = (['a4', 'letter'] as const).flatMap((paper) =>
  [false, true].flatMap((landscape) =>
    sizes.flatMap((size) => modes.map((mode) => ({ paper, landscape, size, mode }))),
  ),
)

describe.each(cases)('$paper landscape=$landscape $size $mode', ({ paper, landscape, size, mode }) => {
  const card = cardSize(size)!
  const n = 20
  const options: SheetOptions = {
    title: 'Geometry',
    paper,
    landscape,
    bleedMm: BLEED,
    ...(mode === 'fold' ? { fold: true } : { duplex: mode }),
  }
  const made = writeSheets(items(card, n), options).then(({ pdf, summary }) => ({ pages: readPdf(pdf).pages, summary }))

  it('prints every front once, at true size, clipped to at most its bleed', async () => {
    const { pages } = await made
    const fronts = pages.flatMap((p) => p.images.filter((i) => !cardOf(i).back))
    expect(fronts.map((i) => cardOf(i).index).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i))
    for (const front of fronts) {
      const trim = shrink(front.rect, BLEED)
      expect(Math.abs(trim.width - card.widthMm)).toBeLessThanOrEqual(MM)
      expect(Math.abs(trim.height - card.heightMm)).toBeLessThanOrEqual(MM)
      expect(front.clip).toBeDefined()
      expect(inside(trim, front.clip!)).toBe(true)
      expect(inside(front.clip!, front.rect)).toBe(true)
    }
  })

  it('puts every back exactly behind its front', async () => {
    const { pages } = await made
    let backs = 0
    pages.forEach((page, p) => {
      for (const front of page.images.filter((i) => !cardOf(i).back)) {
        const { index } = cardOf(front)
        if (mode === 'fold') {
          // on the same page, mirrored across the fold line, which is drawn dashed through the page's centre
          const fold = page.lines.find((l) => l.dashed)!
          expect(fold).toBeDefined()
          const vertical = Math.abs(fold.x1 - fold.x2) < TOL
          if (vertical) expect(fold.x1).toBeCloseTo(page.widthMm / 2, 3)
          else expect(fold.y1).toBeCloseTo(page.heightMm / 2, 3)
          const back = page.images.find((i) => cardOf(i).back && cardOf(i).index === index)!
          const folded = (r: Box): Box =>
            vertical ? { ...r, x: page.widthMm - r.x - r.width } : { ...r, y: page.heightMm - r.y - r.height }
          expectNear(back.rect, folded(front.rect))
          expectNear(back.clip!, folded(front.clip!))
          // the fronts all lie on one side of the fold, the backs on the other
          const side = (r: Box) => (vertical ? r.x + r.width / 2 < fold.x1 : r.y + r.height / 2 < fold.y1)
          expect(side(front.rect)).toBe(true)
          expect(side(back.rect)).toBe(false)
        } else {
          const next = pages[p + 1]!
          expect([next.widthMm, next.heightMm]).toEqual([page.widthMm, page.heightMm])
          const back = next.images.find((i) => cardOf(i).back && cardOf(i).index === index)!
          expect(back).toBeDefined()
          expectNear(back.rect, turnOver(page, mode, front.rect))
          expectNear(back.clip!, turnOver(page, mode, front.clip!))
        }
        backs++
      }
    })
    expect(backs).toBe(n)
  })

  it('prints on the paper asked for, turned only when that holds more cards, and says so', async () => {
    const { pages, summary } = await made
    for (const page of pages) expect(isPaper(page, paper)).toBe(true)
    const [group] = summary.groups
    const turned = group!.paper !== (landscape ? `${paper} landscape` : paper)
    expect(pages.every((p) => p.widthMm > p.heightMm === (landscape !== turned))).toBe(true)
    if (turned) expect(summary.notes.join(' ')).toMatch(/instead/)
    expect(summary.pages).toBe(pages.length)
    expect(pages.length).toBe(group!.sheets * (mode === 'fold' ? 1 : 2))
  })

  it('keeps cards, bleed, marks and fold line inside the printer margin, and marks off every card', async () => {
    const { pages } = await made
    for (const page of pages) {
      const printable: Box = {
        x: MARGIN,
        y: MARGIN,
        width: page.widthMm - 2 * MARGIN,
        height: page.heightMm - 2 * MARGIN,
      }
      const trims = page.images.map((i) => shrink(i.rect, BLEED))
      for (const img of page.images) expect(inside(img.clip!, printable)).toBe(true)
      page.images.forEach((img, i) => trims.forEach((t, j) => i !== j && expect(overlaps(img.clip!, t)).toBe(false)))
      const marks = page.lines.filter((l) => !l.dashed)
      expect(marks.length).toBeGreaterThan(0)
      for (const l of page.lines) {
        const box: Box = {
          x: Math.min(l.x1, l.x2),
          y: Math.min(l.y1, l.y2),
          width: Math.abs(l.x2 - l.x1),
          height: Math.abs(l.y2 - l.y1),
        }
        expect(inside(box, printable)).toBe(true)
        for (const img of page.images)
          expect(overlaps({ ...box, width: box.width || TOL * 2, height: box.height || TOL * 2 }, img.clip!)).toBe(
            false,
          )
      }
    }
  })
})

describe('options read back from the PDF', () => {
  const poker = cardSize('poker')!

  it('moves the backs by the back offset, in the back page’s own directions', async () => {
    const { pdf } = await writeSheets(items(poker, 9), { title: 'Offset', backOffsetMm: { x: 1.5, y: -0.75 } })
    const [front, back] = readPdf(pdf).pages
    for (const f of front!.images) {
      const b = back!.images.find((i) => cardOf(i).index === cardOf(f).index)!
      const expected = turnOver(front!, 'long-edge', f.rect)
      expectNear(b.rect, { ...expected, x: expected.x + 1.5, y: expected.y - 0.75 }, TOL)
    }
  })

  it('ignores the back offset when folding: there is no printer to correct', async () => {
    const { pdf, summary } = await writeSheets(items(poker, 3), {
      title: 'Fold',
      fold: true,
      backOffsetMm: { x: 2, y: 2 },
    })
    expect(summary.notes.join(' ')).toMatch(/back offset .* ignored when folding/)
    const [page] = readPdf(pdf).pages
    const fold = page!.lines.find((l) => l.dashed)!
    for (const f of page!.images.filter((i) => !cardOf(i).back)) {
      const b = page!.images.find((i) => cardOf(i).back && cardOf(i).index === cardOf(f).index)!
      const vertical = fold.x1 === fold.x2
      expectNear(
        b.rect,
        vertical
          ? { ...f.rect, x: page!.widthMm - f.rect.x - f.rect.width }
          : { ...f.rect, y: page!.heightMm - f.rect.y - f.rect.height },
        TOL,
      )
    }
  })

  it('draws rounded-corner cut guides at each front’s trim corners, inside the card', async () => {
    const { pdf } = await writeSheets(items(poker, 5), { title: 'Corners', cornerRadiusMm: 3 })
    const [front, back] = readPdf(pdf).pages
    expect(front!.curves).toHaveLength(2 * 5 * 4) // a white line under a black one
    expect(back!.curves).toHaveLength(0)
    for (const img of front!.images) {
      const trim = shrink(img.rect, BLEED)
      const arcs = front!.curves.filter((c) =>
        inside(
          {
            x: Math.min(c.x1, c.x2),
            y: Math.min(c.y1, c.y2),
            width: Math.abs(c.x2 - c.x1),
            height: Math.abs(c.y2 - c.y1),
          },
          trim,
        ),
      )
      expect(arcs).toHaveLength(2 * 4)
      // each arc runs from one edge of the trim to the next, 3 mm from the corner
      for (const a of arcs) {
        expect(Math.abs(a.x2 - a.x1)).toBeCloseTo(3, 3)
        expect(Math.abs(a.y2 - a.y1)).toBeCloseTo(3, 3)
      }
    }
  })

  it('gives every card its full bleed with a gap of twice the bleed, still at true size', async () => {
    const { pdf } = await writeSheets(items(cardSize('mini')!, 6), { title: 'Gap', gapMm: 6 })
    const [front] = readPdf(pdf).pages
    for (const img of front!.images) expectNear(img.clip!, img.rect, TOL)
    const xs = [...new Set(front!.images.map((i) => Math.round(i.rect.x * 1000) / 1000))].sort((a, b) => a - b)
    expect(xs[1]! - xs[0]!).toBeCloseTo(44.45 + 6, 3)
  })

  it('refuses a corner radius larger than half a card', async () => {
    await expect(writeSheets(items(cardSize('mini')!, 1), { title: 'R', cornerRadiusMm: 30 })).rejects.toThrow(
      /cornerRadiusMm/,
    )
  })
})
