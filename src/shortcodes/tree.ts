import type { Nodes, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast'
import type { Point, Position } from 'unist'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { lexShortcodes, pointLocator } from './lexer.ts'
import { blankDeepLines, pruneDeep } from './depth.ts'
import type { CloseToken, Delimiter, OpenToken, ParamValue, TextToken, Token } from './lexer.ts'

/**
 * Builds an mdast tree from a Hugo-style markdown file: shortcodes become `shortcode` nodes, the text between them
 * is parsed by remark (with GFM) and its positions are moved to where the text really is in the file.
 *
 * A shortcode alone on its line(s) is a block node; one that shares its line with text stays inside the paragraph
 * as a phrasing node (it is swapped for a same-length placeholder while remark parses the paragraph).
 */

export interface Shortcode extends Parent {
  type: 'shortcode'
  name: string
  params: Record<string, ParamValue>
  positional: ParamValue[]
  delimiter: Delimiter
  /**
   * The inner content as mdast. For `{{% %}}` this is what Hugo renders; for `{{< >}}` it is what a template that
   * runs `.Inner | markdownify` would print (a template that prints `.Inner` as it is uses `value`).
   */
  children: RootContent[]
  /** `{{< >}}` inner text, raw (nested tags left out, literals resolved). */
  value?: string
  /** Set on a tag with no closing tag: it had no inner content. */
  selfClosing?: boolean
}

declare module 'mdast' {
  interface RootContentMap {
    shortcode: Shortcode
  }
  interface BlockContentMap {
    shortcode: Shortcode
  }
  interface PhrasingContentMap {
    shortcode: Shortcode
  }
}

export { isPhrasingParent } from './depth.ts'

/** A shortcode's parameter by name, else at its place among the positional ones, as text. */
export const paramOf = (node: Shortcode, name: string, position?: number): string | undefined => {
  const value = node.params[name] ?? (position !== undefined ? node.positional[position] : undefined)
  return value === undefined ? undefined : String(value)
}

export interface TreeOptions {
  /** The file named in diagnostics, relative to the project root. */
  file?: string
  /**
   * Shortcodes whose template uses .Inner, so they must be closed. Hugo knows this from the template; we are told.
   * Any other shortcode is paired iff a matching closing tag follows.
   */
  requireClosing?: Iterable<string>
  /** Parses a run of markdown (no shortcodes in it) into mdast; defaults to remark with GFM. */
  parse?: (markdown: string) => Root
}

/** An opening tag with what lies between it and its closing tag (if it has one). */
interface Element {
  type: 'element'
  open: OpenToken
  close?: CloseToken
  items: Item[]
}
type Item = Element | Exclude<Token, OpenToken | CloseToken>
const isElement = (item: Item): item is Element => item.type === 'element'

const markdown = unified().use(remarkParse).use(remarkGfm)
const defaultParse = (text: string): Root => markdown.parse(text)

/** Parses Hugo-style markdown (front matter already removed or blanked) into mdast with shortcode nodes. */
export const buildTree = (source: string, options: TreeOptions = {}): Result<Root> => {
  const file = options.file ?? ''
  const lexed = lexShortcodes(source, { file })
  const diagnostics = [...lexed.diagnostics]
  const report = (rule: string, severity: Diagnostic['severity'], message: string, at: Point) =>
    diagnostics.push({ rule, severity, message, file, line: at.line, column: at.column })

  const items = pair(lexed.value, new Set(options.requireClosing ?? []), report)
  const tooDeep = (message: string, at: Point) => report('rules/too-deep', 'error', message, at)
  const builder = new Builder(blankDeepLines(source, tooDeep), report, options.parse ?? defaultParse)
  const children = builder.container(items, 0, source.length, false)
  const root: Root = { type: 'root', children, position: { start: builder.at(0), end: builder.at(source.length) } }
  pruneDeep(root, tooDeep)
  return { value: root, diagnostics }
}

type Reporter = (rule: string, severity: Diagnostic['severity'], message: string, at: Point) => void
const closer = (d: Delimiter) => (d === '<' ? '>' : '%')
const openTag = (t: OpenToken) => `{{${t.delimiter} ${t.name} ${closer(t.delimiter)}}}`
const closeTag = (t: { name: string; delimiter: Delimiter }) => `{{${t.delimiter} /${t.name} ${closer(t.delimiter)}}}`

/** How deep shortcodes may nest: far beyond any rules page, well within the stack of the stages that walk them. */
export const MAX_NESTING = 32

/** Pairs opening and closing tags into nested elements, reporting closing tags that match nothing or cross. */
const pair = (tokens: Token[], requireClosing: Set<string>, report: Reporter): Item[] => {
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
      report('rules/unclosed-shortcode', 'error', `The shortcode ${openTag(el.open)} is never closed: expected ${closeTag(el.open)} before ${before}.`, el.open.position.start)
    }
  }

  // Tags nested deeper than MAX_NESTING are left out (their inner content stays), with one error.
  const tooDeep: OpenToken[] = []
  tokens.forEach((token, index) => {
    if (token.type === 'open') {
      if (open.length >= MAX_NESTING) {
        if (tooDeep.length === 0 && !token.selfClosing) report('rules/too-deep', 'error', `The shortcode ${openTag(token)} is nested more than ${MAX_NESTING} deep: its tags and those inside it are left out.`, token.position.start)
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
      report('rules/mismatched-shortcode', 'error', `Found the closing tag ${closeTag(token)} but no "${token.name}" shortcode is open here.`, token.position.start)
      return drop()
    }
    // Everything opened after our element and still open was either self-standing or closes later (crossed tags).
    while (open.length - 1 > depth) {
      const inner = open.pop()!
      const later = tokens.slice(index + 1).find((t): t is CloseToken => t.type === 'close' && t.name === inner.open.name && !blamed.has(t))
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
      report('rules/mismatched-shortcode', 'warning', `The shortcode "${token.name}" opens with "{{${el.open.delimiter}" but closes with "{{${token.delimiter}"; use the same delimiter.`, token.position.start)
    }
  })
  while (open.length) {
    const el = open.pop()!
    neverClosed(el, 'the end of the file')
    unwrap(el)
  }
  return rootItems
}

