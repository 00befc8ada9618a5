import type { Fields, FieldValues } from './fields.ts'
import type { FaceRulesDef } from './face-rules.ts'

/** The colour roles every game has; a game may change them and add its own (`roles` in its definition). */
export const DEFAULT_ROLES = ['green', 'red', 'orange', 'blue', 'yellow', 'purple'] as const
export type DefaultRole = (typeof DEFAULT_ROLES)[number]

/** A colour role of split-card halves: one of the defaults, or a role the game declares in `roles`. */
export type HalfRole = DefaultRole | (string & {})

/**
 * What a colour role looks like: its colour, and the second cue that carries it where colour does not
 * (greyscale, colour-blind players): a symbol and a word.
 */
export interface RoleDef {
  /** The half's background. */
  color: string
  /** Text and icons drawn on `color`; default white. */
  ink?: string
  /** The light tint of ink-friendly faces; default `color` mixed with 88% white. */
  light?: string
  /** The word printed beside the symbol on each half ('SUCCESS'); default the role's name in capitals. */
  word?: string
  /** An icon: 'game-icons:check-mark', or the game's own. */
  symbol: string
}

/** Where a card type's back comes from: one shared by all its cards, or each card's own. */
export type BackKind = 'shared' | 'own'

export interface CardTypeDef<F extends Fields = Fields, B extends BackKind = BackKind> {
  /** What players call it: 'Mission Card'. */
  name: string
  /** A size name (poker, bridge, mini, tarot, square, euro) or 'WxHmm'. */
  size?: string
  /** The card's back: one shared by every card of the type, or each card's own (drawn from its data). */
  back?: B
  /**
   * A split front: two halves on one face, the second turned 180°. Players turn the card so that one
   * half points away from them; only that half counts. Each half names its colour role.
   */
  halves?: readonly [HalfRole, HalfRole]
  /** Hidden information: players must not tell these cards apart from behind. */
  hidden?: boolean
  /**
   * The deck the type is shuffled into, when several types are mixed in play (Money and Counterfeit
   * Money): types of one deck share one back, drawn once from the first type's template. Default: the type's own id.
   */
  deck?: string
  fields: F
}

export interface VocabularyWord {
  label: string
  /** An icon: 'game-icons:<name>' from @iconify-json/game-icons. */
  icon: string
  color?: string
}

export interface SetDef {
  title: string
  /** 'base' for the base game; 'expansion' or 'variant' are played together with the base game. */
  kind?: 'base' | 'expansion' | 'variant'
}

export interface ExampleDef {
  title?: string
  /** Card ids, left to right. */
  cards: readonly string[]
  /** Per card, the half that points up ('second' turns the card 180°). */
  turned?: readonly ('first' | 'second')[]
}

export type TypeDefs = Record<string, CardTypeDef<any, any>>

export type Vocabularies = Record<string, Record<string, VocabularyWord>>

export interface GameDef<
  T extends TypeDefs = TypeDefs,
  P extends Record<string, unknown> = Record<string, unknown>,
  V extends Vocabularies = Vocabularies,
> {
  id: string
  title: string
  /** The game's own version, stamped on faces on request. */
  version: string
  players: { min: number; max: number }
  /** Numbers the rules state once (votes per player, market size…), used by checks, booklet and templates; `{}` if none. */
  params: P
  vocabularies?: V
  /**
   * Colour roles of split-card halves, beyond or instead of the defaults (green, red, orange, blue,
   * yellow, purple): a new role names at least its colour and symbol; a default's name changes only what is given.
   */
  roles?: Record<string, Partial<RoleDef>>
  sets?: Record<string, SetDef>
  types: T
  checks?: Record<string, Check<GameDef<T, P, V>>>
  examples?: Record<string, ExampleDef>
  /**
   * The languages the game is published in, its default first (`['en', 'nl']`): the card files and
   * `rules.md` are the default's; `cards/<game>/lang/<lang>.yaml` translates the cards into each other.
   * Default: one language, English.
   */
  languages?: readonly string[]
  /**
   * How card text is set on faces. `quotes`: `'curly'` (the default) makes the straight quotes and apostrophes
   * of the cards' `text()` fields typographic, in each face's language's quotation marks, as the booklet sets
   * them (`"Swift"` → “Swift”, `Jan's` → Jan’s); `'straight'` keeps them as written.
   */
  typography?: { quotes?: 'curly' | 'straight' }
  /**
   * Card files kept in a spreadsheet published as CSV, which `deckwright pull` downloads into `cards/<game>/`
   * (builds never touch the network): each a CSV file name under the game's cards folder and the address the
   * spreadsheet publishes it at (Google Sheets: File → Share → Publish to web → the sheet → CSV), e.g.
   * `{ 'ships.csv': 'https://docs.google.com/spreadsheets/d/e/…/pub?gid=0&single=true&output=csv' }`.
   */
  sources?: Record<string, string>
  /**
   * The game's licence, which `deckwright release` puts in the bundle: an SPDX licence id (`'CC-BY-4.0'`,
   * `'CC-BY-NC-SA-4.0'`, `'MIT'`; see spdx.org/licenses) or the path of a file in the game's rules folder
   * (`'LICENSE.md'`) holding the licence's text.
   */
  license?: string
  /** How the checks of what players can read treat the game's faces (docs/accessibility.md). */
  accessibility?: AccessibilityDef
  /**
   * The face rules' thresholds and severities (`a11y/text-size`, `a11y/contrast`, `print/art-resolution`,
   * `print/outside-safe-zone`): e.g. `{ minTextPt: 7, minTextPtOf: { 'crew.loyal': 8 }, minArtDpi: 200,
   * severity: { 'a11y/contrast': 'error' } }`. Default: 6 pt, WCAG's 4.5:1 and 3:1, 300 dpi, 3 mm, each a warning.
   */
  print?: FaceRulesDef
}

