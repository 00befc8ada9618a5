import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Card, GameDef } from '../engine/define.ts'
import { translateCards, withGameTexts } from '../engine/translations.ts'
import { SHORTCODES_FILE, type GamePaths } from '../load/project.ts'
import type { RulesDoc } from '../load/rules.ts'
import { loadWords, wordsByKey, type WordsFile } from '../load/template-words.ts'
import { loadTranslations, type TranslationFile } from '../load/translations.ts'
import type { FaceLanguage } from '../render/template/face-texts.ts'
import type { GameThreads } from '../threads/threads.ts'
import { append } from '../util/append.ts'

/**
 * A language's edition of a game, other than the default: its cards translated, the game's own texts and
 * the template words in that language (what its faces are drawn with), the game as its outputs name it,
 * and its rules (`rules.<lang>.md`).
 */
export interface Edition {
  lang: string
  /** The game with its title and the names of its types, sets, vocabulary words, roles and examples in the language. */
  game: GameDef
  cards: Card[]
  language: FaceLanguage
  rules: RulesDoc | undefined
  /** The files it is made from: the card translations, the template words. */
  translations: TranslationFile
  words: WordsFile
}

/** Reads a language's edition of a game; what is wrong with its files is added to `diagnostics`. */
export const loadEdition = async (
  root: string,
  paths: GamePaths,
  game: GameDef,
  cards: readonly Card[],
  lang: string,
  threads: GameThreads,
  diagnostics: Diagnostic[],
): Promise<Edition> => {
  const translations = loadTranslations(paths, lang)
  const words = loadWords(paths, lang)
  append(diagnostics, translations.diagnostics, words.diagnostics)
  const language: FaceLanguage = {
    lang,
    game: Object.fromEntries(translations.value.game.map((t) => [t.key, t.text])),
    words: wordsByKey(words.value),
  }
  return {
    lang,
    game: withGameTexts(game, (key) => language.game[key]),
    cards: translateCards(cards, translations.value),
    language,
    rules: await editionRules(root, paths, lang, threads, diagnostics),
    translations: translations.value,
    words: words.value,
  }
}

/** A language's rules, `rules/<game>/rules.<lang>.md`, read and with the game's own shortcodes expanded; none when it has none. */
const editionRules = async (
  root: string,
  paths: GamePaths,
  lang: string,
  threads: GameThreads,
  diagnostics: Diagnostic[],
): Promise<RulesDoc | undefined> => {
  const file = join(paths.rulesDir, `rules.${lang}.md`)
  if (!existsSync(file)) return undefined
  const { loadRulesCached } = await import('../load/rules-cached.ts')
  const read = await loadRulesCached(file, root)
  append(
    diagnostics,
    read.diagnostics.filter((d) => d.severity !== 'info'),
  )
  if (!existsSync(join(paths.rulesDir, SHORTCODES_FILE))) return read.value
  const { expandGameShortcodes } = await import('./expand-shortcodes.ts')
  const expanded = await expandGameShortcodes(read.value, paths, threads)
  append(diagnostics, expanded.diagnostics)
  return expanded.rules
}
