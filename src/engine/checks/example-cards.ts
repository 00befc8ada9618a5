import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import type { Card, GameDef } from '../define.ts'
import { didYouMean } from '../../util/suggest.ts'

/**
 * The booklet draws each example from real cards: every card an example names must exist. A card left out
 * for its own errors (`leftOut`, reported already) is not reported again here.
 */
export const exampleCards = (
  game: GameDef,
  cards: readonly Card[],
  definitionFile: string,
  leftOut: ReadonlySet<string> = new Set(),
): Diagnostic[] => {
  const ids = new Set(cards.map((c) => c.id))
  return Object.entries(game.examples ?? {}).flatMap(([example, def]) =>
    def.cards
      .filter((id) => !ids.has(id) && !leftOut.has(id))
      .map((id) => ({
        rule: 'game/unknown-example-card',
        severity: 'error' as const,
        file: definitionFile,
        line: 1,
        column: 1,
        message: `the example "${example}" shows card "${id}", which no card file defines${didYouMean(id, ids)}`,
      })),
  )
}
