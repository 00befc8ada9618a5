import type { Parent, PhrasingContent, Root, RootContent, Text } from 'mdast'
import type { Point } from 'unist'
import { remarkGfm, remarkParse, unified } from '../vendor/markdown.ts'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { lexShortcodes, pointLocator } from './lexer.ts'
import { blankDeepLines, pruneDeep } from './depth.ts'
import type { Delimiter, ParamValue } from './lexer.ts'
import { closer, isElement, openTag, pair, type Element, type Item, type Reporter } from './pair.ts'
import { findPlaceholders, placeholder, rangeOf, type Inline, type Placeholders } from './placeholders.ts'
import { mergeText, shift, textNode } from './positions.ts'
import { fencedRanges } from './fences.ts'
import type { Shortcode } from './node.ts'

export { MAX_NESTING } from './pair.ts'

/**
 * Builds an mdast tree from a Hugo-style markdown file: shortcodes become `shortcode` nodes, the text between them
 * is parsed by remark (with GFM) and its positions are moved to where the text really is in the file.
 *
 * A shortcode alone on its line(s) is a block node; one that shares its line with text stays inside the paragraph
 * as a phrasing node (it is swapped for a same-length placeholder while remark parses the paragraph).
 */

export { isPhrasingParent, paramOf, type Shortcode } from './node.ts'

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

let markdown: ReturnType<typeof remarkGfmParser> | undefined
const remarkGfmParser = () => unified().use(remarkParse).use(remarkGfm)
/** remark with GFM, made when first asked for. */
const defaultParse = (text: string): Root => (markdown ??= remarkGfmParser()).parse(text)

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
    if (open.delimiter === '<')
      node.value = el.items.map((i) => (i.type === 'text' ? i.raw : i.type === 'literal' ? i.value : '')).join('')
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
