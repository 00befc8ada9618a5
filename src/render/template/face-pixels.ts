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
  // Each sample's place in the pixels, its luminance's bin and its distance's from the text's, in arrays kept
  // from text to text (a face's ~30 texts, ~1,000 samples each, ~30,000 a face: new arrays each time were a
  // fifth of the measuring, and binning each sample again at each pass another).
  const count = Math.ceil((x1 - x0) / step) * Math.ceil((y1 - y0) / step)
  const { at, lumBin, farBin } = samplesFor(count)
  const distances = histogram(0)
  const { data, width } = pixels
  let taken = 0
  for (let y = y0; y < y1; y += step)
    for (let x = x0; x < x1; x += step, taken++) {
      const i = (y * width + x) * 4
      const l = pixelLuminance(data, i)
      const d = bin(Math.abs(l - own))
      at[taken] = i
      lumBin[taken] = bin(l)
      farBin[taken] = d
      distances[d]!++
    }
  // The distance from the text's luminance that the samples least like it reach: those at or past it are the background.
  const far = binFromTop(distances, Math.ceil(taken * BEHIND))
  const lums = histogram(1)
  let n = 0
  for (let k = 0; k < taken; k++)
    if (farBin[k]! >= far) {
      lums[lumBin[k]!]!++
      n++
    }
  const middle = binFromTop(lums, Math.ceil(n / 2))
  let index = -1
  for (let k = 0; k < taken && index < 0; k++) if (lumBin[k] === middle && farBin[k]! >= far) index = k
  if (index < 0) return undefined
  const i = at[index]!
  return { r: pixels.data[i]!, g: pixels.data[i + 1]!, b: pixels.data[i + 2]!, a: 1 }
}

/** The sample arrays of the text being measured: one set a thread, grown to the most samples a text has had. */
let samples = { at: new Int32Array(0), lumBin: new Uint8Array(0), farBin: new Uint8Array(0) }
const samplesFor = (count: number) => {
  if (samples.at.length < count)
    samples = { at: new Int32Array(count), lumBin: new Uint8Array(count), farBin: new Uint8Array(count) }
  return samples
}
/** The two histograms of a text (its samples' distances, then the background's luminances), emptied for each. */
const histograms = [new Uint32Array(BINS), new Uint32Array(BINS)] as const
const histogram = (which: 0 | 1): Uint32Array => histograms[which].fill(0)

const bin = (v: number) => Math.min(BINS - 1, Math.floor(v * BINS))

/** The bin, counting down from the top, at which `count` samples are reached. */
const binFromTop = (histogram: Uint32Array, count: number): number => {
  let seen = 0
  for (let b = BINS - 1; b >= 0; b--) if ((seen += histogram[b]!) >= count) return b
  return 0
}
