import bidiFactory from 'bidi-js'
import type { Paragraph, Word } from '../../engine/inline-text.ts'

const bidi = bidiFactory()

/** Characters of scripts written right to left. */
const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u

/** A word as text for the bidirectional algorithm: an inline icon is an object (a neutral, U+FFFC). */
const wordText = (word: Word): string => word.map((p) => (p.kind === 'text' ? p.text : '\ufffc')).join('')

/** Whether a paragraph has right-to-left text: only then does a row of its words need reordering. */
export const hasRtl = (paragraph: Paragraph): boolean =>
  paragraph.some((w) => w.some((p) => p.kind === 'text' && RTL.test(p.text)))

/** A paragraph's direction, from its first strong character (UAX #9, P2–P3). */
export const paragraphDirection = (paragraph: Paragraph): 'ltr' | 'rtl' => {
  const text = paragraph.map(wordText).join(' ')
  return (bidi.getEmbeddingLevels(text).paragraphs[0]?.level ?? 0) % 2 ? 'rtl' : 'ltr'
}

/**
 * Items of a line in the order they are seen, from the embedding level of each (UAX #9, L2): runs are reversed
 * from the highest level down to the lowest odd one.
 */
export const reorder = <T>(items: readonly T[], levels: readonly number[]): T[] => {
  const ranked = items.map((item, n) => ({ item, level: levels[n] ?? 0 }))
  if (!ranked.length) return []
  const highest = Math.max(...ranked.map((r) => r.level))
  const lowestOdd = Math.min(...ranked.map((r) => (r.level % 2 ? r.level : r.level + 1)))
  for (let l = highest; l >= lowestOdd; l--) {
    for (let n = 0; n < ranked.length; ) {
      if (ranked[n]!.level < l) {
        n++
        continue
      }
      let end = n
      while (end < ranked.length && ranked[end]!.level >= l) end++
      ranked.splice(n, end - n, ...ranked.slice(n, end).reverse())
      n = end
    }
  }
  return ranked.map((r) => r.item)
}

/**
 * The embedding level of each of `pieces` (texts in logical order, set one after another), in a paragraph of
 * `direction`: that of its first character after any leading spaces.
 */
export const levelsOf = (pieces: readonly string[], direction?: 'ltr' | 'rtl'): number[] => {
  const starts: number[] = []
  let text = ''
  for (const piece of pieces) {
    const lead = /^\s*/.exec(piece)![0].length
    starts.push(text.length + (lead < piece.length ? lead : 0))
    text += piece
  }
  const { levels } = bidi.getEmbeddingLevels(text, direction)
  return starts.map((s) => levels[s] ?? 0)
}

/** Whether a text holds right-to-left characters. */
export const isRtl = (text: string): boolean => RTL.test(text)

/** A text's direction, from its first strong character. */
export const textDirection = (text: string): 'ltr' | 'rtl' =>
  (bidi.getEmbeddingLevels(text).paragraphs[0]?.level ?? 0) % 2 ? 'rtl' : 'ltr'

/**
 * A line's words in the order they are seen, by the bidirectional algorithm applied word by word: each word
 * takes the level of its first character, and runs of words are reversed from the highest level down to the
 * lowest odd one (UAX #9, L2). `line` holds indices into `paragraph`; so does the result.
 */
export const visualOrder = (paragraph: Paragraph, line: readonly number[], direction: 'ltr' | 'rtl'): number[] =>
  reorder(
    line,
    levelsOf(
      line.map((i, n) => (n > 0 && !paragraph[i]!.glued ? ' ' : '') + wordText(paragraph[i]!)),
      direction,
    ),
  )
