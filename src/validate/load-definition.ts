import type { Result } from '../diagnostics/diagnostic.ts'
import type { GameDef } from '../engine/define.ts'
import { compileGameModule } from '../load/game-modules.ts'
import type { GamePaths } from '../load/project.ts'
import { loadGameDefinition } from '../engine/load-definition.ts'
import { stoppedDiagnostic } from '../threads/stopped.ts'
import type { GameThreads } from '../threads/threads.ts'
import type { GameThread } from '../threads/game-thread.ts'

/**
 * Starts loading a game's definition on a game thread; the result loads it on this thread too, once the
 * game thread has (its top-level code is then known to finish). A definition that does not load within the
 * time limit, or ends its thread, is one error and loads nowhere else. Compiled here first: the limit is
 * the game's code's, not the compiler's. Call it early and await the result late: this thread can read
 * card files and rules meanwhile.
 * `thread` is the game thread loading it, once asked to: a request sent to it then runs once the
 * definition has loaded there (and is lost, not sent again, when it does not load).
 */
export const loadDefinition = (
  paths: GamePaths,
  threads: GameThreads,
): (() => Promise<Result<GameDef | undefined>>) & { thread: Promise<GameThread> } => {
  const [thread] = threads.take(paths, 1)
  let asked!: (thread: GameThread) => void
  const asking = new Promise<GameThread>((resolve) => (asked = resolve))
  const probing = compileGameModule(paths.definition, paths.root)
    .catch(() => undefined) // a compile error is reported where the definition loads
    .then(() => {
      const loading = thread!.call({ game: paths.id, do: 'load' })
      asked(thread!)
      return loading
    })
  const loaded = async () => {
    const probe = await probing
    if (!probe.ok) return { value: undefined, diagnostics: [stoppedDiagnostic(paths, probe, threads.limitMs / 1000)] }
    return loadGameDefinition(paths)
  }
  return Object.assign(loaded, { thread: asking })
}
