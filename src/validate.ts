import { existsSync, readFileSync } from 'node:fs'
import { hasErrors, type Diagnostic, type Result } from './diagnostics/diagnostic.ts'
import type { Card, GameDef } from './engine/define.ts'
import { checkDeck } from './engine/check.ts'
import { checkDefinition } from './engine/checks/definition.ts'
import { modelCards } from './engine/model.ts'
import { gamePaths, loadGameDefinition, relativePath, type GamePaths } from './load/project.ts'
import { checkFrontMatter } from './engine/checks/front-matter.ts'
import type { RulesDoc } from './load/rules.ts'

export interface LoadedGame {
  paths: GamePaths
  game: GameDef
  cards: Card[]
  /** The rules file as read for validation, for the booklet to reuse; undefined when the game has none. */
  rules?: RulesDoc
}

/** Loads a game and checks every card and the deck against its rules engine: every problem, in one run. */
export interface ValidateOptions {
  /** Also lay out every face (text that does not fit, unknown icons); the build draws them anyway. */
  faces?: boolean
  /** The most pixels an art file may have (`--max-image-pixels`). */
  maxImagePixels?: number
}

export const validateGame = async (root: string, id: string, options: ValidateOptions = {}): Promise<Result<LoadedGame | undefined>> => {
  const paths = gamePaths(root, id)
  // The readers of card files and rules load while the definition compiles (in another thread).
  const readers = Promise.all([import('./load/card-files.ts'), import('./load/rules.ts')])
  const definition = await loadGameDefinition(paths)
  const [{ loadCardFiles }, { loadRules }] = await readers
  const diagnostics: Diagnostic[] = [...definition.diagnostics]
  const game = definition.value
  if (!game) return { value: undefined, diagnostics }
  const files = loadCardFiles(paths)
  diagnostics.push(...files.diagnostics)
  // The definition's own mistakes first, at their lines; the cards of the types they break are not checked.
  const declared = checkDefinition(game, relativePath(root, paths.definition), root)
  diagnostics.push(...declared.diagnostics)
  const cards = modelCards(game, files.value, declared.broken)
  diagnostics.push(...cards.diagnostics)
  diagnostics.push(...checkDeck(game, cards.value, relativePath(root, paths.definition), root, cards.failedTypes))
  let rules: RulesDoc | undefined
  if (existsSync(paths.rules)) {
    // The rules file as Hugo would read it: unclosed shortcodes are errors, comments and @TODO notes info.
    const loadedRules = loadRules(paths.rules, root)
    diagnostics.push(...loadedRules.diagnostics)
    rules = loadedRules.value
    diagnostics.push(...checkFrontMatter(game, rules.frontMatter, readFileSync(paths.rules, 'utf8'), rules.file))
  }
  const definitionFile = relativePath(root, paths.definition)
  if (options.faces && !hasErrors(diagnostics)) {
    const { checkFaces } = await import('./render/check-faces.ts')
    diagnostics.push(...(await checkFaces(paths, game, cards.value, options.maxImagePixels)))
  } else if (options.faces !== undefined) {
    // What was not checked is said, so that a clean run is never mistaken for a complete one.
    const why = options.faces ? 'the errors above must be fixed first' : '--no-faces'
    diagnostics.push({ rule: 'validate/faces-skipped', severity: 'info', file: definitionFile, line: 1, column: 1, message: `the faces were not laid out (${why}): text that does not fit, unknown icons and art are not checked` })
  }
  return { value: { paths, game, cards: cards.value, rules }, diagnostics }
}
