import { luminance, type Rgba } from '../../util/contrast.ts'
import type { FacePixels } from '../renderers/face-renderer.ts'
import type { LaidOut } from './face-checks.ts'

/** Samples at most this many pixels a text: enough for a median, cheap beside drawing the face. */
const SAMPLES = 2500

/**
 * The colour behind a text as the face was drawn: of the pixels under its box (less its padding), the half
 * least like the text's colour (the glyphs and their edges are the other half's), and of those the one of
 * median luminance. Text over a photograph is measured against the photograph where it sits.
 */
export const colourBehind = (
  pixels: FacePixels,
  /** The face's width in template px: the pixels are the face at some dpi. */
  faceWidth: number,
  box: LaidOut,
  inset: number,
  text: Rgba,
): Rgba | undefined => {
  const k = pixels.width / faceWidth
  const x0 = Math.max(0, Math.floor((box.left + inset) * k))
  const y0 = Math.max(0, Math.floor((box.top + inset) * k))
  const x1 = Math.min(pixels.width, Math.ceil((box.left + box.width - inset) * k))
  const y1 = Math.min(pixels.height, Math.ceil((box.top + box.height - inset) * k))
  if (x1 <= x0 || y1 <= y0) return undefined
  const step = Math.max(1, Math.ceil(Math.sqrt(((x1 - x0) * (y1 - y0)) / SAMPLES)))
  const own = luminance(text)
  const seen: { c: Rgba; l: number; d: number }[] = []
  for (let y = y0; y < y1; y += step)
    for (let x = x0; x < x1; x += step) {
      const at = (y * pixels.width + x) * 4
      const c = { r: pixels.data[at]!, g: pixels.data[at + 1]!, b: pixels.data[at + 2]!, a: 1 }
      const l = luminance(c)
      seen.push({ c, l, d: Math.abs(l - own) })
    }
  if (!seen.length) return undefined
  seen.sort((a, b) => b.d - a.d)
  const unlike = seen.slice(0, Math.max(1, Math.ceil(seen.length / 2))).sort((a, b) => a.l - b.l)
  return unlike[Math.floor(unlike.length / 2)]!.c
}
