/**
 * Inline markup of card text: `[word]` names a word of one of the game's vocabularies (`[intel]`,
 * or `[resources:intel]` where two vocabularies share a word), `[set:name]` an icon of an Iconify set
 * (`[game-icons:spy]`). Anything else in square brackets is plain text. A line break starts a paragraph.
 */
export type Piece = { kind: 'text'; text: string } | { kind: 'icon'; name: string }

/** What never breaks across lines: text and icons with no space between them (`[spy][spy],`). */
export type Word = readonly Piece[]

export type Paragraph = readonly Word[]

const TOKEN = /\[([a-z0-9][a-z0-9_-]*(?::[a-z0-9][a-z0-9_-]*)?)\]/gi
const SPACE = /[ \t]+/

export const parseInline = (text: string): Paragraph[] =>
  text.split(/\r?\n/).map((line) => {
    const words: Piece[][] = []
    let word: Piece[] = []
    const end = () => {
      if (word.length) words.push(word)
      word = []
    }
    const addText = (chunk: string) => {
      chunk.split(SPACE).forEach((part, i) => {
        if (i > 0) end()
        if (part) word.push({ kind: 'text', text: part })
      })
    }
    let at = 0
    for (const m of line.matchAll(TOKEN)) {
      addText(line.slice(at, m.index))
      word.push({ kind: 'icon', name: m[1]! })
      at = m.index + m[0].length
    }
    addText(line.slice(at))
    end()
    return words
  })

/** The length of a text as a reader counts it: each inline icon (`[intel]`) is one character. */
export const inlineLength = (text: string): number => text.replace(TOKEN, '#').length

/** The icon names a text embeds, in order. */
export const inlineNames = (text: string): string[] => [...text.matchAll(TOKEN)].map((m) => m[1]!)

/** The text with every inline icon replaced by a word: what a screen reader or a plain-text export shows. */
export const plainText = (text: string, label: (name: string) => string): string => text.replace(TOKEN, (_, name: string) => label(name))
