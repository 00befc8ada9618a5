import type { Document, LineCounter, Node, Pair } from 'yaml'
import { isAlias, isMap, isPair, isScalar, isSeq, lineCounter, parseDocument } from './yaml-lazy.ts'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import type { SourcePos } from './raw-card.ts'
import type { RawCard, RawCardFile, RawValue } from './raw-card.ts'
import { parseYamlFast, type Located } from './yaml-fast.ts'
import { AliasProblem, aliasExpander, type Expanded } from './yaml-aliases.ts'

const position = (
  lc: LineCounter,
  range: readonly [number, number, number] | null | undefined,
  source?: string,
): SourcePos => {
  if (!range) return { line: 1, column: 1 }
  // A block node's range ends after its last line break: end at its last character instead.
  let endOffset = range[1]
  while (source && endOffset > range[0] && /\s/.test(source[endOffset - 1]!)) endOffset--
  const start = lc.linePos(range[0])
  const end = lc.linePos(endOffset)
  return { line: start.line, column: start.col, endLine: end.line, endColumn: end.col }
}

/** How many aliases a value may expand (those inside others too): enough for any card, not for a "billion laughs" file. */
const MAX_ALIASES = 1000

/** How many aliases a file may expand, all its values and list items together: a deck of 10,000 `- *card` items, not 20,000. */
const MAX_FILE_ALIASES = 10_000

/** A key given twice in one mapping: an error, since one of the two values would be lost without a word. */
const duplicateKey = (file: string, key: string, at: SourcePos, first: SourcePos): Diagnostic => ({
  rule: 'yaml/duplicate-key',
  severity: 'error',
  file,
  ...at,
  message: `\`${key}\` is given twice (first on line ${first.line}): one of the two would be lost; keep one`,
})

/** How much text a file's values may expand to through aliases, all its values together (a "billion laughs" spread over many). */
const MAX_EXPANDED_CHARS = 5_000_000

/** What reading one file's values has cost so far (characters and aliases expanded), and whether it has been reported. */
interface Budget {
  used: number
  aliases: number
  reported: boolean
}

const EXPANDS_TOO_MUCH = 'the file expands to more than 5 million characters'
// Written out: toLocaleString's first call in a thread loads ICU's data (~25–45 ms), and this module is loaded by every game thread.
const TOO_MANY_ALIASES = 'the file expands more than 10,000 aliases'

/** Counts an expansion against the file's budget: why the file now expands too much, if it does. */
const spend = (budget: Budget, expanded: Expanded): string | undefined => {
  budget.used += expanded.chars
  budget.aliases += expanded.aliases
  return overBudget(budget)
}

/** Why the file's values expand too much, once they do. */
const overBudget = (budget: Budget): string | undefined =>
  budget.used > MAX_EXPANDED_CHARS ? EXPANDS_TOO_MUCH : budget.aliases > MAX_FILE_ALIASES ? TOO_MANY_ALIASES : undefined

/** The diagnostic of a value that expands too many aliases, said once a file. */
const aliasLimit = (file: string, pos: SourcePos, why: string, budget: Budget, diagnostics: Diagnostic[]) => {
  if (!budget.reported)
    diagnostics.push({
      rule: 'yaml/alias-limit',
      severity: 'error',
      file,
      ...pos,
      message: `this value expands too many aliases (${why}): write it out`,
    })
  budget.reported = true
}

/** What reading a file's values needs besides its nodes: where they are, its aliases, and what they cost. */
interface Reading {
  lc: LineCounter
  source: string
  doc: Document
  aliases: ReturnType<typeof aliasExpander>
  file: string
  diagnostics: Diagnostic[]
  budget: Budget
}

