import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateSync, inflateSync } from 'node:zlib'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { draw } from '../../src/render/renderers/raster.ts'
import { encodeRgbPng, filtered } from '../../src/render/renderers/png.ts'
import type { RowsCheck } from '../../src/render/renderers/png-rows.ts'
import { zlibOfRows } from '../../src/render/renderers/zlib-pieces.ts'
import { maybeMissionsBase } from '../setup/shared-builds.ts'

/** The RGB bytes of a PNG as pngjs decodes it (its RGBA without the alpha). */
const decodedRgb = (png: Buffer): Uint8Array => {
  const { data } = PNG.sync.read(png)
  return new Uint8Array(data.filter((_, i) => i % 4 !== 3))
}

/** RGBA pixels laid on white as the encoder promises (straight alpha, rounded), without their alpha. */
const rgbOnWhite = (rgba: Uint8Array): Uint8Array =>
  new Uint8Array(rgba.filter((_, i) => i % 4 !== 3)).map((c, j) => {
    const a = rgba[Math.floor(j / 3) * 4 + 3]!
    return Math.round((c * a + 255 * (255 - a)) / 255)
  })

/**
 * A card-like picture: a flat background and frame (rows alike, the Up filter's), a band of noise (text and
 * art, the None filter's), rows that differ from the one above only in alpha, and `alpha` rows of straight
 * alpha as takumi gives them.
 */
const cardLike = (width: number, height: number, alpha: boolean): Uint8Array => {
  let seed = 11
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 8) & 0xff
  const rgba = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4
      const frame = x < 2 || x >= width - 2 || y < 2 || y >= height - 2
      if (y >= height / 3 && y < height / 2) rgba.set([random(), random(), random(), 255], at)
      else rgba.set(frame ? [20, 30, 90, 255] : [240, 230, 200, 255], at)
      // Two rows alike in colour, the second not opaque; and straight alpha in the lower rows.
      if (y === 5 && x > 3) rgba[at + 3] = 254
      if (alpha && y >= height - 6) rgba[at + 3] = (x * 37 + y) % 256
    }
  return rgba
}

/** The same pixels as given (read a word at a time) and one byte past a word boundary (read a byte at a time). */
const bothWays = (rgba: Uint8Array) => {
  const shifted = new Uint8Array(rgba.length + 1).subarray(1)
  shifted.set(rgba)
  return [
    [rgba, 'words'],
    [shifted, 'bytes'],
  ] as const
}

