// Total ink: how much C + M + Y + K a point of a printed face carries (400% at most), which presses limit.

/** The highest total ink of CMYK pixels (four bytes a pixel), in % (a whole number: 255 a channel is 100%). */
export const highestInk = (cmyk: Uint8Array): number => {
  let highest = 0
  for (let i = 0; i < cmyk.length; i += 4) {
    const total = cmyk[i]! + cmyk[i + 1]! + cmyk[i + 2]! + cmyk[i + 3]!
    if (total > highest) highest = total
  }
  return Math.ceil((highest * 100) / 255)
}

/**
 * Brings every pixel over `limit` % of total ink down to it, in place, as lcms2's ink-limiting device link
 * (`cmsCreateInkLimitingDeviceLink`) does: black is kept, and cyan, magenta and yellow are scaled down
 * together by as much as the excess (so the hue stays and dark areas stay dark). Returns how many pixels changed.
 */
export const limitInk = (cmyk: Uint8Array, limit: number): number => {
  const most = Math.floor((limit * 255) / 100)
  let changed = 0
  for (let i = 0; i < cmyk.length; i += 4) {
    const colour = cmyk[i]! + cmyk[i + 1]! + cmyk[i + 2]!
    const total = colour + cmyk[i + 3]!
    if (total <= most) continue
    const ratio = Math.max(0, (most - cmyk[i + 3]!) / colour)
    cmyk[i] = Math.floor(cmyk[i]! * ratio)
    cmyk[i + 1] = Math.floor(cmyk[i + 1]! * ratio)
    cmyk[i + 2] = Math.floor(cmyk[i + 2]! * ratio)
    changed++
  }
  return changed
}
