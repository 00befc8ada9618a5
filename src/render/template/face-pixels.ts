import { luminance, pixelLuminance, type Rgba } from '../../util/contrast.ts'
import type { FacePixels } from '../renderers/face-renderer.ts'
import type { LaidOut } from './face-checks.ts'

/** Samples at most about this many pixels a text: enough for a median, cheap beside drawing the face. */
const SAMPLES = 1024
/**
 * The share of a text's samples, those least like its colour, taken as what is behind it: small text set
 * tight covers much of its box with glyphs and their blended edges, so half would reach into them.
 */
const BEHIND = 0.2
/** The smallest font size, in the face's pixels, whose glyphs leave what is behind them to be seen (a low-dpi proof's do not). */
const MIN_PIXELS = 12
/** Luminance and its distances are counted in this many bins: medians to 1/256, without sorting. */
const BINS = 256

/**
 * The colour behind a text as the face was drawn: of the pixels under its box (less its padding), the 20%
 * least like the text's colour in luminance (the glyphs and their blended edges are among the rest), and of
 * those one of median luminance. Text over a photograph is measured against the photograph where it sits.
 */
export const colourBehind = (
  pixels: FacePixels,
  /** The face's width in template px: the pixels are the face at some dpi. */
  faceWidth: number,
  box: LaidOut,
  inset: number,
  text: Rgba,
  /** The text's font size in template px. */
  sizePx: number,
): Rgba | undefined => {
  const k = pixels.width / faceWidth
  // Text drawn smaller than this many pixels is a blur of its colour and what is behind it: not measured.
  if (sizePx * k < MIN_PIXELS) return undefined
  const x0 = Math.max(0, Math.floor((box.left + inset) * k))
  const y0 = Math.max(0, Math.floor((box.top + inset) * k))
  const x1 = Math.min(pixels.width, Math.ceil((box.left + box.width - inset) * k))
  const y1 = Math.min(pixels.height, Math.ceil((box.top + box.height - inset) * k))
  if (x1 <= x0 || y1 <= y0) return undefined
  const step = Math.max(1, Math.ceil(Math.sqrt(((x1 - x0) * (y1 - y0)) / SAMPLES)))
  const own = luminance(text)
  // Each sample's place in the pixels and its luminance, in typed arrays (a text's ~1,000 samples, ~15 texts a face).
  const count = Math.ceil((x1 - x0) / step) * Math.ceil((y1 - y0) / step)
  const at = new Int32Array(count)
  const lum = new Float64Array(count)
  const distances = new Uint32Array(BINS)
  const { data, width } = pixels
  let taken = 0
  for (let y = y0; y < y1; y += step)
    for (let x = x0; x < x1; x += step, taken++) {
      const i = (y * width + x) * 4
      const l = pixelLuminance(data, i)
      at[taken] = i
      lum[taken] = l
      distances[bin(Math.abs(l - own))]!++
    }
  // The distance from the text's luminance that the samples least like it reach: those at or past it are the background.
  const far = binFromTop(distances, Math.ceil(taken * BEHIND))
  const lums = new Uint32Array(BINS)
  let n = 0
  for (let k = 0; k < taken; k++)
    if (bin(Math.abs(lum[k]! - own)) >= far) {
      lums[bin(lum[k]!)]!++
      n++
    }
  const middle = binFromTop(lums, Math.ceil(n / 2))
  let index = -1
  for (let k = 0; k < taken && index < 0; k++)
    if (bin(lum[k]!) === middle && bin(Math.abs(lum[k]! - own)) >= far) index = k
  if (index < 0) return undefined
  const i = at[index]!
  return { r: pixels.data[i]!, g: pixels.data[i + 1]!, b: pixels.data[i + 2]!, a: 1 }
}

const bin = (v: number) => Math.min(BINS - 1, Math.floor(v * BINS))

/** The bin, counting down from the top, at which `count` samples are reached. */
const binFromTop = (histogram: Uint32Array, count: number): number => {
  let seen = 0
  for (let b = BINS - 1; b >= 0; b--) if ((seen += histogram[b]!) >= count) return b
  return 0
}
