import { endianness } from 'node:os'
import { crc32, deflateSync } from 'node:zlib'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const chunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0)
  return Buffer.concat([head, data, crc])
}

/** One channel of a pixel with straight alpha `a` laid on white, rounded as it always was. */
const channelOnWhite = (c: number, a: number): number => Math.round((c * a + 255 * (255 - a)) / 255)

/**
 * A pixel read as a little-endian word (R in the low byte), laid on white when it is not opaque: takumi's
 * pixels have straight alpha, resvg's are opaque already (drawn on a white background) and pass as they are.
 */
const wordOnWhite = (p: number): number => {
  const a = p >>> 24
  if (a === 0xff) return p
  return (
    (0xff000000 |
      (channelOnWhite((p >>> 16) & 0xff, a) << 16) |
      (channelOnWhite((p >>> 8) & 0xff, a) << 8) |
      channelOnWhite(p & 0xff, a)) >>>
    0
  )
}

/** One row's RGB bytes on white, a byte at a time (the filter None: the bytes as they are). */
const rgbRowBytes = (rgba: Uint8Array, src: number, width: number, out: Uint8Array, dst: number): void => {
  for (let x = 0; x < width; x++, src += 4, dst += 3) {
    const a = rgba[src + 3]!
    if (a === 0xff) {
      out[dst] = rgba[src]!
      out[dst + 1] = rgba[src + 1]!
      out[dst + 2] = rgba[src + 2]!
    } else {
      out[dst] = channelOnWhite(rgba[src]!, a)
      out[dst + 1] = channelOnWhite(rgba[src + 1]!, a)
      out[dst + 2] = channelOnWhite(rgba[src + 2]!, a)
    }
  }
}

/**
 * One row's RGB bytes on white, four pixels at a time: the RGBA pixels read as 32-bit words (little-endian:
 * R in the low byte) and the three colour bytes of four pixels packed into three words. Four opaque pixels
 * are told by one test; the others are laid on white first.
 */
const rgbRowWords = (pixels: Uint32Array, first: number, width: number, row: Uint32Array): void => {
  let o = 0
  const whole = width - (width % 4)
  let x = 0
  for (; x < whole; x += 4, o += 3) {
    let p0 = pixels[first + x]!,
      p1 = pixels[first + x + 1]!,
      p2 = pixels[first + x + 2]!,
      p3 = pixels[first + x + 3]!
    if ((p0 & p1 & p2 & p3) >>> 24 !== 0xff) {
      p0 = wordOnWhite(p0)
      p1 = wordOnWhite(p1)
      p2 = wordOnWhite(p2)
      p3 = wordOnWhite(p3)
    }
    row[o] = (p0 & 0xffffff) | (p1 << 24)
    row[o + 1] = ((p1 >>> 8) & 0xffff) | (p2 << 16)
    row[o + 2] = ((p2 >>> 16) & 0xff) | (p3 << 8)
  }
  // The last pixels of a row whose width is not a multiple of four.
  const bytes = new Uint8Array(row.buffer, row.byteOffset + o * 4)
  for (let i = 0; x < width; x++, i += 3) {
    const p = wordOnWhite(pixels[first + x]!)
    bytes[i] = p & 0xff
    bytes[i + 1] = (p >>> 8) & 0xff
    bytes[i + 2] = (p >>> 16) & 0xff
  }
}

/** Whether the pixels can be read as little-endian 32-bit words (a little-endian machine, aligned pixels). */
const wordsFit = (rgba: Uint8Array): boolean => endianness() === 'LE' && rgba.byteOffset % 4 === 0

/** PNG's row filters used here: None (the bytes as they are) and Up (each byte minus the one above it). */
const NONE = 0
const UP = 2

/**
 * The image data of an RGB PNG before compression, written into `into` (or a new buffer). A row whose pixels
 * are those of the row above (a face's flat background and frame: over half its rows) gets the Up filter,
 * all zeros, without reading its pixels twice (one memcmp against the row above); any other row gets None,
 * its RGB bytes on white. `how`: a word at a time where the pixels allow, else a byte at a time (the same
 * bytes either way).
 */
export const filtered = (
  rgba: Uint8Array,
  width: number,
  height: number,
  how: 'words' | 'bytes' = wordsFit(rgba) ? 'words' : 'bytes',
  into?: Buffer,
): Buffer => {
  const stride = width * 3 + 1
  const raw = into ?? Buffer.allocUnsafe(stride * height)
  const pixels = Buffer.from(rgba.buffer, rgba.byteOffset, width * height * 4)
  const words = how === 'words' ? new Uint32Array(rgba.buffer, rgba.byteOffset, width * height) : undefined
  const row = new Uint32Array(Math.ceil((width * 3) / 4) + 1)
  const rowBytes = new Uint8Array(row.buffer, 0, width * 3)
  const pixelRow = width * 4
  for (let y = 0, at = 0; y < height; y++, at += stride) {
    const src = y * pixelRow
    if (y > 0 && pixels.compare(pixels, src - pixelRow, src, src, src + pixelRow) === 0) {
      raw[at] = UP
      raw.fill(0, at + 1, at + stride)
    } else if (words) {
      raw[at] = NONE
      rgbRowWords(words, y * width, width, row)
      raw.set(rowBytes, at + 1)
    } else {
      raw[at] = NONE
      rgbRowBytes(rgba, src, width, raw, at + 1)
    }
  }
  return raw
}

/**
 * The filtered rows of the last face this thread encoded, kept for the next: a 300-dpi face's 2.4 MB is then
 * not allocated, faulted in and collected again for every face (deflate reads it and keeps nothing of it).
 */
let scratch: Buffer | undefined
/** The most a thread keeps (a face at 600 dpi); a larger image (a sheet of faces for Tabletop Simulator) gets its own. */
const SCRATCH_MAX = 16 * 2 ** 20
const scratchOf = (bytes: number): Buffer => {
  if (bytes > SCRATCH_MAX) return Buffer.allocUnsafe(bytes)
  if (!scratch || scratch.length < bytes) scratch = Buffer.allocUnsafe(bytes)
  return scratch.subarray(0, bytes)
}

/**
 * Encodes RGBA pixels as an 8-bit RGB PNG on white (resvg's are opaque already; takumi's are laid on white).
 * pdfkit embeds an RGB PNG's data as it is (fast, byte-stable), while PNGs with alpha are split and
 * recompressed (~25× slower, unstable object order). Written here rather than with pngjs, which took 110–165
 * ms a poker face at 300 dpi: each row gets Up when it repeats the row above, else None (see `filtered`), a
 * word at a time, and node's zlib does the rest at level 3. On the example games' faces (issue 40) that is
 * ~0.7× the CPU time of the Sub filter on every row, in ~0.87× the bytes: a flat card's unfiltered RGB
 * compresses better than its Sub differences, and a repeated row costs a memcmp and a memset. zlib itself is
 * now two thirds of the time (levels 1–3, strategies and memory levels all within ±10% of it), so this is
 * about as fast as node's zlib allows. Deterministic for a given zlib: node's bundled one (Chromium's), whose
 * version is node's (`process.versions.zlib`).
 */
export const encodeRgbPng = (rgba: Uint8Array, width: number, height: number): Buffer => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  const data = deflateSync(filtered(rgba, width, height, undefined, scratchOf((width * 3 + 1) * height)), {
    level: 3,
  })
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))])
}