const entries = (node: Node, reading: Reading) => {
  const { lc, source, doc, aliases, file, diagnostics, budget } = reading
  const values = new Map<string, RawValue>()
  const keys = new Map<string, SourcePos>()
  if (!isMap(node)) return { values, keys }
  const tooMany = (pos: SourcePos, why: string) => {
    aliasLimit(file, pos, why, budget, diagnostics)
    return null
  }
  const value = (v: Node | null, pos: SourcePos): unknown => {
    if (!v) return null
    const spent = overBudget(budget)
    if (spent) return tooMany(pos, spent)
    try {
      if (!hasAlias(v)) return v.toJS(doc)
      const expanded = aliases.expand(v)
      if (expanded.aliases > MAX_ALIASES)
        return tooMany(pos, `more than ${MAX_ALIASES.toLocaleString('en')} aliases in one value`)
      const over = spend(budget, expanded)
      return over ? tooMany(pos, over) : expanded.value
    } catch (error) {
      // An alias that names no anchor before it (yaml's own ReferenceError, or ours), or a value nested too
      // deep to expand (RangeError), is not read.
      if (!(error instanceof AliasProblem || error instanceof ReferenceError || error instanceof RangeError))
        throw error
      return tooMany(pos, error.message.split('\n')[0]!)
    }
  }
  // Merged maps (`<<: *defaults`, or `<<: [*a, *b]`, where the first wins) first: a key the card gives
  // itself wins, wherever it stands.
  let mergedAt: SourcePos | undefined
  for (const pair of node.items as Pair<Node, Node>[]) {
    if (!(isScalar(pair.key) && pair.key.value === '<<')) continue
    const keyPos = position(lc, pair.key.range, source)
    if (mergedAt) {
      diagnostics.push(duplicateKey(file, '<<', keyPos, mergedAt))
      continue
    }
    mergedAt = keyPos
    const merged = value(pair.value, keyPos)
    for (const m of Array.isArray(merged) ? merged : [merged])
      if (m && typeof m === 'object')
        for (const [k, v] of Object.entries(m as Record<string, unknown>))
          if (!values.has(k)) values.set(k, { value: v, pos: keyPos })
  }
  for (const pair of node.items as Pair<Node, Node>[]) {
    const key = isScalar(pair.key) ? String(pair.key.value) : pair.key ? '(a list or map as a key)' : '(no key)'
    if (key === '<<') continue
    const keyPos = position(lc, pair.key?.range, source)
    const first = keys.get(key)
    if (first) {
      diagnostics.push(duplicateKey(file, key, keyPos, first))
      continue
    }
    keys.set(key, keyPos)
    // An empty value (`green:`) points at its key, where the designer will look. Aliases are resolved.
    const pos = pair.value?.range ? position(lc, pair.value.range, source) : keyPos
    values.set(key, { value: value(pair.value, pos), pos })
  }
  for (const key of values.keys()) if (!keys.has(key)) keys.set(key, values.get(key)!.pos)
  return { values, keys }
}

/** Whether a node holds an alias anywhere (only such values can expand beyond their own text). */
const hasAlias = (node: Node): boolean => {
  const stack: unknown[] = [node]
  while (stack.length) {
    const n = stack.pop()
    if (isAlias(n)) return true
    // Keys too: `{ *a: 1 }` is an alias.
    if (isMap(n) || isSeq(n))
      for (const item of n.items as unknown[]) isPair(item) ? stack.push(item.key, item.value) : stack.push(item)
  }
  return false
}

const noCards = (file: string, pos: SourcePos, message: string): Diagnostic => ({
  rule: 'yaml/no-cards',
  severity: 'error',
  file,
  ...pos,
  message,
})
const NO_LIST =
  'no `cards:` list in this file: write the cards as a list (`- id: …`) at the top level or under `cards:`'
const NOT_A_CARD = 'a card must be a set of `field: value` lines, starting with `- id: …`'

/** What a located list keeps in place of an item once its card record is made. */
const MADE: Located = { value: undefined, pos: { line: 1, column: 1 } }

/** The fast path's located tree as card records (the same records the slow path makes). */
const fromLocated = (root: Located | null, file: string): Result<RawCardFile> => {
  const diagnostics: Diagnostic[] = []
  const result: RawCardFile = { file, defaults: new Map(), cards: [] }
  const entriesOf = (node: Located) => {
    const values = new Map<string, RawValue>()
    const keys = new Map<string, SourcePos>()
    for (const e of node.entries ?? []) {
      keys.set(e.key, e.keyPos)
      values.set(e.key, e.value) // a value and its place: what the card reader keeps
    }
    return { values, keys }
  }
  let list: Located | undefined
  if (root?.items) list = root
  else if (root?.entries) {
    for (const e of root.entries)
      if (e.key !== 'cards') result.defaults.set(e.key, { value: e.value.value, pos: e.value.pos })
    list = root.entries.find((e) => e.key === 'cards')?.value
    if (!list) diagnostics.push(noCards(file, root.entries[0]?.keyPos ?? { line: 1, column: 1 }, NO_LIST))
  } else if (root) diagnostics.push(noCards(file, root.pos, 'expected a list of cards (`- id: …`)'))
  if (list && !list.items) diagnostics.push(noCards(file, list.pos, '`cards:` must be a list of cards (`- id: …`)'))
  const items = list?.items ?? []
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!
    if (!item.entries)
      diagnostics.push({ rule: 'card/not-a-map', severity: 'error', file, ...item.pos, message: NOT_A_CARD })
    else result.cards.push({ file, pos: item.pos, ...entriesOf(item) })
    // Its located nodes are not read again: 50,000 cards' go as their records are made, not all at the end.
    items[i] = MADE
  }
  return { value: result, diagnostics }
}

