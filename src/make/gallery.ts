import type { GameDef } from '../engine/define.ts'
import { typeSize } from '../engine/card-sizes.ts'
import type { GameFaces } from '../render/store/game-faces.ts'

/** A card as a gallery shows it: what it is, and the keys of its faces (they change exactly when a face's look does). */
export interface GalleryCard {
  id: string
  type: string
  set: string
  qty: number
  /** The front's file stem in `faces/` is the card's id; its key. */
  front: string
  /** The back's file stem in `faces/` (its deck, or the card's id for its own back) and its key. */
  back: string
  backKey: string
  /** The card's field values as text, for a search. */
  text: string
}

/** What a build's faces are, for a gallery: every card and its faces, each type's name and size, the bleed. */
export interface Gallery {
  title: string
  bleedMm: number
  /** The safe zone's inset from the trim, in millimetres. */
  safeMm: number
  types: Record<string, { name: string; widthMm: number; heightMm: number; split: boolean }>
  cards: GalleryCard[]
  /** What drew the faces: 'satori + resvg', or 'takumi 2.16.3'. */
  renderer: string
}

const words = (value: unknown): string =>
  Array.isArray(value)
    ? value.map(words).join(' ')
    : value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? Object.values(value).map(words).join(' ')
        : String(value)

/** The gallery of a game's built faces. */
export const galleryOf = (game: GameDef, faces: GameFaces, bleedMm: number, renderer: string, safeMm = 3): Gallery => ({
  title: game.title,
  renderer,
  bleedMm,
  safeMm,
  types: Object.fromEntries(
    Object.entries(game.types).map(([id, type]) => {
      const size = typeSize(game, id)
      return [
        id,
        { name: type.name, widthMm: size?.widthMm ?? 0, heightMm: size?.heightMm ?? 0, split: Boolean(type.halves) },
      ]
    }),
  ),
  cards: faces.cards.map(({ card, front, back }) => ({
    id: card.id,
    type: card.type,
    set: card.set,
    qty: card.qty,
    front: front.key,
    back,
    backKey: faces.backs.get(back)?.key ?? '',
    text: words(card.fields).replace(/\s+/g, ' ').trim(),
  })),
})
