import { countBySeverity, type Diagnostic } from '../diagnostic.ts'
import { escapeControls } from './escape.ts'
import { capPerRule } from './cap.ts'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/**
 * ESLint-like: grouped by file, one line per problem, a summary at the end. At most `MAX_PER_RULE` problems of
 * one rule are printed, then a line saying how many more there are (the summary counts them all).
 */
export const stylish = (diagnostics: readonly Diagnostic[]): string => {
  if (diagnostics.length === 0) return ''
  const { shown, more } = capPerRule(diagnostics)
  const byFile = new Map<string, Diagnostic[]>()
  for (const d of shown) {
    const list = byFile.get(d.file)
    if (list) list.push(d)
    else byFile.set(d.file, [d])
  }
  const out: string[] = []
  for (const [file, list] of byFile) {
    out.push(escapeControls(file))
    for (const d of list) {
      const place = `${d.line ?? 0}:${d.column ?? 0}`
      const where = d.card ? ` [${d.card}${d.field ? '.' + d.field : ''}]` : ''
      out.push(`  ${place.padEnd(8)}${d.severity.padEnd(8)}${escapeControls(`${d.message}${where}`)}  ${d.rule}`)
    }
    out.push('')
  }
  for (const [rule, n] of more)
    out.push(`…and ${n.toLocaleString('en')} more of \`${rule}\` (--format json lists them all)`)
  if (more.size) out.push('')
  const c = countBySeverity(diagnostics)
  out.push(
    `${plural(c.error + c.warning + c.info, 'problem')} (${plural(c.error, 'error')}, ${plural(c.warning, 'warning')}, ${c.info} info)`,
  )
  return out.join('\n') + '\n'
}
