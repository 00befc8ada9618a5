import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import { DEFAULT_ROLES, type GameDef } from '../define.ts'

/**
 * Every split type's halves name a colour role the game has: a default, or one of its `roles` that
 * gives at least a colour and a symbol.
 */
export const halfRoles = (game: GameDef, definitionFile: string): Diagnostic[] => {
  const problems: string[] = []
  for (const [name, role] of Object.entries(game.roles ?? {})) {
    if ((DEFAULT_ROLES as readonly string[]).includes(name)) continue
    const missing = (['color', 'symbol'] as const).filter((k) => !role[k])
    if (missing.length)
      problems.push(
        `the colour role "${name}" is new to this game, so it needs ${missing.map((k) => `\`${k}\``).join(' and ')}`,
      )
  }
  const known = new Set([...DEFAULT_ROLES, ...Object.keys(game.roles ?? {})])
  for (const [id, type] of Object.entries(game.types)) {
    for (const half of type.halves ?? []) {
      if (!known.has(half))
        problems.push(
          `${type.name} (${id}) has a half "${half}", which is neither a default colour role (${DEFAULT_ROLES.join(', ')}) nor one of the game's \`roles\``,
        )
    }
  }
  return problems.map((message) => ({
    rule: 'game/unknown-role',
    severity: 'error',
    file: definitionFile,
    line: 1,
    column: 1,
    message,
  }))
}
