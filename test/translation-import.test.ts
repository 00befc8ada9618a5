// A translator's sheet is untrusted data: `translations --import` sets what it holds and nothing else, says
// what is wrong at its row, and writes only inside the game's folders.
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseTranslations } from '../src/load/translations.ts'
import { readSheetRows, safeCell } from '../src/load/translation-sheet.ts'
import { importTranslationSheet } from '../src/translation-sheet.ts'
import { fixture, projectCopy } from './helpers.ts'

/** The languages fixture with a clean Dutch translation, and a sheet to import into it. */
const project = () => {
  const root = projectCopy(fixture('languages'))
  writeFileSync(
    join(root, 'cards', 'tavern', 'lang', 'nl.yaml'),
    '# kept\n_game: { title: Herberg }\nale: { name: Bier, effect: Trek een kaart. }\nmead:\n  name: Mede # kept too\n',
  )
  writeFileSync(join(root, 'templates', 'tavern', 'lang', 'nl.yaml'), 'deck: Drankjes\n')
  const sheet = (text: string) => {
    writeFileSync(join(root, 'sheet.csv'), `card,field,default,translation\n${text}`)
    return importTranslationSheet(root, 'tavern', 'nl', join(root, 'sheet.csv'))
  }
  return { root, sheet, nl: join(root, 'cards', 'tavern', 'lang', 'nl.yaml') }
}

const textsOf = (path: string) => {
  const file = parseTranslations(readFileSync(path, 'utf8'), 'nl.yaml', 'nl').value
  return {
    game: Object.fromEntries(file.game.map((t) => [t.key, t.text])),
    cards: Object.fromEntries(
      file.cards.map((c) => [c.card, Object.fromEntries(c.texts.map((t) => [t.field, t.text]))]),
    ),
  }
}

describe('translations --import', () => {
  it('updates what the sheet holds and keeps the other translations and comments of the file', async () => {
    const { sheet, nl } = project()
    const imported = await sheet('wine,name,Wine,Wijn\n')
    expect(imported.diagnostics).toEqual([])
    expect(textsOf(nl)).toEqual({
      game: { title: 'Herberg' },
      cards: { ale: { name: 'Bier', effect: 'Trek een kaart.' }, mead: { name: 'Mede' }, wine: { name: 'Wijn' } },
    })
    expect(readFileSync(nl, 'utf8')).toContain('# kept too')
    // A row of the sheet replaces the text it names.
    expect((await sheet('ale,name,Ale,Pils\n')).diagnostics).toEqual([])
    expect(textsOf(nl).cards['ale']).toEqual({ name: 'Pils', effect: 'Trek een kaart.' })
  }, 60_000)

  it("never walks a key from the sheet as an object's path: __proto__ rows are errors at their row, and nothing is written", async () => {
    const { sheet, nl, root } = project()
    const before = readFileSync(nl, 'utf8')
    const imported = await sheet(
      '_game,__proto__.polluted,,X\n_template,__proto__,,Y\n__proto__,name,,Z\nale,constructor,,W\n',
    )
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
    expect(imported.value).toBeUndefined()
    expect(imported.diagnostics.map((d) => [d.rule, d.file, d.line, d.column])).toEqual([
      ['translation/unknown-text', 'sheet.csv', 2, 27],
      ['translation/unknown-card', 'sheet.csv', 4, 17],
      ['translation/unknown-field', 'sheet.csv', 5, 18],
      ['translation/unknown-word', 'sheet.csv', 3, 22],
    ])
    expect(readFileSync(nl, 'utf8')).toBe(before)
    expect(readFileSync(join(root, 'templates', 'tavern', 'lang', 'nl.yaml'), 'utf8')).toBe('deck: Drankjes\n')
  }, 60_000)

  it("says what is wrong at the sheet's row and column: a quoted cell over two lines, a row given twice", async () => {
    const { sheet } = project()
    const imported = await sheet('ale,name,Ale,Bier\n"wine","effect\nmore",x,Wijn\n\nale,name,Ale,Pils\n')
    expect(imported.diagnostics.map((d) => [d.rule, d.line, d.column])).toEqual([
      ['translation/duplicate-row', 6, 14],
      ['translation/unknown-field', 4, 9],
    ])
    expect(imported.diagnostics[0]!.message).toContain('first on line 2')
  }, 60_000)

  it("writes only inside the game's folder: a committed lang/ link out of it is refused", async () => {
    const { sheet, root } = project()
    const elsewhere = join(root, '..', `${root.split('/').pop()}-elsewhere`)
    mkdirSync(elsewhere)
    try {
      writeFileSync(join(elsewhere, 'nl.yaml'), 'precious: { a: b }\n')
      rmSync(join(root, 'cards', 'tavern', 'lang'), { recursive: true })
      symlinkSync(elsewhere, join(root, 'cards', 'tavern', 'lang'))
      const imported = await sheet('ale,name,Ale,Bier\n')
      expect(imported.value).toBeUndefined()
      expect(imported.diagnostics.map((d) => [d.rule, d.file])).toEqual([
        ['write/outside', 'cards/tavern/lang/nl.yaml'],
      ])
      expect(readFileSync(join(elsewhere, 'nl.yaml'), 'utf8')).toBe('precious: { a: b }\n')
    } finally {
      rmSync(elsewhere, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('the translation sheet', () => {
  it('neutralises a cell a spreadsheet would read as a formula, spaces or line breaks before it included', () => {
    for (const text of ['=1+1', ' =1+1', '\n=HYPERLINK("x")', '  \n @SUM(A1)', '+1', '-1', '\tx'])
      expect(safeCell(text)).toBe(`'${text}`)
    for (const text of ['Draw a card.', ' a = b', 'x=1']) expect(safeCell(text)).toBe(text)
    // Read back, the apostrophe goes.
    const rows = readSheetRows(`card,field,default,translation\na,b,c,"${safeCell(' =x')}"\n`, 's.csv').value
    expect(rows?.map((r) => r.text)).toEqual(['=x'])
  })
})
