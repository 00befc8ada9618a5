import { isoDate, parseRange, parseRef, type ReadSheets, SheetBuilder } from './rows.ts'
import { spreadsheetNumber, WORKBOOK_LIMITS, WorkbookError } from './sheet.ts'
import { walkXml, type Attributes } from './xml.ts'
import type { ZipArchive } from './zip.ts'

/** The sheets a workbook lists, in its order, with the parts that hold them. */
interface ListedSheet {
  name: string
  hidden: boolean
  part: string | undefined
}

/** A part's path from a relationship's target, relative to the folder of the part that names it. */
const resolvePart = (from: string, target: string): string => {
  const steps = target.startsWith('/') ? [] : from.split('/').slice(0, -1)
  for (const step of target.replace(/^\//, '').split('/')) {
    if (step === '..') steps.pop()
    else if (step !== '.') steps.push(step)
  }
  return steps.join('/')
}

/** A part's relationships: id → the part it names, and the part of each relationship type's last word. */
const relationships = (zip: ZipArchive, part: string) => {
  const relsPart = resolvePart(part, `_rels/${part.slice(part.lastIndexOf('/') + 1)}.rels`)
  const byId = new Map<string, string>()
  const byType = new Map<string, string>()
  const xml = zip.text(relsPart)
  if (xml)
    walkXml(xml, relsPart, {
      open(name, a) {
        if (name !== 'Relationship' || !a.Target || a.TargetMode === 'External') return
        const target = resolvePart(part, a.Target)
        if (a.Id) byId.set(a.Id, target)
        if (a.Type) byType.set(a.Type.slice(a.Type.lastIndexOf('/') + 1), target)
      },
    })
  return { byId, byType }
}

const listSheets = (zip: ZipArchive, workbook: string, ids: Map<string, string>) => {
  const sheets: ListedSheet[] = []
  let date1904 = false
  walkXml(zip.text(workbook) ?? '', workbook, {
    open(name, a) {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true'
      if (name === 'sheet' && a.name !== undefined)
        sheets.push({
          name: a.name,
          hidden: a.state === 'hidden' || a.state === 'veryHidden',
          part: a.id ? ids.get(a.id) : undefined,
        })
    },
  })
  return { sheets, date1904 }
}

/** The shared strings: rich text as its plain text (its runs joined), phonetic guides left out. */
const sharedStrings = (zip: ZipArchive, part: string | undefined): string[] => {
  const strings: string[] = []
  const xml = part && zip.text(part)
  if (!xml) return strings
  let text: string | undefined
  let inT = false
  let phonetic = 0
  walkXml(xml, part, {
    open(name) {
      if (name === 'si') text = ''
      else if (name === 't') inT = true
      else if (name === 'rPh') phonetic++
    },
    close(name) {
      if (name === 'si') strings.push(text ?? '')
      else if (name === 't') inT = false
      else if (name === 'rPh') phonetic--
    },
    text(t) {
      if (inT && !phonetic && text !== undefined) text += t
    },
  })
  return strings
}

/** Excel's built-in number formats that show dates and times. */
const DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47])

/** Whether a number format's code shows a date or time (its quoted text, escapes and [colours] aside). */
const isDateCode = (code: string) => /[dyhs]/i.test(code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, ''))

