// The zlib stream of a PNG's filtered rows, zlib given only the rows that are not long runs of rows alike.
import { constants, deflateRawSync } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import { UP, type RowsCheck } from './png-rows.ts'

/** Rows alike in a run at least this long are not given to zlib (see `runBlocks`); shorter runs stay with their neighbours. */
const MIN_RUN = 32

/**
 * A run of `rows` rows that repeat the row above (Up: a 2 and `stride - 1` zeros each), compressed on its own
 * by zlib as raw deflate blocks, none the last, ending on a byte: a piece any deflate stream may hold between
 * two pieces that refer to nothing before them. A face's runs are its frame and flat background, the same
 * rows for every face of a template: kept (up to 4 MB a thread), so zlib reads each once, not once a face.
 */
const runs = new LRUCache<string, Buffer>({ maxSize: 4 * 2 ** 20, sizeCalculation: (b) => b.length })
/** The most bytes of rows deflated at once for a run: a longer run (a sheet's empty last row of cards) is laid as several. */
const RUN_BYTES = 4 * 2 ** 20
const runBlocks = (stride: number, rows: number): Buffer => {
  const most = Math.max(1, Math.floor(RUN_BYTES / stride))
  if (rows > most) {
    const parts: Buffer[] = []
    for (let left = rows; left > 0; left -= most) parts.push(runBlocks(stride, Math.min(most, left)))
    return Buffer.concat(parts)
  }
  const key = `${stride}x${rows}`
  let blocks = runs.get(key)
  if (!blocks) {
    const data = Buffer.alloc(stride * rows)
    for (let at = 0; at < data.length; at += stride) data[at] = UP
    blocks = deflateRawSync(data, { level: 3, finishFlush: constants.Z_SYNC_FLUSH })
    runs.set(key, blocks)
  }
  return blocks
}

/** Rows `from` to `to` of the filtered rows: a long run of rows alike, or rows between such runs. */
interface Piece {
  from: number
  to: number
  run: boolean
}

/** The filtered rows cut into pieces: runs of at least MIN_RUN rows that repeat the row above, and the rest. */
const piecesOf = (raw: Buffer, stride: number, height: number): Piece[] => {
  const pieces: Piece[] = []
  let from = 0
  for (let y = 0; y < height; ) {
    let end = y
    while (end < height && raw[end * stride] === UP) end++
    if (end - y >= MIN_RUN) {
      if (from < y) pieces.push({ from, to: y, run: false })
      pieces.push({ from: y, to: end, run: true })
      from = end
    }
    y = end + 1
  }
  if (from < height) pieces.push({ from, to: height, run: false })
  return pieces
}

/** zlib's header for a stream deflated at level 3 (32 KB window, "fast" level), as node's zlib writes it. */
const HEADER = Buffer.from([0x78, 0x5e])
/** An empty last block (fixed codes, only its end): the stream's end. */
const LAST = Buffer.from([0x03, 0x00])

/**
 * The zlib stream of the filtered rows, deflated at level 3. Long runs of rows alike are most of a face's
 * rows and, deflated, half of zlib's time; here each run's blocks are made once (`runBlocks`) and zlib
 * deflates only the rows between them, each stretch on its own (raw deflate, ending on a byte without being
 * the last block: a sync flush). The stream is zlib's header, the pieces in order, an empty last block, and
 * the rows' Adler-32 (`check`, worked out as they were filtered). Rows with no long run are one piece. An Up
 * row's bytes after its filter need not be zeros in `raw` (`filtered` leaves them): those deflated are made so.
 */
export const zlibOfRows = (raw: Buffer, stride: number, height: number, check: RowsCheck): Buffer => {
  const pieces = piecesOf(raw, stride, height)
  const out: Buffer[] = [HEADER]
  for (const { from, to, run } of pieces) {
    if (run) {
      out.push(runBlocks(stride, to - from))
      continue
    }
    // The Up rows among these are zeros after their filter (`filtered` may have left them as they were).
    for (let y = from; y < to; y++) if (raw[y * stride] === UP) raw.fill(0, y * stride + 1, (y + 1) * stride)
    out.push(
      deflateRawSync(raw.subarray(from * stride, to * stride), { level: 3, finishFlush: constants.Z_SYNC_FLUSH }),
    )
  }
  const adler = Buffer.alloc(4)
  adler.writeUInt16BE(check.b, 0)
  adler.writeUInt16BE(check.a, 2)
  out.push(LAST, adler)
  return Buffer.concat(out)
}
