import { parse } from 'csv-parse/sync'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import type { SourcePos } from '../engine/define.ts'
import type { RawCard, RawCardFile } from './raw-card.ts'

/** Where each cell of a raw CSV record starts, as offsets into the record's text (quotes respected). */
const cellOffsets = (raw: string, delimiter = ','): number[] => {
  const starts = [0]
  let quoted = false
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]
    if (c === '"') quoted = !quoted
    else if (c === delimiter && !quoted) starts.push(i + 1)
  }
  return starts
}

const positionIn = (raw: string, offset: number, line: number): SourcePos => {
  const before = raw.slice(0, offset)
  const newlines = before.split('\n').length - 1
  const column = newlines ? offset - before.lastIndexOf('\n') : offset + 1
  return { line: line + newlines, column }
}

/**
 * Reads a CSV card file as a spreadsheet exports it: a header row naming the fields, then one card
 * per row. Empty cells are missing values; icon lists are space-separated words; `qty` is a column.
 */
export const parseCsvCards = (source: string, file: string): Result<RawCardFile> => {
  const result: RawCardFile = { file, defaults: new Map(), cards: [] }
  const diagnostics: Diagnostic[] = []
  let records: { record: string[]; info: { lines: number }; raw: string }[]
  try {
    records = parse(source.replace(/^\uFEFF/, ''), { info: true, raw: true, relax_column_count: true, skip_empty_lines: true, bom: true }) as never
  } catch (error) {
    const e = error as Error & { lines?: number; column?: number }
    diagnostics.push({ rule: 'csv/syntax', severity: 'error', file, line: e.lines ?? 1, column: 1, message: `CSV syntax: ${e.message.replace(/^Invalid Record Length: |^Invalid Closing Quote: /, '')}` })
    return { value: result, diagnostics }
  }
  const [header, ...rows] = records
  if (!header) return { value: result, diagnostics }
  const headerStarts = cellOffsets(header.raw)
  const names = header.record.map((n) => n.trim())
  names.forEach((name, i) => {
    if (!name) diagnostics.push({ rule: 'csv/empty-header', severity: 'error', file, line: header.info.lines, column: headerStarts[i]! + 1, message: `column ${i + 1} has no name in the header row` })
  })
  for (const row of rows) {
    // info.lines is the line where the record ends; a record spanning lines starts earlier.
    const line = row.info.lines - (row.raw.replace(/\r?\n$/, '').split('\n').length - 1)
    const starts = cellOffsets(row.raw)
    const card: RawCard = { file, pos: { line, column: 1 }, values: new Map(), keys: new Map() }
    if (row.record.length > names.length) {
      const pos = positionIn(row.raw, starts[names.length]!, line)
      diagnostics.push({ rule: 'csv/extra-cells', severity: 'error', file, ...pos, message: `this row has ${row.record.length} cells, the header names ${names.length} columns` })
    }
    names.forEach((name, i) => {
      if (!name) return
      const pos = positionIn(row.raw, starts[i] ?? 0, line)
      card.keys.set(name, { line: header.info.lines, column: headerStarts[i]! + 1 })
      const cell = row.record[i]?.trim() ?? ''
      card.values.set(name, { value: cell === '' ? null : cell, pos })
    })
    result.cards.push(card)
  }
  return { value: result, diagnostics }
}
