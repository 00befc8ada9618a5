import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { columnName, sheetFile } from '../diagnostics/sheet-place.ts'
import type { RawCard, RawCardFile, SourcePos } from './raw-card.ts'
import type { CellValue, Merge, Sheet } from './workbook/sheet.ts'
import { isDataSheet, readWorkbook, type CellProblem } from './workbook/workbook.ts'
import { WorkbookError } from './workbook/sheet.ts'

/** The values a sheet's cards may hold in all, given or empty: 100,000 cards of 50 fields. */
const MAX_FIELD_VALUES = 5_000_000

/** A column the header row names: the field, where its name is, and the columns a merged header cell covers. */
interface Column {
  name: string
  pos: SourcePos
  columns: number[]
}

/**
 * The columns of a sheet's header row (its first row with a value). A header cell merged across several
 * columns names one field, whose value is the words of those columns' cells (icons in cells side by side); a
 * column whose header begins with `_` is no field (a designer's notes, a formula's helper); a name given
 * twice is an error, and the second column is left out.
 */
const headerColumns = (
  sheet: Sheet,
  file: string,
  diagnostics: Diagnostic[],
): { columns: Column[]; ignored: Set<number> } => {
  const header = sheet.rows[0]!
  const columns: Column[] = []
  const ignored = new Set<number>()
  const byName = new Map<string, Column>()
  for (const cell of header.cells) {
    const name = String(cell.value).trim()
    const pos = { line: header.row, column: cell.column }
    const merge = sheet.merges.find((m) => m.top === header.row && m.left === cell.column)
    const covers = Array.from({ length: (merge?.right ?? cell.column) - cell.column + 1 }, (_, i) => cell.column + i)
    if (name === '' || name.startsWith('_')) {
      for (const c of covers) ignored.add(c)
      continue
    }
    const first = byName.get(name)
    if (first) {
      diagnostics.push({
        rule: 'workbook/duplicate-header',
        severity: 'error',
        file,
        ...pos,
        message: `the header row names \`${name}\` twice (columns ${columnName(first.pos.column)} and ${columnName(cell.column)}): a field has one column; rename or remove this one`,
      })
      for (const c of covers) ignored.add(c)
      continue
    }
    const column = { name, pos, columns: covers }
    byName.set(name, column)
    columns.push(column)
  }
  return { columns, ignored }
}

/**
 * The values merged cells below the header give the rows they span: a `set` merged down several cards is each
 * card's. Only rows with values are filled, and at most a million cells in all (a workbook of 10,000 merges
 * each down 100,000 rows asks for a billion).
 */
const filledDown = (merges: readonly Merge[], headerRow: number, sheet: Sheet): Map<string, CellValue> => {
  const fill = new Map<string, CellValue>()
  const at = new Map(sheet.rows.map((r) => [r.row, r]))
  const rows = sheet.rows.map((r) => r.row) // in order
  let budget = 1_000_000
  for (const m of merges) {
    if (m.top <= headerRow || m.bottom === m.top) continue
    const value = at.get(m.top)?.cells.find((c) => c.column === m.left)?.value
    if (value === undefined) continue
    // The first row with values below the merge's top.
    let lo = 0
    let hi = rows.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (rows[mid]! <= m.top) lo = mid + 1
      else hi = mid
    }
    for (let i = lo; i < rows.length && rows[i]! <= m.bottom; i++) {
      if (--budget < 0) return fill
      fill.set(`${rows[i]}:${m.left}`, value)
    }
  }
  return fill
}

/** A field's value from its cells: one cell's value as it is (text trimmed), several cells' words joined by spaces. */
const fieldValue = (values: CellValue[]): CellValue | null => {
  const present = values.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '')
  if (present.length === 0) return null
  return present.length === 1 ? present[0]! : present.map(String).join(' ')
}

const problemDiagnostic = (workbook: string, sheet: string, p: CellProblem): Diagnostic => ({
  rule: 'workbook/formula-error',
  severity: 'error',
  file: sheetFile(workbook, sheet),
  line: p.row,
  column: p.column,
  message: p.message,
})

