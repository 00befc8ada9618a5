import type { Fields, FieldValues } from './fields.ts'

/** Colour roles of split-card halves; the templates map them to colours and to a second, non-colour cue. */
export type HalfRole = 'green' | 'red' | 'orange' | 'blue' | 'yellow' | 'purple'

export interface CardTypeDef<F extends Fields = Fields> {
  /** What players call it: 'Mission Card'. */
  name: string
  /** A size name (poker, bridge, mini, tarot, square, euro) or 'WxHmm'. */
  size?: string
  /** The card's back: one shared by every card of the type, or each card's own (drawn from its data). */
  back?: 'shared' | 'own'
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

export type TypeDefs = Record<string, CardTypeDef<any>>

export interface GameDef<T extends TypeDefs = TypeDefs, P extends Record<string, unknown> = Record<string, unknown>> {
  id: string
  title: string
  /** The game's own version, stamped on faces on request. */
  version: string
  players: { min: number; max: number }
  /** Numbers the rules state once (votes per player, market size…), used by checks, booklet and templates; `{}` if none. */
  params: P
  vocabularies?: Record<string, Record<string, VocabularyWord>>
  sets?: Record<string, SetDef>
  types: T
  checks?: Record<string, Check<GameDef<T, P>>>
  examples?: Record<string, ExampleDef>
}

export interface SourcePos {
  line: number
  column: number
  endLine?: number
  endColumn?: number
}

export interface Card<V = Record<string, unknown>> {
  id: string
  type: string
  set: string
  qty: number
  /** An image for the card's face, relative to the game's templates folder (`art:` in the card's data). */
  art?: string
  fields: V
  source: { file: string; pos: SourcePos; fields: Record<string, SourcePos> }
}

export type CardOf<G extends GameDef<any, any>, K extends keyof G['types']> = Card<FieldValues<G['types'][K]['fields']>>

export interface Report {
  message: string
  card?: Card<any>
  field?: string
  /** For a deck-level problem: the card type it concerns, to point at that type's card file. */
  type?: string
  severity?: 'error' | 'warning' | 'info'
}

export interface CheckContext<G extends GameDef<any, any>> {
  game: G
  /** The sets in play for this run of the check (base alone, or base with an expansion). */
  sets: readonly string[]
  cards: readonly Card<any>[]
  ofType<K extends keyof G['types'] & string>(type: K): CardOf<G, K>[]
  /** Copies counted with their qty. */
  count<K extends keyof G['types'] & string>(type: K, where?: (card: CardOf<G, K>) => boolean): number
  report(report: Report): void
}

// Method syntax makes the parameter bivariant, so a game's typed checks still fit the engine's general GameDef.
export type Check<G extends GameDef<any, any>> = { check(ctx: CheckContext<G>): void }['check']

/** Declares a game; the identity function that gives the definition its types. */
export const defineGame = <const T extends TypeDefs, const P extends Record<string, unknown>>(def: GameDef<T, P>): GameDef<T, P> => def

/** Declares a card type; keeps its field declarations' exact types for the templates. */
export const cardType = <const F extends Fields>(def: CardTypeDef<F>): CardTypeDef<F> => def
