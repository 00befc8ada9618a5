import type { Diagnostic } from '../diagnostic.ts'

/**
 * How many problems of one rule the terminal and CI formats print: enough to see what is wrong and where,
 * and a spreadsheet of 200,000 too-long titles still prints a page, not 200,000 lines. `json` prints them all.
 */
export const MAX_PER_RULE = 100

/** The problems printed (the first `MAX_PER_RULE` of each rule, in order) and how many of each rule are not. */
export const capPerRule = (diagnostics: readonly Diagnostic[]): { shown: Diagnostic[]; more: Map<string, number> } => {
  const counts = new Map<string, number>()
  const more = new Map<string, number>()
  const shown: Diagnostic[] = []
  for (const d of diagnostics) {
    const n = (counts.get(d.rule) ?? 0) + 1
    counts.set(d.rule, n)
    if (n <= MAX_PER_RULE) shown.push(d)
    else more.set(d.rule, n - MAX_PER_RULE)
  }
  return { shown, more }
}
