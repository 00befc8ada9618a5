import type { PhrasingContent } from 'mdast'
import type { Shortcode } from '../shortcodes/tree.ts'
import { isLineBreakTag } from './html.ts'
import { linkTarget, sectionDestination } from './links.ts'
import { COLOUR, fontFor, type FontName } from './styles.ts'
import type { Hyphenate } from './hyphenation.ts'
import type { BookletFonts } from './fallback-fonts.ts'
import { unspacedPieces } from '../engine/inline-text.ts'
import { isRtl, levelsOf, reorder, textDirection } from '../render/text/bidi.ts'

/**
 * Inline text: mdast phrasing content → styled runs → lines. We break lines ourselves (measuring with the
 * document's fonts) instead of letting pdfkit wrap `continued: true` text, because the page layout must know each
 * paragraph's lines before drawing: to keep headings with their text, avoid orphans and size boxes around text.
 */

export interface TextFormat {
  bold: boolean
  italic: boolean
  size: number
  color: string
  code?: boolean
  strike?: boolean
  /** An address (http:, https:, mailto:, see links.ts), or `#` and the id of a section's heading. */
  link?: string
  /** Overrides the font chosen from bold/italic (headings use Bitter). */
  font?: FontName
}

export type Run = { text: string; format: TextFormat } | { break: true }

/** How inline shortcodes become runs; given by the shortcode renderers, so that this file does not depend on them. */
export type InlineShortcode = (
  node: Shortcode,
  format: TextFormat,
  toRuns: (nodes: PhrasingContent[], format: TextFormat) => Run[],
  /** Inside a `{{% %}}` shortcode, whose output Hugo renders as markdown (a nested `{{< >}}`'s output too). */
  inMarkdown?: boolean,
) => Run[]

/** Turns phrasing content (already through Hugo's typographer, see typography.ts) into runs. */
export const phrasingToRuns = (nodes: PhrasingContent[], format: TextFormat, shortcode: InlineShortcode): Run[] => {
  const walk = (list: PhrasingContent[], f: TextFormat): Run[] =>
    list.flatMap((node): Run[] => {
      switch (node.type) {
        case 'text':
          // Markdown source line breaks and runs of spaces are one space, as in HTML (no-break spaces stay).
          return [{ text: node.value.replace(/[ \t\r\n]+/g, ' '), format: f }]
        case 'strong':
          return walk(node.children, { ...f, bold: true })
        case 'emphasis':
          return walk(node.children, { ...f, italic: true })
        case 'delete':
          return walk(node.children, { ...f, strike: true })
        case 'inlineCode':
          return [{ text: node.value, format: { ...f, code: true } }]
        case 'link': {
          // Only a safe address or an anchor is a link (see links.ts); anything else is its words.
          const target = linkTarget(node.url)
          if (!target) return walk(node.children, f)
          return walk(node.children, {
            ...f,
            link: 'uri' in target ? target.uri : `#${target.section}`,
            color: COLOUR.link,
          })
        }
        case 'linkReference':
          return walk(node.children, f)
        case 'break':
          return [{ break: true }]
        case 'image':
        case 'imageReference':
          return node.alt ? [{ text: `[${node.alt}]`, format: { ...f, italic: true, color: COLOUR.muted } }] : []
        case 'footnoteReference':
          // Numbered by the booklet (see takeFootnotes), shown small after the word, as Hugo's superscript.
          return [{ text: node.label ?? node.identifier, format: { ...f, size: f.size * 0.7, color: COLOUR.link } }]
        case 'shortcode':
          return shortcode(node, f, walk)
        // Inline HTML tags are markup, not words (the words between them are text nodes); <br> breaks the line.
        case 'html':
          return isLineBreakTag(node.value) ? [{ break: true }] : []
        default:
          return []
      }
    })
  return walk(nodes, format)
}

/** Where the first baseline sits in a line box of `leading` for text of `size` (Inter: ascent .97, descent .24 em). */
export const baselineIn = (leading: number, size: number): number => (leading - size * 1.21) / 2 + size * 0.97

