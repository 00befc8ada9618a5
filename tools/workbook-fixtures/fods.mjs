// Flat OpenDocument spreadsheets (.fods) written by hand, and LibreOffice to turn them into .xlsx and .ods:
// the workbooks deckwright's tests and examples read are real spreadsheet software's files.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const esc = (s) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/** One cell: a string, a number, a boolean, or an object for a formula, a date, rich text, a merge. */
export const cell = (c) => {
  if (c === null || c === undefined) return '<table:table-cell/>'
  if (typeof c === 'number')
    return `<table:table-cell office:value-type="float" office:value="${c}"><text:p>${c}</text:p></table:table-cell>`
  if (typeof c === 'boolean')
    return `<table:table-cell table:style-name="ce-bool" office:value-type="boolean" office:boolean-value="${c}"><text:p>${c ? 'TRUE' : 'FALSE'}</text:p></table:table-cell>`
  if (typeof c === 'string')
    return `<table:table-cell office:value-type="string">${c
      .split('\n')
      .map((p) => `<text:p>${esc(p)}</text:p>`)
      .join('')}</table:table-cell>`
  if (c.covered) return '<table:covered-table-cell/>'
  const span = c.across ? ` table:number-columns-spanned="${c.across}" table:number-rows-spanned="${c.down ?? 1}"` : ''
  const formula = c.formula ? ` table:formula="of:=${esc(c.formula)}"` : ''
  if (c.date)
    return `<table:table-cell table:style-name="ce-date"${formula} office:value-type="date" office:date-value="${c.date}"><text:p>${c.date}</text:p></table:table-cell>`
  if (c.rich) return `<table:table-cell${span} office:value-type="string"><text:p>${c.rich}</text:p></table:table-cell>`
  if (typeof c.value === 'number')
    return `<table:table-cell${span}${formula} office:value-type="float" office:value="${c.value}"><text:p>${c.value}</text:p></table:table-cell>`
  if (c.error)
    return `<table:table-cell${formula} office:value-type="float" office:value="0"><text:p>#DIV/0!</text:p></table:table-cell>`
  return `<table:table-cell${span}${formula} office:value-type="string" office:string-value="${esc(c.value)}"><text:p>${esc(c.value)}</text:p></table:table-cell>`
}

export const table = (name, rows, { hidden = false } = {}) =>
  `<table:table table:name="${esc(name)}" table:style-name="${hidden ? 'ta-hidden' : 'ta-shown'}"><table:table-column table:number-columns-repeated="9"/>${rows
    .map((r) => `<table:table-row>${r.map(cell).join('')}</table:table-row>`)
    .join('')}</table:table>`

export const fods = (tables) => `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:automatic-styles>
<number:date-style style:name="N-date"><number:year number:style="long"/><number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text><number:day number:style="long"/></number:date-style>
<number:boolean-style style:name="N-bool"><number:boolean/></number:boolean-style>
<style:style style:name="ta-shown" style:family="table"><style:table-properties table:display="true"/></style:style>
<style:style style:name="ta-hidden" style:family="table"><style:table-properties table:display="false"/></style:style>
<style:style style:name="ce-date" style:family="table-cell" style:data-style-name="N-date"/>
<style:style style:name="ce-bool" style:family="table-cell" style:data-style-name="N-bool"/>
<style:style style:name="T-bold" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>
</office:automatic-styles>
<office:body><office:spreadsheet>${tables.join('')}</office:spreadsheet></office:body></office:document>
`

/** Writes `tables` as `<name>.<format>` in `folder` for each format, through LibreOffice (`soffice --headless`). */
export const writeWorkbooks = (folder, name, tables, formats) => {
  const work = mkdtempSync(join(tmpdir(), 'workbooks-'))
  try {
    writeFileSync(join(work, `${name}.fods`), fods(tables))
    for (const format of formats) {
      const args = [
        `-env:UserInstallation=file://${work}/profile`,
        '--headless',
        '--convert-to',
        format,
        '--outdir',
        work,
      ]
      execFileSync('soffice', [...args, join(work, `${name}.fods`)], { stdio: 'inherit' })
      renameSync(join(work, `${name}.${format}`), join(folder, `${name}.${format}`))
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
