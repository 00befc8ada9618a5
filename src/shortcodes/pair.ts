import type { Point } from 'unist'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { CloseToken, Delimiter, OpenToken, Token } from './lexer.ts'

// Opening and closing shortcode tags paired into nested elements, as Hugo pairs them.

/** An opening tag with what lies between it and its closing tag (if it has one). */
export interface Element {
  type: 'element'
  open: OpenToken
  close?: CloseToken
  items: Item[]
}
export type Item = Element | Exclude<Token, OpenToken | CloseToken>
export const isElement = (item: Item): item is Element => item.type === 'element'

export type Reporter = (rule: string, severity: Diagnostic['severity'], message: string, at: Point) => void
export const closer = (d: Delimiter) => (d === '<' ? '>' : '%')
export const openTag = (t: OpenToken) => `{{${t.delimiter} ${t.name} ${closer(t.delimiter)}}}`
export const closeTag = (t: { name: string; delimiter: Delimiter }) =>
  `{{${t.delimiter} /${t.name} ${closer(t.delimiter)}}}`

/** How deep shortcodes may nest: far beyond any rules page, well within the stack of the stages that walk them. */
export const MAX_NESTING = 32

/** Pairs opening and closing tags into nested elements, reporting closing tags that match nothing or cross. */
export const pair = (tokens: Token[], requireClosing: Set<string>, report: Reporter): Item[] => {
  const rootItems: Item[] = []
  const open: Element[] = []
  const itemsAbove = (depth: number) => (depth === 0 ? rootItems : open[depth - 1]!.items)
  // Closing tags already blamed on a crossed pair, so that they are not reported twice.
  const blamed = new Set<CloseToken>()

  /** An element that got no closing tag is self-standing: what followed it goes back to its parent. */
  const unwrap = (el: Element) => {
    itemsAbove(open.length).push(...el.items)
    el.items = []
  }
  const neverClosed = (el: Element, before: string) => {
    if (requireClosing.has(el.open.name)) {
      report(
        'rules/unclosed-shortcode',
        'error',
        `The shortcode ${openTag(el.open)} is never closed: expected ${closeTag(el.open)} before ${before}.`,
        el.open.position.start,
      )
    }
  }

  // Tags nested deeper than MAX_NESTING are left out (their inner content stays), with one error.
  const tooDeep: OpenToken[] = []
  tokens.forEach((token, index) => {
    if (token.type === 'open') {
      if (open.length >= MAX_NESTING) {
        if (tooDeep.length === 0 && !token.selfClosing)
          report(
            'rules/too-deep',
            'error',
            `The shortcode ${openTag(token)} is nested more than ${MAX_NESTING} deep: its tags and those inside it are left out.`,
            token.position.start,
          )
        if (!token.selfClosing) tooDeep.push(token)
        itemsAbove(open.length).push({ type: 'invalid', raw: token.raw, position: token.position })
        return
      }
      const el: Element = { type: 'element', open: token, items: [] }
      itemsAbove(open.length).push(el)
      if (!token.selfClosing) open.push(el)
      return
    }
    if (token.type !== 'close') {
      itemsAbove(open.length).push(token)
      return
    }
    if (tooDeep.length && tooDeep[tooDeep.length - 1]!.name === token.name) {
      tooDeep.pop()
      return void itemsAbove(open.length).push({ type: 'invalid', raw: token.raw, position: token.position })
    }
    // A closing tag that pairs with nothing is reported and then dropped, never printed.
    const drop = () => itemsAbove(open.length).push({ type: 'invalid', raw: token.raw, position: token.position })
    if (blamed.has(token)) return drop()
    let depth = open.length - 1
    while (depth >= 0 && open[depth]!.open.name !== token.name) depth--
    if (depth < 0) {
      report(
        'rules/mismatched-shortcode',
        'error',
        `Found the closing tag ${closeTag(token)} but no "${token.name}" shortcode is open here.`,
        token.position.start,
      )
      return drop()
    }
    // Everything opened after our element and still open was either self-standing or closes later (crossed tags).
    while (open.length - 1 > depth) {
      const inner = open.pop()!
      const later = tokens
        .slice(index + 1)
        .find((t): t is CloseToken => t.type === 'close' && t.name === inner.open.name && !blamed.has(t))
      if (later) {
        blamed.add(later)
        report(
          'rules/mismatched-shortcode',
          'error',
          `The shortcode "${inner.open.name}" opened at line ${inner.open.position.start.line} must be closed before ${closeTag(token)}, but its closing tag comes after it.`,
          later.position.start,
        )
      } else neverClosed(inner, closeTag(token))
      unwrap(inner)
    }
    const el = open.pop()!
    el.close = token
    if (token.delimiter !== el.open.delimiter) {
      report(
        'rules/mismatched-shortcode',
        'warning',
        `The shortcode "${token.name}" opens with "{{${el.open.delimiter}" but closes with "{{${token.delimiter}"; use the same delimiter.`,
        token.position.start,
      )
    }
  })
  while (open.length) {
    const el = open.pop()!
    neverClosed(el, 'the end of the file')
    unwrap(el)
  }
  return rootItems
}
