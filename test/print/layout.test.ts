import { describe, expect, it } from 'vitest'
import { CARD_SIZES, cardSize, type CardSize } from '../../src/engine/card-sizes.ts'
import {
  bestLayout,
  filledCells,
  layoutSheet,
  pageMarks,
  MARK_LENGTH_MM,
  MARK_OFFSET_MM,
  MIN_MARK_MM,
  type Duplex,
  type LayoutOptions,
  type Rect,
  type Segment,
  type SheetLayout,
} from '../../src/print/layout.ts'
import { paper } from '../../src/print/paper.ts'

const poker = cardSize('poker')!
const mini = cardSize('mini')!
const a4 = paper('a4')
const letter = paper('letter')

// Strict overlap of interiors: rectangles that only touch along an edge do not overlap.
const TOL = 1e-6
const overlaps = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width - TOL && b.x < a.x + a.width - TOL && a.y < b.y + b.height - TOL && b.y < a.y + a.height - TOL

const segmentHitsRect = (s: Segment, r: Rect): boolean =>
  overlaps(
    { x: Math.min(s.x1, s.x2), y: Math.min(s.y1, s.y2), width: Math.abs(s.x2 - s.x1), height: Math.abs(s.y2 - s.y1) },
    r,
  ) ||
  // a zero-width segment has no interior: test it as a line against the rectangle's interior
  (s.x1 === s.x2 &&
    s.x1 > r.x + TOL &&
    s.x1 < r.x + r.width - TOL &&
    Math.max(s.y1, s.y2) > r.y + TOL &&
    Math.min(s.y1, s.y2) < r.y + r.height - TOL) ||
  (s.y1 === s.y2 &&
    s.y1 > r.y + TOL &&
    s.y1 < r.y + r.height - TOL &&
    Math.max(s.x1, s.x2) > r.x + TOL &&
    Math.min(s.x1, s.x2) < r.x + r.width - TOL)

/** Where a point of the front lands on the back page when the sheet is turned over about the given line. */
const flipPoint = (l: SheetLayout, about: 'vertical' | 'horizontal', x: number, y: number): [number, number] =>
  about === 'vertical' ? [l.pageWidthMm - x, y] : [x, l.pageHeightMm - y]

const flipRect = (l: SheetLayout, about: 'vertical' | 'horizontal', r: Rect): Rect => {
  const [ax, ay] = flipPoint(l, about, r.x, r.y)
  const [bx, by] = flipPoint(l, about, r.x + r.width, r.y + r.height)
  return { x: Math.min(ax, bx), y: Math.min(ay, by), width: Math.abs(bx - ax), height: Math.abs(by - ay) }
}

const expectRect = (actual: Rect, expected: Rect): void => {
  expect(actual.x).toBeCloseTo(expected.x, 6)
  expect(actual.y).toBeCloseTo(expected.y, 6)
  expect(actual.width).toBeCloseTo(expected.width, 6)
  expect(actual.height).toBeCloseTo(expected.height, 6)
}

const bounds = (rects: Rect[]): Rect => {
  const x = Math.min(...rects.map((r) => r.x))
  const y = Math.min(...rects.map((r) => r.y))
  return {
    x,
    y,
    width: Math.max(...rects.map((r) => r.x + r.width)) - x,
    height: Math.max(...rects.map((r) => r.y + r.height)) - y,
  }
}

