import { createRequire } from 'node:module'
/**
 * Inline markup of card text: `[word]` names a word of one of the game's vocabularies (`[intel]`,
 * or `[resources:intel]` where two vocabularies share a word), `[set:name]` an icon of an Iconify set
 * (`[game-icons:spy]`). Anything else in square brackets is plain text. A line break starts a paragraph.
 */
export type Piece = { kind: 'text'; text: string } | { kind: 'icon'; name: string }

/**
 * What never breaks across lines: text and icons with nothing between them (`[spy][spy],`). `glued`: no space
 * comes before it, only a line-break opportunity of the Unicode rules (between two Chinese characters, after
 * a hyphen), so that it joins the word before it when both are on one line.
 */
export type Word = readonly Piece[] & { readonly glued?: true }

export type Paragraph = readonly Word[]

const TOKEN = /\[([a-z0-9][a-z0-9_-]*(?::[a-z0-9][a-z0-9_-]*)?)\]/gi
const SPACE = /^[ \t]+$/
/**
 * Scripts written without spaces between words, where a line may break between two characters: Chinese,
 * Japanese and Korean, with their punctuation and full-width forms. Elsewhere a word breaks at spaces only, as
 * a row of words lays it out (a hyphenated word stays whole there).
 */
const UNSPACED_CLASS =
  '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u3000-\\u303f\\uff00-\\uffef]'
const UNSPACED = new RegExp(UNSPACED_CLASS, 'u')
// Whole characters, not UTF-16 units: a Chinese character beyond the Basic Multilingual Plane is two.
const STARTS_UNSPACED = new RegExp(`^${UNSPACED_CLASS}`, 'u')
const ENDS_UNSPACED = new RegExp(`${UNSPACED_CLASS}\\s*$`, 'u')
const startsUnspaced = (text: string): boolean => STARTS_UNSPACED.test(text)
const endsUnspaced = (text: string): boolean => ENDS_UNSPACED.test(text)

/**
 * The Unicode line breaker, loaded when a text first needs it: its tables take ~20 ms to unpack, and most
 * games (and every thread that only reads cards) never break a text written without spaces.
 */
let lineBreaker: typeof import('linebreak').default | undefined
const LineBreaker = () =>
  (lineBreaker ??= createRequire(import.meta.url)('linebreak') as typeof import('linebreak').default)

/** Where a text may break, by the Unicode line-breaking algorithm (UAX #14): its pieces, each with the spaces after it. */
const breakable = (text: string): string[] => {
  const pieces: string[] = []
  const breaker = new (LineBreaker())(text)
  let last = 0
  for (let b = breaker.nextBreak(); b; b = breaker.nextBreak()) {
    pieces.push(text.slice(last, b.position))
    last = b.position
  }
  return pieces
}

/**
 * A run of text without spaces cut where a script written without them may break (Chinese and Japanese
 * between characters, never before closing punctuation), by the Unicode line-breaking rules; whole elsewhere.
 */
export const unspacedPieces = (text: string): string[] => {
  if (!UNSPACED.test(text)) return [text]
  const out: string[] = []
  const pieces = breakable(text)
  pieces.forEach((piece, i) => {
    const glue = out.length && !(endsUnspaced(pieces[i - 1]!) || startsUnspaced(piece))
    if (glue) out[out.length - 1] += piece
    else out.push(piece)
  })
  return out
}

/**
 * Card text in paragraphs (one a line) of words. Words break where the Unicode line-breaking rules allow: at
 * spaces, and, in scripts written without them, between characters (Chinese and Japanese; never before
 * closing punctuation nor after opening punctuation).
 */
export const parseInline = (text: string): Paragraph[] =>
  text.split(/\r?\n/).map((line) => {
    const words: Word[] = []
    let word: Piece[] = []
    let glued = false
    const end = (spaceAfter: boolean) => {
      if (word.length) words.push(glued ? Object.assign(word, { glued: true as const }) : word)
      word = []
      glued = !spaceAfter
    }
    const addText = (chunk: string) => {
      const pieces = breakable(chunk)
      pieces.forEach((piece, i) => {
        if (SPACE.test(piece) || !piece) {
          if (word.length || words.length) end(true)
          else glued = false
          return
        }
        if (/^[ \t]/.test(piece) && word.length) end(true)
        const body = piece.replace(/^[ \t]+|[ \t]+$/g, '')
        const spaced = /[ \t]$/.test(piece)
        const last = word[word.length - 1]
        if (body && last?.kind === 'text') word[word.length - 1] = { kind: 'text', text: last.text + body }
        else if (body) word.push({ kind: 'text', text: body })
        // A break after this piece: at a space, or between characters of a script written without spaces.
        if (spaced) end(true)
        else if (i < pieces.length - 1 && (endsUnspaced(body) || startsUnspaced(pieces[i + 1]!))) end(false)
      })
    }
    let at = 0
    for (const m of line.matchAll(TOKEN)) {
      addText(line.slice(at, m.index))
      word.push({ kind: 'icon', name: m[1]! })
      at = m.index + m[0].length
    }
    addText(line.slice(at))
    end(true)
    return words
  })

/** The length of a text as a reader counts it: each inline icon (`[intel]`) is one character. */
export const inlineLength = (text: string): number => text.replace(TOKEN, '#').length

/** The icon names a text embeds, in order. */
export const inlineNames = (text: string): string[] => [...text.matchAll(TOKEN)].map((m) => m[1]!)

/** The text with every inline icon replaced by a word: what a screen reader or a plain-text export shows. */
export const plainText = (text: string, label: (name: string) => string): string =>
  text.replace(TOKEN, (_, name: string) => label(name))
