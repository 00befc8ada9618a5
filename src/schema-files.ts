import { join } from 'node:path'
import type { Result } from './diagnostics/diagnostic.ts'
import { cardTypeSchema } from './engine/schema.ts'
import { checkDefinition } from './engine/checks/definition.ts'
import { gamePaths, relativePath } from './load/project.ts'
import { loadDefinition } from './threads/load-definition.ts'
import { withThreads, type GameThreads } from './threads/threads.ts'
import { writeFileAtomic } from './util/atomic-write.ts'

/** Writes a JSON Schema per card type to cards/<game>/schema/<type>.json, for editors to complete and check the YAML. */
export const writeSchemas = (root: string, id: string, options: { threads?: GameThreads; timeout?: number } = {}): Promise<Result<string[]>> =>
  withThreads(options.threads, options.timeout, async (threads) => {
    const paths = gamePaths(root, id)
    // The definition is the game's code: a game thread loads it first (see load-definition.ts).
    const { value: game, diagnostics } = await loadDefinition(paths, threads)()
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
  })
