import type { Card } from '../../engine/define.ts'
import type { DrawnWith } from '../template/drawn-with.ts'
import type { StoredFace } from './face-store.ts'

export interface CardFaces {
  card: Card
  front: StoredFace
  /** The name of its back in `backs`: its deck ('<type>' unless the type names another) for a shared back, '<card-id>' for its own. */
  back: string
}

export interface GameFaces {
  cards: CardFaces[]
  backs: Map<string, StoredFace>
  /** What these faces were drawn with (fonts, icons of installed sets), for the credits. */
  drawnWith: DrawnWith
  /** Faces drawn in this run, and faces taken from the cache. */
  drawn: number
  cached: number
  /** Of those drawn, how many the store held already by their look (stored as links of it, not drawn again). */
  alike?: number
  /** Milliseconds: drawing on the clock, then summed over the faces drawn (on every thread) for SVG, PNG and storing. */
  spent: { wall: number; svg: number; png: number; store: number }
}