/** For each cell style (the `s` of a cell), whether it shows its number as a date. */
const dateStyles = (zip: ZipArchive, part: string | undefined): boolean[] => {
  const xml = part && zip.text(part)
  if (!xml) return []
  const custom = new Map<number, boolean>()
  const styles: boolean[] = []
  let inCellXfs = false
  walkXml(xml, part, {
    open(name, a) {
      if (name === 'numFmt') custom.set(Number(a.numFmtId), isDateCode(a.formatCode ?? ''))
      else if (name === 'cellXfs') inCellXfs = true
      else if (name === 'xf' && inCellXfs) {
        const id = Number(a.numFmtId ?? 0)
        styles.push(custom.get(id) ?? DATE_FORMATS.has(id))
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false
    },
  })
  return styles
}

/**
 * A day number of a workbook's date system as a date (Excel's 1900 system counts a 29 February 1900); a time
 * of day alone (a fraction of a day) as `HH:MM:SS`.
 */
const serialDate = (serial: number, date1904: boolean): string =>
  serial >= 0 && serial < 1
    ? isoDate(new Date(Math.round(serial * 86_400) * 1000)).slice(11, 19) || '00:00:00'
    : isoDate(new Date(((date1904 ? serial + 1462 : serial) - 25569) * 86_400_000))

/** The workbook's context a sheet's cells are read with. */
interface Book {
  strings: string[]
  dates: boolean[]
  date1904: boolean
}

/** A cell being read: its place, type and style, and the text of its value. */
interface OpenCell {
  row: number
  column: number
  type: string
  style: number
  value: string
  formula: boolean
  hasValue: boolean
}

const cellValue = (cell: OpenCell, book: Book, sheet: SheetBuilder): string | number | boolean => {
  const { type, value } = cell
  if (type === 'e') {
    sheet.problem(cell.row, cell.column, `this cell shows the error ${value}: correct its formula`)
    return ''
  }
  if (cell.formula && !cell.hasValue) {
    sheet.problem(
      cell.row,
      cell.column,
      'this formula has no computed value in the file: open the workbook in a spreadsheet program and save it',
    )
    return ''
  }
  if (type === 's') return book.strings[Number(value)] ?? ''
  if (type === 'b') return value === '1' || value === 'true'
  if (type === 'str' || type === 'inlineStr') return value
  if (type === 'd') return value && isoDate(new Date(value.endsWith('Z') ? value : `${value}Z`))
  if (value.trim() === '') return ''
  const n = Number(value)
  if (!Number.isFinite(n)) return value
  return book.dates[cell.style] ? serialDate(n, book.date1904) : spreadsheetNumber(n)
}

/** One sheet's cells and merged ranges, read from its part's XML. */
const readSheet = (xml: string, part: string, sheet: SheetBuilder, book: Book): void => {
  let row = 0
  let column = 0
  let cell: OpenCell | undefined
  let capture = false
  let phonetic = 0
  walkXml(xml, part, {
    open(name: string, a: Attributes) {
      if (name === 'row') {
        row = a.r && /^\d{1,9}$/.test(a.r) ? Number(a.r) : row + 1
        column = 0
      } else if (name === 'c') {
        const at = a.r ? parseRef(a.r) : undefined
        column = at ? at.column : column + 1
        if (at) row = at.row
        const type = a.t ?? 'n'
        cell = { row, column, type, style: Number(a.s ?? 0), value: '', formula: false, hasValue: false }
      } else if (cell && (name === 'v' || (name === 't' && !phonetic))) {
        capture = true
        cell.hasValue = true
      } else if (cell && name === 'f') cell.formula = true
      else if (name === 'rPh') phonetic++
      else if (name === 'mergeCell' && a.ref && sheet.merges.length < 10_000) {
        const merge = parseRange(a.ref)
        if (merge) sheet.merges.push(merge)
      }
    },
    close(name: string) {
      if (name === 'v' || name === 't') capture = false
      else if (name === 'rPh') phonetic--
      else if (name === 'c' && cell) {
        sheet.add(cell.row, cell.column, cellValue(cell, book, sheet))
        cell = undefined
      }
    },
    text(t: string) {
      if (capture && cell) cell.value += t
    },
  })
}

/** The sheets of an Office Open XML workbook (`.xlsx`, as Excel, LibreOffice and Google Sheets write it). */
export const readXlsx: ReadSheets = (zip, wanted) => {
  const root = relationships(zip, '')
  const workbook = root.byType.get('officeDocument') ?? 'xl/workbook.xml'
  if (!zip.has(workbook))
    throw new WorkbookError(
      'workbook/damaged',
      'this is not an Excel workbook (it has no workbook part): save it as .xlsx',
    )
  const rels = relationships(zip, workbook)
  const { sheets, date1904 } = listSheets(zip, workbook, rels.byId)
  // Asked once a sheet, in order (a caller may want only the first of some kind).
  const read = sheets.map((s) => wanted(s.name, s.hidden))
  const book: Book = {
    strings: read.some(Boolean) ? sharedStrings(zip, rels.byType.get('sharedStrings')) : [],
    dates: dateStyles(zip, rels.byType.get('styles')),
    date1904,
  }
  if (sheets.length > WORKBOOK_LIMITS.sheets)
    throw new WorkbookError(
      'workbook/too-many-sheets',
      `this workbook has more than ${WORKBOOK_LIMITS.sheets} sheets, the limit`,
    )
  const budget = { cells: WORKBOOK_LIMITS.cells }
  return sheets.map(({ name, hidden, part }, i) => {
    const sheet = new SheetBuilder(name, hidden, budget)
    const xml = part && read[i] ? zip.text(part) : undefined
    if (xml && part) readSheet(xml, part, sheet, book)
    return sheet.sheet()
  })
}
