import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import type { GameDef } from '../define.ts'
import { DEFAULT_FACE_THRESHOLDS, FACE_RULES } from '../face-rules.ts'

const SEVERITIES = ['error', 'warning', 'info', 'off']
const RULES: readonly string[] = Object.values(FACE_RULES)

/**
 * `print` holds what the face rules can use: positive numbers for the thresholds, a severity (or `'off'`) for
 * each of the four rules. Anything else would be ignored in silence, so it is an error.
 */
export const printRules = (game: GameDef, definitionFile: string): Diagnostic[] => {
  const print = game.print as Record<string, unknown> | undefined
  if (print === undefined) return []
  if (!print || typeof print !== 'object')
    return [problem(definitionFile, 'is not an object of thresholds and severities')]
  const problems: string[] = []
  const number = (name: string, value: unknown) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
      problems.push(`${name}: ${JSON.stringify(value) ?? String(value)} is not a positive number`)
  }
  for (const [key, value] of Object.entries(print)) {
    if (key in DEFAULT_FACE_THRESHOLDS) number(key, value)
    else if (key === 'minTextPtOf')
      for (const [of, min] of Object.entries((value ?? {}) as Record<string, unknown>))
        number(`minTextPtOf['${of}']`, min)
    else if (key === 'severity')
      for (const [rule, severity] of Object.entries((value ?? {}) as Record<string, unknown>)) {
        if (!RULES.includes(rule)) problems.push(`severity: "${rule}" is not one of its rules (${RULES.join(', ')})`)
        else if (!SEVERITIES.includes(severity as string))
          problems.push(`severity: ${JSON.stringify(severity)} for ${rule} is not one of ${SEVERITIES.join(', ')}`)
      }
    else
      problems.push(
        `"${key}" is not one of its settings (${[...Object.keys(DEFAULT_FACE_THRESHOLDS), 'minTextPtOf', 'severity'].join(', ')})`,
      )
  }
  return problems.map((p) => problem(definitionFile, p))
}

const problem = (file: string, what: string): Diagnostic => ({
  rule: 'game/bad-print',
  severity: 'error',
  file,
  line: 1,
  column: 1,
  message: `print: ${what} (see docs/accessibility.md)`,
})