describe('paper and card sizes', () => {
  it('knows A4 and US Letter in millimetres, and swaps them for landscape', () => {
    expect([a4.widthMm, a4.heightMm]).toEqual([210, 297])
    expect([letter.widthMm, letter.heightMm]).toEqual([215.9, 279.4])
    const turned = paper('letter', true)
    expect([turned.widthMm, turned.heightMm, turned.landscape]).toEqual([279.4, 215.9, true])
  })

  it('knows the named trim sizes, whatever their case', () => {
    expect(cardSize('Poker')).toEqual({ name: 'poker', widthMm: 63.5, heightMm: 88.9 })
    expect(cardSize('tarot')).toMatchObject({ widthMm: 69.85, heightMm: 120.65 })
    expect(cardSize('jumbo')).toBeUndefined()
    expect(cardSize('toString')).toBeUndefined()
  })

  it('parses a custom WxH size with a unit, and refuses one without', () => {
    expect(cardSize('70x120mm')).toEqual({ name: '70x120mm', widthMm: 70, heightMm: 120 })
    expect(cardSize(' 63.5 × 88.9 mm ')).toMatchObject({ widthMm: 63.5, heightMm: 88.9 })
    const inches = cardSize('2.5x3.5in')!
    expect(inches.widthMm).toBeCloseTo(CARD_SIZES.poker!.widthMm, 9)
    expect(inches.heightMm).toBeCloseTo(CARD_SIZES.poker!.heightMm, 9)
    expect(cardSize('63x88')).toBeUndefined()
    expect(cardSize('0x88mm')).toBeUndefined()
    expect(cardSize('63x88cm')).toBeUndefined()
  })
})

describe('A4 poker', () => {
  const l = layoutSheet({ paper: a4, card: poker, bleedMm: 3 })

  it('fits 3 × 3 cards touching, centred on the page', () => {
    expect([l.columns, l.rows, l.perPage]).toEqual([3, 3, 9])
    const grid = bounds(l.cells.map((c) => c.trim))
    expect(grid.x).toBeCloseTo((210 - 3 * 63.5) / 2, 9) // 9.75
    expect(210 - grid.x - grid.width).toBeCloseTo(9.75, 9)
    expect(grid.y).toBeCloseTo((297 - 3 * 88.9) / 2, 9) // 15.15
    expect(297 - grid.y - grid.height).toBeCloseTo(15.15, 9)
    for (const c of l.cells) expect([c.trim.width, c.trim.height]).toEqual([63.5, 88.9])
    for (const a of l.cells) for (const b of l.cells) if (a !== b) expect(overlaps(a.trim, b.trim)).toBe(false)
  })

  it('cuts along every card edge', () => {
    expect(l.cutsX).toHaveLength(4)
    expect(l.cutsY).toHaveLength(4)
    l.cutsX.forEach((x, i) => expect(x).toBeCloseTo(9.75 + i * 63.5, 9))
    l.cutsY.forEach((y, i) => expect(y).toBeCloseTo(15.15 + i * 88.9, 9))
  })

  it('shows bleed only on the outer edges of the grid', () => {
    const centre = l.cells.find((c) => c.column === 1 && c.row === 1)!
    expectRect(centre.clip, centre.trim)
    const corner = l.cells[0]!
    // top: 15.15 mm of paper holds the full 3 mm bleed, a 1 mm gap and a mark inside the 5 mm margin
    expect(corner.trim.y - corner.clip.y).toBeCloseTo(3, 9)
    // left: only 9.75 − 5 = 4.75 mm is printable; the mark needs its offset and minimum length
    expect(corner.trim.x - corner.clip.x).toBeCloseTo(4.75 - MARK_OFFSET_MM - MIN_MARK_MM, 9)
    expect(corner.clip.x + corner.clip.width).toBeCloseTo(corner.trim.x + corner.trim.width, 9)
    expect(l.notes.join(' ')).toMatch(/outer bleed is 1\.75 mm.*left and right/)
  })

  it('puts every back exactly behind its front when the sheet is turned over on its long edge', () => {
    // portrait: the long edge is vertical, so the sheet turns about a vertical line
    for (const c of l.cells) {
      expectRect(c.back, flipRect(l, 'vertical', c.trim))
      expectRect(c.backClip, flipRect(l, 'vertical', c.clip))
    }
    expectRect(l.cells[0]!.back, l.cells[2]!.trim)
  })
})

