import type * as Fontkit from 'fontkit'
import { requireCommonJs } from '../../util/commonjs.ts'

const fontkit = requireCommonJs('fontkit') as typeof Fontkit
import { LRUCache } from 'lru-cache'
import type { LoadedFont } from '../fonts/fonts.ts'
import { clusters, drawsNothing, FontBook } from '../fonts/font-book.ts'

/** The font a piece of text is set in, as a template's style names it. */
export interface TextFont {
  family: string
  /** In template px. */
  size: number
  weight?: number
  style?: 'normal' | 'italic'
  /** Extra space after every character, in template px. */
  letterSpacing?: number
}

/** A font's vertical metrics, in ems. */
export interface FontMetrics {
  ascent: number
  descent: number
  capHeight: number
  xHeight: number
}

/** Measures text with the very fonts satori draws with (satori shapes with HarfBuzz; fontkit gives the same advances). */
export interface TextMeasure {
  /** The advance width of a run of text without line breaks, in template px. */
  width(text: string, font: TextFont): number
  metrics(font: Omit<TextFont, 'size'>): FontMetrics
}

interface Shaper {
  font: Fontkit.Font
  widths: LRUCache<string, number>
}

/**
 * How many measured texts each cache keeps, the most recently used: a face measures its texts many times
 * as it fits them, and 10,000 faces of distinct titles would otherwise keep every one, growing a thread's
 * memory with the deck.
 */
const MEASURED = 20_000

const shapers = new Map<string, Shaper>()

const shaperOf = (font: LoadedFont): Shaper => {
  let shaper = shapers.get(font.path)
  if (!shaper) {
    shaper = { font: fontkit.create(font.data), widths: new LRUCache({ max: MEASURED }) }
    shapers.set(font.path, shaper)
  }
  return shaper
}

const words = new Intl.Segmenter('en', { granularity: 'word' })

/**
 * The font satori would choose for a style: the family's fonts (else the first font, satori's fallback),
 * the asked style if there is one, then the nearest weight (bolder wins a tie above 400, as in CSS).
 */
export const pickFont = (fonts: readonly LoadedFont[], font: Omit<TextFont, 'size'>): LoadedFont | undefined => {
  // satori matches family names whatever their case.
  const family = fonts.filter((f) => f.name.toLowerCase() === font.family.toLowerCase())
  const pool = family.length ? family : fonts.filter((f) => f.name === fonts[0]?.name)
  const styled = pool.filter((f) => f.style === (font.style ?? 'normal'))
  const candidates = styled.length ? styled : pool
  const weight = font.weight ?? 400
  return [...candidates].sort(
    (a, b) =>
      Math.abs(a.weight - weight) - Math.abs(b.weight - weight) ||
      (weight >= 400 ? b.weight - a.weight : a.weight - b.weight),
  )[0]
}

/**
 * Measures with the fonts satori draws each character with (`book`): a run of characters the picked font
 * lacks is measured in the font that has them, as satori falls back to it.
 */
export const createMeasure = (fonts: readonly LoadedFont[], book: FontBook = new FontBook(fonts)): TextMeasure => {
  /** The text in runs of one font each: the picked font's, others' where it lacks a character (or nothing has it), a cluster at a time. */
  const runs = (text: string, picked: LoadedFont): Array<{ font: LoadedFont; text: string }> => {
    const out: Array<{ font: LoadedFont; text: string }> = []
    for (const ch of clusters(text)) {
      const cp = ch.codePointAt(0)!
      const font = drawsNothing(cp) && out.length ? out[out.length - 1]!.font : (book.fontFor(cp, picked) ?? picked)
      const last = out[out.length - 1]
      if (last && last.font === font) last.text += ch
      else out.push({ font, text: ch })
    }
    return out
  }
  const inRuns = new LRUCache<string, number>({ max: MEASURED })
  // The font of each style asked for, picked once: a face asks for a width hundreds of times as it fits its texts.
  const picks = new Map<string, LoadedFont | undefined>()
  const picked = (font: Omit<TextFont, 'size'>): LoadedFont | undefined => {
    const key = `${font.family}\0${font.weight ?? ''}\0${font.style ?? ''}`
    if (!picks.has(key)) picks.set(key, pickFont(fonts, font))
    return picks.get(key)
  }
  const advance = (shaper: Shaper, text: string): number => {
    let w = shaper.widths.get(text)
    if (w === undefined) {
      // satori measures a text word by word: kerning never crosses a word boundary.
      w = 0
      for (const { segment } of words.segment(text)) w += shaper.font.layout(segment).advanceWidth
      w /= shaper.font.unitsPerEm
      shaper.widths.set(text, w)
    }
    return w
  }
  return {
    width(text, font) {
      const chosen = picked(font)
      if (!chosen || !text) return 0
      const key = `${chosen.path}\0${text}`
      let em = inRuns.get(key)
      if (em === undefined) {
        em = runs(text, chosen).reduce((w, r) => w + advance(shaperOf(r.font), r.text), 0)
        inRuns.set(key, em)
      }
      return em * font.size + (font.letterSpacing ?? 0) * [...text].length
    },
    metrics(font) {
      const chosen = picked(font)
      if (!chosen) return { ascent: 0.95, descent: 0.25, capHeight: 0.7, xHeight: 0.5 }
      const f = shaperOf(chosen).font
      return {
        ascent: f.ascent / f.unitsPerEm,
        descent: -f.descent / f.unitsPerEm,
        capHeight: f.capHeight / f.unitsPerEm,
        xHeight: f.xHeight / f.unitsPerEm,
      }
    },
  }
}
