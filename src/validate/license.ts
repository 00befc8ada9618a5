import { readFileSync } from 'node:fs'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { GameDef } from '../engine/define.ts'
import { resolveLicense } from '../engine/license.ts'
import { relativePath, type GamePaths } from '../load/project.ts'
import { keyLine } from '../util/lines.ts'

/** The game's `license`, checked where it is written: an SPDX id, or a file of its rules folder. None is no problem here (`release` warns). */
export const checkGameLicense = (paths: GamePaths, game: GameDef): Diagnostic[] => {
  if (game.license === undefined) return []
  const { problem } = resolveLicense(game.license, paths.rulesDir)
  if (!problem) return []
  return [
    {
      rule: 'game/bad-license',
      severity: 'error',
      file: relativePath(paths.root, paths.definition),
      line: keyLine(readFileSync(paths.definition, 'utf8'), 'license') || 1,
      column: 1,
      message: problem,
    },
  ]
}
