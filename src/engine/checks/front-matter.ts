import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import type { GameDef } from '../define.ts'

/** The line of a top-level front matter key (`key:` in YAML, `key =` in TOML), counting the opening fence as line 1. */
const lineOf = (source: string, key: string): number => {
  const lines = source.split('\n')
  const index = lines.findIndex((l, i) => i > 0 && new RegExp(`^${key}\\s*[:=]`).test(l))
  return index >= 0 ? index + 1 : 1
}

/**
 * The rules' front matter may restate the player count and title for the designer's website; the
 * definition is the source of truth, so a disagreement is reported where the designer wrote it. `data` is
 * the front matter as the rules loader read it (YAML or TOML; empty when it could not, which it reports),
 * `source` the file's text, for the lines.
 */
export const checkFrontMatter = (
  game: GameDef,
  data: Record<string, unknown>,
  source: string,
  file: string,
): Diagnostic[] => {
  const diagnostics: Diagnostic[] = []
  if (data.players !== undefined) {
    const m = /^\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*$/.exec(String(data.players))
    if (!m || Number(m[1]) !== game.players.min || Number(m[2] ?? m[1]) !== game.players.max) {
      diagnostics.push({
        rule: 'rules/front-matter-mismatch',
        severity: 'error',
        file,
        line: lineOf(source, 'players'),
        column: 1,
        message: `the front matter says players: "${String(data.players)}", the game definition says ${game.players.min}-${game.players.max}`,
      })
    }
  }
  if (data.title !== undefined && data.title !== game.title) {
    diagnostics.push({
      rule: 'rules/front-matter-mismatch',
      severity: 'warning',
      file,
      line: lineOf(source, 'title'),
      column: 1,
      message: `the front matter's title "${String(data.title)}" differs from the game's title "${game.title}"`,
    })
  }
  return diagnostics
}
