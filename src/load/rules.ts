import { readFileSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import matter from 'gray-matter'
import type { Root } from 'mdast'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { buildTree } from '../shortcodes/tree.ts'
import { relativePath } from './project.ts'

/** A note the author left for themselves: an HTML comment or an `@TODO` line. Never printed. */
export interface RulesNote {
  kind: 'todo' | 'comment'
  text: string
  line: number
  column: number
}

/** A Hugo-style rules file, read: front matter, the mdast tree (with shortcode nodes) and the author's notes. */
export interface RulesDoc {
  /** Relative to the project root, with forward slashes. */
  file: string
  frontMatter: Record<string, unknown>
  tree: Root
  notes: RulesNote[]
}

/**
 * Shortcodes of deckwright's rules vocabulary whose templates use .Inner, so a missing closing tag is an error
 * (Hugo learns this from the template; we have no templates, so we say it here).
 */
export const PAIRED_SHORTCODES: readonly string[] = ['rules-block', 'remark', 'rules-double-view']

export interface LoadRulesOptions {
  /** Shortcodes that must be closed; defaults to PAIRED_SHORTCODES. */
  requireClosing?: Iterable<string>
}

const emptyDoc = (file: string): RulesDoc => ({ file, frontMatter: {}, tree: { type: 'root', children: [] }, notes: [] })

/** Reads and parses a rules file. A missing or unreadable file is an error diagnostic, never a throw. */
export const loadRules = (file: string, root: string, options: LoadRulesOptions = {}): Result<RulesDoc> => {
  const path = isAbsolute(file) ? file : join(root, file)
  const rel = relativePath(root, path)
  let source: string
  try {
    source = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const message = code === 'ENOENT' ? `The rules file ${rel} does not exist.` : `The rules file ${rel} could not be read (${code ?? (error as Error).message}).`
    return { value: emptyDoc(rel), diagnostics: [{ rule: 'rules/unreadable', severity: 'error', message, file: rel }] }
  }
  return parseRules(source, rel, options)
}

/**
 * Parses rules text. Front matter, comments and @TODO lines are blanked out (every character but line breaks becomes
 * a space) rather than cut, so that every position in the tree is the position in the file.
 */
export const parseRules = (text: string, file: string, options: LoadRulesOptions = {}): Result<RulesDoc> => {
  const diagnostics: Diagnostic[] = []
  // A byte-order mark would hide the front matter's opening line (dropping it moves line 1 by one column).
  let source = text.replace(/^\uFEFF/, '')
  const front = readFrontMatter(source, file)
  diagnostics.push(...front.diagnostics)
  source = blank(source, 0, front.value.length)

  const notes = collectNotes(source)
  for (const note of notes.value) {
    diagnostics.push({
      rule: 'rules/todo',
      severity: 'info',
      message: note.kind === 'todo' ? `TODO: ${note.text}` : `Comment (not printed): ${note.text}`,
      file,
      line: note.line,
      column: note.column,
    })
  }
  diagnostics.push(...notes.diagnostics.map((d) => ({ ...d, file })))

  const tree = buildTree(notes.source, { file, requireClosing: options.requireClosing ?? PAIRED_SHORTCODES })
  diagnostics.push(...tree.diagnostics)
  return { value: { file, frontMatter: front.value.data, tree: tree.value, notes: notes.value }, diagnostics }
}

/** Replaces [start, end) by spaces, keeping line breaks so that lines and columns stay where they were. */
const blank = (source: string, start: number, end: number): string =>
  end <= start ? source : source.slice(0, start) + source.slice(start, end).replace(/[^\r\n]/g, ' ') + source.slice(end)

/** Hugo's front matter: YAML between `---` lines (read here), TOML between `+++` lines (not yet: reported, skipped). */
const readFrontMatter = (source: string, file: string): Result<{ data: Record<string, unknown>; length: number }> => {
  const none = { data: {}, length: 0 }
  const fence = /^(---|\+\+\+)[ \t]*\r?\n/.exec(source)
  if (!fence) return { value: none, diagnostics: [] }
  const marker = fence[1]!
  const closing = new RegExp(`^${marker === '---' ? '---' : '\\+\\+\\+'}[ \\t]*(?:\\r?\\n|$)`, 'm')
  const rest = source.slice(fence[0].length)
  const close = closing.exec(rest)
  if (!close) {
    const message = `The front matter opened with "${marker}" on line 1 is never closed; add a "${marker}" line after it.`
    return { value: { data: {}, length: fence[0].length }, diagnostics: [{ rule: 'rules/front-matter', severity: 'error', message, file, line: 1, column: 1 }] }
  }
  const length = fence[0].length + close.index + close[0].length
  if (marker === '+++') {
    const message = 'TOML front matter (+++) is not supported yet, so it was skipped; write it as YAML between "---" lines.'
    return { value: { data: {}, length }, diagnostics: [{ rule: 'rules/front-matter', severity: 'warning', message, file, line: 1, column: 1 }] }
  }
  try {
    // Options disable gray-matter's cache, which would hand every caller the same (mutable) data object.
    const data: unknown = matter(source.slice(0, length), {}).data
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      const message = 'The front matter must be a mapping of keys to values (such as "title: My Game").'
      return { value: { data: {}, length }, diagnostics: [{ rule: 'rules/front-matter', severity: 'error', message, file, line: 2, column: 1 }] }
    }
    return { value: { data: data as Record<string, unknown>, length }, diagnostics: [] }
  } catch (error) {
    const err = error as Error & { reason?: string; mark?: { line: number; column: number } }
    // js-yaml counts lines from the rest of the opening "---" line, zero-based: +1 gives the file's line.
    const message = `The front matter is not valid YAML: ${err.reason ?? err.message.split('\n')[0]}.`
    const diagnostic: Diagnostic = { rule: 'rules/front-matter', severity: 'error', message, file, line: (err.mark?.line ?? 0) + 1, column: (err.mark?.column ?? 0) + 1 }
    return { value: { data: {}, length }, diagnostics: [diagnostic] }
  }
}

