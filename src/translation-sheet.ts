import { existsSync, readFileSync } from 'node:fs'
import { stringify } from 'csv-stringify/sync'
import { LineCounter, parseDocument } from 'yaml'
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
import { readTextFile } from './load/text-file.ts'
import {
  readSheetRows,
  readWorkbookSheetRows,
  safeCell,
  SHEET_HEADER,
  type SheetRow,
} from './load/translation-sheet.ts'
import { isWorkbook } from './load/workbook/workbook.ts'
import { append } from './util/append.ts'
import { writeFileAtomic } from './util/atomic-write.ts'
import { OutsideFolderError, writablePath } from './util/inside-folder.ts'
import { validateGame, type LoadedGame } from './validate/validate-game.ts'

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
  return { value: stringify([SHEET_HEADER, ...rows.map((row) => row.map(safeCell))]), diagnostics: [] }
}

/** A row of the sheet with the keys it sets in its file: `[card, field]`, `['_game', ...key]` or `[word]`. */
interface PlacedRow extends SheetRow {
  path: string[]
}

/** The sheet's rows for each file: the cards' and game's texts, and the templates' words; what is wrong with a row, at it. */
const sortRows = (rows: readonly SheetRow[], sheetFile: string) => {
  const texts: PlacedRow[] = []
  const words: PlacedRow[] = []
  const diagnostics: Diagnostic[] = []
  const seen = new Map<string, SheetRow>()
  const problem = (row: SheetRow, rule: string, message: string) =>
    diagnostics.push({ rule, severity: 'error', file: sheetFile, line: row.line, column: row.column, message })
  for (const row of rows) {
    const key = `${row.card}\0${row.field}`
    const first = seen.get(key)
    if (!row.card || !row.field) problem(row, 'translation/bad-sheet', 'a translated row names its card and its field')
    else if (first)
      problem(
        row,
        'translation/duplicate-row',
        `${row.card} \`${row.field}\` is translated twice (first on line ${first.line}): keep one`,
      )
    else if (row.card === GAME_TEXTS_KEY && row.field.split('.').some((part) => !part))
      problem(
        row,
        'translation/unknown-text',
        `\`${row.field}\` is not a text of the game: its parts are names joined by "."`,
      )
    else if (row.card === TEMPLATE_WORDS) words.push({ ...row, path: [row.field] })
    else
      texts.push({
        ...row,
        path: row.card === GAME_TEXTS_KEY ? [row.card, ...row.field.split('.')] : [row.card, row.field],
      })
    if (!first) seen.set(key, row)
  }
  return { texts, words, diagnostics }
}

/**
 * YAML text that holds the rows: keys from the sheet are set in YAML's own mappings, never walked as an
 * object's properties (a `__proto__` row is a key like any other, which the checks then refuse at its row).
 */
const rowsYaml = (rows: readonly PlacedRow[], start = ''): string => {
  const doc = parseDocument(start)
  for (const row of rows) doc.setIn(row.path, row.text)
  return doc.toString({ lineWidth: 0 })
}

/**
 * The sheet's texts checked as validate checks them (a card or a game text that does not exist, a text too
 * long…), each error at the row of the sheet it comes from.
 */
const checkSheet = (loaded: LoadedGame, lang: string, sorted: ReturnType<typeof sortRows>, sheetFile: string) => {
  const { game, cards, paths } = loaded
  const rowAt = new Map<string, SheetRow>()
  const rowOf = (card: string, field?: string) =>
    sorted[card === TEMPLATE_WORDS ? 'words' : 'texts'].find((r) => r.card === card && (!field || r.field === field))
  const file = relativePath(paths.root, translationPath(paths, lang))
  const parsed = parseTranslations(rowsYaml(sorted.texts), file, lang)
  for (const c of parsed.value.cards) {
    rowAt.set(`${file}:${c.pos.line}`, rowOf(c.card)!)
    for (const t of c.texts) rowAt.set(`${file}:${t.pos.line}`, rowOf(c.card, t.field)!)
  }
  for (const t of parsed.value.game) rowAt.set(`${file}:${t.pos.line}`, rowOf(GAME_TEXTS_KEY, t.key)!)
  if (parsed.value.gamePos) rowAt.set(`${file}:${parsed.value.gamePos.line}`, rowOf(GAME_TEXTS_KEY)!)
  const diagnostics = [...parsed.diagnostics, ...checkTranslations(game, cards, parsed.value, true)]
  if (sorted.words.length) {
    const wordsFile = relativePath(paths.root, wordsPath(paths, lang))
    const words = parseWords(rowsYaml(sorted.words), wordsFile, lang)
    for (const w of words.value.words) rowAt.set(`${wordsFile}:${w.pos.line}`, rowOf(TEMPLATE_WORDS, w.key)!)
    append(diagnostics, words.diagnostics)
    append(diagnostics, checkWords(loadWords(paths, gameLanguages(game)[0]!).value, words.value, true))
  }
  return diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => {
      const row = rowAt.get(`${d.file}:${d.line}`)
      return { ...d, file: sheetFile, line: row?.line, column: row?.column }
    })
}

