import { parse } from 'csv-parse/sync'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { workbookTextRows } from './workbook/workbook.ts'

/** The columns of a translation sheet: what a translator sees in a spreadsheet. */
export const SHEET_HEADER = ['card', 'field', 'default', 'translation']

/**
 * Text that a spreadsheet would read as a formula: `=`, `+`, `-` or `@` first, also after spaces or line
 * breaks (a spreadsheet trims those), or a tab or carriage return first.
 */
const FORMULA_LIKE = /^(?:[\t\r]|\s*[=+\-@])/

/** A cell as a spreadsheet shows it and never runs: text that starts like a formula gets a leading apostrophe, which spreadsheets hide and `readSheetRows` removes. */
export const safeCell = (text: string): string => (FORMULA_LIKE.test(text) ? `'${text}` : text)
const unsafeCell = (text: string): string =>
  text.startsWith("'") && FORMULA_LIKE.test(text.slice(1)) ? text.slice(1) : text

/** A row of a filled-in sheet that holds a translation, with where its translation cell is in the sheet. */
export interface SheetRow {
  card: string
  field: string
  text: string
  line: number
  column: number
}

/** Where the record's cell `index` starts: its line and column in the sheet, from the record's text as read. */
const cellPlace = (raw: string, endLine: number, index: number): { line: number; column: number } => {
  const text = raw.replace(/^(?:\r?\n)+/, '') // the empty lines skipped before the record
  const inside = (text.match(/\n/g) ?? []).length - (text.endsWith('\n') ? 1 : 0)
  let line = endLine - inside
  let column = 1
  let quoted = false
  let cell = 0
  for (let i = 0; i < text.length && cell < index; i++) {
    const c = text[i]
    column++
    if (c === '"') quoted = !quoted
    else if (c === '\n') [line, column] = [line + 1, 1]
    else if (c === ',' && !quoted) cell++
  }
  return { line, column }
}

const sheetProblem = (file: string, message: string, line = 1, column?: number): Diagnostic => ({
  rule: 'translation/bad-sheet',
  severity: 'error',
  file,
  line,
  ...(column && { column }),
  message,
})

/**
 * The rows of a translation sheet that hold a translation (`deckwright translations --import`), each with
 * the line and column of its translation cell, so that what is wrong with it is said there. A sheet that is
 * not CSV, or lacks the columns, is an error.
 */
export const readSheetRows = (source: string, file: string): Result<SheetRow[] | undefined> => {
  type Parsed = { record: string[]; raw: string; info: { lines: number } }
  let records: Parsed[]
  try {
    records = parse(source, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      raw: true,
    }) as unknown as Parsed[]
  } catch (error) {
    const err = error as Error & { lines?: number }
    return {
      value: undefined,
      diagnostics: [sheetProblem(file, `not a CSV file: ${err.message.split('\n')[0]}`, err.lines ?? 1)],
    }
  }
  return sheetRows(
    records.map(({ record, raw, info }) => ({ cells: record, place: (i: number) => cellPlace(raw, info.lines, i) })),
    file,
  )
}

/**
 * The same from a translator's sheet saved as a workbook (.xlsx, .ods): its first sheet of data, each
 * translation at its row and column.
 */
export const readWorkbookSheetRows = (bytes: Uint8Array, file: string): Result<SheetRow[] | undefined> => {
  const book = workbookTextRows(bytes, file)
  if (!book.value) return { value: undefined, diagnostics: book.diagnostics }
  return sheetRows(
    book.value.map((cells) => ({
      cells: cells.map((c) => c.text),
      place: (i: number) => ({ line: cells[0]?.row ?? 1, column: i + 1 }),
    })),
    file,
  )
}

/** A sheet's records, each its cells' texts and where cell `i` is: the rows that hold a translation. */
const sheetRows = (
  records: { cells: string[]; place: (i: number) => { line: number; column: number } }[],
  file: string,
): Result<SheetRow[] | undefined> => {
  const [header, ...body] = records
  const at = (name: string) => header?.cells.findIndex((h) => h.trim().toLowerCase() === name) ?? -1
  const [card, field, translation] = [at('card'), at('field'), at('translation')]
  if (card < 0 || field < 0 || translation < 0)
    return {
      value: undefined,
      diagnostics: [
        sheetProblem(
          file,
          `${file} needs the columns card, field and translation (as \`deckwright translations\` writes them)`,
        ),
      ],
    }
  const rows: SheetRow[] = []
  for (const { cells, place } of body) {
    const text = unsafeCell(cells[translation] ?? '').trim()
    if (!text) continue
    rows.push({
      card: unsafeCell(cells[card] ?? '').trim(),
      field: unsafeCell(cells[field] ?? '').trim(),
      text,
      ...place(translation),
    })
  }
  return { value: rows, diagnostics: [] }
}
