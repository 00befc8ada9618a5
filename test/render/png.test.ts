import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { encodeRgbPng, subFiltered } from '../../src/render/renderers/png.ts'

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
    for (let i = 0; i < width * height; i++)
      expect([...back.data.subarray(i * 4, i * 4 + 3)]).toEqual([...rgba.subarray(i * 4, i * 4 + 3)])
  })

  it('lays pixels that are not opaque on white (takumi gives straight alpha), in the words and the bytes of a row', () => {
    // Five pixels: four read as words, the fifth alone; the same pixels a byte off a word boundary are read a byte at a time.
    const pixels = [
      [255, 0, 0, 255],
      [0, 0, 0, 128],
      [10, 200, 30, 0],
      [0, 0, 255, 255],
      [0, 100, 0, 64],
    ]
    const onWhite = [
      [255, 0, 0],
      [127, 127, 127],
      [255, 255, 255],
      [0, 0, 255],
      [191, 216, 191],
    ]
    const aligned = new Uint8Array(pixels.flat())
    const shifted = new Uint8Array(aligned.length + 1).subarray(1)
    shifted.set(aligned)
    for (const rgba of [aligned, shifted]) {
      const back = PNG.sync.read(encodeRgbPng(rgba, 5, 1))
      expect(Array.from({ length: 5 }, (_, i) => [...back.data.subarray(i * 4, i * 4 + 3)])).toEqual(onWhite)
    }
  })

  it('gives the same bytes for the same pixels', () => {
    const rgba = new Uint8Array(64 * 64 * 4).fill(200)
    expect(encodeRgbPng(rgba, 64, 64).equals(encodeRgbPng(rgba, 64, 64))).toBe(true)
  })

  it('filters a word at a time to the same bytes as a byte at a time, whatever the width', () => {
    let seed = 7
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 8) & 0xff
    for (const width of [1, 2, 3, 4, 5, 6, 7, 8, 9, 822]) {
      const height = 3
      const rgba = new Uint8Array(width * height * 4).map(random)
      const words = subFiltered(rgba, width, height, 'words')
      expect(words.equals(subFiltered(rgba, width, height, 'bytes')), `width ${width}`).toBe(true)
      expect(words).toHaveLength((width * 3 + 1) * height)
    }
  })

  it('reads pixels that do not start on a word boundary a byte at a time, to the same picture', () => {
    const backing = new Uint8Array(5 * 2 * 4 + 1).map((_, i) => (i * 53) % 256)
    const shifted = backing.subarray(1) // byteOffset 1: no 32-bit view is possible
    const aligned = new Uint8Array(shifted)
    expect(encodeRgbPng(shifted, 5, 2).equals(encodeRgbPng(aligned, 5, 2))).toBe(true)
  })
})
