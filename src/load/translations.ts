import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { isMap, isScalar, LineCounter, parseDocument, type Node } from 'yaml'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { relativePath, type GamePaths } from './project.ts'
import type { SourcePos } from './raw-card.ts'
import { readTextFile } from './text-file.ts'

/** One translated text: a card's field in another language, with where it is written. */
export interface TranslatedText {
  field: string
  text: string
  pos: SourcePos
}

/** A card's texts in a language, as its translation file gives them. */
export interface CardTranslation {
  card: string
  pos: SourcePos
  texts: TranslatedText[]
}

/** A game's translation file for one language (`cards/<game>/lang/<lang>.yaml`). */
export interface TranslationFile {
  lang: string
  /** Relative to the project root. */
  file: string
  cards: CardTranslation[]
}

/** Where a game's translations into a language are kept. */
export const translationPath = (paths: GamePaths, lang: string): string => join(paths.cardsDir, 'lang', `${lang}.yaml`)

const MAX_ALIASES = 100

/**
 * Reads a translation file: a mapping of card ids to mappings of their fields to text
 * (`mission-01: { title: Eerste missie }`). A missing file is an empty translation; what is not text is an
 * error at its line. Nothing here knows the game: `checkTranslations` says which ids and fields exist.
 */
export const loadTranslations = (paths: GamePaths, lang: string): Result<TranslationFile> => {
  const path = translationPath(paths, lang)
  const file = relativePath(paths.root, path)
  const empty: TranslationFile = { lang, file, cards: [] }
  if (!existsSync(path)) return { value: empty, diagnostics: [] }
  const text = readTextFile(path, file, paths.cardsDir)
  if (text.value === undefined) return { value: empty, diagnostics: text.diagnostics }
  return parseTranslations(text.value, file, lang)
}

/** Parses a translation file's text (see loadTranslations). */
export const parseTranslations = (source: string, file: string, lang: string): Result<TranslationFile> => {
  const lc = new LineCounter()
  const doc = parseDocument(source, { lineCounter: lc, uniqueKeys: false, prettyErrors: false })
  const diagnostics: Diagnostic[] = []
  const at = (node: { range?: readonly [number, number, number] | null } | null | undefined): SourcePos => {
    const p = lc.linePos(node?.range?.[0] ?? 0)
    return { line: p.line, column: p.col }
  }
  const problem = (node: Node | null | undefined, message: string, rule = 'translation/bad-file') => diagnostics.push({ rule, severity: 'error', file, ...at(node), message })
  for (const error of doc.errors.slice(0, 1)) {
    const p = lc.linePos(error.pos[0])
    diagnostics.push({ rule: 'yaml/syntax', severity: 'error', file, line: p.line, column: p.col, message: `not valid YAML: ${error.message.split('\n')[0]}` })
  }
  const value: TranslationFile = { lang, file, cards: [] }
  if (diagnostics.length || doc.contents === null) return { value, diagnostics }
  if (!isMap(doc.contents)) {
    problem(doc.contents as Node, 'a translation file maps card ids to their translated fields (`mission-01: { title: … }`)')
    return { value, diagnostics }
  }
  const seen = new Map<string, SourcePos>()
  for (const pair of doc.contents.items) {
    const key = pair.key as Node | null
    const id = isScalar(key) ? String(key.value) : undefined
    if (!id) {
      problem(key, 'a card id is expected here')
      continue
    }
    const pos = at(key)
    if (seen.has(id)) {
      diagnostics.push({ rule: 'yaml/duplicate-key', severity: 'error', file, ...pos, message: `\`${id}\` is given twice (first on line ${seen.get(id)!.line}): one of the two would be lost; keep one` })
      continue
    }
    seen.set(id, pos)
    const fields = pair.value as Node | null
    if (!isMap(fields)) {
      problem(fields ?? key, `the translation of ${id} maps its fields to text (\`${id}: { title: … }\`)`)
      continue
    }
    const texts: TranslatedText[] = []
    for (const item of fields.items) {
      const name = isScalar(item.key) ? String((item.key as { value: unknown }).value) : undefined
      const v = item.value as Node | null
      if (!name) {
        problem(item.key as Node, 'a field name is expected here')
        continue
      }
      if (texts.some((t) => t.field === name)) {
        diagnostics.push({ rule: 'yaml/duplicate-key', severity: 'error', file, ...at(item.key as Node), message: `\`${name}\` of ${id} is given twice: keep one` })
        continue
      }
      const js = isScalar(v) ? v.toJS(doc, { maxAliasCount: MAX_ALIASES }) : undefined
      if (typeof js !== 'string' && typeof js !== 'number') {
        problem(v ?? (item.key as Node), `\`${name}\` of ${id}: a translation is text`, 'translation/not-text')
        continue
      }
      texts.push({ field: name, text: String(js), pos: at(v) })
    }
    value.cards.push({ card: id, pos, texts })
  }
  return { value, diagnostics }
}
