import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Node } from 'yaml'
import { isMap } from './yaml-lazy.ts'
import type { Result } from '../diagnostics/diagnostic.ts'
import { relativePath, type GamePaths } from './project.ts'
import type { SourcePos } from './raw-card.ts'
import { readTextFile } from './text-file.ts'
import { readThroughCacheSync } from './parsed-cache.ts'
import { readYamlTexts } from './yaml-texts.ts'

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

/**
 * One of the game's own texts in another language (its `_game:` block): `title`, `types.<type>`,
 * `sets.<set>`, `vocabularies.<vocabulary>.<word>`, `roles.<role>` or `examples.<example>`.
 */
export interface GameText {
  key: string
  text: string
  pos: SourcePos
}

import { GAME_TEXTS_KEY } from './game-texts-key.ts'
export { GAME_TEXTS_KEY }

/** A game's translation file for one language (`cards/<game>/lang/<lang>.yaml`). */
export interface TranslationFile {
  lang: string
  /** Relative to the project root. */
  file: string
  cards: CardTranslation[]
  /** The game's title and the names of its types, sets, vocabulary words, roles and examples. */
  game: GameText[]
  /** Where the `_game:` block is, when there is one. */
  gamePos?: SourcePos
}

/** Where a game's translations into a language are kept. */
export const translationPath = (paths: GamePaths, lang: string): string => join(paths.cardsDir, 'lang', `${lang}.yaml`)

/**
 * Reads a translation file: a mapping of card ids to mappings of their fields to text
 * (`mission-01: { title: Eerste missie }`), and the game's own texts under `_game:`
 * (`_game: { title: …, types: { master: Meesterkaart } }`). A missing file is an empty translation; what is not text is an
 * error at its line. Nothing here knows the game: `checkTranslations` says which ids and fields exist.
 */
export const loadTranslations = (paths: GamePaths, lang: string): Result<TranslationFile> => {
  const path = translationPath(paths, lang)
  const file = relativePath(paths.root, path)
  const empty: TranslationFile = { lang, file, cards: [], game: [] }
  if (!existsSync(path)) return { value: empty, diagnostics: [] }
  const text = readTextFile(path, file, paths.cardsDir)
  if (text.value === undefined) return { value: empty, diagnostics: text.diagnostics }
  const source = text.value
  // Kept by its text in the project's cache: the next run reads it without loading yaml.
  return readThroughCacheSync(paths.root, ['translations', file, lang, source], () =>
    parseTranslations(source, file, lang),
  )
}

/** Parses a translation file's text (see loadTranslations). */
export const parseTranslations = (source: string, file: string, lang: string): Result<TranslationFile> => {
  const yaml = readYamlTexts(
    source,
    file,
    'a translation file maps card ids to their translated fields (`mission-01: { title: … }`)',
  )
  const { diagnostics, at } = yaml
  const problem = (node: Node | null | undefined, message: string, rule = 'translation/bad-file') =>
    diagnostics.push({ rule, severity: 'error', file, ...at(node), message })
  const value: TranslationFile = { lang, file, cards: [], game: [] }
  // The `_game:` block, flattened to dotted keys (`types.master`); which keys exist is the engine's business.
  const readGameTexts = (node: Node | null, path: string[], keyNode: Node) => {
    if (isMap(node)) {
      for (const item of node.items) {
        const name = yaml.name(item.key)
        if (!name) problem(item.key as Node, 'a name is expected here')
        else readGameTexts(item.value as Node | null, [...path, name], item.key as Node)
      }
      return
    }
    const key = path.join('.')
    const text = yaml.text(node)
    if (!path.length)
      problem(
        node ?? keyNode,
        `\`${GAME_TEXTS_KEY}\` maps the game's texts to their translation (\`${GAME_TEXTS_KEY}: { title: …, types: { … } }\`)`,
      )
    else if (text === undefined)
      problem(node ?? keyNode, `\`${key}\` of ${GAME_TEXTS_KEY}: a translation is text`, 'translation/not-text')
    else if (value.game.some((t) => t.key === key))
      diagnostics.push({
        rule: 'yaml/duplicate-key',
        severity: 'error',
        file,
        ...at(keyNode),
        message: `\`${key}\` of ${GAME_TEXTS_KEY} is given twice: keep one`,
      })
    else value.game.push({ key, text, pos: at(node ?? keyNode) })
  }
  const seen = new Map<string, SourcePos>()
  for (const pair of yaml.map?.items ?? []) {
    const key = pair.key as Node | null
    const id = yaml.name(key)
    if (!id) {
      problem(key, 'a card id is expected here')
      continue
    }
    const pos = at(key)
    if (seen.has(id)) {
      diagnostics.push({
        rule: 'yaml/duplicate-key',
        severity: 'error',
        file,
        ...pos,
        message: `\`${id}\` is given twice (first on line ${seen.get(id)!.line}): one of the two would be lost; keep one`,
      })
      continue
    }
    seen.set(id, pos)
    if (id === GAME_TEXTS_KEY) {
      value.gamePos = pos
      readGameTexts(pair.value as Node | null, [], key!)
      continue
    }
    const fields = pair.value as Node | null
    if (!isMap(fields)) {
      problem(fields ?? key, `the translation of ${id} maps its fields to text (\`${id}: { title: … }\`)`)
      continue
    }
    const texts: TranslatedText[] = []
    for (const item of fields.items) {
      const name = yaml.name(item.key)
      const v = item.value as Node | null
      if (!name) {
        problem(item.key as Node, 'a field name is expected here')
        continue
      }
      if (texts.some((t) => t.field === name)) {
        diagnostics.push({
          rule: 'yaml/duplicate-key',
          severity: 'error',
          file,
          ...at(item.key as Node),
          message: `\`${name}\` of ${id} is given twice: keep one`,
        })
        continue
      }
      const text = yaml.text(v)
      if (text === undefined) {
        problem(v ?? (item.key as Node), `\`${name}\` of ${id}: a translation is text`, 'translation/not-text')
        continue
      }
      texts.push({ field: name, text, pos: at(v) })
    }
    value.cards.push({ card: id, pos, texts })
  }
  return { value, diagnostics }
}
