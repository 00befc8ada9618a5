import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { crc32 } from 'node:zlib'
import { filtered, type RowsCheck } from './png-rows.ts'
import { zlibOfRows } from './zlib-pieces.ts'

export { filtered }

let source: Buffer | undefined
/**
 * What a PNG's bytes depend on besides its pixels: this encoder's code (this file, its rows' and its zlib
 * stream's) and node's zlib. A renderer keys the pictures it stores by it, so a changed encoder draws them again.
 */
export const encoderSource = (): Buffer => {
  if (source) return source
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
  const file = (name: string) => readFileSync(fileURLToPath(new URL(`./${name}${ext}`, import.meta.url)))
  source = Buffer.concat([file('png'), file('png-rows'), file('zlib-pieces'), Buffer.from(process.versions.zlib)])
  return source
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const chunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0)
  return Buffer.concat([head, data, crc])
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
 * word at a time, and node's zlib deflates the rows at level 3 but for long runs of rows alike (see
 * zlib-pieces.ts). On the example games' faces (issue 40) the filters took ~0.7× the CPU time of the Sub
 * filter on every row, in ~0.87× the bytes: a flat card's unfiltered RGB compresses better than its Sub
 * differences, and a repeated row costs a memcmp and a memset. Deterministic for a given zlib: node's bundled
 * one (Chromium's), whose version is node's (`process.versions.zlib`).
 */
export const encodeRgbPng = (rgba: Uint8Array, width: number, height: number): Buffer => {
  const stride = width * 3 + 1
  const check: RowsCheck = { a: 1, b: 0 }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  // Up rows' zeros are written only where zlib reads them (see zlibOfRows): most are in runs it never reads.
  const raw = filtered(rgba, width, height, undefined, scratchOf(stride * height), check)
  const data = zlibOfRows(raw, stride, height, check)
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))])
}
