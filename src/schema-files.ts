import { join } from 'node:path'
import type { Result } from './diagnostics/diagnostic.ts'
import { cardTypeSchema } from './engine/schema.ts'
import { checkDefinition } from './engine/checks/definition.ts'
import { gamePaths, loadGameDefinition, relativePath } from './load/project.ts'
import { writeFileAtomic } from './util/atomic-write.ts'

/** Writes a JSON Schema per card type to cards/<game>/schema/<type>.json, for editors to complete and check the YAML. */
export const writeSchemas = async (root: string, id: string): Promise<Result<string[]>> => {
  const paths = gamePaths(root, id)
  const { value: game, diagnostics } = await loadGameDefinition(paths)
  if (!game) return { value: [], diagnostics }
  const declared = checkDefinition(game, relativePath(root, paths.definition), root)
  diagnostics.push(...declared.diagnostics)
  const written: string[] = []
  for (const [typeId, type] of Object.entries(game.types)) {
    if (declared.broken.has(typeId)) continue
    const path = join(paths.cardsDir, 'schema', `${typeId}.json`)
    writeFileAtomic(path, JSON.stringify(cardTypeSchema(game, typeId, type), null, 2) + '\n')
    written.push(relativePath(root, path))
  }
  return { value: written, diagnostics }
}
