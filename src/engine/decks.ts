import { typeSize, type CardSize } from './card-sizes.ts'
import type { Card, GameDef } from './define.ts'

/** The deck a type's cards are shuffled into: the type's `deck`, or the type itself. */
export const deckOf = (game: GameDef, typeId: string): string => game.types[typeId]!.deck ?? typeId

/** The back a card is printed with: its own (named by the card's id) for a type with own backs, else its deck's. */
export const backOf = (game: GameDef, card: Card): string =>
  game.types[card.type]!.back === 'own' ? card.id : deckOf(game, card.type)

/** A deck as a box holds it: its cards counted with their `qty`, the largest of its types' sizes, and a back to show. */
export interface DeckBox {
  /** The deck's id (`deckOf`). */
  id: string
  /** What players call it: the name of the type the deck is named after, else of its first type. */
  name: string
  cards: number
  size: CardSize
  /** The back its first card is printed with (`backOf`). */
  back: string
}

/** The decks of these cards, in the order their first cards come. */
export const deckBoxes = (game: GameDef, cards: readonly Card[]): DeckBox[] => {
  const decks = new Map<string, DeckBox>()
  for (const card of cards) {
    const id = deckOf(game, card.type)
    const size = typeSize(game, card.type)
    if (!size) continue
    const deck = decks.get(id)
    if (!deck) {
      const name = (game.types[id] ?? game.types[card.type])!.name
      decks.set(id, { id, name, cards: card.qty, size, back: backOf(game, card) })
      continue
    }
    deck.cards += card.qty
    if (size.widthMm * size.heightMm > deck.size.widthMm * deck.size.heightMm) deck.size = size
  }
  return [...decks.values()]
}
