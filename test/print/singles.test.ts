import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { cardSize } from '../../src/engine/card-sizes.ts'
import { writeSingleCards } from '../../src/print/singles.ts'
import { readPdf } from './pdf-read.ts'

const image = (width: number): Buffer => {
  const png = new PNG({ width, height: 8 })
  png.data.fill(90)
  return PNG.sync.write(png, { colorType: 2 })
}
const pt = (mm: number) => (mm * 72) / 25.4
const poker = cardSize('poker')!
const mini = cardSize('mini')!
const back = image(99)
const items = [
  { id: 'a', front: image(40), back, size: poker },
  { id: 'b', front: image(42), back, size: poker },
  { id: 'v', front: image(44), back: image(45), size: mini },
]

describe('writeSingleCards', () => {
  it('writes each card’s front then its back, one page each, trim plus bleed, with TrimBox and BleedBox', async () => {
    const pdf = await writeSingleCards(items, { title: 'Singles', bleedMm: 3 })
    const { pages } = readPdf(pdf)
    expect(pages.map((p) => p.images.map((i) => i.widthPx))).toEqual([[40], [99], [42], [99], [44], [45]])
    pages.forEach((page, i) => {
      const size = items[Math.floor(i / 2)]!.size
      expect(page.widthMm).toBeCloseTo(size.widthMm + 6, 4)
      expect(page.heightMm).toBeCloseTo(size.heightMm + 6, 4)
      const [x0, y0, x1, y1] = page.boxes.TrimBox!
      expect(x0).toBeCloseTo(pt(3), 4)
      expect(y0).toBeCloseTo(pt(3), 4)
      expect(x1! - x0!).toBeCloseTo(pt(size.widthMm), 4)
      expect(y1! - y0!).toBeCloseTo(pt(size.heightMm), 4)
      expect(page.boxes.BleedBox).toEqual(page.boxes.MediaBox)
      // the face fills the page: its trim lies on the TrimBox
      expect(page.images[0]!.rect).toMatchObject({ x: expect.closeTo(0, 4), y: expect.closeTo(0, 4) })
      expect(page.images[0]!.rect.width).toBeCloseTo(size.widthMm + 6, 4)
    })
    // the shared back once, the other faces once each
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(5)
    expect(pdf.toString('latin1')).toContain('/PrintScaling /None')
  })

  it('writes the same bytes every time', async () => {
    expect((await writeSingleCards(items, { title: 'S' })).equals(await writeSingleCards(items, { title: 'S' }))).toBe(
      true,
    )
  })

  it('refuses to write nothing', async () => {
    await expect(writeSingleCards([], { title: 'S' })).rejects.toThrow(/no cards/)
  })
})
