import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { GameDef } from '../engine/define.ts'
import { checkSources } from '../engine/checks/sources.ts'
import { relativePath, type GamePaths } from '../load/project.ts'

/**
 * The game's spreadsheet sources, checked without the network (validate and build never download): each
 * written as one `deckwright pull` can download, and a warning for each whose file has never been pulled.
 */
export const checkGameSources = (paths: GamePaths, game: GameDef): Diagnostic[] => {
  if (game.sources === undefined) return []
  const definitionFile = relativePath(paths.root, paths.definition)
  const { sources, diagnostics } = checkSources(game, definitionFile, readFileSync(paths.definition, 'utf8'))
  for (const source of sources)
    if (!existsSync(join(paths.cardsDir, ...source.file.split('/'))))
      diagnostics.push({
        rule: 'game/source-not-pulled',
        severity: 'warning',
        file: definitionFile,
        line: source.line,
        column: 1,
        message: `the source ${relativePath(paths.root, join(paths.cardsDir, source.file))} has never been pulled: run deckwright pull ${paths.id}, and commit the file it writes`,
      })
  return diagnostics
}
