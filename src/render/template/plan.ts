import type { Card, GameDef } from '../../engine/define.ts'
import { deckOf } from '../../engine/decks.ts'
import type { FaceJob } from './session.ts'

/** A face to draw and the name it is written under: '<card-id>.front', '<deck>.back' or '<card-id>.back'. */
export interface PlannedFace {
  name: string
  job: FaceJob
}

/**
 * Every face a game's cards need: each card's front, each deck's shared back once (types shuffled into
 * one deck share the back of the deck's first type), and the own back of cards whose type has them.
 */
export const planFaces = (game: GameDef, cards: readonly Card[]): PlannedFace[] => {
  const planned: PlannedFace[] = []
  const decks = new Set<string>()
  for (const [typeId, type] of Object.entries(game.types)) {
    const ofType = cards.filter((c) => c.type === typeId)
    if (ofType.length === 0) continue
    const deck = deckOf(game, typeId)
    if (type.back !== 'own' && !decks.has(deck)) {
      decks.add(deck)
      planned.push({ name: `${deck}.back`, job: { kind: 'back', type: typeId } })
    }
    for (const card of ofType) {
      planned.push({ name: `${card.id}.front`, job: { kind: 'front', type: typeId, card } })
      if (type.back === 'own') planned.push({ name: `${card.id}.back`, job: { kind: 'back', type: typeId, card } })
    }
  }
  return planned
}
