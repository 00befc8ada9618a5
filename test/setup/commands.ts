// What `deckwright validate` and `deckwright build` do, through the library in the test's own process: a
// command's process costs ~1 s of CPU before it does anything (node, its modules, its threads). A test of the
// command's own conventions (its options, its streams, its exit codes) runs the command (helpers.ts).
import { join } from 'node:path'
import { selectGames } from '../../src/commands/shared.ts'
import { type Diagnostic, hasErrors, sortDiagnostics } from '../../src/diagnostics/diagnostic.ts'
import { type BuildOptions, buildGame } from '../../src/make/build-game.ts'
import { buildSummary } from '../../src/make/summary.ts'
import { GameThreads } from '../../src/threads/threads.ts'
import { append } from '../../src/util/append.ts'
import { validateGame } from '../../src/validate/validate-game.ts'

/** A run's problems as `--format json` prints them (sorted), and whether the command exits 1 (an error). */
export interface Checked {
  found: (Diagnostic & { line: number })[]
  failed: boolean
}

const checked = (diagnostics: Diagnostic[]): Checked => ({
  found: sortDiagnostics(diagnostics) as Checked['found'],
  failed: hasErrors(diagnostics),
})

/**
 * `deckwright validate [games…]` (every game of the project by default): the faces laid out unless
 * `faces: false` (`--no-faces`). On `threads` when given (the file's, for a project whose games' code does not
 * change between runs), else on threads of its own, closed when done, as the command's (`timeout` is theirs).
 */
export const validateRun = async (
  root: string,
  {
    games = [],
    faces = true,
    threads,
    timeout,
  }: { games?: string[]; faces?: boolean; threads?: GameThreads; timeout?: number } = {},
): Promise<Checked> => {
  const own = threads ?? new GameThreads(timeout)
  const diagnostics: Diagnostic[] = []
  try {
    for (const id of selectGames(root, games))
      append(diagnostics, (await validateGame(root, id, { faces, booklet: true, threads: own })).diagnostics)
  } finally {
    if (!threads) await own.close()
  }
  return checked(diagnostics)
}

/**
 * `deckwright build [games…]` into `<root>/out` (every game by default), with the library's options (its
 * defaults are the command's): the problems, and the summary lines the command prints for each game built
 * (`tavern: 8 faces (6 drawn, 2 from the cache); …`). Threads as for `validateRun`.
 */
export const buildRun = async (
  root: string,
  { games = [], ...options }: Partial<BuildOptions> & { games?: string[] } = {},
): Promise<Checked & { summary: string }> => {
  const own = options.threads ?? new GameThreads(options.timeout)
  const diagnostics: Diagnostic[] = []
  const summary: string[] = []
  try {
    for (const id of selectGames(root, games)) {
      const built = await buildGame(root, id, { outDir: join(root, 'out'), ...options, threads: own })
      append(diagnostics, built.diagnostics)
      if (!hasErrors(built.diagnostics)) summary.push(...buildSummary(built.value, 0))
    }
  } finally {
    if (!options.threads) await own.close()
  }
  return { ...checked(diagnostics), summary: summary.join('\n') }
}
