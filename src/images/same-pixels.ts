// Whether two PNG files show the same picture: the same bytes, or, when the bytes differ (another encoder's
// settings, another chunk order), the same size and the same pixels once decoded.
import { readFileSync } from 'node:fs'
import { PNG } from 'pngjs'

/** Whether the PNG files `a` and `b` have the same pixels; a file that cannot be read or decoded differs. */
export const samePixels = (a: string, b: string): boolean => {
  if (a === b) return true
  let left: Buffer
  let right: Buffer
  try {
    left = readFileSync(a)
    right = readFileSync(b)
  } catch {
    return false
  }
  if (left.equals(right)) return true
  try {
    const one = PNG.sync.read(left)
    const two = PNG.sync.read(right)
    return one.width === two.width && one.height === two.height && one.data.equals(two.data)
  } catch {
    return false
  }
}