interface Notes extends Result<RulesNote[]> {
  /** The source with every note blanked out. */
  source: string
}

/** Line and column (1-based) of an offset. */
const pointIn = (text: string, offset: number) => {
  const before = text.slice(0, offset)
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') }
}

const TODO = /^@TODO\b[\s:]*/

/** Collects HTML comments (also Hugo's `<!--- … --->`) and lines starting with @TODO, and blanks them out. */
const collectNotes = (input: string): Notes => {
  const found: RulesNote[] = []
  const diagnostics: Diagnostic[] = []
  let source = ''
  let last = 0
  for (const m of input.matchAll(/<!--([\s\S]*?)(?:-->|$)/g)) {
    const text = m[1]!.replace(/^-+|-+$/g, '').trim()
    const isTodo = TODO.test(text)
    const at = pointIn(input, m.index)
    found.push({ kind: isTodo ? 'todo' : 'comment', text: isTodo ? text.replace(TODO, '') : text, ...at })
    if (!m[0].endsWith('-->')) {
      diagnostics.push({ rule: 'rules/unclosed-comment', severity: 'warning', message: 'This HTML comment is never closed with "-->", so the rest of the file is hidden.', file: '', ...at })
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

  for (const m of source.matchAll(/^[ \t]*@TODO\b.*$/gm)) {
    const start = m.index + m[0].length - m[0].trimStart().length
    found.push({ kind: 'todo', text: m[0].trim().replace(TODO, ''), ...pointIn(source, start) })
    source = blank(source, m.index, m.index + m[0].length)
  }
  found.sort((a, b) => a.line - b.line || a.column - b.column)
  return { value: found, diagnostics, source }
}
