import type { ZipArchive } from './zip.ts'
import {
  columnName,
  type CellValue,
  type Merge,
  type Sheet,
  type SheetRow,
  WORKBOOK_LIMITS,
  WorkbookError,
} from './sheet.ts'

/**
 * Which sheets to read the cells of (the others are listed, empty): by name and whether the workbook hides
 * them; asked once a sheet, in the workbook's order.
 */
export type WantedSheet = (name: string, hidden: boolean) => boolean

/** A reader of one workbook format: its sheets, in the workbook's order. */
export type ReadSheets = (zip: ZipArchive, wanted: WantedSheet) => (Sheet & { problems: CellProblem[] })[]

/** A cell the spreadsheet could not compute (`#DIV/0!`) or never computed: reported at its place. */
export interface CellProblem {
  row: number
  column: number
  message: string
}

/** A sheet as its XML is read: its rows with values, within the row and column limits. */
export class SheetBuilder {
  readonly rows: SheetRow[] = []
  readonly merges: Merge[] = []
  readonly problems: CellProblem[] = []
  private current: SheetRow | undefined

  /** `budget`: the cells the whole workbook may still hold, shared by its sheets. */
  constructor(
    readonly name: string,
    readonly hidden: boolean,
    private readonly budget: { cells: number },
  ) {}

  /** Refuses `count` more rows with values past the row limit, before they are read (a row repeated a million times). */
  expect(count: number, row: number): void {
    if (this.rows.length + count > WORKBOOK_LIMITS.rows)
      throw new WorkbookError(
        'workbook/too-many-rows',
        `this sheet has more than ${WORKBOOK_LIMITS.rows.toLocaleString('en-US')} rows with values, the limit: split it into several sheets or files`,
        { sheet: this.name, row },
      )
  }

  /** A value at a cell; rows come in order, and so do a row's cells. An empty string is no value. */
  add(row: number, column: number, value: CellValue): void {
    if (value === '') return
    if (column > WORKBOOK_LIMITS.columns)
      throw new WorkbookError(
        'workbook/too-many-columns',
        `a value in column ${columnName(column)}, past the limit of ${WORKBOOK_LIMITS.columns.toLocaleString('en-US')} columns a sheet: the workbook is not read`,
        { sheet: this.name, row, column },
      )
    if (--this.budget.cells < 0)
      throw new WorkbookError(
        'workbook/too-many-cells',
        `this workbook has more than ${WORKBOOK_LIMITS.cells.toLocaleString('en-US')} cells with values, the limit: split it into several files`,
        { sheet: this.name, row, column },
      )
    if (this.current?.row !== row) {
      this.expect(1, row)
      this.current = { row, cells: [] }
      this.rows.push(this.current)
    }
    this.current.cells.push({ column, value })
  }

  problem(row: number, column: number, message: string): void {
    if (this.problems.length < 100) this.problems.push({ row, column, message })
  }

  sheet(): Sheet & { problems: CellProblem[] } {
    return { name: this.name, hidden: this.hidden, rows: this.rows, merges: this.merges, problems: this.problems }
  }
}

/** A cell reference's column and row (`C7` is column 3, row 7); undefined when it is not one. */
export const parseRef = (ref: string): { row: number; column: number } | undefined => {
  const m = /^\$?([A-Za-z]{1,4})\$?(\d{1,9})$/.exec(ref)
  if (!m) return undefined
  let column = 0
  for (const c of m[1]!.toUpperCase()) column = column * 26 + (c.charCodeAt(0) - 64)
  return { row: Number(m[2]), column }
}

/** A range reference (`A1:C1`) as a merge; undefined when it is not one. */
export const parseRange = (range: string): Merge | undefined => {
  const [from, to = from] = range.split(':')
  const a = parseRef(from ?? '')
  const b = parseRef(to ?? '')
  if (!a || !b) return undefined
  return {
    top: Math.min(a.row, b.row),
    left: Math.min(a.column, b.column),
    bottom: Math.max(a.row, b.row),
    right: Math.max(a.column, b.column),
  }
}

/** A date (an ISO date and maybe time, or a spreadsheet's day number) as ISO text: `2026-05-01`, or with its time. */
export const isoDate = (date: Date): string => {
  const iso = new Date(Math.round(date.getTime() / 1000) * 1000).toISOString()
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19)
}
