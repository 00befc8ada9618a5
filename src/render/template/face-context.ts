import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import type { Card, GameDef } from '../../engine/define.ts'
import type { FaceBox } from '../renderers/face.ts'
import type { FaceContext } from './template.ts'
import type { TextMeasure } from '../text/measure.ts'
import { MISSING_ICON } from '../text/missing-icon.ts'
import { say } from '../../util/say.ts'

/** Where a problem with a face is reported: the card's place, or its field's line when a field is named. */
export type FacePlace = Pick<Diagnostic, 'file' | 'line' | 'column' | 'card' | 'field'>

export interface FaceContextSources {
  game: GameDef
  box: FaceBox
  inkFriendly: boolean
  card?: Card
  face: 'front' | 'back'
  measure: TextMeasure
  /** Where the face's problems go. */
  diagnostics: Diagnostic[]
  /** The place of the card being drawn, or of what a shared back is reported at. */
  at: Omit<FacePlace, 'field'>
  /** An icon's data URI (the game's own or an installed set's), undefined when there is none. */
  findIcon(name: string, color?: string): string | undefined
  /** Notes a vocabulary word the template read (`ctx.word`). */
  wordRead?(vocabulary: string, word: string): void
  /** What to tell a designer whose icon does not exist: where icons can come from. */
  iconHint: string
  /** The art of the face (see FaceContext.art), reporting its own problems. */
  art(file: string, place: (field?: string) => FacePlace): string | undefined
  /** The face's language (see FaceContext.lang), noted as read. */
  lang(): string
  /** A template word in the face's language, undefined for a key no words file defines. */
  word(key: string): string | undefined
  /** Where a template word that does not exist is reported: the template's line that asked for it. */
  wordAsked(key: string): Omit<FacePlace, 'card' | 'field'> | undefined
  /** The words files (for a message naming where words are defined). */
  wordsFile: string
}

/** Where a face's problem is reported: at the card, or at its field's line when a field is named. */
export const placeOf =
  (at: Omit<FacePlace, 'field'>, card: Card | undefined) =>
  (field?: string): FacePlace => {
    const pos = field ? card?.source.fields[field] : undefined
    // A field of a translated card that is not translated is in the card's own file, not the translation's.
    const file = pos?.file ? { file: pos.file } : {}
    return {
      ...at,
      ...(pos ? { ...file, line: pos.line, column: pos.column } : {}),
      ...(field && card ? { field } : {}),
    }
  }

/**
 * The context a template draws a face with: the renderer's, and the tests' for components alone. A
 * problem with one field points at the field's line; an icon that does not exist is reported once a face.
 */
export const createFaceContext = (sources: FaceContextSources): FaceContext => {
  const { game, box, card, diagnostics, at } = sources
  const place = placeOf(at, card)
  const missing = new Set<string>()
  const unknownWords = new Set<string>()
  return {
    game,
    box,
    inkFriendly: sources.inkFriendly,
    mm: (mm) => Math.round(mm * box.pxPerMm),
    card,
    face: sources.face,
    measure: sources.measure,
    report: ({ rule, message, field, severity = 'error' }) =>
      void diagnostics.push({ rule, severity, ...place(field), message }),
    icon: (name, color, field) => {
      const uri = sources.findIcon(name, color)
      if (uri) return uri
      if (!missing.has(name))
        diagnostics.push({
          rule: 'render/missing-icon',
          severity: 'error',
          ...place(field),
          message: `the icon "${name}" does not exist: ${sources.iconHint}`,
        })
      missing.add(name)
      return MISSING_ICON
    },
    word: (vocabulary, word) => {
      sources.wordRead?.(vocabulary, word)
      return game.vocabularies?.[vocabulary]?.[word] ?? { label: word, icon: `missing:${word}` }
    },
    art: (file) => sources.art(file, place),
    get lang() {
      return sources.lang()
    },
    t: (key, values) => {
      const text = sources.word(key)
      if (text !== undefined) return values ? say(text, values) : text
      if (!unknownWords.has(key))
        diagnostics.push({
          rule: 'translation/unknown-word',
          severity: 'error',
          ...place(),
          ...sources.wordAsked(key),
          message: `the template asks for the word "${key}", which ${sources.wordsFile} does not define`,
        })
      unknownWords.add(key)
      return key
    },
  }
}
