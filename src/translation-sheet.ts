import { existsSync, readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { stringify as toYaml } from 'yaml'
import { hasErrors, type Diagnostic, type Result } from './diagnostics/diagnostic.ts'
import { checkTranslations, textFields, unknownLanguages } from './engine/translations.ts'
import { relativePath } from './load/project.ts'
import { loadTranslations, parseTranslations, translationPath } from './load/translations.ts'
import { writeFileAtomic } from './util/atomic-write.ts'
import { validateGame } from './validate.ts'

/** The columns of a translation sheet: what a translator sees in a spreadsheet. */
const HEADER = ['card', 'field', 'default', 'translation']

/**
 * A cell as a spreadsheet shows it and never runs: text that starts like a formula (`=`, `+`, `-`, `@`, a
 * tab or a carriage return) gets a leading apostrophe, which spreadsheets hide and `readSheet` removes.
 */
export const safeCell = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)
const unsafeCell = (text: string): string => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text)

/**
 * `deckwright translations <game> --lang nl`: every text of the game's cards to translate into `lang`, one
 * row each with the default text beside it and the translation so far, as CSV for a spreadsheet.
 */
export const translationSheet = async (root: string, id: string, lang: string): Promise<Result<string | undefined>> => {
  const validated = await validateGame(root, id, { faces: false })
  const loaded = validated.value
  const diagnostics: Diagnostic[] = validated.diagnostics.filter((d) => d.severity === 'error' && !d.rule.startsWith('translation/'))
  if (!loaded || diagnostics.length) return { value: undefined, diagnostics }
  const { game, cards, paths } = loaded
  const refused = unknownLanguages(game, [lang], relativePath(root, paths.definition))
  if (refused.length) return { value: undefined, diagnostics: refused }
  const done = new Map(loadTranslations(paths, lang).value.cards.map((c) => [c.card, new Map(c.texts.map((t) => [t.field, t.text]))]))
  const rows = cards.flatMap((card) =>
    textFields(game, card)
      .filter((name) => typeof card.fields[name] === 'string' && card.fields[name] !== '')
      .map((name) => [card.id, name, String(card.fields[name]), done.get(card.id)?.get(name) ?? ''].map(safeCell)),
  )
  return { value: stringify([HEADER, ...rows]), diagnostics: [] }
}

/**
 * `deckwright translations <game> --lang nl --import FILE`: a translation sheet back into
 * `cards/<game>/lang/<lang>.yaml` (the rows with a translation). The file is checked as `validate` checks it
 * and written only when it has no errors.
 */
export const importTranslationSheet = async (root: string, id: string, lang: string, sheet: string): Promise<Result<string | undefined>> => {
  const validated = await validateGame(root, id, { faces: false })
  const loaded = validated.value
  if (!loaded) return { value: undefined, diagnostics: validated.diagnostics }
  const { game, cards, paths } = loaded
  const refused = unknownLanguages(game, [lang], relativePath(root, paths.definition))
  if (refused.length) return { value: undefined, diagnostics: refused }
  const sheetFile = relativePath(root, sheet)
  if (!existsSync(sheet)) return { value: undefined, diagnostics: [{ rule: 'translation/bad-sheet', severity: 'error', file: sheetFile, message: `${sheetFile} does not exist` }] }
  let rows: string[][]
  try {
    rows = parse(readFileSync(sheet, 'utf8'), { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][]
  } catch (error) {
    const err = error as Error & { lines?: number }
    return { value: undefined, diagnostics: [{ rule: 'translation/bad-sheet', severity: 'error', file: sheetFile, line: err.lines ?? 1, message: `not a CSV file: ${err.message.split('\n')[0]}` }] }
  }
  const [header, ...body] = rows
  const at = (name: string) => header?.findIndex((h) => h.trim().toLowerCase() === name) ?? -1
  const [card, field, translation] = [at('card'), at('field'), at('translation')]
  if (card < 0 || field < 0 || translation < 0) return { value: undefined, diagnostics: [{ rule: 'translation/bad-sheet', severity: 'error', file: sheetFile, line: 1, message: `${sheetFile} needs the columns card, field and translation (as \`deckwright translations\` writes them)` }] }
  const byCard = new Map<string, Record<string, string>>()
  for (const row of body) {
    const text = unsafeCell(row[translation] ?? '').trim()
    if (!text) continue
    const id = unsafeCell(row[card] ?? '').trim()
    byCard.set(id, { ...byCard.get(id), [unsafeCell(row[field] ?? '').trim()]: text })
  }
  const yaml = `# ${game.title}: its cards in ${lang} (deckwright translations ${id} --lang ${lang} --import).\n${toYaml(Object.fromEntries(byCard), { lineWidth: 0 })}`
  // The file as it will be, checked as validate checks it: its errors point at its lines.
  const target = translationPath(paths, lang)
  const parsed = parseTranslations(yaml, relativePath(root, target), lang)
  const diagnostics = [...parsed.diagnostics, ...checkTranslations(game, cards, parsed.value, true).filter((d) => d.severity === 'error')]
  if (hasErrors(diagnostics)) return { value: undefined, diagnostics: diagnostics.map((d) => ({ ...d, file: sheetFile, line: undefined, column: undefined })) }
  writeFileAtomic(target, yaml)
  return { value: relativePath(root, target), diagnostics: [] }
}
