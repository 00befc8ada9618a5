import type { GameDef } from '../../engine/define.ts'
import { gameLanguages, textAt, withGameTexts } from '../../engine/translations.ts'

/**
 * A language a face is drawn in, besides its card's (translated) fields: the game's own texts it gives
 * (`_game:` of `cards/<game>/lang/<lang>.yaml`, by key: `types.master`) and its template words
 * (`templates/<game>/lang/<lang>.yaml`). What it lacks is the default language's.
 */
export interface FaceLanguage {
  lang: string
  game: Readonly<Record<string, string>>
  words: Readonly<Record<string, string>>
}

/**
 * What a face read of what its language gives, each with its value: `game:<key>` (the game's own texts),
 * `t:<key>` (a template word) and `lang` (the language's tag, for a template that reads `ctx.lang`).
 */
export type ShownTexts = Record<string, string>

/**
 * The language a face is drawn in as a job carries it: every template word of the language (the default's
 * where it gives none), read here once a build rather than by each thread, so a words file saved during a
 * watch is read by the next build.
 */
export const jobLanguage = (
  game: GameDef,
  defaultWords: Readonly<Record<string, string>>,
  language?: FaceLanguage,
): FaceLanguage => ({
  lang: language?.lang ?? gameLanguages(game)[0]!,
  game: language?.game ?? {},
  words: { ...defaultWords, ...language?.words },
})

/**
 * The text a face shows for a key of `ShownTexts` in a language (the default's when the language lacks it;
 * undefined for a word nobody defined).
 */
export const faceText =
  (game: GameDef, defaultWords: Readonly<Record<string, string>>, language?: FaceLanguage) =>
  (key: string): string | undefined => {
    if (key === 'lang') return language?.lang ?? gameLanguages(game)[0]
    if (key.startsWith('t:')) return language?.words[key.slice(2)] ?? defaultWords[key.slice(2)]
    if (key.startsWith('game:')) return language?.game[key.slice(5)] ?? textAt(game, key.slice(5))
    return undefined
  }

/**
 * The game as a face in `language` sees it: its own texts in that language, each noted in `shown` when
 * the template reads it, so that a face's key depends on the texts it showed and no others.
 */
export const gameAsShown = <G extends GameDef>(game: G, shown: ShownTexts, language?: FaceLanguage): G =>
  withGameTexts(game, (key, original) => (shown[`game:${key}`] = language?.game[key] ?? original), true)
