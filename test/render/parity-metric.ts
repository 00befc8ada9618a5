import { PNG } from 'pngjs'

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

/** Compares two PNGs of the same size (RGB or RGBA; alpha is ignored: faces are opaque). */
export const faceDifference = (a: Buffer, b: Buffer, block: number): FaceDifference => {
  const A = PNG.sync.read(a)
  const B = PNG.sync.read(b)
  if (A.width !== B.width || A.height !== B.height)
    throw new Error(`the drawings differ in size: ${A.width}×${A.height} and ${B.width}×${B.height}`)
  const { width, height } = A
  const cols = Math.ceil(width / block)
  const rows = Math.ceil(height / block)
  const sums = new Float64Array(cols * rows * 3)
  const counts = new Uint32Array(cols * rows)
  let total = 0
  let off = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      const cell = Math.floor(y / block) * cols + Math.floor(x / block)
      counts[cell]!++
      let most = 0
      for (let c = 0; c < 3; c++) {
        const d = A.data[i + c]! - B.data[i + c]!
        sums[cell * 3 + c]! += d
        total += Math.abs(d)
        if (Math.abs(d) > most) most = Math.abs(d)
      }
      if (most > 32) off++
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
