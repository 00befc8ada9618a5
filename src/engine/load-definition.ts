import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { importGameModule, loadFailure } from '../load/code-errors.ts'
import { relativePath, type GamePaths } from '../load/project.ts'
import type { GameDef } from './define.ts'

/** Imports a game's definition (TypeScript, compiled by game-modules.ts). A definition that fails to load is a diagnostic at its own line. */
export const loadGameDefinition = async (paths: GamePaths): Promise<Result<GameDef | undefined>> => {
  const file = relativePath(paths.root, paths.definition)
  try {
    const mod = await importGameModule<{ default?: GameDef }>(paths.definition, paths.root)
    const game = mod.default
    if (!game || typeof game !== 'object' || !game.types) {
      return {
        value: undefined,
        diagnostics: [
          {
            rule: 'game/definition',
            severity: 'error',
            file,
            line: 1,
            column: 1,
            message: 'the game definition must `export default defineGame({ … })`',
          },
        ],
      }
    }
    const diagnostics: Diagnostic[] = []
    if (game.id !== paths.id)
      diagnostics.push({
        rule: 'game/definition',
        severity: 'error',
        file,
        line: 1,
        column: 1,
        message: `the definition's id "${game.id}" differs from its folder "${paths.id}"`,
      })
    return { value: game, diagnostics }
  } catch (error) {
    return {
      value: undefined,
      diagnostics: loadFailure(error, paths.root, 'game/definition', 'the game definition', file),
    }
  }
}
