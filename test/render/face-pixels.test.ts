// The colour behind a text, as the face rules measure it, against a plain reading of its definition: the same
// colour from the same pixels, whatever shortcut the measuring takes.
import { describe, expect, it } from 'vitest'
import { colourBehind } from '../../src/render/template/face-pixels.ts'
import { luminance, type Rgba } from '../../src/util/contrast.ts'
import type { FacePixels } from '../../src/render/renderers/face-renderer.ts'
import type { LaidOut } from '../../src/render/template/face-checks.ts'

const BINS = 256
const bin = (v: number) => Math.min(BINS - 1, Math.floor(v * BINS))

/**
 * The definition read plainly: every sampled pixel's luminance; those whose distance from the text's is among
 * the 20% largest (by bins of 1/256); of those, the first whose luminance is in the median bin.
 */
const plainly = (pixels: FacePixels, faceWidth: number, box: LaidOut, inset: number, text: Rgba, sizePx: number) => {
  const k = pixels.width / faceWidth
  if (sizePx * k < 12) return undefined
  const x0 = Math.max(0, Math.floor((box.left + inset) * k))
  const y0 = Math.max(0, Math.floor((box.top + inset) * k))
  const x1 = Math.min(pixels.width, Math.ceil((box.left + box.width - inset) * k))
  const y1 = Math.min(pixels.height, Math.ceil((box.top + box.height - inset) * k))
  if (x1 <= x0 || y1 <= y0) return undefined
  const step = Math.max(1, Math.ceil(Math.sqrt(((x1 - x0) * (y1 - y0)) / 1024)))
  const own = luminance(text)
  const samples: { i: number; l: number }[] = []
  for (let y = y0; y < y1; y += step)
    for (let x = x0; x < x1; x += step) {
      const i = (y * pixels.width + x) * 4
      samples.push({ i, l: luminance({ r: pixels.data[i]!, g: pixels.data[i + 1]!, b: pixels.data[i + 2]!, a: 1 }) })
    }
  const distance = (s: { l: number }) => bin(Math.abs(s.l - own))
  const byDistance = samples.map(distance).sort((a, b) => b - a)
  const far = byDistance[Math.ceil(samples.length * 0.2) - 1]!
  const behind = samples.filter((s) => distance(s) >= far)
  const middle = behind.map((s) => bin(s.l)).sort((a, b) => b - a)[Math.ceil(behind.length / 2) - 1]!
  const found = behind.find((s) => bin(s.l) === middle)
  return found && { r: pixels.data[found.i]!, g: pixels.data[found.i + 1]!, b: pixels.data[found.i + 2]!, a: 1 }
}

/** A face 300 × 200 px: flat colour, blues alike in red and green, noise, and dark "glyphs" over each, from a seeded generator. */
const face = (): FacePixels => {
  const width = 300
  const height = 200
  const data = new Uint8Array(width * height * 4)
  let seed = 7
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 256
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      const glyph = (x * 7 + y * 3) % 23 < 4
      const area = x < 100 ? [46, 125, 79] : x < 200 ? [60, 60, (x * 13 + y * 7) & 255] : [random(), random(), random()]
      const [r, g, b] = glyph ? [20, 20, 30] : area
      data.set([r!, g!, b!, 255], i)
    }
  return { data, width, height }
}

describe('the colour behind a text', () => {
  it('is the colour the definition gives, over flat colour, blues, noise and glyphs alike', () => {
    const pixels = face()
    const texts: [LaidOut, Rgba][] = [
      [
        { left: 10, top: 10, width: 80, height: 60 },
        { r: 255, g: 255, b: 255, a: 1 },
      ],
      [
        { left: 110, top: 20, width: 80, height: 150 },
        { r: 0, g: 0, b: 0, a: 1 },
      ],
      [
        { left: 205, top: 5, width: 90, height: 190 },
        { r: 20, g: 20, b: 30, a: 1 },
      ],
      [
        { left: 0, top: 0, width: 300, height: 200 },
        { r: 200, g: 40, b: 40, a: 1 },
      ],
      [
        { left: 95, top: 50, width: 12, height: 8 },
        { r: 255, g: 210, b: 63, a: 1 },
      ],
    ]
    const found = texts.map(([box, text]) => colourBehind(pixels, 300, box, 2, text, 16))
    expect(found).toEqual(texts.map(([box, text]) => plainly(pixels, 300, box, 2, text, 16)))
    // Over the green, the green; the noise gives some colour of its own, not the glyphs'.
    expect(found[0]).toEqual({ r: 46, g: 125, b: 79, a: 1 })
    // Black text over the blues: one of the blues (red and green 60), not a glyph's dark.
    expect(found[1]).toMatchObject({ r: 60, g: 60 })
    expect(found[2]).not.toEqual({ r: 20, g: 20, b: 30, a: 1 })
    expect(found.every(Boolean)).toBe(true)
  })

  it('reads a face drawn at another dpi at its place, and measures no text too small or outside the face', () => {
    const pixels = face()
    const white = { r: 255, g: 255, b: 255, a: 1 }
    // The same face laid out at half its pixels' size: each box at twice its place in the pixels.
    const half = { left: 5, top: 5, width: 40, height: 30 }
    expect(colourBehind(pixels, 150, half, 1, white, 16)).toEqual(plainly(pixels, 150, half, 1, white, 16))
    expect(colourBehind(pixels, 150, half, 1, white, 16)).toEqual({ r: 46, g: 125, b: 79, a: 1 })
    // Under 12 pixels high, a blur of its colour and what is behind it; a box off the face or within its padding.
    expect(colourBehind(pixels, 300, { left: 10, top: 10, width: 80, height: 60 }, 2, white, 11)).toBeUndefined()
    expect(colourBehind(pixels, 300, { left: 400, top: 10, width: 80, height: 60 }, 2, white, 16)).toBeUndefined()
    expect(colourBehind(pixels, 300, { left: 10, top: 10, width: 4, height: 60 }, 2, white, 16)).toBeUndefined()
  })
})
