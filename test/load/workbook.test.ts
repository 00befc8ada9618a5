import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { cardType, defineGame } from '../../src/engine/define.ts'
import { bool, icons, int, ref, text } from '../../src/engine/fields.ts'
import { modelCards } from '../../src/engine/model.ts'
import { inSheets } from '../../src/diagnostics/sheet-place.ts'
import { formatters } from '../../src/diagnostics/formatters/index.ts'
import { parseWorkbookCards } from '../../src/load/workbook-cards.ts'
import { loadCardFiles } from '../../src/load/card-files.ts'
import type { CardFileCache } from '../../src/load/card-file-cache.ts'
import { gamePaths } from '../../src/load/project.ts'
import { makeZip, textCell, xlsxParts } from './make-zip.ts'
import { readWorkbook, sheetTextRows } from '../../src/load/workbook/workbook.ts'

// Workbooks LibreOffice wrote (tools/workbook-fixtures/generate.mjs), in both formats.
const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../fixtures/workbooks/${name}`, import.meta.url)))

const game = defineGame({
  id: 'g',
  title: 'G',
  version: '1',
  players: { min: 2, max: 4 },
  params: {},
  vocabularies: {
    resources: {
      wood: { label: 'Wood', icon: 'game-icons:wood-pile' },
      stone: { label: 'Stone', icon: 'game-icons:stone-pile' },
    },
  },
  types: {
    ship: cardType({
      name: 'Ship',
      fields: {
        title: text(),
        cost: icons('resources', { optional: true }),
        power: int(),
        launched: text({ optional: true }),
      },
    }),
    port: cardType({ name: 'Port', fields: { title: text(), open: bool(), ship: ref('ship') } }),
  },
})

const load = (name: string, as = `cards/g/${name}`) => {
  const parsed = parseWorkbookCards(fixture(name), as.replace(/\.\w+$/, name.slice(name.lastIndexOf('.'))))
  const modelled = modelCards(game, parsed.value)
  return {
    files: parsed.value,
    cards: modelled.value,
    diagnostics: inSheets([...parsed.diagnostics, ...modelled.diagnostics]),
  }
}

describe.each(['xlsx', 'ods'])('a workbook LibreOffice wrote (.%s)', (ext) => {
  it('reads each card sheet as a card file, skipping the hidden sheet and _notes', () => {
    const { files, cards, diagnostics } = load(`fleet.${ext}`)
    expect(diagnostics).toEqual([])
    expect(files.map((f) => f.sheet)).toEqual(['ship', 'port'])
    expect(cards.map((c) => `${c.type}:${c.id}`)).toEqual(['ship:s1', 'ship:s2', 'ship:s3', 'port:p1', 'port:p2'])
  })

  it('reads formulas as their values, numbers, booleans, dates, rich and accented text, qty and merged header cells', () => {
    const { cards } = load(`fleet.${ext}`)
    const [s1, s2, s3, p1, p2] = cards
    expect(s1).toMatchObject({
      qty: 2,
      fields: { title: 'Étoile du Nord', cost: ['wood', 'stone'], power: 3, launched: '2026-05-01' },
    })
    expect(s2).toMatchObject({
      qty: 1,
      fields: { title: 'Zürich Ærø', cost: ['wood'], power: 4, launched: '1999-12-31' },
    })
    expect(s3).toMatchObject({ qty: 3, fields: { title: 'Two\nlines', power: 5 } })
    expect(p1).toMatchObject({ fields: { title: 'Port Ōtaru', open: true, ship: 's1' } })
    expect(p2).toMatchObject({ fields: { title: 'Kraków', open: false, ship: 's2' } })
  })

  it('places each value at its cell: line the row, column the column number (after an empty row too)', () => {
    const { cards } = load(`fleet.${ext}`)
    expect(cards[1]!.source).toMatchObject({ file: `cards/g/fleet.${ext}#ship`, pos: { line: 4 } })
    expect(cards[1]!.source.fields.power).toMatchObject({ line: 4, column: 5 })
    expect(cards[3]!.source.fields.open).toMatchObject({ line: 2, column: 3 })
  })

  it('reports mistakes at the workbook, sheet and cell, with "did you mean"', () => {
    const { diagnostics } = load(`mistakes.${ext}`)
    const file = `cards/g/mistakes.${ext}`
    const at = (rule: string) =>
      diagnostics.filter((d) => d.rule === rule).map((d) => `${d.line}:${d.column} ${d.message}`)
    expect(diagnostics.every((d) => d.file === file)).toBe(true)
    expect(at('workbook/duplicate-header')).toEqual([
      expect.stringMatching(/^1:7 ship!G1: the header row names `bonus` twice \(columns F and G\)/),
    ])
    expect(at('workbook/formula-error')).toEqual([
      '2:4 ship!D2: this cell shows the error #DIV/0!: correct its formula',
    ])
    expect(at('card/unknown-icon')).toEqual([
      expect.stringMatching(/^2:3 ship!C2: `cost`: "wod" is not in this game's resources \(did you mean "wood"\?\)/),
    ])
    expect(at('card/unknown-field')).toEqual([
      expect.stringMatching(/^1:5 ship!E1: .*titel.*did you mean "title"/),
      expect.stringMatching(/^1:6 ship!F1: Ship has no field `bonus`/),
    ])
    expect(at('card/wrong-type')).toEqual([expect.stringMatching(/^3:4 ship!D3: .*whole number.*"lots"/)])
    expect(at('card/missing-type')).toEqual([
      expect.stringMatching(
        /^1:1 Sheet2!A1: the cards of the sheet Sheet2 of mistakes\.\w+ have no type: name the sheet after its type \(e\.g\. ship\) or add a `type` column/,
      ),
    ])
  })

  it('gives a workbook named for a type in the plural the same hint as a CSV', () => {
    const { diagnostics } = load(`mistakes.${ext}`, `cards/g/ports.${ext}`)
    const hint = diagnostics.find((d) => d.rule === 'card/missing-type')
    expect(hint?.message).toBe(
      `Sheet2!A1: the cards of the sheet Sheet2 of ports.${ext} have no type: name the file after its type (port.${ext}) or the sheet (port) or add a \`type\` column`,
    )
  })

  it("gives rows of text with their cells' places (the seam for a translator's sheet)", () => {
    const port = readWorkbook(fixture(`fleet.${ext}`), `fleet.${ext}`).find((s) => s.name === 'port')!
    const rows = sheetTextRows(port)
    expect(rows[1]!.map((c) => c.text)).toEqual(['p1', 'Port Ōtaru', 'true', 's1'])
    expect(rows[2]![1]).toEqual({ text: 'Kraków', row: 3, column: 2, ref: 'port!B3' })
  })
})

