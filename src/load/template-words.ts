import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Node } from 'yaml'
import type { Result } from '../diagnostics/diagnostic.ts'
import { relativePath, type GamePaths } from './project.ts'
import type { SourcePos } from './raw-card.ts'
import { readTextFile } from './text-file.ts'
import { readThroughCacheSync } from './parsed-cache.ts'
import { readYamlTexts } from './yaml-texts.ts'

/** One of the words a game's templates print themselves (`ctx.t('deck-vote')`), in one language. */
export interface TemplateWord {
  key: string
  text: string
  pos: SourcePos
}

/** A game's template words in one language (`templates/<game>/lang/<lang>.yaml`). */
export interface WordsFile {
  lang: string
  /** Relative to the project root. */
  file: string
  words: TemplateWord[]
}

/** Where a game's template words in a language are kept. */
export const wordsPath = (paths: GamePaths, lang: string): string => join(paths.templatesDir, 'lang', `${lang}.yaml`)

/** The words of a file by key. */
export const wordsByKey = (file: WordsFile): Record<string, string> =>
  Object.fromEntries(file.words.map((w) => [w.key, w.text]))

/**
 * Reads a game's template words in a language: a mapping of keys to text (`deck-vote: STEM`). A missing
 * file has no words; what is not text is an error at its line.
 */
export const loadWords = (paths: GamePaths, lang: string): Result<WordsFile> => {
  const path = wordsPath(paths, lang)
  const file = relativePath(paths.root, path)
  const empty: WordsFile = { lang, file, words: [] }
  if (!existsSync(path)) return { value: empty, diagnostics: [] }
  const text = readTextFile(path, file, paths.templatesDir)
  if (text.value === undefined) return { value: empty, diagnostics: text.diagnostics }
  const source = text.value
  // Kept by its text in the project's cache: the next run reads it without loading yaml.
  return readThroughCacheSync(paths.root, ['words', file, lang, source], () => parseWords(source, file, lang))
}

/** Parses a template words file's text (see loadWords). */
export const parseWords = (source: string, file: string, lang: string): Result<WordsFile> => {
  const yaml = readYamlTexts(source, file, "a template words file maps each word's key to its text (`deck-vote: VOTE`)")
  const { diagnostics, at } = yaml
  const value: WordsFile = { lang, file, words: [] }
  for (const pair of yaml.map?.items ?? []) {
    const key = yaml.name(pair.key)
    const node = pair.value as Node | null
    if (!key) {
      diagnostics.push({
        rule: 'translation/bad-file',
        severity: 'error',
        file,
        ...at(pair.key as Node),
        message: 'a word key is expected here',
      })
      continue
    }
    const first = value.words.find((w) => w.key === key)
    if (first) {
      diagnostics.push({
        rule: 'yaml/duplicate-key',
        severity: 'error',
        file,
        ...at(pair.key as Node),
        message: `\`${key}\` is given twice (first on line ${first.pos.line}): one of the two would be lost; keep one`,
      })
      continue
    }
    const text = yaml.text(node)
    if (text === undefined)
      diagnostics.push({
        rule: 'translation/not-text',
        severity: 'error',
        file,
        ...at(node ?? (pair.key as Node)),
        message: `\`${key}\`: a template word is text`,
      })
    else value.words.push({ key, text, pos: at(node ?? (pair.key as Node)) })
  }
  return { value, diagnostics }
}