export interface Fragment {
  text: string
  format: TextFormat
  /** A booklet font, or a fallback font registered for characters they lack. */
  font: string
  /** From the line's left edge. */
  x: number
  width: number
}
export interface Line {
  fragments: Fragment[]
  width: number
}

/**
 * Measures text with the document's fonts; memoised, as the same words are measured again and again. With
 * `fonts`, text is split into runs of the fonts that draw it (`split`), for characters the booklet's lack.
 */
export const measurer = (doc: PDFKit.PDFDocument, fonts?: Pick<BookletFonts, 'split'>) => {
  const cache = new Map<string, number>()
  const measure = (font: string, size: number, text: string): number => {
    const key = `${font}\u0000${size}\u0000${text}`
    let width = cache.get(key)
    if (width === undefined) {
      width = doc.font(font).fontSize(size).widthOfString(text)
      cache.set(key, width)
    }
    return width
  }
  return Object.assign(measure, { split: fonts?.split })
}
export type Measure = ((font: string, size: number, text: string) => number) & { split?: BookletFonts['split'] }

const fontOf = (f: TextFormat): FontName => f.font ?? fontFor(f.bold, f.italic)
const CODE_PAD = 1.5
const sameFormat = (a: TextFormat, b: TextFormat) =>
  a.bold === b.bold &&
  a.italic === b.italic &&
  a.size === b.size &&
  a.color === b.color &&
  a.code === b.code &&
  a.strike === b.strike &&
  a.link === b.link &&
  a.font === b.font

interface Atom {
  text: string
  format: TextFormat
  space: boolean
  /** The font drawing it, when not the format's (a fallback for characters the booklet's fonts lack). */
  font?: string
}

/**
 * Greedy line breaking at spaces, and between the characters of scripts written without them (the Unicode
 * rules); with `hyphenate`, a word that does not fit the line's end is broken with a hyphen where its
 * language allows. A word longer than the line is cut between characters. A line with right-to-left text is put in
 * reading order by the bidirectional algorithm.
 */
export const breakLines = (runs: Run[], maxWidth: number, measure: Measure, hyphenate?: Hyphenate): Line[] => {
  const width = (a: Atom) => measure(atomFont(a), a.format.size, a.text)
  const split = measure.split ?? ((text: string, font: string) => [{ text, font }])
  const atoms = (text: string, format: TextFormat): Atom[] =>
    split(text, fontOf(format)).map((r) => ({
      text: r.text,
      format,
      space: false,
      ...(r.font !== fontOf(format) && { font: r.font }),
    }))
  const lines: Atom[][] = []
  let line: Atom[] = []
  let lineWidth = 0
  let pendingSpace: Atom | undefined
  let word: Atom[] = []

  const flush = () => {
    lines.push(line)
    line = []
    lineWidth = 0
    pendingSpace = undefined
  }
  // The longest head of a one-piece word, broken where its language allows, that fits with a hyphen in what the line has left.
  const hyphenated = (atom: Atom, room: number): number | undefined =>
    hyphenate?.(atom.text)
      .reverse()
      .find((at) => width({ ...atom, text: `${atom.text.slice(0, at)}-` }) <= room)
  const placeWord = (): void => {
    if (!word.length) return
    const w = word.reduce((sum, a) => sum + width(a), 0)
    const space = line.length && pendingSpace ? width(pendingSpace) : 0
    if (line.length && lineWidth + space + w > maxWidth) {
      const at = word.length === 1 ? hyphenated(word[0]!, maxWidth - lineWidth - space) : undefined
      if (at !== undefined) {
        const [atom] = word
        if (pendingSpace) line.push(pendingSpace)
        line.push({ ...atom!, text: `${atom!.text.slice(0, at)}-` })
        flush()
        word = [{ ...atom!, text: atom!.text.slice(at) }]
        return placeWord()
      }
      flush()
    }
    if (!line.length && w > maxWidth) {
      // Cut an over-long word (a URL, say) into pieces that fit.
      for (const atom of word) {
        for (const ch of atom.text) {
          const piece: Atom = { text: ch, format: atom.format, space: false, ...(atom.font && { font: atom.font }) }
          const cw = width(piece)
          if (line.length && lineWidth + cw > maxWidth) flush()
          line.push(piece)
          lineWidth += cw
        }
      }
    } else {
      if (line.length && pendingSpace) {
        line.push(pendingSpace)
        lineWidth += space
      }
      line.push(...word)
      lineWidth += w
    }
    pendingSpace = undefined
    word = []
  }

  for (const run of runs) {
    if ('break' in run) {
      placeWord()
      flush()
      continue
    }
    for (const part of run.text.split(/( +)/)) {
      if (!part) continue
      if (part.startsWith(' ')) {
        placeWord()
        pendingSpace = { text: ' ', format: run.format, space: true }
        continue
      }
      unspacedPieces(part).forEach((piece, i) => {
        if (i > 0) placeWord() // a break without a space: Chinese, Japanese
        word.push(...atoms(piece, run.format))
      })
    }
  }
  placeWord()
  if (line.length) lines.push(line)
  // A hard break at the very end leaves an empty line that nobody wants.
  while (lines.length && !lines[lines.length - 1]!.length) lines.pop()

  const direction = textDirection(runs.map((r) => ('text' in r ? r.text : '\n')).join(''))
  return lines.map((logical) => setLine(logical, direction, measure))
}