describe('duplex modes', () => {
  const lay = (duplex: Duplex, landscape = false) =>
    layoutSheet({ paper: paper('a4', landscape), card: poker, bleedMm: 3, duplex })

  it('mirrors rows for a short-edge flip', () => {
    const l = lay('short-edge')
    for (const c of l.cells) expectRect(c.back, flipRect(l, 'horizontal', c.trim))
  })

  it('leaves backs where the fronts are with no duplex', () => {
    for (const c of lay('none').cells) expectRect(c.back, c.trim)
  })

  it('turns a landscape sheet about its long edge, which lies horizontal', () => {
    const long = lay('long-edge', true)
    const short = lay('short-edge', true)
    expect(long.columns).toBeGreaterThan(long.rows)
    for (const c of long.cells) expectRect(c.back, flipRect(long, 'horizontal', c.trim))
    for (const c of short.cells) expectRect(c.back, flipRect(short, 'vertical', c.trim))
  })
})

const cases: [string, LayoutOptions][] = [
  ['A4 poker', { paper: a4, card: poker, bleedMm: 3 }],
  ['A4 poker, no margin', { paper: a4, card: poker, bleedMm: 3, printerMarginMm: 0 }],
  ['A4 landscape poker', { paper: paper('a4', true), card: poker, bleedMm: 3 }],
  ['Letter poker', { paper: letter, card: poker, bleedMm: 3.175 }],
  ['Letter poker, no margin', { paper: letter, card: poker, bleedMm: 3.175, printerMarginMm: 0 }],
  ['A4 mini', { paper: a4, card: mini, bleedMm: 3 }],
  ['A4 tarot', { paper: a4, card: cardSize('tarot')!, bleedMm: 3 }],
  ['A4 square, gap 6', { paper: a4, card: cardSize('square')!, bleedMm: 3, gapMm: 6 }],
  ['Letter euro, gap 2', { paper: letter, card: cardSize('euro')!, bleedMm: 3, gapMm: 2, duplex: 'short-edge' }],
  ['A4 bridge, no bleed', { paper: a4, card: cardSize('bridge')!, bleedMm: 0 }],
  ['A4 custom 70x120mm', { paper: a4, card: cardSize('70x120mm')!, bleedMm: 3 }],
]