/** One sheet's cards: a card a row with a value in a field's column, each value at its cell. */
const sheetCards = (
  sheet: Sheet & { problems: CellProblem[] },
  workbook: string,
  diagnostics: Diagnostic[],
): RawCardFile => {
  const file = sheetFile(workbook, sheet.name)
  const result: RawCardFile = { file, sheet: sheet.name, defaults: new Map(), cards: [] }
  if (!sheet.rows.length) return result
  const { columns, ignored } = headerColumns(sheet, file, diagnostics)
  // Each card holds a value (or none) for every column: rows × columns is what reading costs, bounded.
  if ((sheet.rows.length - 1) * columns.length > MAX_FIELD_VALUES) {
    diagnostics.push({
      rule: 'workbook/too-many-cells',
      severity: 'error',
      file,
      line: sheet.rows[0]!.row,
      column: 1,
      message: `this sheet has ${(sheet.rows.length - 1).toLocaleString('en-US')} rows of ${columns.length.toLocaleString('en-US')} fields, over the limit of ${MAX_FIELD_VALUES.toLocaleString('en-US')} values: split it into several sheets or files`,
    })
    return { ...result, unreadable: true }
  }
  const named = new Set(columns.flatMap((c) => c.columns))
  const headerRow = sheet.rows[0]!.row
  const fill = filledDown(sheet.merges, headerRow, sheet)
  // A formula's error in a column of notes or helpers (`_`) is the designer's own business.
  for (const p of sheet.problems)
    if (!ignored.has(p.column)) diagnostics.push(problemDiagnostic(workbook, sheet.name, p))
  const unnamed = new Set<number>()
  for (const row of sheet.rows.slice(1)) {
    const cells = new Map(row.cells.map((c) => [c.column, c.value]))
    if (fill.size)
      for (const column of named)
        if (!cells.has(column) && fill.has(`${row.row}:${column}`)) cells.set(column, fill.get(`${row.row}:${column}`)!)
    for (const column of cells.keys())
      if (!named.has(column) && !ignored.has(column) && !unnamed.has(column)) {
        unnamed.add(column)
        diagnostics.push({
          rule: 'workbook/empty-header',
          severity: 'error',
          file,
          line: row.row,
          column,
          message: `a value in column ${columnName(column)}, which the header row (row ${headerRow}) does not name: name the column, or begin its name with _ to keep notes there`,
        })
      }
    // An empty row (blank cells count as none), or a row of notes only, is no card.
    if (![...cells].some(([c, v]) => named.has(c) && !(typeof v === 'string' && v.trim() === ''))) continue
    const card: RawCard = { file, pos: { line: row.row, column: 1 }, values: new Map(), keys: new Map() }
    for (const column of columns) {
      const first = column.columns.find((c) => cells.has(c)) ?? column.columns[0]!
      card.keys.set(column.name, column.pos)
      card.values.set(column.name, {
        value: fieldValue(column.columns.map((c) => cells.get(c) ?? '')),
        pos: { line: row.row, column: first },
      })
    }
    result.cards.push(card)
  }
  return result
}

/**
 * Reads a workbook's card sheets (`.xlsx`, `.ods`) as card files of their own, as a CSV is read: the first
 * row names the fields, then one card a row. A sheet named after a card type holds that type (or has a
 * `type` column); hidden sheets and sheets whose names begin with `_` hold no cards. A workbook that cannot
 * be read is one diagnostic, and its cards wait (their types' deck checks too).
 */
export const parseWorkbookCards = (bytes: Uint8Array, file: string): Result<RawCardFile[]> => {
  const diagnostics: Diagnostic[] = []
  try {
    const sheets = readWorkbook(bytes, file, isDataSheet).filter((s) => isDataSheet(s.name, s.hidden))
    const files = sheets.map((sheet) => sheetCards(sheet, file, diagnostics))
    return { value: files, diagnostics }
  } catch (error) {
    if (!(error instanceof WorkbookError)) throw error
    const at = error.sheet
      ? { file: sheetFile(file, error.sheet), line: error.row ?? 1, column: error.column ?? 1 }
      : { file, line: 1, column: 1 }
    diagnostics.push({ rule: error.rule, severity: 'error', ...at, message: error.message })
    return { value: [{ file, defaults: new Map(), cards: [], unreadable: true }], diagnostics }
  }
}
