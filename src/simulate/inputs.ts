import { createHash } from 'node:crypto'
import { relative } from 'node:path'
import type { GamePaths } from '../load/project.ts'
import { filesUnder, isModuleFile } from '../cache/source-hash.ts'
import { regularFileDigest } from '../util/regular-file.ts'

/**
 * What a simulation played, as a digest: the game's code in its rules folder (the definition, the playable
 * rules and what they import there) and its card files. A report whose digest is not the game's now was
 * made before the rules or the cards changed.
 */
export const simulationInputs = (paths: GamePaths): string => {
  const hash = createHash('sha256')
  for (const file of [...filesUnder(paths.rulesDir).filter(isModuleFile), ...filesUnder(paths.cardsDir)])
    hash
      .update(relative(paths.root, file))
      .update('\0')
      .update(regularFileDigest(file) ?? 'not a file')
  return hash.digest('hex').slice(0, 24)
}