describe.each(cases)('%s', (_, options) => {
  const l = layoutSheet(options)
  const margin = options.printerMarginMm ?? 5
  const page: Rect = { x: 0, y: 0, width: l.pageWidthMm, height: l.pageHeightMm }
  const printable: Rect = {
    x: margin,
    y: margin,
    width: l.pageWidthMm - 2 * margin,
    height: l.pageHeightMm - 2 * margin,
  }
  const inside = (r: Rect, box: Rect) =>
    r.x >= box.x - TOL &&
    r.y >= box.y - TOL &&
    r.x + r.width <= box.x + box.width + TOL &&
    r.y + r.height <= box.y + box.height + TOL
  const segRect = (s: Segment): Rect => ({
    x: Math.min(s.x1, s.x2),
    y: Math.min(s.y1, s.y2),
    width: Math.abs(s.x2 - s.x1),
    height: Math.abs(s.y2 - s.y1),
  })

  it('places at least one card, each at true size, none overlapping another', () => {
    expect(l.perPage).toBeGreaterThan(0)
    expect(l.cells).toHaveLength(l.columns * l.rows)
    for (const c of l.cells)
      expect([c.trim.width, c.trim.height]).toEqual([options.card.widthMm, options.card.heightMm])
    for (const a of l.cells) for (const b of l.cells) if (a !== b) expect(overlaps(a.clip, b.trim)).toBe(false)
  })

  it('keeps cards, bleed and marks inside the printable area', () => {
    for (const c of l.cells) expect(inside(c.clip, printable)).toBe(true)
    for (const m of l.marks) expect(inside(segRect(m), printable)).toBe(true)
    for (const m of l.marks) expect(inside(segRect(m), page)).toBe(true)
  })

  it('marks both ends of every cut line, at least the offset away from every card and its bleed', () => {
    const grow = (r: Rect, by: number): Rect => ({
      x: r.x - by,
      y: r.y - by,
      width: r.width + 2 * by,
      height: r.height + 2 * by,
    })
    for (const m of l.marks)
      for (const c of l.cells) expect(segmentHitsRect(m, grow(c.clip, MARK_OFFSET_MM - 1e-3))).toBe(false)
    for (const x of l.cutsX) expect(l.marks.filter((m) => m.x1 === x && m.x2 === x)).toHaveLength(2)
    for (const y of l.cutsY) expect(l.marks.filter((m) => m.y1 === y && m.y2 === y)).toHaveLength(2)
    expect(l.marks).toHaveLength(2 * (l.cutsX.length + l.cutsY.length))
    for (const m of l.marks) {
      const length = Math.hypot(m.x2 - m.x1, m.y2 - m.y1)
      expect(length).toBeGreaterThanOrEqual(margin > 0 ? MIN_MARK_MM - TOL : 0)
      expect(length).toBeLessThanOrEqual(MARK_LENGTH_MM + TOL)
    }
  })

  it('keeps the extra bleed of a partly filled page off other cards, off the marks and inside the printable area', () => {
    for (let count = 1; count <= l.perPage; count++) {
      const cells = filledCells(l, count)
      for (const a of cells) {
        expect(inside(a.clip, printable)).toBe(true)
        for (const b of cells) if (a !== b) expect(overlaps(a.clip, b.trim)).toBe(false)
        for (const m of l.marks) expect(segmentHitsRect(m, a.clip)).toBe(false)
      }
    }
  })

  it('marks a part-filled page only at the cut lines of its cards, clear of their bleed, inside the printable area', () => {
    const grow = (r: Rect, by: number): Rect => ({
      x: r.x - by,
      y: r.y - by,
      width: r.width + 2 * by,
      height: r.height + 2 * by,
    })
    for (let count = 1; count < l.perPage; count++) {
      const cells = filledCells(l, count)
      const edges = (along: 'x' | 'y') =>
        new Set(
          cells
            .flatMap((c) =>
              along === 'x' ? [c.trim.x, c.trim.x + c.trim.width] : [c.trim.y, c.trim.y + c.trim.height],
            )
            .map((v) => v.toFixed(6)),
        )
      const [xs, ys] = [edges('x'), edges('y')]
      const marks = pageMarks(l, count)
      if (l.marks.length) expect(marks).toHaveLength(2 * (xs.size + ys.size))
      for (const m of marks) {
        if (m.x1 === m.x2) expect(xs.has(m.x1.toFixed(6))).toBe(true)
        else expect(ys.has(m.y1.toFixed(6))).toBe(true)
        expect(inside(segRect(m), printable)).toBe(true)
        for (const c of cells) expect(segmentHitsRect(m, grow(c.clip, MARK_OFFSET_MM - 1e-3))).toBe(false)
      }
      // The backs' page has the same marks where its backs are.
      const backs = bounds(cells.map((c) => c.back))
      for (const m of pageMarks(l, count, 'back'))
        if (m.x1 === m.x2) expect(m.x1 >= backs.x - TOL && m.x1 <= backs.x + backs.width + TOL).toBe(true)
        else expect(m.y1 >= backs.y - TOL && m.y1 <= backs.y + backs.height + TOL).toBe(true)
    }
    expect(pageMarks(l, l.perPage)).toEqual(l.marks)
  })

  it('cuts along every card edge, and only there', () => {
    const edgesX = new Set(l.cells.flatMap((c) => [c.trim.x, c.trim.x + c.trim.width]).map((v) => v.toFixed(6)))
    const edgesY = new Set(l.cells.flatMap((c) => [c.trim.y, c.trim.y + c.trim.height]).map((v) => v.toFixed(6)))
    expect(new Set(l.cutsX.map((v) => v.toFixed(6)))).toEqual(edgesX)
    expect(new Set(l.cutsY.map((v) => v.toFixed(6)))).toEqual(edgesY)
  })

  it('centres the grid', () => {
    const grid = bounds(l.cells.map((c) => c.trim))
    expect(grid.x).toBeCloseTo(l.pageWidthMm - grid.x - grid.width, 6)
    expect(grid.y).toBeCloseTo(l.pageHeightMm - grid.y - grid.height, 6)
  })

  it('could not fit another column or row without breaking the printer margin', () => {
    const gap = options.gapMm ?? 0
    // what one more column or row would leave beyond the trim, inside the printer margin
    const spare = (n: number, length: number, card: number) => (length - (n * card + (n - 1) * gap)) / 2 - margin
    // a usable grid needs some bleed (up to 1 mm), the offset and a minimal mark there; with no margin, just paper
    const needed = margin > 0 ? Math.min(options.bleedMm, 1) + MARK_OFFSET_MM + MIN_MARK_MM : 0
    expect(spare(l.columns + 1, l.pageWidthMm, options.card.widthMm)).toBeLessThan(needed)
    expect(spare(l.rows + 1, l.pageHeightMm, options.card.heightMm)).toBeLessThan(needed)
  })
})

