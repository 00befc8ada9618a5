import sharp from 'sharp'

/** How two drawings of one face differ. */
export interface FaceDifference {
  /** Mean absolute difference of the colour channels, 0–255. */
  mad: number
  /** Share of pixels whose largest channel difference is over 32, 0–1. */
  off: number
  /**
   * The largest difference of one block's mean colour (the face cut into squares of `block` px): a glyph
   * moved a pixel or two keeps its ink in its block, a word moved to another line does not.
   */
  block: number
  /** Where that block is, in px of the image. */
  at: { x: number; y: number }
}

/** A PNG's pixels, as stored (no colour conversion): `channels` bytes a pixel, RGB first. */
const pixels = async (png: Buffer) => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height, channels: info.channels }
}

/**
 * Compares two PNGs of the same size (RGB or RGBA; alpha is ignored: faces are opaque). The pixels are
 * decoded by sharp (native: the parity test compares thousands of faces at 150 dpi, and a decoder in
 * JavaScript took most of its time).
 */
export const faceDifference = async (a: Buffer, b: Buffer, block: number): Promise<FaceDifference> => {
  const [A, B] = await Promise.all([pixels(a), pixels(b)])
  if (A.width !== B.width || A.height !== B.height)
    throw new Error(`the drawings differ in size: ${A.width}×${A.height} and ${B.width}×${B.height}`)
  const { width, height } = A
  const [da, db, ca, cb] = [A.data, B.data, A.channels, B.channels]
  const cols = Math.ceil(width / block)
  const rows = Math.ceil(height / block)
  const sums = new Float64Array(cols * rows * 3)
  const counts = new Uint32Array(cols * rows)
  // The block column of each x, worked out once.
  const colOf = new Uint32Array(width)
  for (let x = 0; x < width; x++) colOf[x] = Math.floor(x / block)
  let total = 0
  let off = 0
  for (let y = 0; y < height; y++) {
    const rowCell = Math.floor(y / block) * cols
    let ia = y * width * ca
    let ib = y * width * cb
    for (let x = 0; x < width; x++, ia += ca, ib += cb) {
      const cell = rowCell + colOf[x]!
      counts[cell]!++
      const d0 = da[ia]! - db[ib]!
      const d1 = da[ia + 1]! - db[ib + 1]!
      const d2 = da[ia + 2]! - db[ib + 2]!
      const s = cell * 3
      sums[s]! += d0
      sums[s + 1]! += d1
      sums[s + 2]! += d2
      const a0 = d0 < 0 ? -d0 : d0
      const a1 = d1 < 0 ? -d1 : d1
      const a2 = d2 < 0 ? -d2 : d2
      total += a0 + a1 + a2
      if (a0 > 32 || a1 > 32 || a2 > 32) off++
    }
  }
  let worst = 0
  let at = { x: 0, y: 0 }
  for (let cell = 0; cell < counts.length; cell++) {
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(sums[cell * 3 + c]! / counts[cell]!)
      if (d > worst) {
        worst = d
        at = { x: (cell % cols) * block, y: Math.floor(cell / cols) * block }
      }
    }
  }
  return { mad: total / (width * height * 3), off: off / (width * height), block: worst, at }
}
