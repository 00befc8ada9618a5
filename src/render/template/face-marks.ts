import type * as Culori from 'culori'
import { requireCommonJs } from '../../util/commonjs.ts'

/** An icon a face's template looked up (`ctx.icon`), by the data URI it was given: its name and colour. */
export interface IconLooked {
  name: string
  color?: string
}

/**
 * What a face draws that tells its parts apart, read from its element tree (components called): its texts,
 * the icons its images show (those the template looked up), and the colours its styles and icons use, as
 * `#rrggbb`. It is what the face shows, whatever component or plain element drew it.
 */
export interface FaceMarks {
  texts: string[]
  icons: Set<string>
  colours: Set<string>
}

type Node = { type?: unknown; props?: { style?: Record<string, unknown>; src?: unknown; children?: unknown } }

/** The style properties that paint a colour (color, background, borderColor, boxShadow, fill…). */
const PAINTS = /colou?r|background|border|outline|shadow|fill|stroke|decoration/i
const COLOUR_TOKENS = /#[0-9a-f]{3,8}\b|(?:rgb|hsl)a?\([^)]*\)|\b[a-z]+\b/gi
let parse: ((colour: string) => string | undefined) | undefined
const known = new Map<string, string | undefined>()

/** A CSS colour as `#rrggbb` (lower case); undefined for what is no colour. */
export const hexColour = (colour: string): string | undefined => {
  if (!parse) {
    const c = requireCommonJs('culori') as typeof Culori
    parse = (s) => {
      const parsed = c.parse(s)
      return parsed && c.formatHex(parsed)
    }
  }
  const key = colour.trim().toLowerCase()
  if (key === 'transparent' || key === 'currentcolor') return undefined
  if (!known.has(key)) known.set(key, parse(key))
  return known.get(key)
}

/** The image a style's `url(…)` names (a background drawn from an icon: a pattern). */
const urlOf = (value: string): string | undefined => /^url\((['"]?)(.*)\1\)$/s.exec(value.trim())?.[2]

export const faceMarks = (tree: unknown, looked: ReadonlyMap<string, IconLooked>): FaceMarks => {
  const marks: FaceMarks = { texts: [], icons: new Set(), colours: new Set() }
  const icon = (uri: unknown) => {
    const found = typeof uri === 'string' ? looked.get(uri) : undefined
    if (!found) return
    marks.icons.add(found.name)
    const hex = found.color && hexColour(found.color)
    if (hex) marks.colours.add(hex)
  }
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk)
    if (typeof node === 'string' || typeof node === 'number') return void marks.texts.push(String(node))
    if (!node || typeof node !== 'object') return
    const { props } = node as Node
    if (!props) return
    if ((node as Node).type === 'img') icon(props.src)
    for (const [key, value] of Object.entries(props.style ?? {})) {
      if (typeof value !== 'string' || !PAINTS.test(key)) continue
      const url = urlOf(value)
      if (url) icon(url)
      else
        for (const token of value.match(COLOUR_TOKENS) ?? []) {
          const hex = hexColour(token)
          if (hex) marks.colours.add(hex)
        }
    }
    walk(props.children)
  }
  walk(tree)
  return marks
}

/** Whether a face's texts show `word` as a word of their own (any case). */
export const showsWord = (marks: FaceMarks, word: string): boolean => {
  const escaped = word.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  if (!escaped) return false
  const re = new RegExp(`(?:^|[^\\p{L}\\p{N}])${escaped}(?:$|[^\\p{L}\\p{N}])`, 'iu')
  return marks.texts.some((t) => re.test(t))
}
