import type { TextToken } from './lexer.ts'
import { isElement, type Item } from './pair.ts'

// Placeholders are private-use characters: remark treats them as letters, so emphasis around them still works.
// Each is as long as the tag it stands for and keeps its newlines, so every later position stays true.
const START = '\uE000'
const FILL = '\uE001'
const PLACEHOLDER_START = /\uE000([\uE100-\uE1FF])([\uE200-\uE2FF])/g
export const placeholder = (raw: string, index: number): string => {
  let out = START + String.fromCharCode(0xe100 + (index >> 8), 0xe200 + (index & 255))
  for (let i = 3; i < raw.length; i++) out += raw[i] === '\n' || raw[i] === '\r' ? raw[i] : FILL
  return out
}

export type Inline = Exclude<Item, TextToken>
export const rangeOf = (item: Item): { start: number; end: number } =>
  isElement(item)
    ? { start: item.open.position.start.offset!, end: (item.close ?? item.open).position.end.offset! }
    : { start: item.position.start.offset!, end: item.position.end.offset! }

/** The placeholders of one markdown segment and the items they stand for. */
export interface Placeholders {
  items: Inline[]
  texts: string[]
}

/** Finds each placeholder in `value`: its item and where it starts and ends. */
export const findPlaceholders = (value: string, ph: Placeholders) => {
  const found: Array<{ item: Inline; from: number; to: number }> = []
  for (const m of value.matchAll(PLACEHOLDER_START)) {
    const index = (m[1]!.charCodeAt(0) - 0xe100) * 256 + (m[2]!.charCodeAt(0) - 0xe200)
    const item = ph.items[index]
    if (!item) continue
    const text = ph.texts[index]!
    // remark keeps the placeholder whole; should it not, eat what is left of it (filler and line ends).
    let to = m.index + 3
    if (value.startsWith(text, m.index)) to = m.index + text.length
    else while (to < value.length && (value[to] === FILL || value[to] === '\n' || value[to] === '\r')) to++
    found.push({ item, from: m.index, to })
  }
  return found
}
