import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { firstLine, inProject, thrownAt } from '../diagnostics/thrown.ts'
import { COMPILE_FAILED } from './typescript-hooks.js'

/**
 * A game module that failed to load, as diagnostics: a compile error gives one per error, each at its
 * file, line and column; an error thrown while the module ran points at the line that threw.
 */
export const loadFailure = (error: unknown, root: string, rule: string, what: string, fallback: string): Diagnostic[] => {
  const message = String((error as Error | undefined)?.message ?? error)
  if (message.startsWith(COMPILE_FAILED)) {
    return message
      .split('\n')
      .slice(1)
      .flatMap((line) => {
        const m = /^(.*?):(\d+):(\d+): (.*)$/.exec(line)
        if (!m) return []
        return [{ rule, severity: 'error', file: inProject(root, m[1]!) ?? m[1]!, line: Number(m[2]), column: Number(m[3]), message: `${what} does not compile: ${m[4]}` } satisfies Diagnostic]
      })
  }
  const at = thrownAt(error, root) ?? { file: fallback, line: 1, column: 1 }
  return [{ rule, severity: 'error', ...at, message: `${what} could not be loaded: ${firstLine(error)}` }]
}
