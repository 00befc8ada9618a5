import type * as CsvParse from 'csv-parse/sync'
import type { CsvError } from 'csv-parse/sync'
import { requireCommonJs } from '../util/commonjs.ts'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import type { SourcePos } from './raw-card.ts'
import type { RawCard, RawCardFile } from './raw-card.ts'

// csv-parse, loaded when a CSV file is first parsed: a run that takes every card file from the cache of
// parsed files (parsed-cache.ts) never loads it. Its CommonJS build, which Node loads synchronously.
let csv: typeof CsvParse | undefined
const csvParse = (): typeof CsvParse => (csv ??= requireCommonJs('csv-parse/sync') as typeof CsvParse)

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

/** Where each of `offsets` (in ascending order) lies in a record that starts on `line`: one pass over the record, however many cells it has. */
const positionsIn = (raw: string, offsets: readonly number[], line: number): SourcePos[] => {
  const positions: SourcePos[] = []
  let at = 0
  let lineStart = 0
  let lines = 0
  for (const offset of offsets) {
    for (; at < offset; at++)
      if (raw.charCodeAt(at) === 10) {
        lines++
        lineStart = at + 1
      }
    positions.push({ line: line + lines, column: lines ? offset - lineStart + 1 : offset + 1 })
  }
  return positions
}

const positionIn = (raw: string, offset: number, line: number): SourcePos => {
  const before = raw.slice(0, offset)
  const newlines = before.split('\n').length - 1
  const column = newlines ? offset - before.lastIndexOf('\n') : offset + 1
  return { line: line + newlines, column }
}

/**
 * Where a record starts. csv-parse counts `lines` up to the record's last character (a line break ending
 * the record is not counted yet), and the record's raw text begins with the empty lines it skipped before it.
 */
const locate = (raw: string, lines: number) => {
  const text = raw.replace(/^\n+/, '')
  const line = lines - (text.replace(/\n$/, '').split('\n').length - 1)
  return { text, line, firstLine: line - (raw.length - text.length) }
}

/** A record read well: its cells, its text (without the empty lines before it) and the line it starts on. */
interface Row {
  record: string[]
  text: string
  line: number
  firstLine: number
}
/** A record csv-parse skipped: its first error, with the record's text up to that error. */
interface Bad {
  error: CsvError
  text: string
  line: number
  firstLine: number
  seen: string
}

/**
 * One run of csv-parse over `text` (the lines of the file from line `offset + 1` on). A record with a syntax
 * error is skipped by csv-parse itself and handed to `on_skip`, with its raw text up to the error; the
 * records after it are read as usual. A record with several errors is reported once, at its first.
 */
const readRecords = (text: string, offset: number): (Row | Bad)[] => {
  const bad: Bad[] = []
  const records = csvParse().parse(text, {
    info: true,
    raw: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error, raw) => {
      if (!error || raw === undefined) return
      // Later errors in the same record see the same raw text, grown; a new record's raw text starts afresh.
      const last = bad.at(-1)
      if (last && raw.length > last.seen.length && raw.startsWith(last.seen)) {
        last.seen = raw
        return
      }
      const at = locate(raw, error.lines as number)
      bad.push({ error, text: at.text, line: at.line + offset, firstLine: at.firstLine + offset, seen: raw })
    },
  }) as unknown as { record: string[]; info: { lines: number }; raw: string }[]
  const rows = records.map(({ record, info, raw }): Row => {
    const at = locate(raw, info.lines)
    return { record, text: at.text, line: at.line + offset, firstLine: at.firstLine + offset }
  })
  return [...rows, ...bad].sort((a, b) => a.line - b.line)
}

const quoted = (s: string) => JSON.stringify(s)

/** The diagnostic for a skipped record: at the character csv-parse stopped at, or the quote left open. */
const syntaxError = (bad: Bad, names: readonly string[] | undefined, lastLine: number, file: string): Diagnostic => {
  const { error, text, line } = bad
  const index = typeof error.column === 'number' ? error.column : 0
  const cell = names?.[index]
    ? `the ${quoted(names[index])} cell`
    : names
      ? `cell ${index + 1}`
      : `cell ${index + 1} of the header row`
  const leftOut = names ? 'the row is left out' : 'the header row, and with it every card of this file, is left out'
  const start = cellOffsets(text)[index] ?? 0
  const opened = positionIn(text, start, line)
  let at = positionIn(text, text.length - 1, line)
  let message: string
  switch (error.code) {
    case 'INVALID_OPENING_QUOTE':
      message = `a quote in the middle of ${cell}, which does not start with a quote, so ${leftOut}; put the whole cell in quotes and write each quote inside it twice ("")`
      break
    case 'CSV_INVALID_CLOSING_QUOTE': {
      const next = /got "(.)"/s.exec(error.message)?.[1]
      const from = opened.line < at.line ? ` (its quote opened on line ${opened.line})` : ''
      message = `the quote closing ${cell}${from} is followed by ${next ? quoted(next) : 'more text'} instead of a comma or the end of the line, so ${leftOut}; write each quote inside a quoted cell twice ("")`
      break
    }
    case 'CSV_QUOTE_NOT_CLOSED':
      at = opened
      message = `the quote opening ${cell} is never closed, so ${leftOut}${lastLine > at.line ? ` with the rest of the file (${lastLine > at.line + 1 ? `lines ${at.line + 1}-${lastLine}` : `line ${lastLine}`})` : ''}; add the closing quote`
      break
    default:
      message = `${error.message.replace(/^[A-Za-z ]+: /, '')}, so ${leftOut}`
  }
  return { rule: 'csv/syntax', severity: 'error', file, ...at, message: `CSV syntax: ${message}` }
}