describe('US Letter poker', () => {
  it('drops to 3 × 2 with a 5 mm printer margin, because 6.35 mm above and below leaves no room for marks', () => {
    const l = layoutSheet({ paper: letter, card: poker, bleedMm: 3 })
    expect([l.columns, l.rows]).toEqual([3, 2])
    const grid = bounds(l.cells.map((c) => c.trim))
    expect(grid.x).toBeCloseTo((215.9 - 190.5) / 2, 9) // 12.7
    expect(grid.y).toBeCloseTo((279.4 - 2 * 88.9) / 2, 9)
    const notes = l.notes.join(' ')
    // 3 rows leave 6.35 mm; the margin must leave 1 mm bleed + 1 mm offset + a 2 mm mark: 6.35 − 4 = 2.35
    expect(notes).toMatch(/3 rows.*printer margin.*2 rows.*2\.35 mm/)
    expect(notes).toMatch(/letter landscape fits 8 poker cards/)
  })

  it('keeps 3 × 3 when the printer margin allows it, with full bleed and marks above and below', () => {
    const l = layoutSheet({ paper: letter, card: poker, bleedMm: 3, printerMarginMm: 2.35 })
    expect([l.columns, l.rows]).toEqual([3, 3])
    const top = l.cells[0]!
    expect(top.trim.y - top.clip.y).toBeCloseTo(6.35 - 2.35 - MARK_OFFSET_MM - MIN_MARK_MM, 9)
  })

  it('packs 3 × 3 regardless with printer margin 0', () => {
    const l = layoutSheet({ paper: letter, card: poker, bleedMm: 3, printerMarginMm: 0 })
    expect([l.columns, l.rows]).toEqual([3, 3])
    expect(l.marks.length).toBeGreaterThan(0)
  })
})

describe('partly filled pages', () => {
  const l = layoutSheet({ paper: a4, card: mini, bleedMm: 3 })

  it('fits 10 mini cards on one A4 page', () => {
    expect([l.columns, l.rows]).toEqual([4, 4]) // 5 × 44.45 = 222.25 > 210; 5 × 63.5 = 317.5 > 297
    expect(Math.ceil(10 / l.perPage)).toBe(1)
  })

  it('gives full bleed towards empty cells, never over another card', () => {
    const cells = filledCells(l, 10)
    expect(cells).toHaveLength(10)
    for (const a of cells) for (const b of cells) if (a !== b) expect(overlaps(a.clip, b.trim)).toBe(false)
    const last = cells[9]! // row 2, column 1: nothing to its right or below
    expect(last.clip.x + last.clip.width - (last.trim.x + last.trim.width)).toBeCloseTo(3, 9)
    expect(last.clip.y + last.clip.height - (last.trim.y + last.trim.height)).toBeCloseTo(3, 9)
    const aboveEmpty = cells[6]! // row 1, column 2: the cell below it stays empty, the one to its right does not
    expect(aboveEmpty.clip.y + aboveEmpty.clip.height - (aboveEmpty.trim.y + aboveEmpty.trim.height)).toBeCloseTo(3, 9)
    expect(aboveEmpty.clip.x + aboveEmpty.clip.width).toBeCloseTo(aboveEmpty.trim.x + aboveEmpty.trim.width, 9)
    for (const c of cells) expectRect(c.backClip, flipRect(l, 'vertical', c.clip))
  })

  it('changes nothing on a full page', () => {
    expect(filledCells(l, l.perPage)).toEqual(l.cells)
  })
})

