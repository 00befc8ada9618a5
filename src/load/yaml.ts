import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair } from 'yaml'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import type { SourcePos } from '../engine/define.ts'
import type { RawCard, RawCardFile, RawValue } from './raw-card.ts'

const position = (lc: LineCounter, range: readonly [number, number, number] | null | undefined): SourcePos => {
  if (!range) return { line: 1, column: 1 }
  const start = lc.linePos(range[0])
  const end = lc.linePos(range[1])
  return { line: start.line, column: start.col, endLine: end.line, endColumn: end.col }
}

const entries = (node: Node, lc: LineCounter) => {
  const values = new Map<string, RawValue>()
  const keys = new Map<string, SourcePos>()
  if (!isMap(node)) return { values, keys }
  for (const pair of node.items as Pair<Node, Node>[]) {
    const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key)
    const keyPos = position(lc, pair.key?.range)
    keys.set(key, keyPos)
    // An empty value (`green:`) points at its key, where the designer will look.
    values.set(key, { value: pair.value ? pair.value.toJSON() : null, pos: pair.value?.range ? position(lc, pair.value.range) : keyPos })
  }
  return { values, keys }
}

/**
 * Reads a YAML card file: a list of cards at the top level, or a map with deck-level settings and a
 * `cards:` list. Syntax errors are all reported, each at its place; what can be read is still returned.
 */
export const parseYamlCards = (source: string, file: string): Result<RawCardFile> => {
  const lc = new LineCounter()
  const doc = parseDocument(source, { lineCounter: lc, prettyErrors: false, uniqueKeys: false })
  const diagnostics: Diagnostic[] = []
  for (const err of doc.errors) {
    const at = lc.linePos(err.pos[0])
    diagnostics.push({ rule: 'yaml/syntax', severity: 'error', file, line: at.line, column: at.col, message: `YAML syntax: ${err.message.split('\n')[0]}` })
  }
  const result: RawCardFile = { file, defaults: new Map(), cards: [] }
  const root = doc.contents as Node | null
  let list: Node | undefined
  if (isSeq(root)) list = root
  else if (isMap(root)) {
    const { values, keys } = entries(root, lc)
    for (const [k, v] of values) if (k !== 'cards') result.defaults.set(k, v)
    list = (root.items as Pair<Node, Node>[]).find((p) => isScalar(p.key) && p.key.value === 'cards')?.value ?? undefined
    if (!list) diagnostics.push({ rule: 'yaml/no-cards', severity: 'error', file, ...(keys.values().next().value ?? { line: 1, column: 1 }), message: 'no `cards:` list in this file: write the cards as a list (`- id: …`) at the top level or under `cards:`' })
  } else if (root && !doc.errors.length) {
    diagnostics.push({ rule: 'yaml/no-cards', severity: 'error', file, ...position(lc, root.range), message: 'expected a list of cards (`- id: …`)' })
  }
  if (list && !isSeq(list)) {
    diagnostics.push({ rule: 'yaml/no-cards', severity: 'error', file, ...position(lc, list.range), message: '`cards:` must be a list of cards (`- id: …`)' })
  } else if (list) {
    for (const item of list.items as Node[]) {
      const pos = position(lc, item?.range)
      if (!isMap(item)) {
        diagnostics.push({ rule: 'card/not-a-map', severity: 'error', file, ...pos, message: 'a card must be a set of `field: value` lines, starting with `- id: …`' })
        continue
      }
      const card: RawCard = { file, pos, ...entries(item, lc) }
      result.cards.push(card)
    }
  }
  return { value: result, diagnostics }
}
