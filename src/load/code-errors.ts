import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { firstLine, thrownAt } from '../diagnostics/thrown.ts'
import { compileGameModule, CompileError } from './game-modules.ts'

/**
 * A game module that failed to load, as diagnostics: a compile error gives one per error, each at its
 * file, line and column; an error thrown while the module ran points at the line that threw.
 */
export const loadFailure = (
  error: unknown,
  root: string,
  rule: string,
  what: string,
  fallback: string,
): Diagnostic[] => {
  if (error instanceof CompileError)
    return error.diagnostics.map((d) => ({ ...d, rule, message: `${what} does not compile: ${d.message}` }))
  const at = thrownAt(error, root) ?? { file: fallback, line: 1, column: 1 }
  return [{ rule, severity: 'error', ...at, message: `${what} could not be loaded: ${firstLine(error)}` }]
}

/** Compiles and imports a game's module (its definition or templates); stacks name the TypeScript lines. */
export const importGameModule = async <T>(entry: string, root: string): Promise<T> => {
  process.setSourceMapsEnabled(true)
  const module = await compileGameModule(entry, root)
  try {
    return (await import(module.url)) as T
  } catch (error) {
    // A module compiled earlier imports a package by where it was then: after an install that moved it, compile again.
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error
    return (await import((await compileGameModule(entry, root, { fresh: true })).url)) as T
  }
}
