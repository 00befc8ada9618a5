import { describe, expect, it } from 'vitest'
import {
  calibrationGeometry,
  writeCalibration,
  type CalibrationGeometry,
  type Scale,
} from '../../src/print/calibrate.ts'
import { readPdf } from './pdf-read.ts'

/** A back-page point seen through the sheet after the flip, in front-page coordinates (the printer's own physics). */
const seenFromFront = (g: CalibrationGeometry, x: number, y: number): [number, number] => {
  const { widthMm: W, heightMm: H } = g.paper
  const mirrorX = (g.duplex === 'long-edge') === W <= H
  return mirrorX ? [W - x, y] : [x, H - y]
}

/** The scale's value at a page coordinate, between its ticks. */
const read = (scale: Scale, at: number): number => {
  const ticks = [...scale.ticks].sort((a, b) => a.at - b.at)
  const i = ticks.findIndex((t) => t.at >= at)
  if (i <= 0) throw new Error(`off the scale at ${at}`)
  const [a, b] = [ticks[i - 1]!, ticks[i]!]
  return a.value + ((at - a.at) / (b.at - a.at)) * (b.value - a.value)
}

const setups = (['a4', 'letter'] as const).flatMap((paper) =>
  [false, true].flatMap((landscape) =>
    (['long-edge', 'short-edge'] as const).map((duplex) => ({ paper, landscape, duplex })),
  ),
)

describe.each(setups)('calibration on $paper landscape=$landscape $duplex', (setup) => {
  // what a printer does wrong, in back-page millimetres, and the offset already in use
  const shifts = [
    [0, 0],
    [1.5, 0],
    [0, -2],
    [-3, 2.5],
    [4, 4],
  ] as const
  const offsets = [
    { x: 0, y: 0 },
    { x: 1, y: -1.5 },
  ]

  it.each(offsets)('reads the offset that cancels the printer’s shift (printed with offset %o)', (offset) => {
    const g = calibrationGeometry({ ...setup, backOffsetMm: offset })
    for (const [sx, sy] of shifts) {
      // the back, moved by the offset, then by the printer
      const move = (x: number, y: number) => seenFromFront(g, x + offset.x + sx, y + offset.y + sy)
      const [px] = move(g.pointers.x.x1, g.pointers.x.y1)
      const [, py] = move(g.pointers.y.x1, g.pointers.y.y1)
      expect(read(g.scales.x, px) + 0).toBeCloseTo(-sx, 9)
      expect(read(g.scales.y, py) + 0).toBeCloseTo(-sy, 9)
      // printed again with the reading entered, the page reads the same offset
      const fixed = calibrationGeometry({ ...setup, backOffsetMm: { x: -sx, y: -sy } })
      // (offset −s and shift s cancel: the pointers land where they were drawn)
      const [fx] = seenFromFront(fixed, fixed.pointers.x.x1, fixed.pointers.x.y1)
      const [, fy] = seenFromFront(fixed, fixed.pointers.y.x1, fixed.pointers.y.y1)
      expect(read(fixed.scales.x, fx)).toBeCloseTo(-sx, 9)
      expect(read(fixed.scales.y, fy)).toBeCloseTo(-sy, 9)
    }
  })

  it('draws the pointer still across its scale for a shift across it', () => {
    const g = calibrationGeometry(setup)
    const [, y1] = seenFromFront(g, g.pointers.x.x1, g.pointers.x.y1)
    const [, y2] = seenFromFront(g, g.pointers.x.x2, g.pointers.x.y2)
    expect(Math.min(y1, y2)).toBeLessThan(g.scales.x.across - 5)
    expect(Math.max(y1, y2)).toBeGreaterThan(g.scales.x.across + 5)
  })
})

describe('writeCalibration', () => {
  it('writes a front and a back page on the paper asked for, asking not to scale and to flip as asked', async () => {
    const pdf = await writeCalibration({ paper: 'letter', duplex: 'short-edge' })
    const { pages } = readPdf(pdf)
    expect(pages).toHaveLength(2)
    for (const p of pages) {
      expect(p.widthMm).toBeCloseTo(215.9, 3)
      expect(p.heightMm).toBeCloseTo(279.4, 3)
    }
    const text = pdf.toString('latin1')
    expect(text).toContain('/PrintScaling /None')
    expect(text).toContain('/Duplex /DuplexFlipShortEdge')
  })

  it('prints the back’s lines behind the zero ticks of the front’s scales', async () => {
    const pdf = await writeCalibration({ paper: 'a4' })
    const [front, back] = readPdf(pdf).pages
    const g = calibrationGeometry({ paper: 'a4' })
    const pointers = back!.lines.filter((l) => Math.hypot(l.x2 - l.x1, l.y2 - l.y1) > 20)
    expect(pointers).toHaveLength(2)
    const vertical = pointers.find((l) => Math.abs(l.x1 - l.x2) < 1e-6)!
    const horizontal = pointers.find((l) => Math.abs(l.y1 - l.y2) < 1e-6)!
    const [x] = seenFromFront(g, vertical.x1, vertical.y1)
    const [, y] = seenFromFront(g, horizontal.x1, horizontal.y1)
    const zeroX = g.scales.x.ticks.find((t) => t.value === 0)!.at
    const zeroY = g.scales.y.ticks.find((t) => t.value === 0)!.at
    expect(x).toBeCloseTo(zeroX, 3)
    expect(y).toBeCloseTo(zeroY, 3)
    // and those ticks are drawn on the front
    expect(front!.lines.some((l) => Math.abs(l.x1 - zeroX) < 1e-3 && Math.abs(l.x2 - zeroX) < 1e-3)).toBe(true)
    expect(front!.lines.some((l) => Math.abs(l.y1 - zeroY) < 1e-3 && Math.abs(l.y2 - zeroY) < 1e-3)).toBe(true)
  })

  it('writes the same bytes every time', async () => {
    expect((await writeCalibration()).equals(await writeCalibration())).toBe(true)
  })
})
