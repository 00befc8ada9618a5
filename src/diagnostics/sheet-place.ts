import type { Diagnostic } from './diagnostic.ts'

/**
 * A workbook's sheet is a card file of its own: inside deckwright its cards' places name the file
 * `cards/g/data.xlsx#Ships` (so that every stage after loading, which copies a card's file into its
 * diagnostics, keeps the sheet), and a diagnostic leaving deckwright names the workbook, with the sheet and
 * the cell (`Ships!C7`) at the start of its message (`inSheets`).
 */
export const sheetFile = (workbook: string, sheet: string): string => `${workbook}#${sheet}`

const SHEET_FILE = /^(.*\.(?:xlsx|ods))#(.*)$/is

/** The workbook and sheet a card file's name stands for; undefined for a file of its own. */
export const splitSheetFile = (file: string): { workbook: string; sheet: string } | undefined => {
  const m = SHEET_FILE.exec(file)
  return m ? { workbook: m[1]!, sheet: m[2]! } : undefined
}

/** A column's letters as a spreadsheet names it: 1 is A, 27 is AA. */
export const columnName = (column: number): string => {
  let name = ''
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

/** A sheet's name as a cell reference writes it: quoted when it holds anything but letters, digits and `_`. */
export const sheetRef = (sheet: string): string =>
  /^[\p{L}_][\p{L}\p{N}_.]*$/u.test(sheet) ? sheet : `'${sheet.replaceAll("'", "''")}'`

/** A cell's reference as a spreadsheet writes it: `Ships!C7`. */
export const cellRef = (sheet: string, row: number, column: number): string =>
  `${sheetRef(sheet)}!${columnName(column)}${row}`

/** `cards/g/data.xlsx#Ships:12` in a message's text (a card's first place, quoted by another card's problem). */
const QUOTED_PLACE = /(\S+?\.(?:xlsx|ods))#([^:\n]*?):(\d+)/gi

/** A diagnostic as a designer reads it: the workbook as its file, the sheet and cell in its message. */
export const inSheet = (d: Diagnostic): Diagnostic => {
  const message = d.message.replace(
    QUOTED_PLACE,
    (_, workbook: string, sheet: string, row: string) => `${workbook} (${sheetRef(sheet)}, row ${row})`,
  )
  const split = splitSheetFile(d.file)
  if (!split) return message === d.message ? d : { ...d, message }
  const { workbook, sheet } = split
  const place = d.line
    ? d.column
      ? cellRef(sheet, d.line, d.column)
      : `${sheetRef(sheet)}, row ${d.line}`
    : sheetRef(sheet)
  return { ...d, file: workbook, message: `${place}: ${message}` }
}

/** Diagnostics as a designer reads them (see `inSheet`). */
export const inSheets = (diagnostics: readonly Diagnostic[]): Diagnostic[] => diagnostics.map(inSheet)
