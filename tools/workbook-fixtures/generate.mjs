// Writes the workbook fixtures of test/fixtures/workbooks/ with LibreOffice, so that the tests read files real
// spreadsheet software wrote: each workbook is written here as a flat OpenDocument file (.fods, XML by hand),
// then LibreOffice converts it to .xlsx and .ods (`soffice --headless --convert-to`). Hidden sheets, formulas
// with their computed values, merged cells, dates and rich text are the workbook features LibreOffice writes.
//
//   node tools/workbook-fixtures/generate.mjs      (needs LibreOffice: apt-get install libreoffice-calc-nogui)
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { table, writeWorkbooks } from './fods.mjs'

const out = fileURLToPath(new URL('../../test/fixtures/workbooks/', import.meta.url))

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

// tavern-nl: a translator's sheet (test/fixtures/languages' tavern) filled in and saved as a workbook, with a
// sheet of instructions before it.
const tavernNl = [
  table('_instructions', [['Fill in the translation column, then send the file back.']]),
  table('nl', [
    ['card', 'field', 'default', 'translation'],
    ['_game', 'title', 'Tavern', 'Herberg'],
    ['_template', 'deck', 'Drinks', 'Dranken'],
    ['ale', 'name', 'Ale', 'Bier'],
    [],
    ['ale', 'effect', 'Draw a card.', 'Trek één kaart.'],
    ['wine', 'name', 'Wine', 1664],
  ]),
]

// merged: cells merged down the rows of several cards (a designer's way of saying "all of these").
const merged = [
  table('port', [
    ['id', 'title', 'ship', 'open'],
    ['p3', 'Tromsø', { value: 's1', across: 1, down: 3 }, true],
    ['p4', 'Lübeck', { covered: true }, false],
    ['p5', 'Cádiz', { covered: true }, true],
    ['p6', 'Vigo', 's2', true],
  ]),
]

mkdirSync(out, { recursive: true })
writeWorkbooks(out, 'fleet', fleet, ['xlsx', 'ods'])
writeWorkbooks(out, 'mistakes', mistakes, ['xlsx', 'ods'])
writeWorkbooks(out, 'tavern-nl', tavernNl, ['xlsx', 'ods'])
writeWorkbooks(out, 'merged', merged, ['xlsx', 'ods'])
