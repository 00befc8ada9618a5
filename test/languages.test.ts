// A game in several languages: its translations checked against its cards.
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseTranslations } from '../src/load/translations.ts'
import { translateCards } from '../src/engine/translations.ts'
import type { Card } from '../src/engine/define.ts'
import { sortDiagnostics } from '../src/diagnostics/diagnostic.ts'
import { importTranslationSheet, translationSheet } from '../src/translation-sheet.ts'
import { deckwright, fixture, projectCopy, editFile } from './helpers.ts'
import { buildRun, validateRun } from './setup/commands.ts'
import { fileThreads } from './setup/threads.ts'

// The file's builds' threads, warm from one build of a project to its next, as a watch keeps them.
const threads = fileThreads()

describe('translations', () => {
  it('are checked against the cards and the game: unknown cards, fields, game texts and template words are errors at their line; what is missing a warning', async () => {
    const root = projectCopy(fixture('languages'))
    const r = await validateRun(root, { faces: false })
    expect(r.failed).toBe(true)
    const said = r.found.filter((d) => d.rule.startsWith('translation/'))
    expect(said.map((d) => [d.rule, d.severity, d.file, d.line, d.card])).toEqual([
      ['translation/missing', 'warning', 'cards/tavern/drinks.yaml', 4, 'mead'],
      ['translation/missing', 'warning', 'cards/tavern/drinks.yaml', 5, 'wine'],
      ['translation/missing', 'warning', 'cards/tavern/lang/nl.yaml', 1, undefined],
      ['translation/unknown-text', 'error', 'cards/tavern/lang/nl.yaml', 1, undefined],
      ['translation/not-translatable', 'error', 'cards/tavern/lang/nl.yaml', 3, 'mead'],
      ['translation/unknown-field', 'error', 'cards/tavern/lang/nl.yaml', 4, 'wine'],
      ['translation/unknown-card', 'error', 'cards/tavern/lang/nl.yaml', 5, undefined],
      ['translation/unknown-word', 'error', 'templates/tavern/lang/nl.yaml', 2, undefined],
    ])
    expect(said[0]!.message).toBe(
      '`effect` of mead has no nl translation in cards/tavern/lang/nl.yaml: the default text is used',
    )
    expect(said[2]!.message).toBe('`types.drink` of _game has no nl translation: the default text is used')
    expect(said[3]!.message).toContain('`types.drinks` is not a text of tavern (did you mean "types.drink"?)')
    expect(said[5]!.message).toContain('has no field `naam` (did you mean "name"?)')
    expect(said[6]!.message).toContain('translates "water", which is not a card of tavern')
    expect(said[7]!.message).toContain(
      '`dek` is not a word of templates/tavern/lang/en.yaml, where the templates\' words are defined (did you mean "deck"?)',
    )
  })

  it("a translated text is read by its field's kind, and laid out on its face, at the translation's line", async () => {
    const root = projectCopy(fixture('languages'))
    const nl = join(root, 'cards', 'tavern', 'lang', 'nl.yaml')
    writeFileSync(join(root, 'templates', 'tavern', 'lang', 'nl.yaml'), 'deck: Drankjes\n')
    // A name past its max (20) is the field kind's error; a long effect does not fit its box on the face.
    writeFileSync(
      nl,
      `_game: { title: Herberg, types: { drink: Drankje } }\nale: { name: Bier, effect: Trek een kaart. }\nmead:\n  name: Mede van de allerbeste bijen\n  effect: ${'Sla een beurt over en nog een en nog een, '.repeat(6)}\nwine: { name: Wijn }\n`,
    )
    const limits = (await validateRun(root)).found
    // Both in one run: the faces are laid out whatever errors the texts have.
    expect(limits.filter((d) => d.severity === 'error').map((d) => [d.rule, d.file, d.line, d.card])).toEqual([
      ['card/text-too-long', 'cards/tavern/lang/nl.yaml', 4, 'mead'],
      ['render/text-overflow', 'cards/tavern/lang/nl.yaml', 5, 'mead'],
    ])
    expect(limits.find((d) => d.rule === 'card/text-too-long')!.message).toBe(
      '`name` (nl): text is 28 characters long (an inline icon counts as one), the limit is 20',
    )
    editFile(nl, 'Mede van de allerbeste bijen', 'Mede')
    const fit = (await validateRun(root)).found
    expect(fit.filter((d) => d.severity === 'error').map((d) => [d.rule, d.file, d.line, d.card])).toEqual([
      ['render/text-overflow', 'cards/tavern/lang/nl.yaml', 5, 'mead'],
    ])
  }, 120_000)

  it("a word a template asks for that the default language's words file lacks is an error at the template's line", async () => {
    const root = projectCopy(fixture('languages'))
    writeFileSync(
      join(root, 'cards', 'tavern', 'lang', 'nl.yaml'),
      '_game: { title: Herberg, types: { drink: Drankje } }\n',
    )
    writeFileSync(join(root, 'templates', 'tavern', 'lang', 'nl.yaml'), 'deck: Drankjes\n')
    const index = join(root, 'templates', 'tavern', 'index.tsx')
    editFile(index, "ctx.t('deck')", "ctx.t('decks')")
    const line =
      readFileSync(index, 'utf8')
        .split('\n')
        .findIndex((l) => l.includes("ctx.t('decks')")) + 1
    const r = await validateRun(root)
    expect(r.failed).toBe(true)
    const errors = r.found.filter((d) => d.severity === 'error')
    expect(errors.map((d) => [d.rule, d.file, d.line])).toEqual([
      ['translation/unknown-word', 'templates/tavern/index.tsx', line],
    ])
    expect(errors[0]!.message).toBe(
      'the template asks for the word "decks", which templates/tavern/lang/en.yaml does not define',
    )
  }, 120_000)

  it("a card may not take the id translation files keep for the game's own texts", async () => {
    const root = projectCopy(fixture('languages'))
    const drinks = join(root, 'cards', 'tavern', 'drinks.yaml')
    writeFileSync(drinks, `${readFileSync(drinks, 'utf8')}  - { id: _game, name: Game, price: 1 }\n`)
    const said = (await validateRun(root, { faces: false })).found
    expect(said.filter((d) => d.rule === 'translation/reserved-id').map((d) => [d.file, d.line, d.card])).toEqual([
      ['cards/tavern/drinks.yaml', 6, '_game'],
    ])
  })

  it('a language without a translation file is one warning; a bad language tag is an error at the definition', async () => {
    const root = projectCopy(fixture('languages'))
    const game = join(root, 'rules', 'tavern', 'game.ts')
    editFile(game, "languages: ['en', 'nl']", "languages: ['en', 'nl', 'de', 'Dutch', 'nl']")
    const said = (await validateRun(root, { faces: false })).found
    expect(said.filter((d) => d.rule === 'game/bad-language').map((d) => d.message)).toEqual([
      'languages: "Dutch" is not a language tag such as "en", "nl" or "pt-BR"; the first language is the default, the card files\' own',
      'languages: "nl" is listed twice; the first language is the default, the card files\' own',
    ])
    // German has no file yet: one warning, not one per card.
    editFile(game, "languages: ['en', 'nl', 'de', 'Dutch', 'nl']", "languages: ['en', 'nl', 'de']")
    const de = (await validateRun(root, { faces: false })).found
    expect(
      de
        .filter((d) => d.rule === 'translation/missing' && d.file === 'cards/tavern/lang/de.yaml')
        .map((d) => d.message),
    ).toEqual(['cards/tavern/lang/de.yaml does not exist: every card is in the default language in the de edition'])
  })

  it('a clean translation validates clean, and the translated cards point at the translation', async () => {
    const root = projectCopy(fixture('languages'))
    writeFileSync(
      join(root, 'cards', 'tavern', 'lang', 'nl.yaml'),
      '_game: { title: Herberg, types: { drink: Drankje } }\nale: { name: Bier, effect: Trek een kaart. }\nmead: { name: Mede, effect: Sla een beurt over. }\nwine: { name: Wijn }\n',
    )
    writeFileSync(join(root, 'templates', 'tavern', 'lang', 'nl.yaml'), 'deck: Drankjes\n')
    const r = await validateRun(root)
    expect([r.failed, r.found.filter((d) => d.severity !== 'info')]).toEqual([false, []])
    const file = parseTranslations('ale: { name: Bier }\n', 'cards/tavern/lang/nl.yaml', 'nl').value
    const ale: Card = {
      id: 'ale',
      type: 'drink',
      set: 'base',
      qty: 1,
      fields: { name: 'Ale', price: 2 },
      source: {
        file: 'cards/tavern/drinks.yaml',
        pos: { line: 3, column: 5 },
        fields: { name: { line: 3, column: 19 } },
      },
    }
    const [nl] = translateCards([ale], file)
    expect(nl!.fields).toEqual({ name: 'Bier', price: 2 })
    expect(nl!.source).toMatchObject({
      file: 'cards/tavern/lang/nl.yaml',
      pos: { line: 1, column: 1 },
      fields: { name: { line: 1, column: 14 } },
    })
  })

  it('a translation file that is not a map of cards to texts is an error at its line, never a crash', () => {
    expect(parseTranslations('- ale\n', 'x.yaml', 'nl').diagnostics).toMatchObject([
      { rule: 'translation/bad-file', line: 1 },
    ])
    expect(parseTranslations('ale: Bier\n', 'x.yaml', 'nl').diagnostics).toMatchObject([
      { rule: 'translation/bad-file', line: 1 },
    ])
    expect(parseTranslations('ale: { name: [a, b] }\n', 'x.yaml', 'nl').diagnostics).toMatchObject([
      { rule: 'translation/not-text', line: 1 },
    ])
    expect(parseTranslations('ale: { name: "x\n', 'x.yaml', 'nl').diagnostics).toMatchObject([{ rule: 'yaml/syntax' }])
    expect(parseTranslations('ale: { name: A }\nale: { name: B }\n', 'x.yaml', 'nl').diagnostics).toMatchObject([
      { rule: 'yaml/duplicate-key', line: 2 },
    ])
  })

  it('build every language: each edition in out/<game>/<lang>/, a face drawn once for two languages that give it the same texts, a changed word redrawing only the faces that show it', async () => {
    const root = projectCopy(fixture('languages'))
    const nl = join(root, 'cards', 'tavern', 'lang', 'nl.yaml')
    const words = join(root, 'templates', 'tavern', 'lang')
    rmSync(join(words, 'nl.yaml'))
    writeFileSync(
      nl,
      'ale: { name: Bier, effect: Trek een kaart. }\nmead: { name: Mede, effect: Sla een beurt over. }\n',
    )
    // `deckwright build --no-overview`, through the library on the file's threads.
    const build = (options: Parameters<typeof buildRun>[1] = {}) =>
      buildRun(root, { overview: false, threads, ...options })
    const built = await build()
    expect(built.failed).toBe(false)
    // Three fronts and a shared back in English; in Dutch only the two fronts whose text changed are new (the
    // back shows the game's title and the word "deck", which Dutch does not translate yet).
    expect(built.summary).toMatch(/tavern: 8 faces \(6 drawn, 2 from the cache\)/)
    const out = join(root, 'out', 'tavern')
    const bytes = (path: string) => readFileSync(join(out, path))
    expect(bytes('nl/faces/ale.front.png').equals(bytes('faces/ale.front.png'))).toBe(false)
    expect(bytes('nl/faces/wine.front.png').equals(bytes('faces/wine.front.png'))).toBe(true)
    expect(bytes('nl/faces/drink.back.png').equals(bytes('faces/drink.back.png'))).toBe(true)
    expect(execFileSync('pdftotext', [join(out, 'nl', 'tavern-nl-rules.pdf'), '-'], { encoding: 'utf8' })).toContain(
      'Schenk elke speler een drankje.',
    )
    expect(execFileSync('pdftotext', [join(out, 'tavern-rules.pdf'), '-'], { encoding: 'utf8' })).toContain(
      'Serve a drink to every player.',
    )
    // The game's title in Dutch: the Dutch back alone is drawn again, and the Dutch PDFs are named and tagged so.
    writeFileSync(nl, `_game: { title: Herberg }\n${readFileSync(nl, 'utf8')}`)
    const titled = await build()
    expect(titled.summary).toMatch(/tavern: 8 faces \(1 drawn, 7 from the cache\)/)
    expect(bytes('nl/faces/drink.back.png').equals(bytes('faces/drink.back.png'))).toBe(false)
    expect(execFileSync('pdfinfo', [join(out, 'nl', 'tavern-nl-cards.pdf')], { encoding: 'utf8' })).toMatch(
      /Title:\s+Herberg — cards \(nl\)/,
    )
    expect(bytes('nl/tavern-nl-cards.pdf').includes('/Lang (nl)')).toBe(true)
    expect(bytes('tavern-cards.pdf').includes('/Lang (en)')).toBe(true)
    // A template word in Dutch, then another English one: each redraws the one back that shows it.
    writeFileSync(join(words, 'nl.yaml'), 'deck: Drankjes\n')
    expect((await build()).summary).toMatch(/tavern: 8 faces \(1 drawn, 7 from the cache\)/)
    const dutchBack = bytes('nl/faces/drink.back.png')
    writeFileSync(join(words, 'en.yaml'), 'deck: Beverages\n')
    expect((await build()).summary).toMatch(/tavern: 8 faces \(1 drawn, 7 from the cache\)/)
    expect(bytes('nl/faces/drink.back.png').equals(dutchBack)).toBe(true)
    // Without the cache, a face the English edition drew is still taken for the Dutch one in the same run.
    expect((await build({ cache: false })).summary).toMatch(/tavern: 8 faces \(7 drawn, 1 from the cache\)/)
    // A language the game does not have is refused.
    const unknown = await buildRun(root, { languages: ['de'], threads })
    expect(unknown.failed).toBe(true)
    expect(unknown.found.filter((d) => d.severity === 'error')).toEqual([
      expect.objectContaining({
        rule: 'build/unknown-language',
        message: expect.stringContaining('--lang names "de"'),
      }),
    ])
    // The default language names its edition alone.
    const english = await build({ languages: ['en'] })
    expect(english.failed).toBe(false)
    expect(english.summary).toMatch(/tavern: 4 faces \(0 drawn, 4 from the cache\)/)
  }, 180_000)

  it('go to translators as a spreadsheet and come back: a CSV round trip, where no cell is a formula', async () => {
    const root = projectCopy(fixture('languages'))
    writeFileSync(join(root, 'cards', 'tavern', 'lang', 'nl.yaml'), 'ale: { name: Bier }\n')
    writeFileSync(join(root, 'templates', 'tavern', 'lang', 'nl.yaml'), 'deck: Drankjes\n')
    const drinks = join(root, 'cards', 'tavern', 'drinks.yaml')
    editFile(drinks, 'effect: Skip a turn.', 'effect: "=HYPERLINK(\\"http://x\\")"')
    // The command's round trip: the sheet it names and writes, read back with --import.
    const exported = await deckwright(root, 'translations', 'tavern', '--lang', 'nl')
    expect(exported.code).toBe(0)
    const sheet = readFileSync(join(root, 'tavern-nl.csv'), 'utf8')
    // The game's own texts, the templates' words, then the cards' texts.
    expect(sheet.split('\n').slice(0, 7)).toEqual([
      'card,field,default,translation',
      '_game,title,Tavern,',
      '_game,types.drink,Drink,',
      '_template,deck,Drinks,Drankjes',
      'ale,name,Ale,Bier',
      'ale,effect,Draw a card.,',
      'mead,name,Mead,',
    ])
    // A text that starts like a formula is shown as text in a spreadsheet, never run.
    expect(sheet).toContain(`mead,effect,"'=HYPERLINK(""http://x"")",`)
    // The translator fills the column (one cell starts with "=" too); the sheet comes back as the translation file.
    const filled = sheet
      .replace('_game,title,Tavern,', '_game,title,Tavern,Herberg')
      .replace('_game,types.drink,Drink,', '_game,types.drink,Drink,Drankje')
      .replace('_template,deck,Drinks,Drankjes', '_template,deck,Drinks,Dranken')
      .replace('ale,effect,Draw a card.,', 'ale,effect,Draw a card.,Trek een kaart.')
      .replace('mead,name,Mead,', "mead,name,Mead,'=Mede")
      .replace('wine,name,Wine,', 'wine,name,Wine,Wijn')
    writeFileSync(join(root, 'filled.csv'), filled)
    const imported = await deckwright(root, 'translations', 'tavern', '--lang', 'nl', '--import', 'filled.csv')
    expect(imported.code).toBe(0)
    const file = parseTranslations(
      readFileSync(join(root, 'cards', 'tavern', 'lang', 'nl.yaml'), 'utf8'),
      'nl.yaml',
      'nl',
    ).value
    expect(file.game.map((t) => [t.key, t.text])).toEqual([
      ['title', 'Herberg'],
      ['types.drink', 'Drankje'],
    ])
    expect(readFileSync(join(root, 'templates', 'tavern', 'lang', 'nl.yaml'), 'utf8')).toContain('deck: Dranken')
    expect(file.cards.map((c) => [c.card, Object.fromEntries(c.texts.map((t) => [t.field, t.text]))])).toEqual([
      ['ale', { name: 'Bier', effect: 'Trek een kaart.' }],
      ['mead', { name: '=Mede' }],
      ['wine', { name: 'Wijn' }],
    ])
    // A row for a card the game does not have: nothing is written, and the sheet is named (through the library:
    // no value is the command's exit 1).
    const sheetImport = (file: string) => importTranslationSheet(root, 'tavern', 'nl', join(root, file))
    writeFileSync(join(root, 'bad.csv'), 'card,field,default,translation\nwater,name,Water,Water\n')
    const bad = await sheetImport('bad.csv')
    expect(bad.value).toBeUndefined()
    expect(sortDiagnostics(bad.diagnostics)).toEqual([
      expect.objectContaining({ rule: 'translation/unknown-card', file: 'bad.csv' }),
    ])
    expect(readFileSync(join(root, 'cards', 'tavern', 'lang', 'nl.yaml'), 'utf8')).toContain('Wijn')
    // A sheet without the columns, and a language the game lacks.
    writeFileSync(join(root, 'odd.csv'), 'a,b\n1,2\n')
    const odd = await sheetImport('odd.csv')
    expect([odd.value, sortDiagnostics(odd.diagnostics)]).toEqual([
      undefined,
      [expect.objectContaining({ rule: 'translation/bad-sheet' })],
    ])
    const german = await translationSheet(root, 'tavern', 'de')
    expect(german.value).toBeUndefined()
    expect(german.diagnostics.length).toBeGreaterThan(0)
  }, 120_000)
})
