// A translator's sheet sent back as a workbook (LibreOffice's, tools/workbook-fixtures/generate.mjs) is read as
// the CSV would be: the rows of its first sheet of data, as text.
import { copyFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseTranslations } from '../../src/load/translations.ts'
import { importTranslationSheet } from '../../src/translation-sheet.ts'
import { fixture, projectCopy } from '../helpers.ts'

describe.each(['xlsx', 'ods'])('translations --import of a .%s workbook', (ext) => {
  it('reads the first sheet of data (an _instructions sheet before it skipped), empty rows and numbers too', async () => {
    const root = projectCopy(fixture('languages'))
    copyFileSync(join(fixture('workbooks'), `tavern-nl.${ext}`), join(root, `filled.${ext}`))
    const imported = await importTranslationSheet(root, 'tavern', 'nl', join(root, `filled.${ext}`))
    expect(imported.diagnostics).toEqual([])
    const file = parseTranslations(
      readFileSync(join(root, 'cards', 'tavern', 'lang', 'nl.yaml'), 'utf8'),
      'nl.yaml',
      'nl',
    )
    // The sheet's title set; the game text it does not hold kept as the file had it.
    expect(file.value.game.map((t) => [t.key, t.text])).toEqual([
      ['title', 'Herberg'],
      ['types.drinks', 'Drankje'],
    ])
    // The sheet's texts set (ale's effect, wine's name), the rest of the file kept.
    expect(file.value.cards.map((c) => [c.card, Object.fromEntries(c.texts.map((t) => [t.field, t.text]))])).toEqual([
      ['ale', { name: 'Bier', effect: 'Trek één kaart.' }],
      ['mead', { name: 'Mede', price: '5' }],
      ['wine', { naam: 'Wijn', name: '1664' }],
      ['water', { name: 'Water' }],
    ])
    expect(readFileSync(join(root, 'templates', 'tavern', 'lang', 'nl.yaml'), 'utf8')).toContain('deck: Dranken')
  }, 60_000)
})
