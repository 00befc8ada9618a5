import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import type { GameDef } from '../define.ts'

/** Hidden information (votes, identities) must not be told apart from behind: such a type shares one back. */
export const hiddenBacks = (game: GameDef, definitionFile: string): Diagnostic[] =>
  Object.entries(game.types)
    .filter(([, t]) => t.hidden && t.back === 'own')
    .map(([id, t]) => ({
      rule: 'game/hidden-own-back',
      severity: 'error' as const,
      file: definitionFile,
      line: 1,
      column: 1,
      message: `${t.name} (${id}) is hidden information but gives each card its own back: players could tell the cards apart from behind; use back: 'shared'`,
    }))
