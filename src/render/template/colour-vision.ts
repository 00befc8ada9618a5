import type * as Culori from 'culori'
import { requireCommonJs } from '../../util/commonjs.ts'

/**
 * How colours are seen with a colour-vision deficiency, and in greyscale, and how far apart two colours then
 * are. The simulation is Machado, Oliveira and Fernandes, "A Physiologically-based Model for Simulation of
 * Color Vision Deficiency", IEEE TVCG 15(6), 2009, pp. 1291–1298 (doi:10.1109/TVCG.2009.113), at severity
 * 1.0 (dichromacy): culori's `filterDeficiency*` carry the paper's published matrices. culori applies them to
 * gamma-encoded sRGB; the paper derives them for linear light (as DaltonLens's review of the methods points
 * out), so they are applied here to linear sRGB, as an SVG `<filter>` does by default
 * (`color-interpolation-filters: linearRGB`): the preview's views use the same matrices the same way.
 * Greyscale is CIELAB lightness alone (a and b set to 0): the grey a black-and-white printer or a player
 * without colour vision sees. Differences are CIEDE2000 (ΔE00).
 */

/** The ways of seeing colours a game's colours are compared in. */
export const VISIONS = ['protanopia', 'deuteranopia', 'tritanopia', 'greyscale'] as const
export type Vision = (typeof VISIONS)[number]
export type Dichromacy = Exclude<Vision, 'greyscale'>

/**
 * The ΔE00 under which two colours, as one of the visions sees them, are hard to tell apart. Measured
 * (docs/accessibility.md): pairs known to confuse red-green-blind players fall to 2.5–9.6 (tab10's red and green
 * 4.6 with deuteranopia, ColorBrewer Set1's 9.6, dark red and dark green 2.5), while every pair of the
 * Okabe–Ito palette, chosen so that colour-blind readers tell its colours apart, stays at 10.9 or more.
 */
export const CONFUSABLE_BELOW = 10

// culori's CommonJS build: its ES module loads ~100 files (75 ms of CPU against 10 ms), and a thread loads it to check faces.
let culori: typeof Culori | undefined
const lib = (): typeof Culori => (culori ??= requireCommonJs('culori') as typeof Culori)

type Matrix = [[number, number, number], [number, number, number], [number, number, number]]
const matrices = new Map<Dichromacy, Matrix>()

/** Machado 2009's matrix of a dichromacy at severity 1.0, rows by output channel (r, g, b), for linear sRGB. */
export const machadoMatrix = (vision: Dichromacy): Matrix => {
  const known = matrices.get(vision)
  if (known) return known
  const c = lib()
  const filter = {
    protanopia: c.filterDeficiencyProt,
    deuteranopia: c.filterDeficiencyDeuter,
    tritanopia: c.filterDeficiencyTrit,
  }[vision](1)
  // culori's filter is the matrix applied to r, g, b as given: its columns are the unit vectors' images.
  const cols = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ].map(([r, g, b]) => filter({ mode: 'rgb', r: r!, g: g!, b: b! }) as Culori.Rgb)
  const m = [0, 1, 2].map((i) => cols.map((col) => [col.r, col.g, col.b][i]!)) as Matrix
  matrices.set(vision, m)
  return m
}

const clamp = (x: number) => Math.min(1, Math.max(0, x))

/** A colour (any CSS colour culori reads) as a vision sees it; undefined for what is no colour. */
export const seenAs = (colour: string, vision: Vision): Culori.Color | undefined => {
  const c = lib()
  if (vision === 'greyscale') {
    const lab = c.converter('lab65')(colour)
    return lab && { mode: 'lab65', l: lab.l, a: 0, b: 0 }
  }
  const lin = c.converter('lrgb')(colour)
  if (!lin) return undefined
  const [r, g, b] = machadoMatrix(vision).map((row) => clamp(row[0] * lin.r + row[1] * lin.g + row[2] * lin.b))
  return { mode: 'lrgb', r: r!, g: g!, b: b! }
}

/** A simulated colour as `#rrggbb`. */
export const hexOf = (colour: Culori.Color): string => lib().formatHex(colour)

/** CIEDE2000 between two colours, or two colours as a vision sees them; undefined when either is no colour. */
export const colourDifference = (a: string, b: string, vision?: Vision): number | undefined => {
  const c = lib()
  const [x, y] = vision ? [seenAs(a, vision), seenAs(b, vision)] : [c.parse(a), c.parse(b)]
  return x && y ? c.differenceCiede2000()(x, y) : undefined
}

/** The visions in which two colours that differ to normal sight become hard to tell apart, with their ΔE00. */
export const confusions = (
  a: string,
  b: string,
  below = CONFUSABLE_BELOW,
): { vision: Vision; difference: number }[] => {
  const normal = colourDifference(a, b)
  // Colours alike to everyone are not a colour-vision problem (a game that raises the threshold still gets them).
  if (normal === undefined || normal < Math.min(below, CONFUSABLE_BELOW)) return []
  return VISIONS.flatMap((vision) => {
    const difference = colourDifference(a, b, vision)
    return difference !== undefined && difference < below ? [{ vision, difference }] : []
  })
}