describe('gaps', () => {
  it('gives every card its full bleed when the gap is at least twice the bleed', () => {
    const l = layoutSheet({ paper: a4, card: mini, bleedMm: 3, gapMm: 6, printerMarginMm: 0 })
    for (const c of l.cells)
      expectRect(c.clip, { x: c.trim.x - 3, y: c.trim.y - 3, width: c.trim.width + 6, height: c.trim.height + 6 })
    expect(l.cutsX).toHaveLength(2 * l.columns)
    expect(l.notes.join(' ')).not.toMatch(/gap/)
  })

  it('clips the bleed at the gap midline when the gap is narrower', () => {
    const l = layoutSheet({ paper: a4, card: mini, bleedMm: 3, gapMm: 2 })
    const inner = l.cells.find((c) => c.column === 1 && c.row === 1)!
    expectRect(inner.clip, {
      x: inner.trim.x - 1,
      y: inner.trim.y - 1,
      width: inner.trim.width + 2,
      height: inner.trim.height + 2,
    })
    expect(l.notes.join(' ')).toMatch(/gap/)
  })
})

describe('cards that do not fit', () => {
  it('places nothing and says so when the card is larger than the paper', () => {
    const l = layoutSheet({ paper: a4, card: cardSize('300x400mm') as CardSize, bleedMm: 3 })
    expect([l.columns, l.rows, l.perPage, l.cells.length, l.marks.length]).toEqual([0, 0, 0, 0, 0])
    expect(l.notes.join(' ')).toMatch(/does not fit/)
  })

  it('centres a card wider than the printable area and warns that its edges may not print', () => {
    const l = layoutSheet({ paper: a4, card: cardSize('205x100mm')!, bleedMm: 3 })
    expect(l.columns).toBe(1)
    expect(l.cells[0]!.trim.x).toBeCloseTo(2.5, 9)
    expect(l.notes.join(' ')).toMatch(/may not print/)
  })
})

