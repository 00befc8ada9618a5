import { isoDate, type ReadSheets, SheetBuilder } from './rows.ts'
import { spreadsheetNumber, WORKBOOK_LIMITS, WorkbookError } from './sheet.ts'
import { walkXml, type Attributes } from './xml.ts'

/** A cell being read: its attributes and the text of its paragraphs. */
interface OpenCell {
  attributes: Attributes
  text: string
  paragraphs: number
  /** Depth inside a paragraph: only a paragraph's text is the cell's (not the spaces between its elements). */
  inParagraph: number
}

/** How many times a row or cell repeats (`number-rows-repeated`), at least once. */
const repeats = (value: string | undefined): number => {
  const n = Number(value ?? 1)
  return Number.isInteger(n) && n >= 1 ? n : 1
}

const cellValue = (cell: OpenCell, sheet: SheetBuilder, row: number, column: number): string | number | boolean => {
  const a = cell.attributes
  switch (a['value-type']) {
    case 'float':
    case 'percentage':
    case 'currency':
      return spreadsheetNumber(Number(a.value))
    case 'boolean':
      return a['boolean-value'] === 'true'
    case 'date':
      return a['date-value']
        ? isoDate(new Date(/[Zz]|[+-]\d\d:\d\d$/.test(a['date-value']) ? a['date-value'] : `${a['date-value']}Z`))
        : cell.text
    case 'error':
      sheet.problem(
        row,
        column,
        `this cell shows the error ${cell.text || a['string-value'] || ''}: correct its formula`,
      )
      return ''
    default:
      // Text, a time (kept as the spreadsheet shows it), or a cell with no type.
      return a['string-value'] ?? cell.text
  }
}

/** What the walk over `content.xml` keeps: where it is, the sheet and row being read. */
interface Walk {
  hiddenStyles: Set<string>
  styleName: string | undefined
  sheet: SheetBuilder | undefined
  skipping: number
  row: number
  rowRepeats: number
  rowCells: { column: number; value: string | number | boolean }[]
  column: number
  cell: OpenCell | undefined
  /** Depth inside a comment (`office:annotation`), whose text is no value. */
  annotation: number
}

const openTable = (
  w: Walk,
  a: Attributes,
  wanted: (name: string, hidden: boolean) => boolean,
  sheets: SheetBuilder[],
  budget: { cells: number },
) => {
  if (sheets.length >= WORKBOOK_LIMITS.sheets)
    throw new WorkbookError(
      'workbook/too-many-sheets',
      `this workbook has more than ${WORKBOOK_LIMITS.sheets} sheets, the limit`,
    )
  const name = a.name ?? `Sheet${sheets.length + 1}`
  const sheet = new SheetBuilder(name, Boolean(a['style-name'] && w.hiddenStyles.has(a['style-name'])), budget)
  sheets.push(sheet)
  w.sheet = sheet
  w.row = 0
  if (!wanted(sheet.name, sheet.hidden)) w.skipping = 1
}

/** A row's end: its values, once per repetition (an empty row repeated a million times costs nothing). */
const closeRow = (w: Walk) => {
  const sheet = w.sheet!
  if (w.rowCells.length) {
    sheet.expect(w.rowRepeats, w.row + 1)
    for (let r = 0; r < w.rowRepeats; r++) for (const c of w.rowCells) sheet.add(w.row + 1 + r, c.column, c.value)
  }
  w.row += w.rowRepeats
  w.rowCells = []
}

/** A cell's end: its value, once per repetition; a merged range's size noted as a merge. */
const closeCell = (w: Walk, covered: boolean) => {
  const cell = w.cell!
  const a = cell.attributes
  const count = repeats(a['number-columns-repeated'])
  const row = w.row + 1
  if (!covered) {
    const value = cellValue(cell, w.sheet!, row, w.column + 1)
    const across = repeats(a['number-columns-spanned'])
    const down = repeats(a['number-rows-spanned'])
    if ((across > 1 || down > 1) && w.sheet!.merges.length < 10_000)
      w.sheet!.merges.push({ top: row, left: w.column + 1, bottom: row + down - 1, right: w.column + across })
    if (value !== '') {
      if (w.column + count > WORKBOOK_LIMITS.columns) w.sheet!.add(row, WORKBOOK_LIMITS.columns + 1, value)
      for (let c = 0; c < count; c++) w.rowCells.push({ column: w.column + 1 + c, value })
    }
  }
  w.column += count
  w.cell = undefined
}

/** The sheets of an OpenDocument spreadsheet (`.ods`, as LibreOffice writes it): `content.xml`. */
export const readOds: ReadSheets = (zip, wanted) => {
  const xml = zip.text('content.xml')
  if (xml === undefined)
    throw new WorkbookError(
      'workbook/damaged',
      'this is not an OpenDocument spreadsheet (it has no content.xml): save it as .ods',
    )
  const sheets: SheetBuilder[] = []
  const budget = { cells: WORKBOOK_LIMITS.cells }
  const w: Walk = {
    hiddenStyles: new Set(),
    styleName: undefined,
    sheet: undefined,
    skipping: 0,
    row: 0,
    rowRepeats: 1,
    rowCells: [],
    column: 0,
    cell: undefined,
    annotation: 0,
  }
  walkXml(xml, 'content.xml', {
    open(name, a) {
      if (w.skipping) {
        if (name === 'table') w.skipping++
        return
      }
      if (name === 'style') w.styleName = a.family === 'table' ? a.name : undefined
      else if (name === 'table-properties' && w.styleName && a.display === 'false') w.hiddenStyles.add(w.styleName)
      else if (name === 'table') openTable(w, a, wanted, sheets, budget)
      else if (!w.sheet) return
      else if (name === 'table-row') {
        w.rowRepeats = repeats(a['number-rows-repeated'])
        w.column = 0
      } else if (name === 'table-cell' || name === 'covered-table-cell')
        w.cell = { attributes: a, text: '', paragraphs: 0, inParagraph: 0 }
      else if (!w.cell) return
      else if (name === 'annotation') w.annotation++
      else if (w.annotation) return
      else if (name === 'p') {
        if (w.cell.paragraphs++ > 0) w.cell.text += '\n'
        w.cell.inParagraph++
      } else if (name === 's') w.cell.text += ' '.repeat(Math.min(repeats(a.c), 1000))
      else if (name === 'tab') w.cell.text += '\t'
      else if (name === 'line-break') w.cell.text += '\n'
    },
    close(name) {
      if (w.skipping) {
        if (name === 'table' && --w.skipping === 0) w.sheet = undefined
        return
      }
      if (name === 'table') w.sheet = undefined
      else if (name === 'annotation' && w.cell) w.annotation--
      else if (name === 'p' && w.cell && !w.annotation) w.cell.inParagraph--
      else if (name === 'table-row' && w.sheet) closeRow(w)
      else if ((name === 'table-cell' || name === 'covered-table-cell') && w.cell)
        closeCell(w, name === 'covered-table-cell')
    },
    text(t) {
      if (w.cell?.inParagraph && !w.annotation && !w.skipping) w.cell.text += t
    },
  })
  return sheets.map((s) => s.sheet())
}
