import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PNG } from 'pngjs'
import { describe, expect, it, vi } from 'vitest'
import { createPdf, pdfToBuffer } from '../../src/pdf/document.ts'
import { drawImage, opaquePng, type ImageSource } from '../../src/pdf/images.ts'
import { encodeRgbPng } from '../../src/render/renderers/png.ts'
import { poppler } from '../helpers.ts'

const dir = mkdtempSync(join(tmpdir(), 'deckwright-images-'))
/** Four coloured columns, two rows (the second darker), so a picture upside down or channel-swapped shows. */
const COLOURS = [
  [220, 30, 30],
  [30, 200, 40],
  [40, 60, 230],
  [250, 210, 20],
]
const pixel = (x: number, y: number) => COLOURS[x]!.map((c) => (y === 0 ? c : c >> 1))
const rgba = () => {
  const data = new Uint8Array(4 * 2 * 4)
  for (let y = 0; y < 2; y++) for (let x = 0; x < 4; x++) data.set([...pixel(x, y), 255], (y * 4 + x) * 4)
  return data
}
/** The same picture through pngjs, in the colour type and depth given. */
const pngjs = (colorType: 0 | 2 | 4 | 6, bitDepth: 8 | 16 = 8): Buffer => {
  const png = new PNG({ width: 4, height: 2, colorType, bitDepth, inputHasAlpha: true })
  png.data = Buffer.from(rgba())
  return PNG.sync.write(png, { colorType, bitDepth, inputHasAlpha: true })
}

/** A PDF page with the picture drawn 40×20 pt, each use given, and its page rendered back at 72 dpi. */
const drawn = async (...sources: ImageSource[]) => {
  const doc = createPdf({ title: 'images', size: [40, 20 * sources.length] })
  // pdfkit's own PNG reader, which the fast path stands in for.
  const pdfkitOpened = vi.spyOn(doc as unknown as { openImage(src: Buffer): unknown }, 'openImage')
  doc.addPage()
  sources.forEach((s, i) => drawImage(doc, s, 0, 20 * i, { width: 40, height: 20 }))
  const pdf = await pdfToBuffer(doc)
  const file = join(dir, `p${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, pdf)
  execFileSync('pdftoppm', ['-r', '72', '-png', '-singlefile', file, file])
  const page = PNG.sync.read(readFileSync(`${file}.png`))
  const at = (x: number, y: number) => [...page.data.subarray((y * page.width + x) * 4, (y * page.width + x) * 4 + 3)]
  return {
    pdf,
    at,
    images: poppler('pdfimages', pdf, '-list').trim().split('\n').slice(2),
    pdfkitOpened: pdfkitOpened.mock.calls.length,
  }
}

const near = (got: number[], want: number[]) => got.every((c, i) => Math.abs(c - want[i]!) <= 3)

describe('pictures in a PDF', () => {
  it('embeds an opaque 8-bit RGB PNG as it is, and draws its pixels where they belong', async () => {
    const png = encodeRgbPng(rgba(), 4, 2)
    expect(opaquePng(png, 'I1')).toMatchObject({ width: 4, height: 2 })
    const { at, images } = await drawn(png)
    expect(images).toHaveLength(1)
    expect(images[0]).toMatch(/\s4\s+2\s+rgb\s+3\s+8\s+image/)
    for (let y = 0; y < 2; y++)
      for (let x = 0; x < 4; x++) expect(near(at(x * 10 + 5, y * 10 + 5), pixel(x, y)), `pixel ${x},${y}`).toBe(true)
  })

  it('embeds the image data of the PNG without decoding it again', async () => {
    const png = encodeRgbPng(rgba(), 4, 2)
    const idat = png.subarray(
      png.indexOf('IDAT') + 4,
      png.indexOf('IDAT') + 4 + png.readUInt32BE(png.indexOf('IDAT') - 4),
    )
    const { pdf, pdfkitOpened } = await drawn(png)
    expect(pdf.includes(idat)).toBe(true)
    expect(pdfkitOpened).toBe(0) // pdfkit's PNG reader, which copies the data a byte at a time, is not used
  })

  it('embeds an 8-bit grey PNG as grey', async () => {
    const grey = pngjs(0)
    expect(opaquePng(grey, 'I1')).toBeDefined()
    const { at, images } = await drawn(grey)
    expect(images[0]).toMatch(/\sgray\s+1\s+8\s+image/)
    const decoded = PNG.sync.read(grey).data
    for (let x = 0; x < 4; x++) expect(Math.abs(at(x * 10 + 5, 15)[0]! - decoded[(4 + x) * 4]!)).toBeLessThanOrEqual(3)
  })

  it.each([
    ['RGB with alpha', pngjs(6)],
    ['grey with alpha', pngjs(4)],
    ['16-bit RGB', pngjs(2, 16)],
  ])('leaves a PNG it cannot pass through (%s) to pdfkit, which still draws it', async (_, png) => {
    expect(opaquePng(png, 'I1')).toBeUndefined()
    const { at, pdfkitOpened } = await drawn(png)
    expect(pdfkitOpened).toBe(1)
    const decoded = PNG.sync.read(png).data
    expect(near(at(15, 5), [...decoded.subarray(4, 7)])).toBe(true)
  })

  it('embeds a picture drawn several times once, whether given as bytes, equal bytes, a file or another file of the same bytes', async () => {
    const png = encodeRgbPng(rgba(), 4, 2)
    const file = join(dir, 'face.png')
    const copy = join(dir, 'same-face.png') // an equal face stored under another key
    writeFileSync(file, png)
    writeFileSync(copy, png)
    const { images, at } = await drawn(png, png, Buffer.from(png), file, file, copy)
    // pdfimages lists every use with its object number: one object for all six
    expect(images).toHaveLength(6)
    expect(new Set(images.map((line) => line.trim().split(/\s+/)[10])).size).toBe(1)
    expect(near(at(35, 115), pixel(3, 1))).toBe(true)
  })
})
