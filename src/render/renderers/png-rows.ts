// A PNG's rows before compression: RGBA pixels laid on white as RGB, each row filtered (None or Up), and
// the Adler-32 of the result worked out as it is written (see zlib-pieces.ts, which needs it).
import { endianness } from 'node:os'

/** PNG's row filters used here: None (the bytes as they are) and Up (each byte minus the one above it). */
const NONE = 0
export const UP = 2

/** Adler-32's modulus: a zlib stream's check is two sums of its bytes, each modulo this. */
export const ADLER = 65521

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

/**
 * What Adler-32 needs of a row's RGB bytes y₀…yₙ: their sum (`[0]`) and the sum of each times its place
 * j (`[1]`), each modulo ADLER, written into `sums`.
 */
type RowSums = Float64Array

/** One row's RGB bytes on white, a byte at a time (the filter None: the bytes as they are), and their sums. */
const rgbRowBytes = (
  rgba: Uint8Array,
  src: number,
  width: number,
  out: Uint8Array,
  dst: number,
  sums: RowSums,
): void => {
  const start = dst
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
  let sum = 0
  let placed = 0
  for (let i = start; i < dst; i++) {
    sum += out[i]!
    placed = (placed + (i - start) * out[i]!) % ADLER
  }
  sums[0] = sum % ADLER
  sums[1] = placed
}

/** The two bytes of a word that sums add at once (bytes 0 and 2), each in its own 16 bits. */
const LANES = 0x00ff00ff

/**
 * One row's RGB bytes on white, four pixels at a time: the RGBA pixels read as 32-bit words (little-endian:
 * R in the low byte) and the three colour bytes of four pixels packed into three words. Four opaque pixels
 * are told by one test; the others are laid on white first.
 *
 * The sums Adler-32 needs come from the packed words, two bytes added at a time (`LANES`). A step's twelve
 * bytes are at places 12k + m: Σ j·yⱼ is 12·Σ k·sₖ (sₖ a step's sum; Σ k·sₖ = n·S − Q, Q the sum of the
 * running sums after each step) plus Σ m·Yₘ, Yₘ the sum of the bytes at m in every step, kept in six words
 * of two lanes each and gathered every 16 steps, while each lane stays under 2^12. Every sum is taken modulo
 * ADLER as it is gathered, so that each stays a 32-bit integer whatever the width: a number past that would
 * have the optimised code thrown away.
 */
const rgbRowWords = (pixels: Uint32Array, first: number, width: number, row: Uint32Array, sums: RowSums): void => {
  let o = 0
  const whole = width - (width % 4)
  let x = 0
  let running = 0
  let ofRunning = 0
  // The bytes at places m of each step: m = 0 and 2 (e0), 1 and 3 (d0), 4 and 6 (e1), … 9 and 11 (d2).
  let e0 = 0,
    d0 = 0,
    e1 = 0,
    d1 = 0,
    e2 = 0,
    d2 = 0
  let placed = 0
  let steps = 0
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
    const w0 = (p0 & 0xffffff) | (p1 << 24)
    const w1 = ((p1 >>> 8) & 0xffff) | (p2 << 16)
    const w2 = ((p2 >>> 16) & 0xff) | (p3 << 8)
    row[o] = w0
    row[o + 1] = w1
    row[o + 2] = w2
    const le0 = w0 & LANES,
      ld0 = (w0 >>> 8) & LANES,
      le1 = w1 & LANES,
      ld1 = (w1 >>> 8) & LANES,
      le2 = w2 & LANES,
      ld2 = (w2 >>> 8) & LANES
    e0 += le0
    d0 += ld0
    e1 += le1
    d1 += ld1
    e2 += le2
    d2 += ld2
    const t = le0 + ld0 + le1 + ld1 + le2 + ld2
    running += (t & 0xffff) + (t >>> 16)
    ofRunning += running
    // Gathered in place (a closure would keep these sums in memory rather than in registers).
    if ((++steps & 15) === 0 || x + 4 >= whole) {
      placed +=
        (d0 & 0xffff) +
        2 * (e0 >>> 16) +
        3 * (d0 >>> 16) +
        4 * (e1 & 0xffff) +
        5 * (d1 & 0xffff) +
        6 * (e1 >>> 16) +
        7 * (d1 >>> 16) +
        8 * (e2 & 0xffff) +
        9 * (d2 & 0xffff) +
        10 * (e2 >>> 16) +
        11 * (d2 >>> 16)
      e0 = d0 = e1 = d1 = e2 = d2 = 0
      placed %= ADLER
      running %= ADLER
      ofRunning %= ADLER
    }
  }
  let sum = running
  placed = (placed + 12 * ((steps * running - ofRunning) % ADLER) + 12 * ADLER) % ADLER
  // The last pixels of a row whose width is not a multiple of four.
  const bytes = new Uint8Array(row.buffer, row.byteOffset + o * 4)
  for (let i = 0, j = o * 4; x < width; x++, i += 3, j += 3) {
    const p = wordOnWhite(pixels[first + x]!)
    const r = p & 0xff,
      g = (p >>> 8) & 0xff,
      b = (p >>> 16) & 0xff
    bytes[i] = r
    bytes[i + 1] = g
    bytes[i + 2] = b
    sum += r + g + b
    placed = (placed + j * r + (j + 1) * g + (j + 2) * b) % ADLER
  }
  sums[0] = sum % ADLER
  sums[1] = placed
}