describe("a sheet's place in what deckwright prints", () => {
  const d = {
    rule: 'card/unknown-icon',
    severity: 'error' as const,
    file: 'cards/g/data.xlsx#Ships',
    line: 7,
    column: 3,
    message: '"wod" is not in this game\'s resources; first at cards/g/data.xlsx#My ships:2',
  }
  it('names the workbook as the file, the sheet and cell in the message, in every format', () => {
    expect(JSON.parse(formatters.json([d]))).toEqual([
      {
        ...d,
        file: 'cards/g/data.xlsx',
        message: `Ships!C7: "wod" is not in this game's resources; first at cards/g/data.xlsx ('My ships', row 2)`,
      },
    ])
    expect(formatters.stylish([d])).toMatch(/^cards\/g\/data\.xlsx\n {2}7:3 +error +Ships!C7: "wod"/)
    expect(formatters.github([d])).toContain('file=cards/g/data.xlsx,line=7,col=3')
  })
})

describe("workbooks among a game's card files", () => {
  it('are listed with the YAML and CSV files, read again only when their bytes change, ~$ lock files skipped', () => {
    const root = mkdtempSync(join(tmpdir(), 'workbooks-'))
    try {
      const paths = gamePaths(root, 'g')
      mkdirSync(paths.cardsDir, { recursive: true })
      writeFileSync(join(paths.cardsDir, 'fleet.xlsx'), fixture('fleet.xlsx'))
      writeFileSync(join(paths.cardsDir, '~$fleet.xlsx'), 'Excel notes the workbook is open')
      writeFileSync(join(paths.cardsDir, 'more.csv'), 'id,type,title,_notes\nm1,port,More,a note\n')
      const cache: CardFileCache = new Map()
      const first = loadCardFiles(paths, cache)
      expect(first.diagnostics).toEqual([])
      expect(first.value.map((f) => f.file)).toEqual([
        'cards/g/fleet.xlsx#ship',
        'cards/g/fleet.xlsx#port',
        'cards/g/more.csv',
      ])
      const again = loadCardFiles(paths, cache)
      expect(again.value[0]).toBe(first.value[0]) // the same bytes: not read again
      writeFileSync(join(paths.cardsDir, 'fleet.xlsx'), fixture('mistakes.xlsx'))
      const changed = loadCardFiles(paths, cache)
      expect(changed.value.map((f) => f.file)).toEqual([
        'cards/g/fleet.xlsx#ship',
        'cards/g/fleet.xlsx#Sheet2',
        'cards/g/more.csv',
      ])
      expect(changed.diagnostics.map((d) => d.rule)).toContain('workbook/duplicate-header')
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('rows and columns a designer does not mean as cards', () => {
  const cell = (ref: string, text: string) =>
    `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`
  it('skips a row of blank cells, ignores an error in a _ column, and reports a value under no header', () => {
    const sheet = [
      `<row r="1">${cell('A1', 'id')}${cell('B1', 'title')}${cell('C1', '_helper')}</row>`,
      `<row r="2">${cell('A2', 's1')}${cell('B2', 'One')}<c r="C2" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>`,
      `<row r="3">${cell('A3', '  ')}${cell('B3', ' ')}</row>`,
      `<row r="4">${cell('A4', 's2')}${cell('B4', 'Two')}${cell('E4', 'stray')}</row>`,
    ].join('')
    const { value, diagnostics } = parseWorkbookCards(makeZip(xlsxParts(sheet)), 'cards/g/data.xlsx')
    expect(value[0]!.cards.map((c) => c.values.get('id')!.value)).toEqual(['s1', 's2'])
    expect(inSheets(diagnostics)).toMatchObject([
      {
        rule: 'workbook/empty-header',
        line: 4,
        column: 5,
        message: expect.stringMatching(/^ship!E4: a value in column E/),
      },
    ])
  })
})

describe('cell values as a spreadsheet shows them', () => {
  it('reads date and time styles as ISO text, and a float a hair off a whole number as that number', () => {
    const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    const bytes = makeZip([
      {
        name: 'xl/workbook.xml',
        data: `<workbook ${ns} xmlns:r="r"><sheets><sheet name="s" r:id="rId1"/></sheets></workbook>`,
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: '<Relationships><Relationship Id="rId1" Type="x/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="x/styles" Target="styles.xml"/></Relationships>',
      },
      {
        name: 'xl/styles.xml',
        data: '<styleSheet><numFmts><numFmt numFmtId="164" formatCode="hh:mm"/><numFmt numFmtId="165" formatCode="&quot;day&quot; 0"/></numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/><xf numFmtId="165"/></cellXfs></styleSheet>',
      },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: '<worksheet><sheetData><row r="1"><c r="A1" s="1"><v>0.5</v></c><c r="B1" s="2"><v>46143</v></c><c r="C1" s="2"><v>46143.75</v></c><c r="D1"><v>2.9999999999999996</v></c><c r="E1" s="3"><v>7</v></c></row></sheetData></worksheet>',
      },
    ])
    expect(readWorkbook(bytes, 'x.xlsx')[0]!.rows[0]!.cells.map((c) => c.value)).toEqual([
      '12:00:00',
      '2026-05-01',
      '2026-05-01T18:00:00',
      3,
      7,
    ])
  })
})

describe('a sheet named for a type in the plural', () => {
  it('gets the hint to name the sheet after its type', () => {
    const sheet = `<row r="1">${textCell('A1', 'id')}${textCell('B1', 'title')}</row><row r="2">${textCell('A2', 's9')}${textCell('B2', 'Nine')}</row>`
    const parsed = parseWorkbookCards(makeZip(xlsxParts(sheet, undefined, 'Ships')), 'cards/g/fleet.xlsx')
    const { diagnostics } = modelCards(game, parsed.value)
    expect(inSheets(diagnostics)).toMatchObject([
      {
        rule: 'card/missing-type',
        file: 'cards/g/fleet.xlsx',
        message:
          'Ships!A1: the cards of the sheet Ships of fleet.xlsx have no type: name the sheet after its type (ship) or add a `type` column',
      },
    ])
  })
})

describe.each(['xlsx', 'ods'])('cells merged down several rows (.%s)', (ext) => {
  it('give their value to each row they span, at the merged cell', () => {
    const parsed = parseWorkbookCards(fixture(`merged.${ext}`), `cards/g/merged.${ext}`)
    expect(parsed.diagnostics).toEqual([])
    const ships = parsed.value[0]!.cards.map((c) => [c.values.get('id')!.value, c.values.get('ship')!.value])
    expect(ships).toEqual([
      ['p3', 's1'],
      ['p4', 's1'],
      ['p5', 's1'],
      ['p6', 's2'],
    ])
    expect(parsed.value[0]!.cards[2]!.values.get('ship')!.pos).toEqual({ line: 4, column: 3 })
  })
})