// Placeholders are private-use characters: remark treats them as letters, so emphasis around them still works.
// Each is as long as the tag it stands for and keeps its newlines, so every later position stays true.
const START = '\uE000'
const FILL = '\uE001'
const PLACEHOLDER_START = /\uE000([\uE100-\uE1FF])([\uE200-\uE2FF])/g
const placeholder = (raw: string, index: number): string => {
  let out = START + String.fromCharCode(0xe100 + (index >> 8), 0xe200 + (index & 255))
  for (let i = 3; i < raw.length; i++) out += raw[i] === '\n' || raw[i] === '\r' ? raw[i] : FILL
  return out
}

type Inline = Exclude<Item, TextToken>
const rangeOf = (item: Item): { start: number; end: number } =>
  isElement(item)
    ? { start: item.open.position.start.offset!, end: (item.close ?? item.open).position.end.offset! }
    : { start: item.position.start.offset!, end: item.position.end.offset! }

/** The placeholders of one markdown segment and the items they stand for. */
interface Placeholders {
  items: Inline[]
  texts: string[]
}

/** Finds each placeholder in `value`: its item and where it starts and ends. */
const findPlaceholders = (value: string, ph: Placeholders) => {
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

class Builder {
  readonly at: (offset: number) => Point
  private readonly source: string
  private readonly report: Reporter
  private readonly fences: Array<[number, number]>
  private readonly parse: (markdown: string) => Root

  constructor(source: string, report: Reporter, parse: (markdown: string) => Root) {
    this.source = source
    this.report = report
    this.parse = parse
    this.at = pointLocator(source)
    this.fences = fencedRanges(source)
  }

  /** The children of a container spanning [start, end): markdown segments cut at block shortcodes. */
  container(items: Item[], start: number, end: number, inline: boolean): RootContent[] {
    const out: RootContent[] = []
    let segment: Inline[] = []
    let segmentStart = start
    for (const item of items) {
      if (isElement(item) && !inline && this.isBlock(item, start, end)) {
        const range = rangeOf(item)
        out.push(...this.segment(segment, segmentStart, range.start))
        out.push(this.element(item, false))
        segment = []
        segmentStart = range.end
      } else if (item.type !== 'text') {
        segment.push(item)
      }
    }
    out.push(...this.segment(segment, segmentStart, end))
    if (!inline) return out
    // Inline context: keep phrasing content only, unwrapping the paragraphs remark made.
    return out.flatMap((node) => (node.type === 'paragraph' ? node.children : [node]))
  }

  /** A shortcode alone on its line(s), outside fenced code, is a block; one sharing its line with text is inline. */
  private isBlock(el: Element, containerStart: number, containerEnd: number): boolean {
    const { start, end } = rangeOf(el)
    if (this.fences.some(([a, b]) => start >= a && start < b)) return false
    const lineStart = Math.max(this.source.lastIndexOf('\n', start - 1) + 1, containerStart)
    let lineEnd = this.source.indexOf('\n', end)
    if (lineEnd < 0) lineEnd = this.source.length
    lineEnd = Math.min(lineEnd, containerEnd)
    if (this.source.slice(lineStart, start).trim() || this.source.slice(end, lineEnd).trim()) {
      // Inline, unless a blank line inside it would split the paragraph its placeholder stands in.
      return /\n[ \t]*\r?\n/.test(this.source.slice(start, end))
    }
    return true
  }

  private element(el: Element, inline: boolean): Shortcode {
    const { open, close } = el
    const node: Shortcode = {
      type: 'shortcode',
      name: open.name,
      params: open.params,
      positional: open.positional,
      delimiter: open.delimiter,
      children: [],
      position: { start: open.position.start, end: (close ?? open).position.end },
    }
    if (!close) {
      node.selfClosing = true
      return node
    }
    node.children = this.container(el.items, open.position.end.offset!, close.position.start.offset!, inline)
    // Hugo hands `{{< >}}` inner text to the template untouched (nested shortcodes are rendered by their templates).
    if (open.delimiter === '<') node.value = el.items.map((i) => (i.type === 'text' ? i.raw : i.type === 'literal' ? i.value : '')).join('')
    return node
  }

  /** Parses one run of markdown, shifts its positions into the file and puts inline shortcodes back. */
  private segment(items: Inline[], start: number, end: number): RootContent[] {
    if (start >= end) return []
    const ph: Placeholders = { items, texts: [] }
    let text = ''
    let cursor = start
    items.forEach((item, index) => {
      const range = rangeOf(item)
      const stand = placeholder(this.source.slice(range.start, range.end), index)
      ph.texts.push(stand)
      text += this.source.slice(cursor, range.start) + stand
      cursor = range.end
    })
    text += this.source.slice(cursor, end)
    if (!text.trim()) return []
    const tree = this.parse(text)
    shift(tree, this.at(start))
    if (items.length) this.restore(tree, ph)
    return tree.children
  }

  /** Replaces placeholders: by shortcode nodes in text; by the tag as written in code; by nothing in urls and html. */
  private restore(parent: Parent, ph: Placeholders) {
    const next: RootContent[] = []
    for (const child of parent.children) {
      if (child.type === 'text') {
        next.push(...this.splitText(child, ph))
        continue
      }
      if ('value' in child && typeof child.value === 'string' && child.type !== 'shortcode') {
        child.value = this.asText(child.value, ph, child.type === 'code' || child.type === 'inlineCode')
      }
      const fields = child as unknown as Record<string, unknown>
      for (const key of ['url', 'title', 'alt']) {
        if (typeof fields[key] === 'string') fields[key] = this.asText(fields[key], ph, false)
      }
      if ('children' in child) {
        this.restore(child, ph)
        // A paragraph that only held a dropped (malformed) tag is dropped too.
        if (child.type === 'paragraph' && child.children.length === 0) continue
      }
      next.push(child)
    }
    parent.children = mergeText(next)
  }

  private asText(value: string, ph: Placeholders, inCode: boolean): string {
    let out = ''
    let last = 0
    for (const { item, from, to } of findPlaceholders(value, ph)) {
      out += value.slice(last, from)
      last = to
      if (item.type === 'literal') out += item.value
      else if (isElement(item) && inCode) {
        this.report(
          'rules/shortcode-in-code',
          'warning',
          `The shortcode ${openTag(item.open)} inside code is shown as written; write {{${item.open.delimiter}/* … */${closer(item.open.delimiter)}}} to show shortcode syntax on purpose.`,
          item.open.position.start,
        )
        const { start, end } = rangeOf(item)
        out += this.source.slice(start, end)
      }
    }
    return out + value.slice(last)
  }

  private splitText(node: Text, ph: Placeholders): PhrasingContent[] {
    const found = findPlaceholders(node.value, ph)
    if (!found.length) return [node]
    const out: PhrasingContent[] = []
    let last = 0
    let lastPoint = node.position?.start
    for (const { item, from, to } of found) {
      const range = rangeOf(item)
      const before = node.value.slice(last, from)
      if (before) out.push(textNode(before, lastPoint, this.at(range.start)))
      if (item.type === 'literal') out.push(textNode(item.value, item.position.start, item.position.end))
      else if (isElement(item)) out.push(this.element(item, true))
      last = to
      lastPoint = this.at(range.end)
    }
    const after = node.value.slice(last)
    if (after) out.push(textNode(after, lastPoint, node.position?.end))
    return out
  }
}

const textNode = (value: string, start: Point | undefined, end: Point | undefined): Text => {
  const node: Text = { type: 'text', value }
  if (start && end) node.position = { start: { ...start }, end: { ...end } }
  return node
}

/** Joins neighbouring text nodes, as remark itself would have produced them. */
const mergeText = (nodes: RootContent[]): RootContent[] => {
  const out: RootContent[] = []
  for (const node of nodes) {
    const prev = out[out.length - 1]
    if (prev?.type === 'text' && node.type === 'text') {
      prev.value += node.value
      if (prev.position && node.position) prev.position.end = node.position.end
    } else out.push(node)
  }
  return out
}

/** Moves positions from segment coordinates to file coordinates; only the first line has a column offset. */
const shift = (node: Nodes, base: Point) => {
  const move = (p: Point): Point => ({
    line: base.line + p.line - 1,
    column: p.line === 1 ? base.column + p.column - 1 : p.column,
    offset: (base.offset ?? 0) + (p.offset ?? 0),
  })
  if (node.position) node.position = { start: move(node.position.start), end: move(node.position.end) } satisfies Position
  if ('children' in node) for (const child of node.children) shift(child, base)
}

/** Offsets covered by fenced code blocks (``` or ~~~), where a shortcode is text inside the code, not a block. */
const fencedRanges = (source: string): Array<[number, number]> => {
  const ranges: Array<[number, number]> = []
  const line = /^( {0,3})(`{3,}|~{3,})[^\n]*$/gm
  let open: { start: number; char: string; length: number } | undefined
  for (const m of source.matchAll(line)) {
    const fence = m[2]!
    if (!open) {
      if (fence[0] === '`' && m[0].slice(m[1]!.length + fence.length).includes('`')) continue
      open = { start: m.index, char: fence[0]!, length: fence.length }
    } else if (fence[0] === open.char && fence.length >= open.length && !m[0].slice(m[1]!.length + fence.length).trim()) {
      ranges.push([open.start, m.index + m[0].length])
      open = undefined
    }
  }
  if (open) ranges.push([open.start, source.length])
  return ranges
}
