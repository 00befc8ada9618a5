import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import type { GameDef } from '../define.ts'

/**
 * The rules' front matter may restate the player count for the designer's website; the definition is
 * the source of truth, so a disagreement is reported where the designer wrote it.
 */
export const checkFrontMatter = (game: GameDef, frontMatter: Record<string, unknown>, file: string): Diagnostic[] => {
  const diagnostics: Diagnostic[] = []
  const stated = frontMatter.players
  if (stated !== undefined) {
    const m = /^\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*$/.exec(String(stated))
    const min = m ? Number(m[1]) : NaN
    const max = m ? Number(m[2] ?? m[1]) : NaN
    if (min !== game.players.min || max !== game.players.max) {
      diagnostics.push({
        rule: 'rules/front-matter-mismatch',
        severity: 'error',
        file,
        line: 1 + (String(Object.keys(frontMatter)).split(',').indexOf('players') + 1),
        column: 1,
        message: `the front matter says players: "${stated}", the game definition says ${game.players.min}-${game.players.max}`,
      })
    }
  }
  if (frontMatter.title !== undefined && frontMatter.title !== game.title) {
    diagnostics.push({ rule: 'rules/front-matter-mismatch', severity: 'warning', file, line: 1 + Object.keys(frontMatter).indexOf('title') + 1, column: 1, message: `the front matter's title "${String(frontMatter.title)}" differs from the game's title "${game.title}"` })
  }
  return diagnostics
}
