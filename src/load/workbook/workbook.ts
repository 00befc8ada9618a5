import { readOds } from './ods.ts'
import type { CellProblem, WantedSheet } from './rows.ts'
import type { Diagnostic, Result } from '../../diagnostics/diagnostic.ts'
import { cellRef, columnName, type Sheet, WorkbookError } from './sheet.ts'
import { readXlsx } from './xlsx.ts'
import { ZipArchive } from './zip.ts'

export type { CellProblem, WantedSheet } from './rows.ts'

/** The workbook formats deckwright reads, by file extension. */
export const WORKBOOK_EXTENSIONS = ['.xlsx', '.ods'] as const

export const isWorkbook = (file: string): boolean => WORKBOOK_EXTENSIONS.some((e) => file.toLowerCase().endsWith(e))

/**
 * The sheets of a workbook (`.xlsx` or `.ods`, by `file`'s extension) from its bytes: each cell the value the
 * spreadsheet last computed (formulas are never evaluated), text plain, a whole number stored as 3.0 as 3, a
 * date as ISO text. Throws a `WorkbookError` for a workbook that cannot be read or is over a limit.
 */
export const readWorkbook = (
  bytes: Uint8Array,
  file: string,
  wanted: WantedSheet = () => true,
): (Sheet & { problems: CellProblem[] })[] => {
  const zip = new ZipArchive(bytes)
  return file.toLowerCase().endsWith('.ods') ? readOds(zip, wanted) : readXlsx(zip, wanted)
}

/** A cell's text with its place: the seam a reader of tables (a translator's sheet) takes rows of strings from. */
export interface TextCell {
  text: string
  row: number
  column: number
  /** Its reference, as a spreadsheet shows it: `Ships!C7`. */
  ref: string
}

/**
 * A sheet's rows as text cells, in order, with their places: each row its cells from column A to its last
 * value, an empty cell as ''. Numbers are written as a spreadsheet shows them plainly (3, 0.5), true and false
 * as words, dates as ISO text.
 */
export const sheetTextRows = (sheet: Sheet): TextCell[][] =>
  sheet.rows.map(({ row, cells }) => {
    const last = cells.at(-1)?.column ?? 0
    const texts: TextCell[] = Array.from({ length: last }, (_, i) => ({
      text: '',
      row,
      column: i + 1,
      ref: cellRef(sheet.name, row, i + 1),
    }))
    for (const c of cells) texts[c.column - 1]!.text = String(c.value)
    return texts
  })

/** Sheets that hold no data: those the workbook hides, and those whose names begin with `_` (notes, helpers). */
export const isDataSheet = (name: string, hidden: boolean): boolean => !hidden && !name.startsWith('_')

/** A workbook that could not be read, as the diagnostic at its file (and sheet and cell, when known). */
export const workbookDiagnostic = (error: WorkbookError, file: string): Diagnostic => ({
  rule: error.rule,
  severity: 'error',
  file,
  line: error.row ?? 1,
  column: error.column ?? 1,
  message:
    error.sheet && error.row
      ? `${cellRef(error.sheet, error.row, error.column ?? 1)}: ${error.message}`
      : error.message,
})

/**
 * The text rows of a workbook's first sheet of data (not hidden, its name not beginning with `_`): a table
 * kept in a spreadsheet and read as a CSV file's rows would be (a translator's sheet saved as .xlsx or .ods).
 */
export const workbookTextRows = (bytes: Uint8Array, file: string): Result<TextCell[][] | undefined> => {
  let taken = false
  const first = (name: string, hidden: boolean) => !taken && isDataSheet(name, hidden) && (taken = true)
  try {
    const sheet = readWorkbook(bytes, file, first).find((s) => isDataSheet(s.name, s.hidden))
    return { value: sheet ? sheetTextRows(sheet) : [], diagnostics: [] }
  } catch (error) {
    if (!(error instanceof WorkbookError)) throw error
    return { value: undefined, diagnostics: [workbookDiagnostic(error, file)] }
  }
}

export { cellRef, columnName }
