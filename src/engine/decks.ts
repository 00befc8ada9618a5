import type { Card, GameDef } from './define.ts'

/** The deck a type's cards are shuffled into: the type's `deck`, or the type itself. */
export const deckOf = (game: GameDef, typeId: string): string => game.types[typeId]!.deck ?? typeId

/** The back a card is printed with: its own (named by the card's id) for a type with own backs, else its deck's. */
export const backOf = (game: GameDef, card: Card): string =>
  game.types[card.type]!.back === 'own' ? card.id : deckOf(game, card.type)
