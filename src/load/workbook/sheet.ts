/** A cell's value as the spreadsheet last showed it: text, a number, true or false (a date is ISO text). */
export type CellValue = string | number | boolean

/** A cell with a value; `column` 1-based (A is 1). */
export interface Cell {
  column: number
  value: CellValue
}

/** A row with at least one value, its cells in column order; `row` 1-based, as the spreadsheet numbers it. */
export interface SheetRow {
  row: number
  cells: Cell[]
}

/** A range of merged cells, 1-based and inclusive; its value is in its top left cell. */
export interface Merge {
  top: number
  left: number
  bottom: number
  right: number
}

/** One sheet of a workbook: its rows with values (empty rows are not kept), its merged ranges. */
export interface Sheet {
  name: string
  hidden: boolean
  rows: SheetRow[]
  merges: Merge[]
}

/**
 * What deckwright reads of a workbook at most: a workbook arrives in a pull request, and a zip archive of XML
 * can claim or hold far more than its size (a zip bomb), so each limit is a diagnostic, never a hang or a crash.
 */
export const WORKBOOK_LIMITS = {
  /** Entries in the archive: a spreadsheet program writes a dozen or two, plus one per sheet and picture. */
  entries: 2_000,
  /** Bytes one part (a sheet's XML, the shared strings) may inflate to. */
  partBytes: 64 * 2 ** 20,
  /** Bytes all the parts read may inflate to, together. */
  totalBytes: 128 * 2 ** 20,
  /** Rows with values in one sheet: far beyond any deck (a 10 MB CSV holds about as many cards). */
  rows: 100_000,
  /** Cells with values in the whole workbook (a 10 MB CSV holds about as many). */
  cells: 2_000_000,
  /** Columns a value may stand in (Excel has 16,384). */
  columns: 1_000,
  /** Sheets in a workbook. */
  sheets: 200,
} as const

/** A workbook that cannot be read (damaged, over a limit), with the sheet and cell it was found at when known. */
export class WorkbookError extends Error {
  readonly rule: string
  readonly sheet: string | undefined
  readonly row: number | undefined
  readonly column: number | undefined
  constructor(rule: string, message: string, at: { sheet?: string; row?: number; column?: number } = {}) {
    super(message)
    this.name = 'WorkbookError'
    this.rule = rule
    this.sheet = at.sheet
    this.row = at.row
    this.column = at.column
  }
}

export { cellRef, columnName, sheetRef } from '../../diagnostics/sheet-place.ts'

/** A whole number stored as 3.0 is 3, and a float is kept to the 15 digits a spreadsheet shows (0.1 + 0.2 is 0.3). */
export const spreadsheetNumber = (n: number): number => (Number.isFinite(n) ? Number(n.toPrecision(15)) : n)
