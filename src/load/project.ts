import { existsSync, readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

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
/** The file a game's own shortcodes live in, next to its rules. */
export const SHORTCODES_FILE = 'shortcodes.ts'
/** A game's playable rules, for `deckwright simulate`: `rules/<game>/play.ts`. */
export const PLAY_FILE = 'play.ts'
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
