import type { Diagnostic } from '../diagnostic.ts'
import { capPerRule } from './cap.ts'
import { escapeControls } from './escape.ts'

// Workflow commands: https://docs.github.com/actions/using-workflows/workflow-commands-for-github-actions
const escapeData = (s: string) => escapeControls(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')
const level = { error: 'error', warning: 'warning', info: 'notice' } as const

const command = (d: Diagnostic): string => {
  const props = [`file=${escapeProperty(d.file)}`]
  if (d.line) props.push(`line=${d.line}`)
  if (d.column) props.push(`col=${d.column}`)
  if (d.endLine) props.push(`endLine=${d.endLine}`)
  if (d.endColumn) props.push(`endColumn=${d.endColumn}`)
  props.push(`title=${escapeProperty(d.rule)}`)
  const where = d.card ? ` (card ${d.card}${d.field ? ', field ' + d.field : ''})` : ''
  return `::${level[d.severity]} ${props.join(',')}::${escapeData(d.message + where)}\n`
}

/** One annotation a problem, at most `MAX_PER_RULE` of a rule, then a notice of how many more (GitHub shows few anyway). */
export const github = (diagnostics: readonly Diagnostic[]): string => {
  const { shown, more } = capPerRule(diagnostics)
  const notices = [...more].map(
    ([rule, n]) =>
      `::notice title=${escapeProperty(rule)}::${escapeData(`…and ${n.toLocaleString('en')} more of \`${rule}\` (--format json lists them all)`)}\n`,
  )
  return shown.map(command).join('') + notices.join('')
}
