import { existsSync, readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { stringify as toYaml } from 'yaml'
import { hasErrors, type Diagnostic, type Result } from './diagnostics/diagnostic.ts'
import {
  checkTranslations,
  checkWords,
  gameLanguages,
  gameTexts,
  textFields,
  unknownLanguages,
} from './engine/translations.ts'
import { relativePath } from './load/project.ts'
import { loadWords, parseWords, wordsPath } from './load/template-words.ts'
import { GAME_TEXTS_KEY, loadTranslations, parseTranslations, translationPath } from './load/translations.ts'
import { isWorkbook, workbookTextRows } from './load/workbook/workbook.ts'
import { writeFileAtomic } from './util/atomic-write.ts'
import { validateGame } from './validate/validate-game.ts'

/** The columns of a translation sheet: what a translator sees in a spreadsheet. */
const HEADER = ['card', 'field', 'default', 'translation']

/**
 * A cell as a spreadsheet shows it and never runs: text that starts like a formula (`=`, `+`, `-`, `@`, a
 * tab or a carriage return) gets a leading apostrophe, which spreadsheets hide and `readSheet` removes.
 */
export const safeCell = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)
const unsafeCell = (text: string): string => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text)

/** The rows of a sheet that are not a card's: the game's own texts, and the words the templates print. */
const TEMPLATE_WORDS = '_template'

/**
 * `deckwright translations <game> --lang nl`: every text of the game to translate into `lang`, one row each
 * with the default text beside it and the translation so far, as CSV for a spreadsheet: the game's own texts
 * (`_game`: its title, type names…), the templates' words (`_template`), then each card's text fields.
 */
export const translationSheet = async (root: string, id: string, lang: string): Promise<Result<string | undefined>> => {
  const validated = await validateGame(root, id, { faces: false })
  const loaded = validated.value
  const diagnostics: Diagnostic[] = validated.diagnostics.filter(
    (d) => d.severity === 'error' && !d.rule.startsWith('translation/'),
  )
  if (!loaded || diagnostics.length) return { value: undefined, diagnostics }
  const { game, cards, paths } = loaded
  const refused = unknownLanguages(game, [lang], relativePath(root, paths.definition))
  if (refused.length) return { value: undefined, diagnostics: refused }
  const translations = loadTranslations(paths, lang).value
  const done = new Map(translations.cards.map((c) => [c.card, new Map(c.texts.map((t) => [t.field, t.text]))]))
  const gameDone = new Map(translations.game.map((t) => [t.key, t.text]))
  const wordsDone = new Map(loadWords(paths, lang).value.words.map((w) => [w.key, w.text]))
  const rows = [
    ...[...gameTexts(game)]
      .filter(([, text]) => text)
      .map(([key, text]) => [GAME_TEXTS_KEY, key, text, gameDone.get(key) ?? '']),
    ...loadWords(paths, gameLanguages(game)[0]!).value.words.map((w) => [
      TEMPLATE_WORDS,
      w.key,
      w.text,
      wordsDone.get(w.key) ?? '',
    ]),
    ...cards.flatMap((card) =>
      textFields(game, card)
        .filter((name) => typeof card.fields[name] === 'string' && card.fields[name] !== '')
        .map((name) => [card.id, name, String(card.fields[name]), done.get(card.id)?.get(name) ?? '']),
    ),
  ]
  return { value: stringify([HEADER, ...rows.map((row) => row.map(safeCell))]), diagnostics: [] }
}

/**
 * `deckwright translations <game> --lang nl --import FILE`: a translation sheet back into
 * `cards/<game>/lang/<lang>.yaml` (the game's and the cards' texts) and `templates/<game>/lang/<lang>.yaml`
 * (the templates' words), the rows with a translation. Both are checked as `validate` checks them and
 * written only when neither has errors.
 */
