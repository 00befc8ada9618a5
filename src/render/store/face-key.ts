import type { Card, GameDef } from '../../engine/define.ts'
import { gameLanguages } from '../../engine/translations.ts'
import type { GamePaths } from '../../load/project.ts'
import { loadWords, wordsByKey } from '../../load/template-words.ts'
import { artDigest, artPath } from '../../images/art.ts'
import { faceKey, renderInputsHash, type FaceStore } from './face-store.ts'
import { faceText, jobLanguage, shownKey, type FaceLanguage } from '../template/face-texts.ts'
import type { PlannedFace } from '../template/plan.ts'
import type { RenderOptions } from '../template/session.ts'

/** The keys of a game's planned faces in one language: what finds each in the store. */
export interface PlannedKeys {
  /** Each planned face's inputs' key (card, templates, options, art), in the plan's order. */
  bases: string[]
  /** The language as each face's job carries it (every template word of it). */
  language: FaceLanguage
  /**
   * The key the store keeps the face of `base` under in this language: its inputs' key with the texts it
   * showed when it was last drawn, in this language (the same texts, the same face); the inputs' key alone
   * for a face that showed none, or was never drawn.
   */
  keyOf(base: string): string
}

/**
 * Works out the keys of planned faces. `allCards`: every card of the game, whose art files are left out of
 * the shared hash (each is in its own faces' keys), also in a partial build, so that a partial build finds
 * the faces of a full one.
 */
export const plannedKeys = (
  paths: GamePaths,
  game: GameDef,
  planned: readonly PlannedFace[],
  {
    allCards,
    options,
    moduleFiles,
    language,
    store,
  }: {
    allCards: readonly Card[]
    options: RenderOptions
    moduleFiles: readonly string[]
    language?: FaceLanguage
    store: FaceStore
  },
): PlannedKeys => {
  const art = (card?: Card) => card?.art && artPath(paths.templatesDir, card.art)
  const inputs = renderInputsHash(paths, options, new Set(allCards.flatMap((c) => art(c) || [])), moduleFiles)
  const digests = new Map<string, string>()
  const digestOf = (file: string) =>
    digests.get(file) ?? (digests.set(file, artDigest(paths.templatesDir, file)), digests.get(file)!)
  const defaultWords = wordsByKey(loadWords(paths, gameLanguages(game)[0]!).value)
  const text = faceText(game, defaultWords, language)
  return {
    bases: planned.map((p) => faceKey(p.job, inputs, art(p.job.card) ? digestOf(art(p.job.card)!) : undefined)),
    language: jobLanguage(game, defaultWords, language),
    keyOf: (base) => {
      const shown = store.shownBy(base)
      return shown ? shownKey(base, Object.fromEntries(shown.map((k) => [k, text(k) ?? '']))) : base
    },
  }
}
