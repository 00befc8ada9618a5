import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPdf, pdfToFile, pdfToMemory } from '../../src/pdf/document.ts'
import { drawImage } from '../../src/pdf/images.ts'
import { encodeRgbPng } from '../../src/render/renderers/png.ts'

const dir = mkdtempSync(join(tmpdir(), 'deckwright-document-'))

/** A 200×200 picture of noise: its PNG does not compress, so its bytes show in the file's size. */
const noise = (seed: number): Buffer => {
  const rgba = new Uint8Array(200 * 200 * 4)
  let x = seed
  for (let i = 0; i < rgba.length; i++) rgba[i] = i % 4 === 3 ? 255 : (x = (x * 1103515245 + 12345) >>> 0) >>> 24
  return encodeRgbPng(rgba, 200, 200)
}

describe('a PDF written to a file', () => {
  it('is written as it is drawn, not held until it ends', async () => {
    const file = join(dir, 'streamed.pdf')
    const doc = createPdf({ title: 'T', size: [300, 300] })
    const sink = pdfToFile(doc, file)
    const pictures = [1, 2, 3, 4].map(noise)
    for (const picture of pictures) {
      doc.addPage({ size: [300, 300], margin: 0 })
      drawImage(doc, picture, 0, 0, { width: 300, height: 300 })
    }
    // every picture is in the file while the document is still open (a stream held them all in memory)
    const drawn = pictures.reduce((sum, p) => sum + p.length, 0)
    expect(statSync(file).size).toBeGreaterThan(drawn * 0.9)
    await sink.end()
    const pdf = readFileSync(file)
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7')
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true)
  })

  it('has the same bytes in a file as in memory', async () => {
    const draw = (doc: PDFKit.PDFDocument) => {
      doc.addPage({ size: [300, 300], margin: 0 })
      drawImage(doc, noise(7), 10, 10, { width: 100, height: 100 })
      doc.rect(5, 5, 50, 50).stroke()
    }
    const file = join(dir, 'same.pdf')
    const a = createPdf({ title: 'T', size: [300, 300] })
    const toFile = pdfToFile(a, file)
    draw(a)
    await toFile.end()
    const b = createPdf({ title: 'T', size: [300, 300] })
    const toMemory = pdfToMemory(b)
    draw(b)
    expect(readFileSync(file).equals(await toMemory.end())).toBe(true)
  })
})