const atomFont = (a: Atom) => a.font ?? fontOf(a.format)

/**
 * A line's atoms as fragments placed left to right: those of one font and format joined, or, in a line
 * with right-to-left text, reordered word by word, each word then a fragment of its own (which fontkit sets
 * in its script's direction).
 */
const setLine = (logical: Atom[], direction: 'ltr' | 'rtl', measure: Measure): Line => {
  const bidirectional = logical.some((a) => isRtl(a.text))
  const line = bidirectional
    ? reorder(
        logical,
        levelsOf(
          logical.map((a) => a.text),
          direction,
        ),
      )
    : logical
  const fragments: Fragment[] = []
  for (const atom of line) {
    const last = fragments[fragments.length - 1]
    if (last && !bidirectional && last.font === atomFont(atom) && sameFormat(last.format, atom.format))
      last.text += atom.text
    else fragments.push({ text: atom.text, format: atom.format, font: atomFont(atom), x: 0, width: 0 })
  }
  let x = 0
  for (const f of fragments) {
    f.x = x
    f.width = measure(f.font, f.format.size, f.text)
    x += f.width
  }
  return { fragments, width: x }
}

/** Draws one line with its baseline at `baseline`; `size` (the line's text size) places code grounds and links. */
export const drawLine = (doc: PDFKit.PDFDocument, line: Line, x: number, baseline: number, size: number): void => {
  for (const f of line.fragments) {
    const fx = x + f.x
    if (f.format.code) {
      doc
        .save()
        .roundedRect(fx - CODE_PAD, baseline - size * 0.85, f.width + 2 * CODE_PAD, size * 1.12, 1.5)
        .fill(COLOUR.codeBackground)
        .restore()
    }
    doc.font(f.font).fontSize(f.format.size).fillColor(f.format.color)
    doc.text(f.text, fx, baseline, { lineBreak: false, baseline: 'alphabetic' })
    if (f.format.strike) {
      doc
        .save()
        .moveTo(fx, baseline - size * 0.3)
        .lineTo(fx + f.width, baseline - size * 0.3)
        .lineWidth(0.5)
        .stroke(f.format.color)
        .restore()
    }
    if (f.format.link) {
      doc
        .save()
        .moveTo(fx, baseline + size * 0.15)
        .lineTo(fx + f.width, baseline + size * 0.15)
        .lineWidth(0.4)
        .stroke(f.format.color)
        .restore()
      const link = f.format.link
      if (link.startsWith('#')) doc.goTo(fx, baseline - size, f.width, size * 1.3, sectionDestination(link.slice(1)))
      else doc.link(fx, baseline - size, f.width, size * 1.3, link)
    }
  }
}
