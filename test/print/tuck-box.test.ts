// A tuck box's net, printed at 100%, folds to the deck's size: its panels measured from the PDF's own fold and
// cut lines, in millimetres, against the card size, the deck's thickness and the clearance.
import { describe, expect, it } from 'vitest'
import { CARD_SIZES } from '../../src/engine/card-sizes.ts'
import { cardThicknessMm } from '../../src/print/card-thickness.ts'
import { BOX_CLEARANCE_MM, writeTuckBoxes } from '../../src/print/tuck-box.ts'
import { poppler } from '../helpers.ts'
import { readPdf, type Line } from './pdf-read.ts'

// A plain 1×1 white PNG: the back image's pixels do not matter here.
const BACK = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
  'base64',
)

const boxes = [
  // 54 poker cards on 300 gsm card, and 78 tarot cards 0.4 mm thick: too large for A4.
  { name: 'Missions', cards: 54, size: CARD_SIZES.poker!, deckMm: 54 * cardThicknessMm(300), back: BACK },
  { name: 'Rooms', cards: 78, size: CARD_SIZES.tarot!, deckMm: 78 * 0.4, back: BACK },
]

/** The distinct positions, a hundredth of a millimetre apart or more, sorted. */
const distinct = (values: number[]): number[] =>
  [...values].sort((a, b) => a - b).filter((v, i, all) => i === 0 || v - all[i - 1]! > 0.01)
const gaps = (values: number[]): number[] => values.slice(1).map((v, i) => v - values[i]!)
const vertical = (l: Line) => Math.abs(l.x1 - l.x2) < 1e-6
const horizontal = (l: Line) => Math.abs(l.y1 - l.y2) < 1e-6

describe('tuck boxes', async () => {
  const a4 = await writeTuckBoxes(boxes, { title: 'Maybe Missions', paper: 'a4', bleedMm: 3 })
  const { pages } = readPdf(a4.pdf)

  it('folds each deck into panels of its card size and thickness, plus the clearance, at 100%', () => {
    expect(pages).toHaveLength(2)
    boxes.forEach((box, i) => {
      const folds = pages[i]!.lines.filter((l) => l.dashed)
      const W = box.size.widthMm + BOX_CLEARANCE_MM.width
      const H = box.size.heightMm + BOX_CLEARANCE_MM.height
      const D = box.deckMm + BOX_CLEARANCE_MM.depth
      // Left to right: front, side, back, side (the glue flap after the last fold).
      const xs = distinct(folds.filter(vertical).map((l) => l.x1))
      // Top to bottom: the lid, the body (front, sides and back), the bottom.
      const ys = distinct(folds.filter(horizontal).map((l) => l.y1))
      const [front, side1, back, side2] = [xs[0]! - 0, ...gaps(xs)]
      expect(gaps(xs)).toHaveLength(3)
      expect(side1).toBeCloseTo(D, 2)
      expect(back).toBeCloseTo(W, 2)
      expect(side2).toBeCloseTo(D, 2)
      expect(gaps(ys).map((g) => Number(g.toFixed(2)))).toEqual([D, H, D].map((g) => Number(g.toFixed(2))))
      // The front runs from the outline's left edge to the first fold.
      const cuts = pages[i]!.lines.filter((l) => !l.dashed)
      const left = Math.min(...cuts.map((l) => Math.min(l.x1, l.x2)))
      expect(front - left).toBeCloseTo(W, 2)
      // The body is as tall as the card (the fold lines between the panels run its height).
      const body = folds.filter(vertical)[0]!
      expect(Math.abs(body.y2 - body.y1)).toBeCloseTo(H, 2)
    })
  })

  it('cuts on solid lines and folds on dashed ones, the net inside the page', () => {
    for (const page of pages) {
      const cuts = page.lines.filter((l) => !l.dashed)
      expect(cuts.length).toBeGreaterThan(20)
      expect(page.lines.filter((l) => l.dashed).length).toBe(8)
      for (const l of cuts) {
        expect(Math.min(l.x1, l.x2)).toBeGreaterThan(5)
        expect(Math.max(l.x1, l.x2)).toBeLessThan(page.widthMm - 5)
        expect(Math.max(l.y1, l.y2)).toBeLessThan(page.heightMm - 5)
      }
    }
  })

  it('prints a net on the paper asked for, turned or on the next larger paper when it does not fit, and says so', async () => {
    expect(pages[0]!.widthMm).toBeCloseTo(210, 1)
    expect(pages[0]!.heightMm).toBeCloseTo(297, 1)
    // The tarot box is 2 × 72 + 2 × 33 mm wide and 211 mm tall: A3, with a warning.
    expect([pages[1]!.widthMm, pages[1]!.heightMm].map(Math.round)).toEqual([297, 420])
    expect(a4.diagnostics).toEqual([
      expect.objectContaining({
        rule: 'print/tuck-box-paper',
        severity: 'warning',
        message: expect.stringContaining('a3'),
      }),
    ])
    const letter = await writeTuckBoxes(boxes, { title: 'Maybe Missions', paper: 'letter', bleedMm: 3 })
    const [first, second] = readPdf(letter.pdf).pages
    expect([first!.widthMm, first!.heightMm].map((n) => n.toFixed(1))).toEqual(['215.9', '279.4'])
    expect(letter.diagnostics[0]?.message).toContain('tabloid')
    expect(second!.heightMm).toBeCloseTo(431.8, 1)
  })

  it('shows the game, the deck and its count, and passes qpdf --check', () => {
    const text = poppler('pdftotext', a4.pdf).replace(/\s+/g, ' ')
    expect(text).toContain('Maybe Missions')
    expect(text).toContain('Missions · 54 cards')
    expect(text).toContain('Rooms · 78 cards')
    // The back on the front and back panels.
    expect(pages[0]!.images).toHaveLength(2)
    expect(poppler('qpdf', a4.pdf, '--check')).toContain('No syntax or stream encoding errors')
  })
})

describe('build --tuck-box', () => {
  it('asks the build for boxes of cards as thick as --card-gsm says, or --card-thickness', async () => {
    const { buildOptions, buildSettings } = await import('../../src/commands/build-options.ts')
    const { Command } = await import('commander')
    const settings = (...args: string[]) => {
      const command = new Command('build').exitOverride()
      for (const option of buildOptions()) command.addOption(option)
      command.parse(args, { from: 'user' })
      return buildSettings(command.opts() as never, 'out', { renderer: 'satori' }).tuckBox
    }
    expect(settings()).toBeUndefined()
    expect(settings('--tuck-box')?.cardThicknessMm).toBeCloseTo(0.33, 6)
    expect(settings('--tuck-box', '--card-gsm', '250')?.cardThicknessMm).toBeCloseTo(0.275, 6)
    expect(settings('--tuck-box', '--card-gsm', '250', '--card-thickness', '0.5')?.cardThicknessMm).toBe(0.5)
  })
})
