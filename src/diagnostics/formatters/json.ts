import type { Diagnostic } from '../diagnostic.ts'

export const json = (diagnostics: readonly Diagnostic[]): string => JSON.stringify(diagnostics, null, 2) + '\n'
