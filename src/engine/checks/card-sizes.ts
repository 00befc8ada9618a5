import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import { cardSize } from '../card-sizes.ts'
import type { GameDef } from '../define.ts'

/** Every card type names a size the print stage knows. */
export const cardSizes = (game: GameDef, definitionFile: string): Diagnostic[] =>
  Object.entries(game.types)
    .filter(([, t]) => t.size !== undefined && !cardSize(t.size))
    .map(([id, t]) => ({
      rule: 'game/unknown-size',
      severity: 'error' as const,
      file: definitionFile,
      line: 1,
      column: 1,
      message: `${t.name} (${id}) has an unknown size "${t.size}": use poker, bridge, mini, tarot, square, euro or a size such as 63x88mm`,
    }))
