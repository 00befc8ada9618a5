import type { Result } from '../diagnostics/diagnostic.ts'
import type { GameDef } from '../engine/define.ts'
import { compileGameModule } from '../load/game-modules.ts'
import type { GamePaths } from '../load/project.ts'
import { loadGameDefinition } from '../engine/load-definition.ts'
import { stoppedDiagnostic } from './stopped.ts'
import type { GameThreads } from './threads.ts'

/**
 * Starts loading a game's definition on a game thread; the result loads it on this thread too, once the
 * game thread has (its top-level code is then known to finish). A definition that does not load within the
 * time limit, or ends its thread, is one error and loads nowhere else. Compiled here first: the limit is
 * the game's code's, not the compiler's. Call it early and await the result late: this thread can read
 * card files and rules meanwhile.
 */
export const loadDefinition = (paths: GamePaths, threads: GameThreads): (() => Promise<Result<GameDef | undefined>>) => {
  const [thread] = threads.take(paths, 1)
  const probing = compileGameModule(paths.definition, paths.root)
    .catch(() => undefined) // a compile error is reported where the definition loads
    .then(() => thread!.call({ game: paths.id, do: 'load' }))
  return async () => {
    const probe = await probing
    if (!probe.ok) return { value: undefined, diagnostics: [stoppedDiagnostic(paths, probe, threads.limitMs / 1000)] }
    return loadGameDefinition(paths)
  }
}