/** The Adler-32 zlib gives rows, as `RowsCheck`'s `[b, a]`. */
const zlibCheck = (raw: Buffer): [number, number] => {
  const zlib = deflateSync(raw)
  return [zlib.readUInt16BE(zlib.length - 4), zlib.readUInt16BE(zlib.length - 2)]
}

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
      const height = 4
      const rgba = new Uint8Array(width * height * 4).map(random)
      rgba.copyWithin(width * 4 * 2, width * 4, width * 4 * 2) // the third row as the second: Up
      const words = filtered(rgba, width, height, 'words')
      expect(words.equals(filtered(rgba, width, height, 'bytes')), `width ${width}`).toBe(true)
      expect(words).toHaveLength((width * 3 + 1) * height)
      expect([0, 1, 2, 3].map((y) => words[y * (width * 3 + 1)])).toEqual([0, 0, 2, 0]) // None, None, Up, None
    }
  })

  it('decodes to exactly the pixels it was given, opaque or of straight alpha (laid on white), either way a row is read', () => {
    for (const [width, height] of [
      [37, 24],
      [64, 30],
    ] as const)
      for (const alpha of [false, true]) {
        const rgba = cardLike(width, height, alpha)
        const shifted = new Uint8Array(rgba.length + 1).subarray(1) // read a byte at a time
        shifted.set(rgba)
        for (const pixels of [rgba, shifted]) {
          const png = encodeRgbPng(pixels, width, height)
          expect(decodedRgb(png), `${width}×${height}, alpha ${alpha}`).toEqual(rgbOnWhite(rgba))
          // Both filters are used: Up for the rows alike, None for the others.
          const rows = filtered(pixels, width, height)
          const filters = new Set(Array.from({ length: height }, (_, y) => rows[y * (width * 3 + 1)]))
          expect([...filters].sort()).toEqual([0, 2])
        }
      }
  })

  it("encodes real faces to exactly the pixels resvg drew (Maybe Missions' faces)", async () => {
    const faces = join(await maybeMissionsBase(), 'maybe-missions', 'faces')
    const svgs = readdirSync(faces)
      .filter((f) => f.endsWith('.svg'))
      .sort()
      .slice(0, 3)
    expect(svgs.length).toBe(3)
    for (const svg of svgs) {
      // At 150 dpi: the pixels resvg gives the encoder, opaque on white.
      const { data, width, height } = draw(readFileSync(join(faces, svg), 'utf8'), 411)
      const now = encodeRgbPng(data, width, height)
      expect(decodedRgb(now), svg).toEqual(rgbOnWhite(data))
      expect(now.equals(encodeRgbPng(data, width, height))).toBe(true)
    }
  }, 240_000)

  it("works out the rows' Adler-32 as zlib does, a word or a byte at a time, whatever the width", () => {
    let seed = 3
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 8) & 0xff
    for (const [width, height] of [
      [1, 3],
      [3, 5],
      [4, 2],
      [5, 7],
      [7, 40],
      [822, 60],
      [3001, 9],
    ] as const) {
      const rgba = new Uint8Array(width * height * 4).map(random)
      // Rows alike (Up), and rows of straight alpha, as takumi gives them.
      for (let y = 2; y < height; y += 3) rgba.copyWithin(y * width * 4, (y - 1) * width * 4, y * width * 4)
      for (let i = 3; i < rgba.length; i += 4) if (i % 7 !== 0) rgba[i] = 255
      for (const [pixels, how] of bothWays(rgba)) {
        const check: RowsCheck = { a: 1, b: 0 }
        const raw = filtered(pixels, width, height, how, undefined, check)
        expect([check.b, check.a], `${width}×${height}, ${how}`).toEqual(zlibCheck(raw))
      }
    }
  })

  it('deflates long runs of rows alike apart from the rest, to a stream zlib reads back with its check', () => {
    // A card 300 rows high: long runs of its flat background between bands of noise.
    const [width, height] = [64, 300]
    let seed = 5
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 8) & 0xff
    const rgba = new Uint8Array(width * height * 4).fill(255)
    for (const [from, to] of [
      [0, 3],
      [90, 120],
      [200, 204],
    ])
      for (let i = from * width * 4; i < to * width * 4; i++) if (i % 4 !== 3) rgba[i] = random()
    const check: RowsCheck = { a: 1, b: 0 }
    const raw = filtered(rgba, width, height, undefined, undefined, check)
    const stream = zlibOfRows(raw, width * 3 + 1, height, check)
    // inflateSync checks the Adler-32 too.
    expect(inflateSync(stream).equals(raw)).toBe(true)
    expect(stream.equals(deflateSync(raw, { level: 3 }))).toBe(false)
    // A run of more rows than are deflated at once (4 MB: a sheet's empty last row of cards) is laid in parts.
    const [wide, tall] = [2000, 1500]
    const flat = new Uint8Array(wide * tall * 4).fill(200)
    flat.fill(0, 0, wide * 4 * 2)
    const flatCheck: RowsCheck = { a: 1, b: 0 }
    const flatRaw = filtered(flat, wide, tall, undefined, undefined, flatCheck)
    expect(inflateSync(zlibOfRows(flatRaw, wide * 3 + 1, tall, flatCheck)).equals(flatRaw)).toBe(true)
    // Rows with no long run (the noise of the first band and the background after it): their stream reads back, check and all.
    const short = raw.subarray(0, (width * 3 + 1) * 12)
    const shortCheck: RowsCheck = { a: 1, b: 0 }
    filtered(rgba.subarray(0, width * 12 * 4), width, 12, undefined, undefined, shortCheck)
    expect(inflateSync(zlibOfRows(short, width * 3 + 1, 12, shortCheck)).equals(short)).toBe(true)
  })

  it('finds rows alike one at a time and in blocks, each row filtered as a plain reading of the filters would', () => {
    // Runs of rows alike of every length around a block's (8), one long enough to be deflated apart (40: see
    // zlibOfRows), one ending a row before the last, and within runs rows that differ from the one above only
    // in their last byte or their first.
    const width = 13
    const runs = [1, 2, 7, 8, 9, 15, 16, 17, 30, 40, 3]
    const rows: Uint8Array[] = []
    let seed = 3
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 8) & 0xff
    for (const length of runs) {
      const row = new Uint8Array(width * 4).map(random)
      for (let i = 0; i < length; i++) rows.push(row)
    }
    const height = rows.length
    const rgba = new Uint8Array(width * height * 4)
    rows.forEach((row, y) => rgba.set(row, y * width * 4))
    for (const [y, byte] of [
      [20, width * 4 - 2],
      [45, 0],
      [height - 2, width * 4 - 2],
    ] as const)
      rgba[y * width * 4 + byte] ^= 0x40
    // The filters read plainly: a row of the pixels above gets Up (a 2, then zeros), any other None (its RGB).
    const stride = width * 3 + 1
    const plain = Buffer.alloc(stride * height)
    for (let y = 0; y < height; y++) {
      const row = rgba.subarray(y * width * 4, (y + 1) * width * 4)
      const above = y > 0 && Buffer.from(row).equals(rgba.subarray((y - 1) * width * 4, y * width * 4))
      if (above) plain[y * stride] = 2
      else plain.set(rgbOnWhite(row), y * stride + 1)
    }
    for (const [pixels, how] of bothWays(rgba)) {
      const check: RowsCheck = { a: 1, b: 0 }
      expect(filtered(pixels, width, height, how, undefined, check).equals(plain), how).toBe(true)
      expect([check.b, check.a], how).toEqual(zlibCheck(plain))
      // Up rows left as they were (what was in the buffer before) still deflate as zeros.
      const left = Buffer.alloc(stride * height, 0xaa)
      const leftCheck: RowsCheck = { a: 1, b: 0 }
      filtered(pixels, width, height, how, left, leftCheck)
      expect(left.equals(plain), how).toBe(false)
      expect(inflateSync(zlibOfRows(left, stride, height, leftCheck)).equals(plain), how).toBe(true)
    }
  })

  it('reads pixels that do not start on a word boundary a byte at a time, to the same picture', () => {
    const backing = new Uint8Array(5 * 2 * 4 + 1).map((_, i) => (i * 53) % 256)
    const shifted = backing.subarray(1) // byteOffset 1: no 32-bit view is possible
    const aligned = new Uint8Array(shifted)
    expect(encodeRgbPng(shifted, 5, 2).equals(encodeRgbPng(aligned, 5, 2))).toBe(true)
  })
})