/** The most columns a card file's header may name: far beyond any card type's fields, and a limit on what a row costs. */
export const MAX_COLUMNS = 1000

/**
 * Which columns of the header row are fields: not one with no name (an error), nor one whose name begins with
 * `_` (a designer's notes or a formula's helper, ignored), nor a name given twice (an error: the column after
 * the first would silently replace its values).
 */
const keptColumns = (names: string[], headerAt: SourcePos[], file: string, diagnostics: Diagnostic[]): boolean[] => {
  const first = new Map<string, number>()
  return names.map((name, i) => {
    const at = headerAt[i]!
    if (!name) {
      diagnostics.push({
        rule: 'csv/empty-header',
        severity: 'error',
        file,
        ...at,
        message: `column ${i + 1} has no name in the header row`,
      })
      return false
    }
    if (name.startsWith('_')) return false
    const before = first.get(name)
    if (before !== undefined) {
      diagnostics.push({
        rule: 'csv/duplicate-header',
        severity: 'error',
        file,
        ...at,
        message: `the header row names \`${name}\` twice (columns ${before + 1} and ${i + 1}): a field has one column; rename or remove this one`,
      })
      return false
    }
    first.set(name, i)
    return true
  })
}

/**
 * Reads a CSV card file as a spreadsheet exports it: a header row naming the fields, then one card
 * per row. Empty cells are missing values; icon lists are space-separated words; `qty` is a column; a column
 * whose header begins with `_` is not read.
 * A row with a CSV syntax error is reported and left out; the other rows are still read.
 */
export const parseCsvCards = (source: string, file: string): Result<RawCardFile> => {
  const result: RawCardFile = { file, defaults: new Map(), cards: [] }
  const diagnostics: Diagnostic[] = []
  // One kind of line break: csv-parse counts a CR LF inside a quoted cell as two lines.
  const lines = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
  let lastLine = lines.length
  while (lastLine > 0 && lines[lastLine - 1] === '') lastLine--
  const rows: Row[] = []
  let names: string[] | undefined
  let from = 1
  reading: for (;;) {
    const records = readRecords(lines.slice(from - 1).join('\n'), from - 1)
    for (const [i, record] of records.entries()) {
      if (!('error' in record)) {
        rows.push(record)
        names ??= record.record.map((n) => n.trim())
        continue
      }
      diagnostics.push(syntaxError(record, names, lastLine, file))
      // Without its header row no card of the file is read: its types' deck checks wait for it.
      if (!names) return { value: { ...result, unreadable: true }, diagnostics }
      result.rowsLeftOut = true
      // A quote closing a cell too early leaves csv-parse inside the quotes, so the record runs on over the
      // lines after it until some quote ends it. Read the lines after the error again, as records of their own.
      const end = (records[i + 1]?.firstLine ?? lastLine + 1) - 1
      const errorLine = record.line + record.text.split('\n').length - 1
      if (record.error.code === 'CSV_INVALID_CLOSING_QUOTE' && end > errorLine) {
        from = errorLine + 1
        continue reading
      }
    }
    break
  }
  const [header, ...data] = rows
  if (!header || !names) return { value: result, diagnostics }
  const headerAt = positionsIn(header.text, cellOffsets(header.text), header.line)
  if (names.length > MAX_COLUMNS) {
    diagnostics.push({
      rule: 'csv/too-many-columns',
      severity: 'error',
      file,
      ...headerAt[MAX_COLUMNS]!,
      message: `the header row names ${names.length.toLocaleString('en')} columns, the limit is ${MAX_COLUMNS.toLocaleString('en')}: no card of this file is read`,
    })
    return { value: { ...result, unreadable: true }, diagnostics }
  }
  const kept = keptColumns(names, headerAt, file, diagnostics)
  for (const row of data) {
    const starts = cellOffsets(row.text)
    const cellAt = positionsIn(row.text, starts, row.line)
    const card: RawCard = { file, pos: { line: row.line, column: 1 }, values: new Map(), keys: new Map() }
    if (row.record.length > names.length) {
      const pos = cellAt[names.length]!
      diagnostics.push({
        rule: 'csv/extra-cells',
        severity: 'error',
        file,
        ...pos,
        message: `this row has ${row.record.length} cells, the header names ${names.length} columns`,
      })
    }
    names.forEach((name, i) => {
      if (!kept[i]) return
      const pos = cellAt[i] ?? cellAt[0]!
      card.keys.set(name, headerAt[i]!)
      const cell = row.record[i]?.trim() ?? ''
      card.values.set(name, { value: cell === '' ? null : cell, pos })
    })
    result.cards.push(card)
  }
  return { value: result, diagnostics }
}