/**
 * Reads a YAML card file: a list of cards at the top level, or a map with deck-level settings and a
 * `cards:` list. Syntax errors are all reported, each at its place; what can be read is still returned.
 * Well-formed files take the fast path (js-yaml); others are read by `yaml`, which recovers from errors.
 */
export const parseYamlCards = (source: string, file: string): Result<RawCardFile> => {
  const fast = parseYamlFast(source)
  return fast === undefined ? parseYamlCardsFully(source, file) : fromLocated(fast, file)
}

/** The slow path: every syntax error reported, positions of every node from `yaml`'s CST. */
export const parseYamlCardsFully = (source: string, file: string): Result<RawCardFile> => {
  const lc = lineCounter()
  const doc = parseDocument(source, { lineCounter: lc, prettyErrors: false, uniqueKeys: false, merge: false })
  const diagnostics: Diagnostic[] = []
  // One syntax error per file, the first: those after it mostly follow from it (as ESLint reports one parsing error).
  const [first, ...later] = [...doc.errors].sort((a, b) => a.pos[0] - b.pos[0])
  if (first) {
    const at = lc.linePos(first.pos[0])
    const more = later.length ? ` (the YAML after it is not checked: fix this first)` : ''
    diagnostics.push({
      rule: 'yaml/syntax',
      severity: 'error',
      file,
      line: at.line,
      column: at.col,
      message: `YAML syntax: ${first.message.split('\n')[0]}${more}`,
    })
  }
  const result: RawCardFile = { file, defaults: new Map(), cards: [], ...(first && { unreadable: true }) }
  const budget: Budget = { used: 0, aliases: 0, reported: false }
  const reading: Reading = { lc, source, doc, aliases: aliasExpander(doc), file, diagnostics, budget }
  const root = doc.contents as Node | null
  // A list or a card given as an alias (`- *card`) counts against the file's budget as the aliases in values do.
  const resolve = (node: Node | null | undefined): Node | undefined => {
    if (!isAlias(node)) return node ?? undefined
    const found = reading.aliases.source(node)
    try {
      // The item itself is one alias; the aliases in its values are counted as they are read.
      const over = found
        ? spend(budget, { value: undefined, aliases: 1, chars: reading.aliases.expand(found).chars })
        : undefined
      if (!over) return found
      aliasLimit(file, position(lc, node.range, source), over, budget, diagnostics)
    } catch (error) {
      if (!(error instanceof AliasProblem)) throw error
      aliasLimit(file, position(lc, node.range, source), error.message, budget, diagnostics)
    }
    return undefined
  }
  let list: Node | undefined
  if (isSeq(root)) list = root
  else if (isMap(root)) {
    const { values, keys } = entries(root, reading)
    for (const [k, v] of values) if (k !== 'cards') result.defaults.set(k, v)
    list = resolve((root.items as Pair<Node, Node>[]).find((p) => isScalar(p.key) && p.key.value === 'cards')?.value)
    if (!list) diagnostics.push(noCards(file, keys.values().next().value ?? { line: 1, column: 1 }, NO_LIST))
  } else if (root && !doc.errors.length) {
    diagnostics.push(noCards(file, position(lc, root.range, source), 'expected a list of cards (`- id: …`)'))
  }
  if (list && !isSeq(list)) {
    diagnostics.push(noCards(file, position(lc, list.range, source), '`cards:` must be a list of cards (`- id: …`)'))
  } else if (list) {
    for (const listed of list.items as Node[]) {
      const pos = position(lc, listed?.range, source)
      const item = resolve(listed)
      if (!item && isAlias(listed) && overBudget(budget)) break // the file's alias budget is spent: its later cards are not read
      if (!isMap(item)) {
        diagnostics.push({ rule: 'card/not-a-map', severity: 'error', file, ...pos, message: NOT_A_CARD })
        continue
      }
      const card: RawCard = { file, pos, ...entries(item, reading) }
      result.cards.push(card)
    }
  }
  return { value: result, diagnostics }
}
