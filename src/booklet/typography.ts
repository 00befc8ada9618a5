import type { Nodes, Parent, Root, Text } from 'mdast'
import {
  ASCII_PUNCT,
  ENGLISH_QUOTES,
  newCounter,
  smarten,
  typographic,
  type QuoteCounter,
  type QuoteMarks,
} from '../render/text/typographer.ts'

// The booklet's typographer over markdown trees; the rules for one character are render/text/typographer.ts's,
// shared with card faces.
export { ENGLISH_QUOTES, newCounter, smarten, typographic, type QuoteCounter, type QuoteMarks }

/** Where each character of a text node's value comes from in the source: an offset, or -1 (escaped, an entity). */
const align = (value: string, source: string, start: number, end: number): number[] => {
  const map: number[] = []
  let s = start
  for (const ch of value) {
    let found = -1
    while (s < end) {
      if (source.startsWith(ch, s)) {
        found = s
        s += ch.length
        break
      }
      if (source[s] === '\\' && source.startsWith(ch, s + 1) && ASCII_PUNCT.has(ch)) {
        s += 1 + ch.length
        break
      }
      const entity =
        source[s] === '&'
          ? /^&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/.exec(source.slice(s, s + 40))
          : null
      if (entity) {
        s += entity[0].length
        break
      }
      s++
    }
    for (let k = 0; k < ch.length; k++) map.push(k === 0 ? found : -1)
  }
  return map
}

/** Replaces the punctuation of one text node, reading the source around each character. */
const smartenNode = (node: Text, source: string, counter: QuoteCounter, marks: QuoteMarks) => {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined) {
    node.value = smarten(node.value, counter, marks)
    return
  }
  const map = align(node.value, source, start, end)
  let out = ''
  for (let k = 0; k < node.value.length; ) {
    const s = map[k]!
    const c = node.value[k]!
    if (s < 0 || !'\'"-.<>'.includes(c)) {
      out += c
      k++
      continue
    }
    const eol = source.indexOf('\n', s)
    const line = source.slice(s, eol < 0 ? source.length : eol + 1)
    const done = typographic(line, s === 0 ? '\n' : source[s - 1]!, counter, marks)
    // Consume only what the value holds as it was written (no escape or markup in between).
    if (done && map.slice(k, k + done[1]).every((o, n) => o === s + n)) {
      out += done[0]
      k += done[1]
    } else {
      out += c
      k++
    }
  }
  node.value = out
}

const BLOCKS = new Set(['paragraph', 'heading', 'tableCell'])
const NEVER = new Set(['inlineCode', 'code', 'html', 'math', 'inlineMath'])

/**
 * Applies Hugo's typographer to every piece of prose of a tree in place, reading characters around each
 * punctuation mark in `source` (the text the tree's offsets point into). Returns the tree.
 */
export const typographer = <T extends Root | Nodes>(tree: T, source: string, marks: QuoteMarks = ENGLISH_QUOTES): T => {
  const walk = (node: Nodes, counter: QuoteCounter) => {
    if (NEVER.has(node.type)) return
    if (node.type === 'text') return smartenNode(node, source, counter, marks)
    // An autolink shows its address as written.
    if (
      node.type === 'link' &&
      node.children.length === 1 &&
      node.children[0]!.type === 'text' &&
      /^(https?:\/\/|mailto:|www\.)/.test(node.children[0]!.value)
    )
      return
    if (!('children' in node)) return
    mergeGuillemets(node as Parent)
    const inner = BLOCKS.has(node.type) ? newCounter() : counter
    for (const child of (node as Parent).children) walk(child as Nodes, inner)
  }
  walk(tree as Nodes, newCounter())
  return tree
}

/**
 * `<<word>>`: remark reads `<word>` as an inline HTML tag, goldmark's typographer sees `<<` first. Joins the three
 * nodes back into the text they were.
 */
const mergeGuillemets = (parent: Parent) => {
  const c = parent.children as Nodes[]
  for (let i = 0; i + 2 < c.length; i++) {
    const [a, html, b] = [c[i]!, c[i + 1]!, c[i + 2]!]
    if (
      a.type === 'text' &&
      a.value.endsWith('<') &&
      html.type === 'html' &&
      /^<[\w-]+>$/.test(html.value) &&
      b.type === 'text' &&
      b.value.startsWith('>')
    ) {
      const merged: Text = { type: 'text', value: a.value + html.value + b.value }
      if (a.position && b.position) merged.position = { start: a.position.start, end: b.position.end }
      c.splice(i, 3, merged)
    }
  }
}

/** "3-6" → "3–6": a range of numbers takes an en dash, as typeset rules write player counts and times. */
export const rangeDash = (text: string): string => text.replace(/(\d)\s*-\s*(\d)/g, '$1\u2013$2')
