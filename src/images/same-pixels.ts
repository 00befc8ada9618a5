// Whether two PNG files show the same picture: the same bytes, or, when the bytes differ (another encoder's
// settings, another chunk order, an alpha channel that is opaque everywhere), the same size and the same
// pixels once decoded (sharp, off the main thread: many faces are compared at once, on every core). When they
// differ, where: a few boxes around the pixels that differ, for a page to mark.
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'

/** A box of a picture, in its pixels from its top left. */
export interface Region {
  x: number
  y: number
  width: number
  height: number
}

/** How two pictures differ: the new one's size, and boxes around the pixels that differ (none when not known). */
export interface PixelChanges {
  width: number
  height: number
  regions: Region[]
}

/** At most this many boxes: more small ones are drawn as the one box around them all. */
const MAX_REGIONS = 8

/** A PNG's pixels as RGBA, with its size. */
const pixels = (bytes: Buffer) => sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })

/**
 * How the PNG files `a` and `b` differ; undefined when they show the same pixels. A file that cannot be read
 * or decoded differs, with no box; pictures of different sizes differ everywhere (one box, the new one's).
 */
export const pixelChanges = async (a: string, b: string): Promise<PixelChanges | undefined> => {
  if (a === b) return undefined
  let left: Buffer
  let right: Buffer
  try {
    ;[left, right] = await Promise.all([readFile(a), readFile(b)])
  } catch {
    return { width: 0, height: 0, regions: [] }
  }
  if (left.equals(right)) return undefined
  try {
    const [one, two] = await Promise.all([pixels(left), pixels(right)])
    const { width, height } = two.info
    if (one.info.width !== width || one.info.height !== height)
      return { width, height, regions: [{ x: 0, y: 0, width, height }] }
    if (one.data.equals(two.data)) return undefined
    return { width, height, regions: differingRegions(one.data, two.data, width, height) }
  } catch {
    return { width: 0, height: 0, regions: [] }
  }
}

/** Whether the PNG files `a` and `b` have the same pixels; a file that cannot be read or decoded differs. */
export const samePixels = async (a: string, b: string): Promise<boolean> => (await pixelChanges(a, b)) === undefined

/** RGBA bytes as one 32-bit word a pixel (copied when the bytes do not start on a word). */
const words = (data: Buffer): Uint32Array =>
  data.byteOffset % 4 === 0
    ? new Uint32Array(data.buffer, data.byteOffset, data.length >> 2)
    : new Uint32Array(Uint8Array.from(data).buffer)

/**
 * Boxes around the pixels that differ between two RGBA pictures of the same size: the picture cut into tiles
 * (about 64 across), the tiles with a pixel that differs joined with their neighbours (diagonals too), and
 * each group's box drawn tight around its differing pixels. More than `MAX_REGIONS` groups are one box around
 * them all. Rows are compared as bytes (native, fast), and each tile's part of a row that differs from both
 * ends: a face whose every pixel changed costs little more than one with a word changed (~1 ms at 300 dpi).
 */
export const differingRegions = (a: Buffer, b: Buffer, width: number, height: number): Region[] => {
  const [one, two] = [words(a), words(b)]
  const tile = Math.max(4, Math.ceil(Math.max(width, height) / 64))
  const across = Math.ceil(width / tile)
  const down = Math.ceil(height / tile)
  // Each tile's box of differing pixels: [left, top, right, bottom] (inclusive); left = -1 where none differs.
  const boxes = new Int32Array(across * down * 4).fill(-1)
  for (let y = 0; y < height; y++) {
    const row = y * width
    if (a.compare(b, row * 4, (row + width) * 4, row * 4, (row + width) * 4) === 0) continue
    for (let tx = 0; tx < across; tx++) {
      const start = row + tx * tile
      const end = Math.min(start + tile, row + width)
      let first = start
      while (first < end && one[first] === two[first]) first++
      if (first === end) continue
      let last = end - 1
      while (one[last] === two[last]) last--
      const t = (Math.floor(y / tile) * across + tx) * 4
      if (boxes[t]! < 0) boxes.set([first - row, y, last - row, y], t)
      else {
        boxes[t] = Math.min(boxes[t]!, first - row)
        boxes[t + 2] = Math.max(boxes[t + 2]!, last - row)
        boxes[t + 3] = y
      }
    }
  }
  const regions = joinTiles(boxes, across, down)
  if (regions.length <= MAX_REGIONS) return regions
  const left = Math.min(...regions.map((r) => r.x))
  const top = Math.min(...regions.map((r) => r.y))
  const right = Math.max(...regions.map((r) => r.x + r.width))
  const bottom = Math.max(...regions.map((r) => r.y + r.height))
  return [{ x: left, y: top, width: right - left, height: bottom - top }]
}

/** The groups of neighbouring tiles with differing pixels, each as the box around them, top to bottom. */
const joinTiles = (boxes: Int32Array, across: number, down: number): Region[] => {
  const seen = new Uint8Array(across * down)
  const regions: Region[] = []
  for (let start = 0; start < across * down; start++) {
    if (seen[start] || boxes[start * 4]! < 0) continue
    const box = [Infinity, Infinity, -Infinity, -Infinity]
    const stack = [start]
    seen[start] = 1
    while (stack.length) {
      const t = stack.pop()!
      box[0] = Math.min(box[0]!, boxes[t * 4]!)
      box[1] = Math.min(box[1]!, boxes[t * 4 + 1]!)
      box[2] = Math.max(box[2]!, boxes[t * 4 + 2]!)
      box[3] = Math.max(box[3]!, boxes[t * 4 + 3]!)
      const [tx, ty] = [t % across, Math.floor(t / across)]
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [tx + dx, ty + dy]
          if (nx < 0 || ny < 0 || nx >= across || ny >= down) continue
          const n = ny * across + nx
          if (!seen[n] && boxes[n * 4]! >= 0) {
            seen[n] = 1
            stack.push(n)
          }
        }
    }
    regions.push({ x: box[0]!, y: box[1]!, width: box[2]! - box[0]! + 1, height: box[3]! - box[1]! + 1 })
  }
  return regions
}
