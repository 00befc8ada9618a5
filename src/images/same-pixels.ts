// Whether two PNG files show the same picture: the same bytes, or, when the bytes differ (another encoder's
// settings, another chunk order, an alpha channel that is opaque everywhere), the same size and the same
// pixels once decoded (sharp, off the main thread: many faces are compared at once, on every core).
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'

/** A PNG's pixels as RGBA, with its size. */
const pixels = (bytes: Buffer) => sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })

/** Whether the PNG files `a` and `b` have the same pixels; a file that cannot be read or decoded differs. */
export const samePixels = async (a: string, b: string): Promise<boolean> => {
  if (a === b) return true
  let left: Buffer
  let right: Buffer
  try {
    ;[left, right] = await Promise.all([readFile(a), readFile(b)])
  } catch {
    return false
  }
  if (left.equals(right)) return true
  try {
    const [one, two] = await Promise.all([pixels(left), pixels(right)])
    return one.info.width === two.info.width && one.info.height === two.info.height && one.data.equals(two.data)
  } catch {
    return false
  }
}
