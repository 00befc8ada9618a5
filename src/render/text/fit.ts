import type { TextFont, TextMeasure } from './measure.ts'
import { parseInline, type Paragraph, type Word } from '../../engine/inline-text.ts'

/** How inline icons sit in a line: their size and the space between two icons that touch, in ems. */
export const ICON_EM = 1.15
export const ICON_GAP_EM = 0.08

export interface FitRequest {
  text: string
  /** The box, in template px. */
  width: number
  /** The box's height; none: only `maxLines` limits the text. */
  height?: number
  maxLines?: number
  /** The size to draw at when the text fits; it shrinks down to `minSize` when it does not. */
  size: number
  minSize: number
  /** A multiple of the font size. */
  lineHeight: number
  /** Space between paragraphs, in lines. */
  paragraphGap?: number
  font: Omit<TextFont, 'size'>
}

export interface Fitted {
  paragraphs: Paragraph[]
  /** The size the text is drawn at: the largest that fits, or `minSize` when none does. */
  size: number
  /** Per paragraph, the words of each line (indices into the paragraph's words). */
  lines: number[][][]
  /** The text's height at `size`. */
  height: number
  fits: boolean
  /** When it does not fit: the share of the text that does, 0…1. */
  fitsShare: number
  /** When it does not fit: a word wider than the box even at `minSize`, if there is one. */
  tooWide?: Word
}

/** Whether a paragraph has inline icons: its lines are then rows of words, else each line one text. */
export const hasIcons = (paragraph: Paragraph): boolean =>
  paragraph.some((w) => w.some((piece) => piece.kind === 'icon'))

/** A word's pieces in ems: text measured with the font, icons square (with a gap after an icon). */
const pieceWidths = (word: Word, measure: TextMeasure, font: Omit<TextFont, 'size'>): { text: boolean; em: number }[] =>
  word.map((piece, i) =>
    piece.kind === 'text'
      ? { text: true, em: measure.width(piece.text, { ...font, size: 1 }) }
      : { text: false, em: ICON_EM + (i > 0 && word[i - 1]!.kind === 'icon' ? ICON_GAP_EM : 0) },
  )

/**
 * A word's width in px at a size. In a row of words (a paragraph with icons) each text is an item of its own,
 * as wide as its measured width rounded up to whole pixels (as satori sizes it, and the row draws it); in a
 * line of plain text the words' widths simply add up.
 */
const wordWidth = (pieces: readonly { text: boolean; em: number }[], size: number, rounded = true): number =>
  pieces.reduce((w, p) => w + (p.text ? (rounded ? Math.ceil(p.em * size - 1e-9) : p.em * size) : p.em * size), 0)

/**
 * Breaks words into lines as a wrapping flex row does: a word goes to the next line when it would pass the
 * width. `gap` is the space before each word: one number for all, or one per word (0 for a word glued to the
 * one before it). `gapAtLineStart`: the gap is a margin the word keeps at the start of a line too.
 */
export const breakLines = (
  widths: readonly number[],
  width: number,
  gap: number | readonly number[],
  gapAtLineStart = false,
): { lines: number[][]; widest: number } => {
  const lines: number[][] = []
  let line: number[] = []
  let used = 0
  let widest = 0
  const gapOf = (i: number) => (i === 0 ? 0 : typeof gap === 'number' ? gap : gap[i]!)
  widths.forEach((w, i) => {
    const before = line.length || gapAtLineStart ? gapOf(i) : 0
    if (line.length && used + gapOf(i) + w > width + 1e-6) {
      lines.push(line)
      line = []
      used = gapAtLineStart ? gapOf(i) : 0
    } else used += before
    used += w
    widest = Math.max(widest, used)
    line.push(i)
  })
  if (line.length || lines.length === 0) lines.push(line)
  return { lines, widest }
}

/**
 * The largest size, from `size` down to `minSize`, at which the text fits its box: each line within the
 * width, all lines within the height (and `maxLines`). Widths scale with the size, so each try is cheap.
 */
export const fitText = (measure: TextMeasure, req: FitRequest): Fitted => {
  const paragraphs = parseInline(req.text)
  const pieces = paragraphs.map((p) => p.map((w) => pieceWidths(w, measure, req.font)))
  const gap = measure.width(' ', { ...req.font, size: 1 })
  const paragraphGap = req.paragraphGap ?? 0.35
  // What each try needs of a paragraph that its size does not change, found once rather than once a word a try.
  const icons = paragraphs.map(hasIcons)
  const marginAtLineStart = paragraphs.map((p, i) => icons[i]! && p.some((w) => w.glued))
  const tryAt = (size: number) => {
    const widths = pieces.map((p, i) => p.map((w) => wordWidth(w, size, icons[i])))
    // Each line is drawn as measured (a row of its own, never wrapped again): no pixel needs to be spared.
    const broken = widths.map((w, i) =>
      breakLines(
        w,
        req.width,
        paragraphs[i]!.map((word) => (word.glued ? 0 : gap * size)),
        marginAtLineStart[i],
      ),
    )
    const lines = broken.reduce((n, b) => n + b.lines.length, 0)
    const lineHeight = size * req.lineHeight
    const height = lines * lineHeight + (paragraphs.length - 1) * paragraphGap * lineHeight
    const wideEnough = broken.every((b) => b.widest <= req.width + 0.01)
    const fits =
      wideEnough &&
      (req.height === undefined || height <= req.height + 0.5) &&
      (req.maxLines === undefined || lines <= req.maxLines)
    let tooWide: Word | undefined
    for (let i = 0; i < widths.length && !tooWide; i++) {
      const j = widths[i]!.findIndex((w) => w > req.width + 0.01)
      if (j >= 0) tooWide = paragraphs[i]![j]
    }
    return {
      size,
      lines: broken.map((b) => b.lines),
      height,
      fits,
      linesCount: lines,
      widest: Math.max(...broken.map((b) => b.widest)),
      tooWide,
    }
  }
  let size = req.size
  for (;;) {
    const at = tryAt(size)
    if (at.fits) return { paragraphs, size, lines: at.lines, height: at.height, fits: true, fitsShare: 1 }
    if (size <= req.minSize) {
      const heightShare = req.height === undefined ? 1 : Math.min(1, req.height / at.height)
      const linesShare = req.maxLines === undefined ? 1 : Math.min(1, req.maxLines / at.linesCount)
      const widthShare = Math.min(1, req.width / at.widest)
      return {
        paragraphs,
        size,
        lines: at.lines,
        height: at.height,
        fits: false,
        fitsShare: Math.min(heightShare, linesShare, widthShare),
        ...(at.tooWide ? { tooWide: at.tooWide } : {}),
      }
    }
    size = Math.max(req.minSize, size * 0.96)
  }
}
