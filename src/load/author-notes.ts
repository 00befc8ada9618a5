import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { blankOut, pointLocator } from '../util/lines.ts'

/** A note the author left for themselves: an HTML comment or an `@TODO` line. Never printed. */
export interface RulesNote {
  kind: 'todo' | 'comment'
  text: string
  line: number
  column: number
}

interface Notes extends Result<RulesNote[]> {
  /** The source with every note blanked out. */
  source: string
}

const TODO = /^@TODO\b[\s:]*/

/** Collects HTML comments (also Hugo's `<!--- … --->`) and lines starting with @TODO, and blanks them out. */
export const collectNotes = (input: string): Notes => {
  const found: RulesNote[] = []
  const diagnostics: Diagnostic[] = []
  let source = ''
  let last = 0
  const point = pointLocator(input)
  for (const m of input.matchAll(/<!--([\s\S]*?)(?:-->|$)/g)) {
    const text = m[1]!.replace(/^-+|-+$/g, '').trim()
    const isTodo = TODO.test(text)
    const { line, column } = point(m.index)
    const at = { line, column }
    found.push({ kind: isTodo ? 'todo' : 'comment', text: isTodo ? text.replace(TODO, '') : text, ...at })
    if (!m[0].endsWith('-->')) {
      diagnostics.push({
        rule: 'rules/unclosed-comment',
        severity: 'warning',
        message: 'This HTML comment is never closed with "-->", so the rest of the file is hidden.',
        file: '',
        ...at,
      })
    }
    let end = m.index + m[0].length
    const lineStart = input.lastIndexOf('\n', m.index - 1) + 1
    const eol = input.indexOf('\n', end)
    const rest = input.slice(end, eol < 0 ? input.length : eol)
    source += input.slice(last, m.index)
    if (!input.slice(lineStart, m.index).trim() && rest.trim()) {
      // A comment opening a line with text after it: blanking would indent that text into a code block, so the
      // comment is cut instead (its line breaks stay; only that line's columns move).
      while (input[end] === ' ' || input[end] === '\t') end++
      source += m[0].replace(/[^\r\n]/g, '')
    } else source += m[0].replace(/[^\r\n]/g, ' ')
    last = end
  }
  source += input.slice(last)

  // Blanking keeps every line break and the length, so points found before it stay true.
  const pointInSource = pointLocator(source)
  for (const m of source.matchAll(/^[ \t]*@TODO\b.*$/gm)) {
    const { line, column } = pointInSource(m.index + m[0].length - m[0].trimStart().length)
    found.push({ kind: 'todo', text: m[0].trim().replace(TODO, ''), line, column })
    source = blankOut(source, m.index, m.index + m[0].length)
  }
  found.sort((a, b) => a.line - b.line || a.column - b.column)
  return { value: found, diagnostics, source }
}

/** A note as `validate` lists it: info, at its place. */
export const noteDiagnostic = (note: RulesNote, file: string): Diagnostic => ({
  rule: 'rules/todo',
  severity: 'info',
  message: note.kind === 'todo' ? `TODO: ${note.text}` : `Comment (not printed): ${note.text}`,
  file,
  line: note.line,
  column: note.column,
})
