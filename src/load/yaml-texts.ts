import type { Document, Node, YAMLMap } from 'yaml'
import { isMap, isScalar, lineCounter, parseDocument } from './yaml-lazy.ts'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { SourcePos } from './raw-card.ts'

/** The most aliases a text file may expand (a "billion laughs" file stops here). */
const MAX_ALIASES = 100

/** A small YAML file of texts (translations, template words) as read: its top mapping, where a node is, and its value as text. */
export interface YamlTexts {
  /** The top-level mapping; none when the file is empty, not YAML (reported) or not a mapping. */
  map?: YAMLMap
  /** Where a node starts. */
  at(node: { range?: readonly [number, number, number] | null } | null | undefined): SourcePos
  /** A scalar's value as text (a number is text too); undefined for anything else. */
  text(node: Node | null | undefined): string | undefined
  /** A key's name; undefined when it is not a plain scalar. */
  name(node: unknown): string | undefined
  diagnostics: Diagnostic[]
}

/**
 * Reads a YAML file that maps keys to texts: its first syntax error, or `notAMap` when its top level is not
 * a mapping, is an error; keys may repeat (the reader reports them at their line).
 */
export const readYamlTexts = (source: string, file: string, notAMap: string): YamlTexts => {
  const lc = lineCounter()
  const doc: Document = parseDocument(source, { lineCounter: lc, uniqueKeys: false, prettyErrors: false })
  const at: YamlTexts['at'] = (node) => {
    const p = lc.linePos(node?.range?.[0] ?? 0)
    return { line: p.line, column: p.col }
  }
  const diagnostics: Diagnostic[] = []
  for (const error of doc.errors.slice(0, 1)) {
    const p = lc.linePos(error.pos[0])
    diagnostics.push({
      rule: 'yaml/syntax',
      severity: 'error',
      file,
      line: p.line,
      column: p.col,
      message: `not valid YAML: ${error.message.split('\n')[0]}`,
    })
  }
  const text = (node: Node | null | undefined) => {
    const js = isScalar(node) ? node.toJS(doc, { maxAliasCount: MAX_ALIASES }) : undefined
    return typeof js === 'string' || typeof js === 'number' ? String(js) : undefined
  }
  const name = (node: unknown) =>
    isScalar(node) && node.value !== null && node.value !== '' ? String(node.value) : undefined
  const reader = { at, text, name, diagnostics }
  if (diagnostics.length || doc.contents === null) return reader
  if (!isMap(doc.contents)) {
    diagnostics.push({
      rule: 'translation/bad-file',
      severity: 'error',
      file,
      ...at(doc.contents as Node),
      message: notAMap,
    })
    return reader
  }
  return { ...reader, map: doc.contents }
}