export const importTranslationSheet = async (
  root: string,
  id: string,
  lang: string,
  sheet: string,
): Promise<Result<string[] | undefined>> => {
  const validated = await validateGame(root, id, { faces: false })
  const loaded = validated.value
  if (!loaded) return { value: undefined, diagnostics: validated.diagnostics }
  const { game, cards, paths } = loaded
  const refused = unknownLanguages(game, [lang], relativePath(root, paths.definition))
  if (refused.length) return { value: undefined, diagnostics: refused }
  const sheetFile = relativePath(root, sheet)
  if (!existsSync(sheet))
    return {
      value: undefined,
      diagnostics: [
        { rule: 'translation/bad-sheet', severity: 'error', file: sheetFile, message: `${sheetFile} does not exist` },
      ],
    }
  let rows: string[][]
  // A sheet saved as a workbook (.xlsx, .ods): its first sheet's rows, as text.
  const book = isWorkbook(sheet) ? workbookTextRows(readFileSync(sheet), sheetFile) : undefined
  if (book && !book.value) return { value: undefined, diagnostics: book.diagnostics }
  try {
    rows =
      book?.value ??
      (parse(readFileSync(sheet, 'utf8'), {
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
      }) as string[][])
  } catch (error) {
    const err = error as Error & { lines?: number }
    return {
      value: undefined,
      diagnostics: [
        {
          rule: 'translation/bad-sheet',
          severity: 'error',
          file: sheetFile,
          line: err.lines ?? 1,
          message: `not a CSV file: ${err.message.split('\n')[0]}`,
        },
      ],
    }
  }
  const [header, ...body] = rows
  const at = (name: string) => header?.findIndex((h) => h.trim().toLowerCase() === name) ?? -1
  const [card, field, translation] = [at('card'), at('field'), at('translation')]
  if (card < 0 || field < 0 || translation < 0)
    return {
      value: undefined,
      diagnostics: [
        {
          rule: 'translation/bad-sheet',
          severity: 'error',
          file: sheetFile,
          line: 1,
          message: `${sheetFile} needs the columns card, field and translation (as \`deckwright translations\` writes them)`,
        },
      ],
    }
  const byCard = new Map<string, Record<string, unknown>>()
  const gameTexts: Record<string, unknown> = {}
  const words: Record<string, string> = {}
  for (const row of body) {
    const text = unsafeCell(row[translation] ?? '').trim()
    if (!text) continue
    const id = unsafeCell(row[card] ?? '').trim()
    const name = unsafeCell(row[field] ?? '').trim()
    if (id === TEMPLATE_WORDS) words[name] = text
    else if (id === GAME_TEXTS_KEY) setPath(gameTexts, name.split('.'), text)
    else byCard.set(id, { ...byCard.get(id), [name]: text })
  }
  const cardsYaml = `# ${game.title}: its texts in ${lang} (deckwright translations ${id} --lang ${lang} --import).\n${toYaml(Object.fromEntries([...(Object.keys(gameTexts).length ? [[GAME_TEXTS_KEY, gameTexts] as const] : []), ...byCard]), { lineWidth: 0 })}`
  const wordsYaml = `# ${game.title}: the templates' words in ${lang} (deckwright translations ${id} --lang ${lang} --import).\n${toYaml(words, { lineWidth: 0 })}`
  // The files as they will be, checked as validate checks them: their errors point at their lines.
  const targets = [translationPath(paths, lang), ...(Object.keys(words).length ? [wordsPath(paths, lang)] : [])]
  const parsed = parseTranslations(cardsYaml, relativePath(root, targets[0]!), lang)
  const parsedWords = parseWords(wordsYaml, relativePath(root, wordsPath(paths, lang)), lang)
  const diagnostics = [
    ...parsed.diagnostics,
    ...checkTranslations(game, cards, parsed.value, true),
    ...parsedWords.diagnostics,
    ...(targets.length > 1 ? checkWords(loadWords(paths, gameLanguages(game)[0]!).value, parsedWords.value, true) : []),
  ].filter((d) => d.severity === 'error')
  if (hasErrors(diagnostics))
    return {
      value: undefined,
      diagnostics: diagnostics.map((d) => ({ ...d, file: sheetFile, line: undefined, column: undefined })),
    }
  writeFileAtomic(targets[0]!, cardsYaml)
  if (targets[1]) writeFileAtomic(targets[1], wordsYaml)
  return { value: targets.map((t) => relativePath(root, t)), diagnostics: [] }
}

/** `obj.a.b = value` for a path of keys, making the mappings on the way. */
const setPath = (obj: Record<string, unknown>, path: string[], value: string): void => {
  let at = obj
  for (const key of path.slice(0, -1))
    at = (at[key] = typeof at[key] === 'object' && at[key] ? at[key] : {}) as Record<string, unknown>
  at[path[path.length - 1]!] = value
}
