import { load } from 'js-yaml'
import type { SourcePos } from './raw-card.ts'
import { pointLocator } from '../util/lines.ts'

/** A node as js-yaml composed it: where it starts and ends in the source, and its value. */
interface Span {
  start: number
  end: number
  kind: string | null
  result: unknown
  children: Span[]
}

/** A parsed node with the positions of its keys and values, in the shape the card reader walks. */
export interface Located {
  value: unknown
  pos: SourcePos
  /** For a mapping: each key with its position and its value. */
  entries?: { key: string; keyPos: SourcePos; value: Located }[]
  /** For a sequence: its items. */
  items?: Located[]
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r'

/**
 * The fast path for YAML card files: js-yaml parses about fifteen times faster than `yaml` here, and its
 * listener reports where each node starts and ends. Returns undefined (and the caller takes the slow,
 * fully located path) when the file has a syntax error or a shape whose positions cannot be matched
 * with certainty: every mapping's nodes must pair up with its keys, and every sequence's with its items
 * (aliases and merge keys do not, so they take the slow path).
 */
export const parseYamlFast = (source: string): Located | null | undefined => {
  const root: Span = { start: 0, end: 0, kind: null, result: undefined, children: [] }
  const stack: Span[] = [root]
  try {
    load(source, {
      listener(event, state) {
        if (event === 'open') {
          const span: Span = { start: state.position, end: -1, kind: null, result: undefined, children: [] }
          stack[stack.length - 1]!.children.push(span)
          stack.push(span)
        } else {
          const span = stack.pop()!
          span.end = state.position
          span.kind = state.kind
          span.result = state.result
        }
      },
    })
  } catch {
    return undefined
  }
  const point = pointLocator(source)
  // js-yaml opens a node before the blanks and comments that precede it, and closes it after those that follow.
  const startOf = (offset: number) => {
    let i = offset
    for (;;) {
      while (isBlank(source[i])) i++
      if (source[i] !== '#') return i
      while (i < source.length && source[i] !== '\n') i++
    }
  }
  const endOf = (offset: number, start: number) => {
    let i = offset
    for (;;) {
      while (i > start && (isBlank(source[i - 1]) || source[i - 1] === ',')) i--
      // A comment line after the node belongs to what follows it.
      const lineStart = source.lastIndexOf('\n', i - 1) + 1
      if (lineStart <= start || !source.slice(lineStart, i).trimStart().startsWith('#')) return i
      i = lineStart
    }
  }
  const between = (start: number, end: number): SourcePos => {
    const a = point(start)
    const b = point(end)
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column }
  }
  const locate = (span: Span): SourcePos => {
    const start = startOf(span.start)
    return between(start, endOf(span.end, start))
  }
  // js-yaml gives an empty or null value no node of its own: place it as the full parser does, after the
  // key's colon and the blanks on its line, over a written null (`~`, `null`), or at no width.
  const nullAfter = (keySpan: Span): SourcePos => {
    const keyEnd = endOf(keySpan.end, startOf(keySpan.start))
    let i = source.indexOf(':', keyEnd) + 1
    while (source[i] === ' ' || source[i] === '\t') i++
    const written = /^(?:~|null|Null|NULL)(?=$|[\s,}\]#])/.exec(source.slice(i, i + 5))
    return between(i, i + (written?.[0].length ?? 0))
  }

  const build = (outer: Span): Located | undefined => {
    // A block entry is composed twice when js-yaml first tries it as a mapping key: keep the inner node.
    let span = outer
    while (span.children.length === 1 && span.children[0]!.kind === span.kind && span.children[0]!.result === span.result) span = span.children[0]!
    const pos = locate(span)
    if (span.kind === 'mapping') {
      const keys = Object.keys(span.result as object)
      if (span.children.length !== keys.length * 2) return undefined
      const entries: NonNullable<Located['entries']> = []
      for (let i = 0; i < keys.length; i++) {
        const keySpan = span.children[2 * i]!
        if (String(keySpan.result) !== keys[i]) return undefined
        const value = build(span.children[2 * i + 1]!)
        if (!value) return undefined
        if (value.value === null) value.pos = nullAfter(keySpan)
        entries.push({ key: keys[i]!, keyPos: locate(keySpan), value })
      }
      return { value: span.result, pos, entries }
    }
    if (span.kind === 'sequence') {
      const items = span.children.map(build)
      if (items.length !== (span.result as unknown[]).length || items.some((i) => !i)) return undefined
      return { value: span.result, pos, items: items as Located[] }
    }
    // A leaf must be a scalar: a collection without nodes of its own is an alias.
    const collection = typeof span.result === 'object' && span.result !== null && !(span.result instanceof Date)
    return span.children.length || collection ? undefined : { value: span.result, pos }
  }
  const top = root.children[0]
  if (!top || top.result === null || top.result === undefined) return null
  return build(top)
}
