import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ZipArchive } from '../../src/load/workbook/zip.ts'
import { parseWorkbookCards } from '../../src/load/workbook-cards.ts'
import { makeZip, xlsxParts } from './make-zip.ts'

/** A hostile workbook read: its diagnostics, how long it took and how much memory it added at most. */
const read = (bytes: Uint8Array, file = 'cards/g/ship.xlsx') => {
  const before = process.memoryUsage().rss
  const started = performance.now()
  const { value, diagnostics } = parseWorkbookCards(bytes, file)
  return { value, diagnostics, ms: performance.now() - started, grewMB: (process.memoryUsage().rss - before) / 2 ** 20 }
}

const rows = (count: number) => {
  const out: string[] = []
  for (let r = 1; r <= count; r++) out.push(`<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>c${r}</t></is></c></row>`)
  return out.join('')
}

describe('hostile workbooks end in one diagnostic, in bounded time and memory', () => {
  it('a zip bomb: a part that inflates past the size it declares stops there', () => {
    const parts = xlsxParts(rows(1))
    parts[3] = { name: 'xl/worksheets/sheet1.xml', data: new Uint8Array(20 * 2 ** 20), size: 1000 }
    const { value, diagnostics, ms, grewMB } = read(makeZip(parts))
    expect(diagnostics).toMatchObject([{ rule: 'workbook/too-large', file: 'cards/g/ship.xlsx', line: 1, column: 1 }])
    expect(diagnostics[0]!.message).toContain('sheet1.xml holds more than the 0.0 MB it declares (a zip bomb')
    expect(value).toMatchObject([{ unreadable: true, cards: [] }])
    expect(ms).toBeLessThan(5000)
    expect(grewMB).toBeLessThan(100)
  })

  it('a zip bomb that declares its size: refused before it is inflated', () => {
    const parts = xlsxParts(rows(1))
    parts[3] = { name: 'xl/worksheets/sheet1.xml', data: '<worksheet/>', size: 3 * 2 ** 30 }
    const { diagnostics } = read(makeZip(parts))
    expect(diagnostics).toMatchObject([{ rule: 'workbook/too-large' }])
    expect(diagnostics[0]!.message).toMatch(/declares 3072\.0 MB, over the limit of 64\.0 MB a part/)
  })

  it('an archive of thousands of entries', () => {
    const files = Array.from({ length: 5000 }, (_, i) => ({ name: `junk/${i}.xml`, data: '' }))
    const { diagnostics, ms } = read(makeZip([...xlsxParts(rows(1)), ...files]))
    expect(diagnostics).toMatchObject([{ rule: 'workbook/too-many-entries' }])
    expect(diagnostics[0]!.message).toContain('5,004 files, the limit is 2,000')
    expect(ms).toBeLessThan(5000)
  })

  it('entity expansion (a billion laughs) in the shared strings', () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>&d;</t></si></sst>`
    const { diagnostics } = read(makeZip(xlsxParts('<row r="1"><c r="A1" t="s"><v>0</v></c></row>', lol)))
    expect(diagnostics).toMatchObject([{ rule: 'workbook/doctype' }])
    expect(diagnostics[0]!.message).toContain('xl/sharedStrings.xml declares a document type')
  })

  it('an entity used without a declaration is damaged XML, not expanded', () => {
    const parts = xlsxParts('<row r="1"><c r="A1" t="inlineStr"><is><t>&xxe;</t></is></c></row>')
    const { diagnostics } = read(makeZip(parts))
    expect(diagnostics).toMatchObject([{ rule: 'workbook/damaged' }])
    expect(diagnostics[0]!.message).toContain('xl/worksheets/sheet1.xml is not well-formed XML')
  })

  it('an archive path that climbs out of it', () => {
    const { diagnostics } = read(makeZip([...xlsxParts(rows(1)), { name: '../../../etc/cron.d/x', data: 'x' }]))
    expect(diagnostics).toMatchObject([{ rule: 'workbook/unsafe-path' }])
    expect(diagnostics[0]!.message).toContain('"../../../etc/cron.d/x"')
  })

  it('a sheet past the row limit in .xlsx (100,010 rows) stops there, at its sheet and row', () => {
    const { diagnostics, ms } = read(
      makeZip(xlsxParts(`<row r="1"><c r="A1" t="inlineStr"><is><t>id</t></is></c></row>${rows(100_010)}`)),
    )
    expect(diagnostics).toMatchObject([
      { rule: 'workbook/too-many-rows', file: 'cards/g/ship.xlsx#ship', line: 100_001, column: 1 },
    ])
    // About 0.5 s alone; the machine is shared with other test files.
    expect(ms).toBeLessThan(20_000)
  })

  it('a million repeated rows in .ods are refused before they are made', () => {
    const content = `<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet><table:table table:name="ship"><table:table-row><table:table-cell office:value-type="string"><text:p>id</text:p></table:table-cell></table:table-row><table:table-row table:number-rows-repeated="1000000"><table:table-cell office:value-type="string" table:number-columns-repeated="1000"><text:p>x</text:p></table:table-cell></table:table-row><table:table-row table:number-rows-repeated="1048576"><table:table-cell/></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>`
    const { diagnostics, ms, grewMB } = read(makeZip([{ name: 'content.xml', data: content }]), 'cards/g/ship.ods')
    expect(diagnostics).toMatchObject([{ rule: 'workbook/too-many-rows', file: 'cards/g/ship.ods#ship', line: 2 }])
    expect(ms).toBeLessThan(5000)
    expect(grewMB).toBeLessThan(100)
  })

  it("a row of values repeated past the workbook's cells", () => {
    const content = `<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet><table:table table:name="ship"><table:table-row table:number-rows-repeated="90000"><table:table-cell office:value-type="string" table:number-columns-repeated="900"><text:p>x</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>`
    const { diagnostics, ms } = read(makeZip([{ name: 'content.xml', data: content }]), 'cards/g/ship.ods')
    expect(diagnostics).toMatchObject([{ rule: 'workbook/too-many-cells' }])
    expect(ms).toBeLessThan(5000)
  })

  it('a file that is no workbook, and a password-protected one', () => {
    expect(read(Buffer.from('id,title\na,b\n')).diagnostics).toMatchObject([{ rule: 'workbook/damaged' }])
    const cfb = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(600).fill(0)])
    expect(read(cfb).diagnostics).toMatchObject([{ rule: 'workbook/encrypted' }])
    const cut = makeZip(xlsxParts(rows(3)))
    expect(read(cut.subarray(0, cut.length - 30)).diagnostics).toMatchObject([{ rule: 'workbook/damaged' }])
  })
})

describe('mutated workbooks (a fixed seed)', () => {
  // Each part of LibreOffice's workbooks, its XML mutated, zipped again; and the bytes of the archive mutated.
  const fixtures = ['fleet.xlsx', 'fleet.ods', 'mistakes.xlsx', 'tavern-nl.ods'].map(
    (name) => [name, readFileSync(fileURLToPath(new URL(`../fixtures/workbooks/${name}`, import.meta.url)))] as const,
  )
  const pieces = [
    '<',
    '"',
    '&amp;',
    '&#0;',
    't="e"',
    'r="ZZZZ99999999"',
    'number-rows-repeated="99999999"',
    'number-columns-repeated="70000"',
    'number-rows-spanned="100000"',
    '<mergeCell ref="A1:XFD1048576"/>',
    'value-type="date"',
    'value="1e400"',
    '</table:table-row>',
    '<text:p>',
    's="99999"',
    'Target="../../x"',
  ]
  it('end in diagnostics, never an exception', () => {
    let seed = 36
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31)
    for (let run = 0; run < 200; run++) {
      const [name, bytes] = fixtures[run % fixtures.length]!
      let mutated: Buffer
      if (run % 2) {
        mutated = Buffer.from(bytes)
        for (let m = 0; m < 4; m++)
          mutated[Math.floor(random() * Math.min(mutated.length, 900)) + Math.max(0, mutated.length - 900)] =
            Math.floor(random() * 256)
      } else {
        const zip = new ZipArchive(bytes)
        const parts = [...zip.entries.keys()]
          .filter((k) => /\.(xml|rels)$/.test(k))
          .map((k) => ({ name: k, data: zip.text(k)! }))
        const part = parts[Math.floor(random() * parts.length)]!
        const at = Math.floor(random() * part.data.length)
        part.data =
          part.data.slice(0, at) +
          pieces[Math.floor(random() * pieces.length)] +
          part.data.slice(at + Math.floor(random() * 20))
        mutated = makeZip(parts)
      }
      expect(() => parseWorkbookCards(mutated, `cards/g/x.${name.split('.')[1]}`), `run ${run}`).not.toThrow()
    }
  })
})

describe('merged ranges', () => {
  it('10,000 merges each down 100,000 rows cost no more than a million filled cells', () => {
    const data = Array.from(
      { length: 2000 },
      (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>${i}</v></c></row>`,
    ).join('')
    const merges = Array.from(
      { length: 10_000 },
      (_, i) => `<mergeCell ref="B2:${String.fromCharCode(66 + (i % 20))}100000"/>`,
    ).join('')
    const parts = xlsxParts(
      `<row r="1"><c r="A1" t="inlineStr"><is><t>id</t></is></c><c r="B1" t="inlineStr"><is><t>set</t></is></c></row>${data}<row r="2"><c r="B2" t="inlineStr"><is><t>x</t></is></c></row>`,
    )
    parts[3] = {
      ...parts[3]!,
      data: String(parts[3]!.data).replace('</sheetData>', `</sheetData><mergeCells>${merges}</mergeCells>`),
    }
    const started = performance.now()
    const { value } = read(makeZip(parts))
    expect(performance.now() - started).toBeLessThan(10_000)
    expect(value[0]!.cards.length).toBeGreaterThan(1000)
  })
})

describe('a wide header over many rows', () => {
  it('1,000 fields over 10,000 rows (a value a row) is refused before 10 million values are made', () => {
    const header = Array.from({ length: 1000 }, (_, i) => `<c r="R1C${i + 1}" t="inlineStr"><is><t>f${i}</t></is></c>`)
      .join('')
      .replace(/r="R1C\d+"/g, '')
    const data = Array.from(
      { length: 10_000 },
      (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>${i}</v></c></row>`,
    ).join('')
    const { diagnostics, value } = read(makeZip(xlsxParts(`<row r="1">${header}</row>${data}`)))
    expect(diagnostics).toMatchObject([{ rule: 'workbook/too-many-cells', file: 'cards/g/ship.xlsx#ship', line: 1 }])
    expect(value).toMatchObject([{ unreadable: true, cards: [] }])
  })
})