describe('fold-over', () => {
  const folds: [string, LayoutOptions][] = [
    ['A4 poker', { paper: a4, card: poker, bleedMm: 3, fold: true }],
    ['A4 landscape poker', { paper: paper('a4', true), card: poker, bleedMm: 3, fold: true }],
    ['Letter mini', { paper: letter, card: mini, bleedMm: 3, fold: true }],
    ['A4 square', { paper: a4, card: cardSize('square')!, bleedMm: 3, fold: true }],
  ]
  it.each(folds)('%s: puts the fronts on one half and each back mirrored across the fold line', (_, options) => {
    const l = layoutSheet(options)
    expect(l.perPage).toBeGreaterThan(0)
    expect(l.fitsMargin).toBe(true)
    const fold = l.fold!
    const vertical = fold.x1 === fold.x2
    expect(vertical ? fold.x1 : fold.y1).toBeCloseTo(vertical ? l.pageWidthMm / 2 : l.pageHeightMm / 2, 9)
    const about = vertical ? 'vertical' : 'horizontal'
    const half: Rect = vertical
      ? { x: 0, y: 0, width: l.pageWidthMm / 2, height: l.pageHeightMm }
      : { x: 0, y: 0, width: l.pageWidthMm, height: l.pageHeightMm / 2 }
    const within = (r: Rect, box: Rect) =>
      r.x >= box.x - TOL &&
      r.y >= box.y - TOL &&
      r.x + r.width <= box.x + box.width + TOL &&
      r.y + r.height <= box.y + box.height + TOL
    for (let count = 1; count <= l.perPage; count++)
      for (const c of filledCells(l, count)) {
        expect(within(c.clip, half)).toBe(true)
        expectRect(c.back, flipRect(l, about, c.trim))
        expectRect(c.backClip, flipRect(l, about, c.clip))
      }
    // the backs' half is marked too, and no mark or card comes within the printer margin of the fold
    expect(l.marks).toHaveLength(4 * (l.cutsX.length + l.cutsY.length))
    const foldZone: Rect = vertical
      ? { x: l.pageWidthMm / 2 - 5, y: 0, width: 10, height: l.pageHeightMm }
      : { x: 0, y: l.pageHeightMm / 2 - 5, width: l.pageWidthMm, height: 10 }
    for (const m of l.marks) expect(segmentHitsRect(m, foldZone)).toBe(false)
    for (const c of l.cells) expect(overlaps(c.clip, foldZone) || overlaps(c.backClip, foldZone)).toBe(false)
    expect(Math.min(fold.x1, fold.y1)).toBeGreaterThanOrEqual(5)
  })

  it('folds across the page when that holds more cards, and keeps the printer margin over holding more', () => {
    // A4 landscape: two columns of poker cards each side of a vertical fold, against one each way across it
    expect(layoutSheet({ paper: paper('a4', true), card: poker, bleedMm: 3, fold: true })).toMatchObject({
      columns: 2,
      rows: 2,
      fold: { x1: 148.5 },
    })
    // a square card fits half of A4 portrait only over the printer margin: the horizontal fold keeps it
    expect(layoutSheet({ paper: a4, card: cardSize('square')!, bleedMm: 3, fold: true })).toMatchObject({
      columns: 2,
      rows: 1,
      fold: { y1: 148.5 },
    })
  })
})

describe('bestLayout', () => {
  it('turns US Letter to landscape for poker cards, where the printer margin costs portrait a row, and says so', () => {
    const l = bestLayout({ paper: letter, card: poker, bleedMm: 3 })
    expect(l.paper).toMatchObject({ name: 'letter', landscape: true })
    expect([l.columns, l.rows]).toEqual([4, 2])
    expect(l.notes[0]).toMatch(
      /letter portrait.*3×2 \(6 a page\).*9.*4×2 \(8 a page\) on letter landscape pages instead/,
    )
  })

  it('keeps the paper as asked when nothing is lost to the printer margin, or the margin is 0', () => {
    expect(bestLayout({ paper: a4, card: poker, bleedMm: 3 })).toEqual(
      layoutSheet({ paper: a4, card: poker, bleedMm: 3 }),
    )
    expect(bestLayout({ paper: letter, card: poker, bleedMm: 3, printerMarginMm: 0 })).toMatchObject({
      paper: { landscape: false },
      columns: 3,
      rows: 3,
    })
    // A4 portrait loses a tarot column to the margin, but landscape holds even fewer
    expect(bestLayout({ paper: a4, card: cardSize('tarot')!, bleedMm: 3 })).toMatchObject({
      paper: { landscape: false },
      columns: 2,
      rows: 2,
    })
  })

  it('turns the paper for a card that fits only the other way, or only the other way inside the margin', () => {
    const wide = bestLayout({ paper: a4, card: cardSize('250x120mm')!, bleedMm: 3 })
    expect(wide).toMatchObject({ paper: { landscape: true }, perPage: 1, fitsMargin: true })
    expect(wide.notes[0]).toMatch(/does not fit on a4 portrait paper/)
    const edge = bestLayout({ paper: a4, card: cardSize('205x100mm')!, bleedMm: 3 })
    expect(edge).toMatchObject({ paper: { landscape: true }, fitsMargin: true })
  })
})
