import parseCssColor from 'parse-css-color'

/** An sRGB colour, 0–255 a channel, and its opacity 0–1. */
export interface Rgba {
  r: number
  g: number
  b: number
  a: number
}

/** A CSS colour (`#999`, `rgb(…)`, `hsl(…)`, a named colour), or undefined for anything else (`currentColor`, a gradient). */
export const parseColor = (css: unknown): Rgba | undefined => {
  if (typeof css !== 'string') return undefined
  // A face names few colours, and every face of a game the same ones: each is parsed once.
  if (parsedColours.has(css)) return parsedColours.get(css)
  const colour = parse(css)
  if (parsedColours.size > 1000) parsedColours.clear()
  parsedColours.set(css, colour)
  return colour
}

const parsedColours = new Map<string, Rgba | undefined>()

const parse = (css: string): Rgba | undefined => {
  const parsed = parseCssColor(css.trim())
  if (!parsed) return undefined
  const [x, y, z] = parsed.values as [number, number, number]
  const rgb = parsed.type === 'hsl' ? hslToRgb(x, y, z) : { r: x, g: y, b: z }
  return { ...rgb, a: parsed.alpha }
}

const hslToRgb = (h: number, s: number, l: number) => {
  const sat = s / 100
  const light = l / 100
  const f = (n: number) => {
    const k = (n + h / 30) % 12
    return Math.round(255 * (light - sat * Math.min(light, 1 - light) * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
  }
  return { r: f(0), g: f(8), b: f(4) }
}

/** A colour seen over an opaque one: alpha blended. */
export const over = (top: Rgba, below: Rgba): Rgba => ({
  r: top.r * top.a + below.r * (1 - top.a),
  g: top.g * top.a + below.g * (1 - top.a),
  b: top.b * top.a + below.b * (1 - top.a),
  a: 1,
})

const channel = (c: number) => {
  const s = c / 255
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}

/** Each 8-bit channel value made linear: a face's pixels are measured by the thousand. */
const LINEAR = Float64Array.from({ length: 256 }, (_, c) => channel(c))
const linear = (c: number) => (Number.isInteger(c) && c >= 0 && c < 256 ? LINEAR[c]! : channel(c))

/** The WCAG 2.x relative luminance of the 8-bit RGB pixel at `i` of `data` (RGBA): what `luminance` gives it, without a colour object. */
export const pixelLuminance = (data: Uint8Array, i: number): number =>
  weighed(LINEAR[data[i]!]!, LINEAR[data[i + 1]!]!, LINEAR[data[i + 2]!]!)

/** WCAG 2.x relative luminance. */
export const luminance = ({ r, g, b }: Rgba): number => weighed(linear(r), linear(g), linear(b))

/** WCAG 2.x's weights of the linear channels in a luminance. */
const weighed = (r: number, g: number, b: number): number => 0.2126 * r + 0.7152 * g + 0.0722 * b

/** WCAG 2.x contrast ratio of two opaque colours: 1 (none) to 21 (black on white). */
export const contrastRatio = (a: Rgba, b: Rgba): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** A colour as `#rrggbb`, for a message. */
export const hex = ({ r, g, b }: Rgba): string =>
  `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
