/** One type for every problem deckwright finds: in a card, a deck, a rules file or the tool's own input. */
export type Severity = 'error' | 'warning' | 'info'

export interface Diagnostic {
  /** Stable id such as 'card/unknown-field', 'deck/too-few-cards', 'yaml/syntax'. */
  rule: string
  severity: Severity
  /** One sentence a designer understands: what was found and what was expected. */
  message: string
  /** Relative to the project root, with forward slashes. */
  file: string
  line?: number
  column?: number
  endLine?: number
  endColumn?: number
  card?: string
  field?: string
}

/** What every stage returns: a value and the problems met while making it. */
export interface Result<T> {
  value: T
  diagnostics: Diagnostic[]
}

/** Thrown only for an unrecoverable failure; carries the diagnostic the CLI prints. */
export class DiagnosticError extends Error {
  readonly diagnostic: Diagnostic
  constructor(diagnostic: Diagnostic) {
    super(diagnostic.message)
    this.name = 'DiagnosticError'
    this.diagnostic = diagnostic
  }
}

/**
 * What makes two diagnostics the same problem, for reporting each once: its rule, place and words, and
 * (unless `card` is false) the card it concerns.
 */
export const diagnosticKey = (d: Diagnostic, card = true): string =>
  `${d.rule}|${d.file}|${d.line}|${d.column}|${card ? d.card : ''}|${d.message}`

export const hasErrors = (diagnostics: readonly Diagnostic[]): boolean =>
  diagnostics.some((d) => d.severity === 'error')

export const countBySeverity = (diagnostics: readonly Diagnostic[]): Record<Severity, number> => {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 }
  for (const d of diagnostics) counts[d.severity]++
  return counts
}

/** Sorts by file, then position, so that output is stable whatever order checks ran in. */
export const sortDiagnostics = (diagnostics: readonly Diagnostic[]): Diagnostic[] =>
  [...diagnostics].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      a.rule.localeCompare(b.rule),
  )
