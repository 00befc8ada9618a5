import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import type { GameDef } from '../engine/define.ts'
import type { RawCardFile } from './raw-card.ts'
import { parseCsvCards } from './csv.ts'
import { parseYamlCards } from './yaml.ts'
import { loadFailure } from './code-errors.ts'
import { registerTypeScript } from './typescript.js'

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

/** Every game of the project: a folder under rules/ that holds a game definition. */
export const findGames = (root: string): string[] => {
  const dir = join(root, 'rules')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, DEFINITION_FILE)))
    .sort()
}

/** Imports a game's definition (TypeScript, see typescript-hooks.js). A definition that fails to load is a diagnostic at its own line. */
export const loadGameDefinition = async (paths: GamePaths): Promise<Result<GameDef | undefined>> => {
  const file = relativePath(paths.root, paths.definition)
  try {
    registerTypeScript()
    const mod = (await import(pathToFileURL(paths.definition).href)) as { default?: GameDef }
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

const listFiles = (dir: string, exts: string[]): string[] => {
  if (!existsSync(dir)) return []
  const out: string[] = []
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      if (name !== 'schema') out.push(...listFiles(path, exts))
    } else if (exts.some((e) => name.endsWith(e))) out.push(path)
  }
  return out
}

const parsers = { '.yaml': parseYamlCards, '.yml': parseYamlCards, '.csv': parseCsvCards }

/** Reads every card file of a game (YAML, or CSV exported from a spreadsheet), in a stable order. */
export const loadCardFiles = (paths: GamePaths): Result<RawCardFile[]> => {
  const diagnostics: Diagnostic[] = []
  const files: RawCardFile[] = []
  for (const path of listFiles(paths.cardsDir, Object.keys(parsers))) {
    const file = relativePath(paths.root, path)
    const parse = parsers[path.slice(path.lastIndexOf('.')) as keyof typeof parsers]
    const parsed = parse(readFileSync(path, 'utf8'), file)
    diagnostics.push(...parsed.diagnostics)
    files.push(parsed.value)
  }
  return { value: files, diagnostics }
}