/**
 * A translation or words file with the sheet's rows set in it and everything else it holds kept (its other
 * texts, its comments): a translator often sends back part of a sheet. The file is written only inside its
 * game's folder (`folder`), never through a link out of it; undefined, with the reason, when it cannot be.
 */
const mergedFile = (
  path: string,
  folder: string,
  root: string,
  rows: readonly PlacedRow[],
  heading: string,
): Result<string | undefined> => {
  const file = relativePath(root, path)
  const refuse = (d: Omit<Diagnostic, 'severity' | 'file'>): Result<undefined> => ({
    value: undefined,
    diagnostics: [{ severity: 'error', file, ...d }],
  })
  try {
    writablePath(folder, path)
  } catch (error) {
    if (!(error instanceof OutsideFolderError)) throw error
    const message = `this file is a link that leads out of the game's folder: deckwright writes only inside the game's own folders`
    return refuse({ rule: 'write/outside', line: 1, column: 1, message })
  }
  let start = heading
  if (existsSync(path)) {
    const text = readTextFile(path, file, folder)
    if (text.value === undefined) return { value: undefined, diagnostics: text.diagnostics }
    start = text.value
    const doc = parseDocument(start, { prettyErrors: false })
    const error = doc.errors[0]
    if (error) {
      const at = new LineCounter()
      parseDocument(start, { lineCounter: at })
      const { line, col } = at.linePos(error.pos[0])
      const message = `not valid YAML (${error.message.split('\n')[0]}): fix it before importing a sheet into it`
      return refuse({ rule: 'yaml/syntax', line, column: col, message })
    }
  }
  try {
    return { value: rowsYaml(rows, start), diagnostics: [] }
  } catch {
    return refuse({
      rule: 'translation/bad-file',
      message: `${file} is not a mapping of texts that the sheet's rows fit into: fix it first`,
    })
  }
}

/**
 * `deckwright translations <game> --lang nl --import FILE`: a translation sheet back into
 * `cards/<game>/lang/<lang>.yaml` (the game's and the cards' texts) and `templates/<game>/lang/<lang>.yaml`
 * (the templates' words): the rows with a translation are set in them, and what else they hold is kept.
 * The rows are checked as `validate` checks them, each problem at its row of the sheet, and the files are
 * written only when there is none.
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
  const { game, paths } = loaded
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
  // A sheet saved as a workbook (.xlsx, .ods) is read from its first sheet of data; any other as CSV.
  const read = isWorkbook(sheet)
    ? readWorkbookSheetRows(readFileSync(sheet), sheetFile)
    : readSheetRows(readFileSync(sheet, 'utf8'), sheetFile)
  if (!read.value) return { value: undefined, diagnostics: read.diagnostics }
  const sorted = sortRows(read.value, sheetFile)
  const diagnostics = [...sorted.diagnostics, ...checkSheet(loaded, lang, sorted, sheetFile)]
  if (hasErrors(diagnostics)) return { value: undefined, diagnostics }
  const made = `(deckwright translations ${id} --lang ${lang} --import)`
  const files = [
    { path: translationPath(paths, lang), folder: paths.cardsDir, rows: sorted.texts, what: 'its texts' },
    { path: wordsPath(paths, lang), folder: paths.templatesDir, rows: sorted.words, what: "the templates' words" },
  ]
    .filter((f) => f.rows.length)
    .map((f) => ({
      ...f,
      text: mergedFile(f.path, f.folder, root, f.rows, `# ${game.title}: ${f.what} in ${lang} ${made}.\n`),
    }))
  for (const f of files) append(diagnostics, f.text.diagnostics)
  if (hasErrors(diagnostics)) return { value: undefined, diagnostics }
  for (const f of files) writeFileAtomic(f.path, f.text.value!, { inside: f.folder })
  return { value: files.map((f) => relativePath(root, f.path)), diagnostics: [] }
}
