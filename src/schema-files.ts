import { join } from 'node:path'
import type { Result } from './diagnostics/diagnostic.ts'
import { cardTypeSchema } from './engine/schema.ts'
import { gamePaths, loadGameDefinition, relativePath } from './load/project.ts'
import { writeFileAtomic } from './util/atomic-write.ts'

/** Writes a JSON Schema per card type to cards/<game>/schema/<type>.json, for editors to complete and check the YAML. */
export const writeSchemas = async (root: string, id: string): Promise<Result<string[]>> => {
  const paths = gamePaths(root, id)
  const { value: game, diagnostics } = await loadGameDefinition(paths)
  if (!game) return { value: [], diagnostics }
  const written: string[] = []
  for (const [typeId, type] of Object.entries(game.types)) {
    const path = join(paths.cardsDir, 'schema', `${typeId}.json`)
    writeFileAtomic(path, JSON.stringify(cardTypeSchema(game, typeId, type), null, 2) + '\n')
    written.push(relativePath(root, path))
  }
  return { value: written, diagnostics }
}
