import type * as JsYaml from 'js-yaml'
import { requireCommonJs } from '../util/commonjs.ts'
import type { SourcePos } from './raw-card.ts'
import { pointLocator } from '../util/lines.ts'

// js-yaml, loaded when a card file is first parsed: a run that takes every card file from the cache of
// parsed files (parsed-cache.ts) never loads it. Its CommonJS build, which Node loads synchronously.
let jsYaml: typeof JsYaml | undefined
const load: typeof JsYaml.load = (source, options) =>
  (jsYaml ??= requireCommonJs('js-yaml') as typeof JsYaml).load(source, options)

/**
 * The nodes as js-yaml composed them, in the order they were opened, a slot of each array per node: where
 * it starts and ends in the source, its kind and value, and the first slot after its own nodes (its
 * children are the nodes from the slot after it up to there, each followed by its own). Flat arrays of
 * numbers rather than an object per node: a file of 50,000 cards has ~800,000 nodes.
 */
interface Spans {
  start: number[]
  end: number[]
  after: number[]
  kind: (string | null)[]
  result: unknown[]
}

/**
 * A parsed node with the positions of its keys and values, in the shape the card reader walks: the file's
 * top node, its list of cards and each card have their entries or items; a card's values only their value
 * and place (a `RawValue`).
 */
export interface Located {
  value: unknown
  pos: SourcePos
  /** For a mapping: each key with its position and its value. */
  entries?: { key: string; keyPos: SourcePos; value: Located }[]
  /** For a sequence: its items. */
  items?: Located[]
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r'

/** The nodes of the YAML file as js-yaml composes them; undefined when it has a syntax error. */
const composeSpans = (source: string): Spans | undefined => {
  const spans: Spans = { start: [], end: [], after: [], kind: [], result: [] }
  const open: number[] = []
  try {
    load(source, {
      listener(event, state) {
        if (event === 'open') {
          open.push(spans.start.length)
          spans.start.push(state.position)
          spans.end.push(-1)
          spans.after.push(-1)
          spans.kind.push(null)
          spans.result.push(undefined)
        } else {
          const span = open.pop()!
          spans.end[span] = state.position
          spans.after[span] = spans.start.length
          spans.kind[span] = state.kind
          spans.result[span] = state.result
        }
      },
    })
  } catch {
    return undefined
  }
  return spans
}

/**
 * Where the node js-yaml opened at `offset` starts: js-yaml opens a node before the blanks and comments
 * that precede it, and closes it after those that follow (see `nodeEnd`).
 */
const nodeStart = (source: string, offset: number): number => {
  let i = offset
  for (;;) {
    while (isBlank(source[i])) i++
    if (source[i] !== '#') return i
    while (i < source.length && source[i] !== '\n') i++
  }
}

/** Where the node starting at `start` that js-yaml closed at `offset` ends: before the blanks and comments after it. */
const nodeEnd = (source: string, offset: number, start: number): number => {
  let i = offset
  for (;;) {
    while (i > start && (isBlank(source[i - 1]) || source[i - 1] === ',')) i--
    // A comment line after the node belongs to what follows it.
    const lineStart = source.lastIndexOf('\n', i - 1) + 1
    if (lineStart <= start || !source.slice(lineStart, i).trimStart().startsWith('#')) return i
    i = lineStart
  }
}

/**
 * The fast path for YAML card files: js-yaml parses about fifteen times faster than `yaml` here, and its
 * listener reports where each node starts and ends. Returns undefined (and the caller takes the slow,
 * fully located path) when the file has a syntax error or a shape whose positions cannot be matched
 * with certainty: every mapping's nodes must pair up with its keys, and every sequence's with its items
 * (aliases and merge keys do not, so they take the slow path).
 */
export const parseYamlFast = (source: string): Located | null | undefined => {
  const spans = composeSpans(source)
  if (!spans) return undefined
  const { start: starts, end: ends, after, kind: kinds, result: results } = spans
  const childrenOf = (span: number): number[] => {
    const children: number[] = []
    for (let child = span + 1; child < after[span]!; child = after[child]!) children.push(child)
    return children
  }
  const point = pointLocator(source)
  const startOf = (offset: number) => nodeStart(source, offset)
  const endOf = (offset: number, start: number) => nodeEnd(source, offset, start)
  const between = (start: number, end: number): SourcePos => {
    const a = point(start)
    const b = point(end)
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column }
  }
  const locate = (span: number): SourcePos => {
    const start = startOf(starts[span]!)
    return between(start, endOf(ends[span]!, start))
  }
  // js-yaml gives an empty or null value no node of its own: place it as the full parser does, after the
  // key's colon and the blanks on its line, over a written null (`~`, `null`), or at no width.
  const nullAfter = (keySpan: number): SourcePos => {
    const keyEnd = endOf(ends[keySpan]!, startOf(starts[keySpan]!))
    let i = source.indexOf(':', keyEnd) + 1
    while (source[i] === ' ' || source[i] === '\t') i++
    const written = /^(?:~|null|Null|NULL)(?=$|[\s,}\]#])/.exec(source.slice(i, i + 5))
    return between(i, i + (written?.[0].length ?? 0))
  }

  // `depth`: how many levels below this node keep their entries and items (the cards, and those of the
  // file's top mapping); below that a node is checked but only its value and place are kept, which is all
  // a card's field needs (50,000 cards' field lists and maps kept node by node would hold ~20 objects a card).
  const build = (outer: number, depth: number): Located | undefined => {
    // A block entry is composed twice when js-yaml first tries it as a mapping key: keep the inner node.
    let span = outer
    while (
      after[span + 1] === after[span] &&
      span + 1 < after[span]! &&
      kinds[span + 1] === kinds[span] &&
      results[span + 1] === results[span]
    )
      span++
    const pos = locate(span)
    const result = results[span]
    const children = childrenOf(span)
    if (kinds[span] === 'mapping') {
      const keys = Object.keys(result as object)
      if (children.length !== keys.length * 2) return undefined
      const entries: NonNullable<Located['entries']> = []
      for (let i = 0; i < keys.length; i++) {
        const keySpan = children[2 * i]!
        if (String(results[keySpan]) !== keys[i]) return undefined
        const value = build(children[2 * i + 1]!, depth - 1)
        if (!value) return undefined
        if (value.value === null) value.pos = nullAfter(keySpan)
        if (depth > 0) entries.push({ key: keys[i]!, keyPos: locate(keySpan), value })
      }
      return depth > 0 ? { value: result, pos, entries } : { value: result, pos }
    }
    if (kinds[span] === 'sequence') {
      if (children.length !== (result as unknown[]).length) return undefined
      const items: Located[] = []
      for (const child of children) {
        const item = build(child, depth - 1)
        if (!item) return undefined
        if (depth > 0) items.push(item)
      }
      return depth > 0 ? { value: result, pos, items } : { value: result, pos }
    }
    // A leaf must be a scalar: a collection without nodes of its own is an alias.
    const collection = typeof result === 'object' && result !== null && !(result instanceof Date)
    return children.length || collection ? undefined : { value: result, pos }
  }
  if (!starts.length || results[0] === null || results[0] === undefined) return null
  // A list of cards, or a map of settings with the list under `cards:`: the cards' own maps keep their entries.
  return build(0, kinds[0] === 'mapping' ? 3 : 2)
}
