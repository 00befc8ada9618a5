import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import type { GameDef } from '../define.ts'

/** `typography.quotes` is one of the settings faces know ('curly', the default, or 'straight'). */
export const typography = (game: GameDef, definitionFile: string): Diagnostic[] => {
  const quotes = game.typography?.quotes as unknown
  return quotes === undefined || quotes === 'curly' || quotes === 'straight'
    ? []
    : [
        {
          rule: 'game/unknown-quotes',
          severity: 'error',
          file: definitionFile,
          line: 1,
          column: 1,
          message: `typography: { quotes: ${JSON.stringify(quotes) ?? String(quotes)} } is not a setting: use 'curly' (typographic quotes, the default) or 'straight' (as written)`,
        },
      ]
}