/** A check's severity as a game sets it, or `'off'`. */
export type RuleSeverity = 'error' | 'warning' | 'info' | 'off'

export interface AccessibilityDef {
  /**
   * `a11y/colour-vision`: colours that tell a card's parts apart (its halves' roles, a vocabulary's words)
   * that look alike with protanopia, deuteranopia, tritanopia or in greyscale, on a face that shows no second
   * cue (the role's word or symbol, the word's icon or label). `severity` default `'warning'`; `below` the
   * CIEDE2000 difference under which two colours count as alike (default 10).
   */
  colourVision?: { severity?: RuleSeverity; below?: number }
}

export type { SourcePos } from '../load/raw-card.ts'
import type { SourcePos } from '../load/raw-card.ts'

export interface Card<V = Record<string, unknown>> {
  id: string
  type: string
  set: string
  qty: number
  /** An image for the card's face, relative to the game's templates folder (`art:` in the card's data). */
  art?: string
  fields: V
  source: { file: string; pos: SourcePos; fields: Record<string, FieldPos> }
}

/** Where a card's field is written: in the card's `source.file`, or in `file` (a translated card's fields that are not translated, in the card's own file). */
export type FieldPos = SourcePos & { file?: string }

export type CardOf<G extends GameDef<any, any, any>, K extends keyof G['types']> = Card<
  FieldValues<G['types'][K]['fields']>
>

export interface CheckProblem {
  message: string
  card?: Card<any>
  field?: string
  /** For a deck-level problem: the card type it concerns, to point at that type's card file. */
  type?: string
  severity?: 'error' | 'warning' | 'info'
}

export interface CheckContext<G extends GameDef<any, any, any>> {
  game: G
  /** The sets in play for this run of the check (base alone, or base with an expansion). */
  sets: readonly string[]
  cards: readonly Card<any>[]
  ofType<K extends keyof G['types'] & string>(type: K): CardOf<G, K>[]
  /** Copies counted with their qty. */
  count<K extends keyof G['types'] & string>(type: K, where?: (card: CardOf<G, K>) => boolean): number
  report(report: CheckProblem): void
}

// Method syntax makes the parameter bivariant, so a game's typed checks still fit the engine's general GameDef.
export type Check<G extends GameDef<any, any, any>> = { check(ctx: CheckContext<G>): void }['check']

/** Declares a game; the identity function that gives the definition its types. */
export const defineGame = <
  const T extends TypeDefs,
  const P extends Record<string, unknown>,
  const V extends Vocabularies = {},
>(
  def: GameDef<T, P, V>,
): GameDef<T, P, V> => def

/** The names of every field of a game's card types (or of the types `K`): what a component's `field` prop takes. */
export type FieldName<
  G extends GameDef<any, any, any>,
  K extends keyof G['types'] = keyof G['types'],
> = string extends keyof G['types'] ? string : { [T in K]: keyof G['types'][T]['fields'] & string }[K] | 'art'

/** The names of a game's vocabularies: what a component's `vocabulary` prop takes. */
export type VocabularyName<G extends GameDef<any, any, any>> = string extends keyof NonNullable<G['vocabularies']>
  ? string
  : keyof NonNullable<G['vocabularies']> & string

/** Declares a card type; keeps its field declarations' exact types for the templates. */
export const cardType = <const F extends Fields, const B extends BackKind = 'shared'>(
  def: CardTypeDef<F, B>,
): CardTypeDef<F, B> =>
  // Where it was declared (not enumerable, so not part of the type's data): problems with it point there.
  Object.defineProperty(def, 'declared', { value: new Error('declared here'), enumerable: false, configurable: true })

/** What a type's `back` template is given: each card for a type with its own backs, none for a shared back. */
export type BackCard<G extends GameDef<any, any, any>, K extends keyof G['types']> =
  G['types'][K] extends CardTypeDef<any, infer B>
    ? 'own' extends B
      ? 'shared' extends B
        ? CardOf<G, K> | undefined
        : CardOf<G, K>
      : undefined
    : CardOf<G, K> | undefined