/** Whether the pixels can be read as little-endian 32-bit words (a little-endian machine, aligned pixels). */
const wordsFit = (rgba: Uint8Array): boolean => endianness() === 'LE' && rgba.byteOffset % 4 === 0

/** The Adler-32 of the filtered rows (`a`, `b`: its two sums), worked out as they are written. */
export interface RowsCheck {
  a: number
  b: number
}

/** Rows tried at once while rows repeat the row above: one memcmp for the lot (see `filtered`). */
const BLOCK = 8

/**
 * The image data of an RGB PNG before compression, written into `into` (or a new buffer). A row whose pixels
 * are those of the row above (a face's flat background and frame: over half its rows) gets the Up filter,
 * all zeros, without reading its pixels twice (one memcmp against the row above; within a run of such rows,
 * BLOCK rows at once against the BLOCK rows above, each then equal to its own above); any other row gets
 * None, its RGB bytes on white. `how`: a word at a time where the pixels allow, else a byte at a time (the
 * same bytes either way). `check`, when given, gets the rows' Adler-32, from each row's sums: a row of R bytes
 * adds its sum S to `a`, and to `b` the sum of its bytes each times the bytes from it to the end (R − i within
 * the row, and S times the rows' bytes after it). An Up row's bytes after its filter are left as `into` had
 * them (zeros in a new buffer): zlibOfRows zeroes those it deflates, and long runs of rows alike it never reads.
 */
export const filtered = (
  rgba: Uint8Array,
  width: number,
  height: number,
  how: 'words' | 'bytes' = wordsFit(rgba) ? 'words' : 'bytes',
  into?: Buffer,
  check?: RowsCheck,
): Buffer => {
  const stride = width * 3 + 1
  const raw = into ?? Buffer.alloc(stride * height)
  const pixels = Buffer.from(rgba.buffer, rgba.byteOffset, width * height * 4)
  const words = how === 'words' ? new Uint32Array(rgba.buffer, rgba.byteOffset, width * height) : undefined
  const row = new Uint32Array(Math.ceil((width * 3) / 4) + 1)
  const rowBytes = new Uint8Array(row.buffer, 0, width * 3)
  const pixelRow = width * 4
  const sums: RowSums = new Float64Array(2)
  let a = 1
  let b = 0
  // Rows after this one known to repeat the row above (a block compared at once), and whether this one did.
  let knownUp = 0
  let up = false
  for (let y = 0, at = 0; y < height; y++, at += stride) {
    const src = y * pixelRow
    if (knownUp > 0) knownUp--
    else if (y === 0) up = false
    else if (
      up &&
      y + BLOCK <= height &&
      pixels.compare(pixels, src - pixelRow, src + (BLOCK - 1) * pixelRow, src, src + BLOCK * pixelRow) === 0
    )
      knownUp = BLOCK - 1
    else up = pixels.compare(pixels, src - pixelRow, src, src, src + pixelRow) === 0
    let sum: number
    let own: number // Σ (R − i)·xᵢ over the row's bytes, its filter's (i = 0) included
    if (up) {
      raw[at] = UP
      sum = UP
      own = UP * stride
    } else {
      raw[at] = NONE
      if (words) {
        rgbRowWords(words, y * width, width, row, sums)
        raw.set(rowBytes, at + 1)
      } else rgbRowBytes(rgba, src, width, raw, at + 1, sums)
      sum = sums[0]!
      // The RGB byte at place j is at i = j + 1 of the row.
      own = ((((stride - 1) % ADLER) * sum) % ADLER) - sums[1]! + ADLER
    }
    if (!check) continue
    a = (a + sum) % ADLER
    b = (b + (own % ADLER) + (sum % ADLER) * (((height - 1 - y) * stride) % ADLER)) % ADLER
  }
  if (check) {
    check.a = a
    // Each byte also adds the 1 `a` starts at: once for every byte from it to the end.
    check.b = (b + ((stride * height) % ADLER)) % ADLER
  }
  return raw
}

/**
 * Type feedback for every path of the code above, from small pictures that take them all (pixels not opaque,
 * rows alike one and a block at a time, one to three pixels past a row's whole words, pixels read a byte at a
 * time). V8 optimises these functions on the first faces a thread encodes; code
 * compiled before it had seen a path it then takes was thrown away and entered again on every row after (one
 * build of Maybe Missions' grown masters, 821 px wide after 596 px wide vote tokens: 1,930 deoptimisations
 * of `rgbRowWords`, the encoder 40% slower).
 */
const primeFeedback = () => {
  const height = BLOCK + 5
  for (let width = 1; width <= 8; width++) {
    const row = width * 4
    const rgba = new Uint8Array(row * height + 1)
    for (let i = 0; i < rgba.length; i++) rgba[i] = (i * 97) % 256
    // Rows 2 to BLOCK + 2 repeat row 1: a row alike alone, then a block of them, then one not.
    for (let y = 2; y <= BLOCK + 2; y++) rgba.copyWithin(row * y, row, row * 2)
    for (const [pixels, how] of [
      [rgba.subarray(0, row * height), 'words'],
      [rgba.subarray(1), 'bytes'],
    ] as const)
      filtered(pixels, width, height, how, undefined, { a: 1, b: 0 })
  }
}
primeFeedback()
