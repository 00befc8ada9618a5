// Writes the workbook fixtures of test/fixtures/workbooks/ with LibreOffice, so that the tests read files real
// spreadsheet software wrote: each workbook is written here as a flat OpenDocument file (.fods, XML by hand),
// then LibreOffice converts it to .xlsx and .ods (`soffice --headless --convert-to`). Hidden sheets, formulas
// with their computed values, merged cells, dates and rich text are the workbook features LibreOffice writes.
//
//   node tools/workbook-fixtures/generate.mjs      (needs LibreOffice: apt-get install libreoffice-calc-nogui)
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const out = fileURLToPath(new URL('../../test/fixtures/workbooks/', import.meta.url))

const esc = (s) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/** One cell: a string, a number, a boolean, or an object for a formula, a date, rich text, a merge. */
const cell = (c) => {
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

const table = (name, rows, { hidden = false } = {}) =>
  `<table:table table:name="${esc(name)}" table:style-name="${hidden ? 'ta-hidden' : 'ta-shown'}"><table:table-column table:number-columns-repeated="9"/>${rows
    .map((r) => `<table:table-row>${r.map(cell).join('')}</table:table-row>`)
    .join('')}</table:table>`

const fods = (tables) => `<?xml version="1.0" encoding="UTF-8"?>
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

// fleet: a game's ships and ports in one workbook, with what designers keep beside their cards.
const fleet = [
  table('ship', [
    ['id', 'title', { value: 'cost', across: 2 }, { covered: true }, 'power', 'qty', 'launched', '_notes'],
    [
      's1',
      'Étoile du Nord',
      'wood',
      'stone',
      { formula: '1+2', value: 3 },
      2,
      { date: '2026-05-01' },
      'check the cost',
    ],
    [],
    [
      's2',
      { rich: 'Zürich <text:span text:style-name="T-bold">Ærø</text:span>' },
      'wood',
      null,
      { formula: '[.E2]+1', value: 4 },
      1,
      { date: '1999-12-31' },
    ],
    ['s3', 'Two\nlines', null, null, 5, { formula: '[.F2]+1', value: 3 }],
  ]),
  table('port', [
    ['id', 'title', 'open', 'ship'],
    ['p1', { formula: 'CONCATENATE("Port ";"Ōtaru")', value: 'Port Ōtaru' }, true, 's1'],
    ['p2', 'Kraków', false, 's2'],
  ]),
  table('_notes', [['Ideas for later'], ['a bigger ship']]),
  table(
    'Hidden',
    [
      ['id', 'nonsense'],
      ['h1', 'never read'],
    ],
    { hidden: true },
  ),
]

// mistakes: the errors a designer makes, each at its sheet and cell.
const mistakes = [
  table('ship', [
    ['id', 'title', 'cost', 'power', 'titel', 'bonus', 'bonus'],
    ['m1', 'Mistake', 'wod', { formula: '1/0', error: true }, 'x', 1, 2],
    ['m2', 'Fine', 'wood', 'lots', null, null, null],
  ]),
  table('Sheet2', [
    ['id', 'title'],
    ['m3', 'No type'],
  ]),
]

const work = mkdtempSync(join(tmpdir(), 'workbook-fixtures-'))
try {
  mkdirSync(out, { recursive: true })
  for (const [name, tables] of Object.entries({ fleet, mistakes })) {
    writeFileSync(join(work, `${name}.fods`), fods(tables))
    for (const format of ['xlsx', 'ods']) {
      execFileSync(
        'soffice',
        [
          `-env:UserInstallation=file://${work}/profile`,
          '--headless',
          '--convert-to',
          format,
          '--outdir',
          work,
          join(work, `${name}.fods`),
        ],
        { stdio: 'inherit' },
      )
      renameSync(join(work, `${name}.${format}`), join(out, `${name}.${format}`))
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
