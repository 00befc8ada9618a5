import { join } from 'node:path'
import type { Result } from '../diagnostics/diagnostic.ts'
import { stoppedDiagnostic } from '../threads/stopped.ts'
import { gamePaths, relativePath } from '../load/project.ts'
import { loadDefinition } from './load-definition.ts'
import { withThreads, type GameThreads } from '../threads/threads.ts'
import { writeFileAtomic } from '../util/atomic-write.ts'
import { append } from '../util/append.ts'
import { OutsideFolderError } from '../util/inside-folder.ts'

/** Writes a JSON Schema per card type to cards/<game>/schema/<type>.json, for editors to complete and check the YAML. */
export const writeSchemas = (
  root: string,
  id: string,
  options: { threads?: GameThreads; timeout?: number } = {},
): Promise<Result<string[]>> =>
  withThreads(options.threads, options.timeout, async (threads) => {
    const paths = gamePaths(root, id)
    // The definition is the game's code: a game thread loads it first (see load-definition.ts).
    const { value: game, diagnostics } = await loadDefinition(paths, threads)()
    if (!game) return { value: [], diagnostics }
    // The field kinds describe their values, and a kind may be the game's own code: on its thread.
    const made = await threads.call(paths, { game: id, do: 'schemas' })
    if (!made.ok)
      return { value: [], diagnostics: [...diagnostics, stoppedDiagnostic(paths, made, threads.limitMs / 1000)] }
    append(diagnostics, made.value.diagnostics)
    const written: string[] = []
    for (const [typeId, schema] of Object.entries(made.value.schemas)) {
      const path = join(paths.cardsDir, 'schema', `${typeId}.json`)
      try {
        writeFileAtomic(path, JSON.stringify(schema, null, 2) + '\n', { inside: paths.cardsDir })
      } catch (error) {
        if (!(error instanceof OutsideFolderError)) throw error
        const message = `a link on the way to this file leads out of cards/${id}/: deckwright writes only inside the game's own folders`
        diagnostics.push({ rule: 'write/outside', severity: 'error', file: relativePath(root, path), message })
        break
      }
      written.push(relativePath(root, path))
    }
    return { value: written, diagnostics }
  })
