import { baseFonts, loadFont, type FontSpec } from '../render/fonts/fonts.ts'
import { mmToPt } from '../util/units.ts'

/** The booklet's type: deckwright's own fonts (`baseFonts`: Inter for text, Bitter for headings, both SIL OFL), each role registered with pdfkit under a name of its own. */
export const ROLES = {
  body: baseFonts.body,
  bold: baseFonts.bodyBold,
  italic: baseFonts.bodyItalic,
  boldItalic: baseFonts.bodyBoldItalic,
  heading: baseFonts.heading,
} as const satisfies Record<string, FontSpec>
type Role = keyof typeof ROLES
export type FontName = `booklet-${Role}`
export const FONT = Object.fromEntries(Object.keys(ROLES).map((role) => [role, `booklet-${role}`])) as {
  [R in Role]: `booklet-${R}`
}

/** Embeds the booklet's fonts (subsets of the npm-installed WOFF files) so that every word stays selectable. */
export const registerFonts = (doc: PDFKit.PDFDocument): PDFKit.PDFDocument => {
  for (const role of Object.keys(ROLES) as Role[]) doc.registerFont(FONT[role], loadFont(ROLES[role]).data)
  return doc
}

export const fontFor = (bold: boolean, italic: boolean): FontName =>
  bold ? (italic ? FONT.boldItalic : FONT.bold) : italic ? FONT.italic : FONT.body

export const COLOUR = {
  text: '#222222',
  muted: '#5f6368',
  faint: '#9aa0a6',
  link: '#1f5fa8',
  rule: '#c8c8c8',
  codeBackground: '#efefef',
  quoteBar: '#b8b8b8',
  remarkFill: '#f6f2e4',
  remarkBorder: '#d8cfae',
  placeholderFill: '#f4f4f4',
  placeholderBorder: '#a9a9a9',
  tableHeader: '#ececec',
  note: '#b03a2e',
} as const

/** `icontint` names used by the Hugo theme, and sensible colours for the other usual names. */
const TINTS: Record<string, string> = {
  green: '#2e8b57',
  red: '#c0392b',
  blue: '#2c6fbb',
  orange: '#d35400',
  yellow: '#b7950b',
  purple: '#7d3c98',
  pink: '#c2185b',
  teal: '#138d90',
  brown: '#8d5524',
  grey: '#616a6b',
  gray: '#616a6b',
  black: '#2b2b2b',
}
export const DEFAULT_TINT = '#34495e'

/** The colour of an `icontint`: a known name or a #hex colour; anything else falls back to the parent's tint. */
export const tintColour = (value: unknown, fallback: string = DEFAULT_TINT): string => {
  if (typeof value !== 'string') return fallback
  const v = value.trim().toLowerCase()
  if (/^#[0-9a-f]{6}$/.test(v) || /^#[0-9a-f]{3}$/.test(v)) return v
  return TINTS[v] ?? fallback
}

/** Mixes a colour with white: `amount` 0 gives white, 1 the colour itself. For light tints behind text. */
export const lighten = (hex: string, amount: number): string => {
  const full = hex.length === 4 ? '#' + [...hex.slice(1)].map((c) => c + c).join('') : hex
  const channel = (i: number) => Math.round(255 - (255 - parseInt(full.slice(i, i + 2), 16)) * amount)
  return '#' + [1, 3, 5].map((i) => channel(i).toString(16).padStart(2, '0')).join('')
}

export type PageSizeName = 'a5' | 'a4'

/** Page geometry and type scale. A5 is the usual size of a card game's rules; A4 scales everything up a little. */
export interface BookletStyle {
  page: { width: number; height: number }
  margin: { top: number; bottom: number; left: number; right: number }
  body: { size: number; leading: number }
  small: { size: number; leading: number }
  title: { size: number }
  blockHeading: { size: number; band: number }
  subHeading: { size: number }
  /** Space before a paragraph, list or box. */
  paragraphGap: number
  listIndent: number
  boxPadding: number
}

/** `drafts` widens the right margin, where the author's notes are printed. */
export const bookletStyle = (size: PageSizeName, options: { drafts?: boolean } = {}): BookletStyle => {
  const a4 = size === 'a4'
  const k = a4 ? 1.15 : 1
  const body = 9.5 * k
  const right = options.drafts ? (a4 ? 55 : 40) : a4 ? 20 : 14
  return {
    page: a4 ? { width: mmToPt(210), height: mmToPt(297) } : { width: mmToPt(148), height: mmToPt(210) },
    margin: a4
      ? { top: mmToPt(20), bottom: mmToPt(22), left: mmToPt(20), right: mmToPt(right) }
      : { top: mmToPt(15), bottom: mmToPt(17), left: mmToPt(14), right: mmToPt(right) },
    body: { size: body, leading: body * 1.4 },
    small: { size: body * 0.85, leading: body * 0.85 * 1.35 },
    title: { size: 24 * k },
    blockHeading: { size: 13.5 * k, band: 23 * k },
    subHeading: { size: 11.5 * k },
    paragraphGap: body * 0.7,
    listIndent: body * 1.35,
    boxPadding: body * 0.7,
  }
}
