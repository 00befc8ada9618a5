import type { ReactNode } from 'react'
import type { Severity } from '../../diagnostics/diagnostic.ts'
import type { BackCard, Card, CardOf, GameDef, VocabularyName, VocabularyWord } from '../../engine/define.ts'
import type { FontSpec } from '../fonts/fonts.ts'
import type { FaceBox } from '../renderers/face.ts'
import type { TextMeasure } from '../text/measure.ts'

/** A problem a template or component finds while drawing a face (text that does not fit, an unknown inline icon). */
export interface FaceProblem {
  rule: string
  message: string
  /** The card field it concerns: the diagnostic points at the field's line. */
  field?: string
  /** Default: error. */
  severity?: Severity
}

/** What a template receives besides its card: the game, the face's geometry, and look-ups for icons. */
export interface FaceContext<G extends GameDef<any, any, any> = GameDef> {
  game: G
  box: FaceBox
  /** Millimetres to template pixels. */
  mm(mm: number): number
  /** A data URI of an icon ('game-icons:spy'); a missing one is reported at the card (at `field`'s line when given). */
  icon(name: string, color?: string, field?: string): string
  /** A vocabulary word's label, icon and colour (an unknown word gets its own name and a missing icon). */
  word(vocabulary: VocabularyName<G>, word: string): VocabularyWord
  /**
   * A data URI of an art file (PNG, JPEG or SVG), named relative to the game's templates folder; undefined
   * when it is missing or cannot be drawn (reported as a warning). Draw it with the `Art` component.
   */
  art(file: string): string | undefined
  /** Draw light, mostly white faces for home printers. */
  inkFriendly: boolean
  /** The card being drawn; none for a type's shared back. */
  card?: Card
  /** Which face is being drawn. */
  face: 'front' | 'back'
  /** Reports a problem with this face at the card's place: at its field's line when `field` is named. */
  report(problem: FaceProblem): void
  /** Measures text with the fonts the face is drawn with, for text that must fit its box. */
  measure: TextMeasure
  /** The language the face is drawn in (`en`, `nl`): the definition's `languages`, its default first. */
  lang: string
  /**
   * A word the template prints itself ("SUCCESS", "Secret identity"), in the face's language: `key` of
   * `templates/<game>/lang/<lang>.yaml`, else of the default language's file. `{name}` in the word is
   * replaced by `values.name` (`ctx.t('players', { count: 3 })`). A key the default's file lacks is an error
   * at the template's line.
   */
  t(key: string, values?: Readonly<Record<string, string | number>>): string
}

/**
 * How one card type's faces look. `front` and `back` take the same arguments in the same order; a shared
 * back (the type's `back: 'shared'`, the default) is drawn once for every card, so it gets no card.
 */
export interface TypeTemplate<G extends GameDef<any, any, any>, K extends keyof G['types']> {
  front(card: CardOf<G, K>, ctx: FaceContext<G>): ReactNode
  /** Default: a plain back with the game's title and the type's name. `card` is undefined for a shared back. */
  back?(card: BackCard<G, K>, ctx: FaceContext<G>): ReactNode
}

export interface Templates<G extends GameDef<any, any, any> = GameDef> {
  fonts: readonly FontSpec[]
  /**
   * Fontsource packages tried, in order, for characters the faces' fonts lack, before deckwright's Noto
   * families: a font of your own for a script (`['@fontsource/noto-serif-sc']` for Chinese in a serif). Each
   * is used for the characters its files hold, at the weight nearest the text's.
   */
  fallbacks?: readonly string[]
  types: { [K in keyof G['types']]?: TypeTemplate<G, K> }
}

/** Declares a game's templates, typed against its card types: a template that reads a field its type lacks does not type-check. */
export const defineTemplates = <G extends GameDef<any, any, any>>(_game: G, templates: Templates<G>): Templates<G> =>
  templates
