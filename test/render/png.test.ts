import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { encodeRgbPng } from '../../src/render/png.ts'

describe('encodeRgbPng', () => {
  it('writes an RGB PNG (no alpha) that decodes to the same colours', () => {
    const width = 7
    const height = 5
    const rgba = new Uint8Array(width * height * 4)
    for (let i = 0; i < width * height; i++) rgba.set([(i * 37) % 256, (i * 91) % 256, 255 - i, 255], i * 4)
    const png = encodeRgbPng(rgba, width, height)
    expect(png.readUInt8(25)).toBe(2) // IHDR colour type: truecolour without alpha
    const back = PNG.sync.read(png)
    expect([back.width, back.height]).toEqual([width, height])
    for (let i = 0; i < width * height; i++) expect([...back.data.subarray(i * 4, i * 4 + 3)]).toEqual([...rgba.subarray(i * 4, i * 4 + 3)])
  })

  it('gives the same bytes for the same pixels', () => {
    const rgba = new Uint8Array(64 * 64 * 4).fill(200)
    expect(encodeRgbPng(rgba, 64, 64).equals(encodeRgbPng(rgba, 64, 64))).toBe(true)
  })
})
