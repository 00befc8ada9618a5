// The PNG encoder as it was before issue 40 (the Sub filter on every row, zlib level 3), kept for
// `npm run bench -- --png` to measure today's encoder against in the same run. Not shipped.
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

/** The Sub filter of one row, a byte at a time: each byte minus the same channel of the pixel to its left. */
const subRowBytes = (rgba: Uint8Array, src: number, width: number, out: Uint8Array, dst: number): void => {
  let r = 0,
    g = 0,
    b = 0
  for (let x = 0; x < width; x++, src += 4, dst += 3) {
    const a = rgba[src + 3]!
    let R = rgba[src]!,
      G = rgba[src + 1]!,
      B = rgba[src + 2]!
    if (a !== 0xff) {
      R = channelOnWhite(R, a)
      G = channelOnWhite(G, a)
      B = channelOnWhite(B, a)
    }
    out[dst] = (R - r) & 0xff
    out[dst + 1] = (G - g) & 0xff
    out[dst + 2] = (B - b) & 0xff
    r = R
    g = G
    b = B
  }
}

const HIGH = 0x80808080
/** Each byte of a minus the same byte of b, modulo 256, in one 32-bit operation (no borrow between bytes). */
const subBytes = (a: number, b: number): number => (((a | HIGH) - (b & ~HIGH)) ^ ((a ^ ~b) & HIGH)) >>> 0

/**
 * The Sub filter of one row, four pixels at a time: the RGBA pixels read as 32-bit words (little-endian:
 * R in the low byte), subtracted a word at a time, and the three colour bytes of four pixels packed into
 * three words. About five times fewer operations than a byte at a time, with the same bytes out. Four
 * opaque pixels are told by one test; the others are laid on white first.
 */
const subRowWords = (pixels: Uint32Array, first: number, width: number, row: Uint32Array): void => {
  let prev = 0
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
    const d0 = subBytes(p0, prev),
      d1 = subBytes(p1, p0),
      d2 = subBytes(p2, p1),
      d3 = subBytes(p3, p2)
    row[o] = (d0 & 0xffffff) | (d1 << 24)
    row[o + 1] = ((d1 >>> 8) & 0xffff) | (d2 << 16)
    row[o + 2] = ((d2 >>> 16) & 0xff) | (d3 << 8)
    prev = p3
  }
  // The last pixels of a row whose width is not a multiple of four.
  const bytes = new Uint8Array(row.buffer, row.byteOffset + o * 4)
  for (let i = 0; x < width; x++, i += 3) {
    const p = wordOnWhite(pixels[first + x]!)
    const d = subBytes(p, prev)
    bytes[i] = d & 0xff
    bytes[i + 1] = (d >>> 8) & 0xff
    bytes[i + 2] = (d >>> 16) & 0xff
    prev = p
  }
}

/** Whether the pixels can be read as little-endian 32-bit words (a little-endian machine, aligned pixels). */
const wordsFit = (rgba: Uint8Array): boolean => endianness() === 'LE' && rgba.byteOffset % 4 === 0

/**
 * The image data of an RGB PNG before compression, written into `into` (or a new buffer): each row a filter
 * byte (1, Sub) and its RGB bytes on white, each minus the same channel of the pixel to its left. `how`: a
 * word at a time where the pixels allow, else a byte at a time (the same bytes either way).
 */
const subFiltered = (
  rgba: Uint8Array,
  width: number,
  height: number,
  how: 'words' | 'bytes' = wordsFit(rgba) ? 'words' : 'bytes',
  into?: Buffer,
): Buffer => {
  const stride = width * 3 + 1
  const raw = into ?? Buffer.allocUnsafe(stride * height)
  const words = how === 'words' ? new Uint32Array(rgba.buffer, rgba.byteOffset, width * height) : undefined
  const row = new Uint32Array(Math.ceil((width * 3) / 4) + 1)
  const rowBytes = new Uint8Array(row.buffer, 0, width * 3)
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 1 // Sub
    if (words) {
      subRowWords(words, y * width, width, row)
      raw.set(rowBytes, y * stride + 1)
    } else subRowBytes(rgba, y * width * 4, width, raw, y * stride + 1)
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
 * recompressed (~25× slower, unstable object order). Written here rather than with pngjs, which took 110–165 ms a poker face
 * at 300 dpi: every row gets the Sub filter (the best single filter for flat card art), worked out a word
 * at a time (a few ms a poker face, against ~12 ms a byte at a time), and node's zlib does the rest, at
 * level 3 (~4 ms, and ~35% larger than level 6's 14 ms: a rebuild's speed matters more to a designer than
 * a few MB of PDF).
 */
export const encodeRgbPng = (rgba: Uint8Array, width: number, height: number): Buffer => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  const data = deflateSync(subFiltered(rgba, width, height, undefined, scratchOf((width * 3 + 1) * height)), {
    level: 3,
  })
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))])
}
