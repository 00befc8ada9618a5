import { deckOf } from '../decks.ts'
import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import type { GameDef } from '../define.ts'

/**
 * Hidden information (votes, identities) must not be told apart from behind: a hidden type shares one
 * back, and so does every type shuffled into the same deck as a hidden one.
 */
export const hiddenBacks = (game: GameDef, definitionFile: string): Diagnostic[] => {
  const at = { file: definitionFile, line: 1, column: 1, severity: 'error' as const }
  const diagnostics: Diagnostic[] = []
  const decks = new Map<string, string[]>()
  for (const [id, t] of Object.entries(game.types)) {
    const deck = deckOf(game, id)
    decks.set(deck, [...(decks.get(deck) ?? []), id])
    if (t.hidden && t.back === 'own')
      diagnostics.push({
        ...at,
        rule: 'game/hidden-own-back',
        message: `${t.name} (${id}) is hidden information but gives each card its own back: players could tell the cards apart from behind; use back: 'shared'`,
      })
  }
  for (const [deck, ids] of decks) {
    const types = ids.map((id) => game.types[id]!)
    if (ids.length < 2 || !types.some((t) => t.hidden)) continue
    const own = ids.filter((id) => game.types[id]!.back === 'own')
    if (own.length)
      diagnostics.push({
        ...at,
        rule: 'game/hidden-mixed-backs',
        message: `the ${deck} deck mixes hidden cards (${ids.join(', ')}) but ${own.join(', ')} ${own.length === 1 ? 'has' : 'have'} backs of their own: players could tell them apart from behind`,
      })
    const sizes = new Set(types.map((t) => t.size ?? 'poker'))
    if (sizes.size > 1)
      diagnostics.push({
        ...at,
        rule: 'game/hidden-mixed-backs',
        message: `the ${deck} deck mixes hidden cards of different sizes (${[...sizes].join(', ')}): players could tell them apart`,
      })
  }
  return diagnostics
}
