import type { Diagnostic, Severity } from '../diagnostics/diagnostic.ts'
import { FACE_RULES } from '../engine/face-rules.ts'

type Pdf = { text: (...args: any[]) => unknown; _fontSize: number }

/** The booklet's `a11y/text-size` check: the smallest text it may print, and how a smaller one is reported. */
export interface BookletTextSize {
  minPt: number
  severity?: Severity
}

/**
 * Notes the smallest text a PDF document draws (its font size when `text` is called, in points: the booklet's
 * pages are printed at their size), and the text, so that the booklet's smallest text is checked as faces'
 * are: the problem, once the document is drawn, at the rules `file`.
 */
export const watchTextSize = (pdf: Pdf, file: string, check?: BookletTextSize | false): (() => Diagnostic[]) => {
  let smallest: { size: number; text: string } | undefined
  const text = pdf.text.bind(pdf)
  pdf.text = (...args: unknown[]) => {
    const said = typeof args[0] === 'string' ? args[0].trim() : ''
    if (said && (!smallest || pdf._fontSize < smallest.size)) smallest = { size: pdf._fontSize, text: said }
    return text(...args)
  }
  return () => bookletTextSizeProblem(file, smallest, check)
}

/** A warning (or the game's severity) when the booklet's smallest text is under the smallest a player reads. */
const bookletTextSizeProblem = (
  file: string,
  smallest: { size: number; text: string } | undefined,
  /** None: the default 6 pt, a warning; false: not checked. */
  check: BookletTextSize | false = { minPt: 6 },
): Diagnostic[] => {
  if (!check) return []
  const { minPt, severity = 'warning' } = check
  if (!smallest || smallest.size >= minPt - 0.05) return []
  const sample = smallest.text.length > 24 ? `${smallest.text.slice(0, 22)}…` : smallest.text
  return [
    {
      rule: FACE_RULES.textSize,
      severity,
      file,
      message: `the rules booklet's smallest text ("${sample}") is printed at ${Math.round(smallest.size * 10) / 10} pt, under the ${minPt} pt a player can read`,
    },
  ]
}
