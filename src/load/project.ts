import { existsSync, readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import type { GameDef } from '../engine/define.ts'
import { importGameModule, loadFailure } from './code-errors.ts'

/** Where a game's files live, relative to the project root. */
export interface GamePaths {
  id: string
  root: string
  rulesDir: string
  cardsDir: string
  templatesDir: string
  definition: string
  rules: string
}

export const DEFINITION_FILE = 'game.ts'
/** A game's templates: `templates/<game>/index.tsx`. */
export const TEMPLATES_FILE = 'index.tsx'

export const relativePath = (root: string, path: string): string => relative(root, path).split(sep).join('/')

export const gamePaths = (root: string, id: string): GamePaths => ({
  id,
  root,
  rulesDir: join(root, 'rules', id),
  cardsDir: join(root, 'cards', id),
  templatesDir: join(root, 'templates', id),
  definition: join(root, 'rules', id, DEFINITION_FILE),
  rules: join(root, 'rules', id, 'rules.md'),
})

/** The entry files of a game's modules: its definition and its templates. */
export const gameEntries = (paths: GamePaths): string[] => [paths.definition, join(paths.templatesDir, TEMPLATES_FILE)]

/** Every game of the project: a folder under rules/ that holds a game definition. */
export const findGames = (root: string): string[] => {
  const dir = join(root, 'rules')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, DEFINITION_FILE)))
    .sort()
}

/** Imports a game's definition (TypeScript, compiled by game-modules.ts). A definition that fails to load is a diagnostic at its own line. */
export const loadGameDefinition = async (paths: GamePaths): Promise<Result<GameDef | undefined>> => {
  const file = relativePath(paths.root, paths.definition)
  try {
    const mod = await importGameModule<{ default?: GameDef }>(paths.definition, paths.root)
    const game = mod.default
    if (!game || typeof game !== 'object' || !game.types) {
      return { value: undefined, diagnostics: [{ rule: 'game/definition', severity: 'error', file, line: 1, column: 1, message: 'the game definition must `export default defineGame({ … })`' }] }
    }
    const diagnostics: Diagnostic[] = []
    if (game.id !== paths.id) diagnostics.push({ rule: 'game/definition', severity: 'error', file, line: 1, column: 1, message: `the definition's id "${game.id}" differs from its folder "${paths.id}"` })
    return { value: game, diagnostics }
  } catch (error) {
    return { value: undefined, diagnostics: loadFailure(error, paths.root, 'game/definition', 'the game definition', file) }
  }
}
