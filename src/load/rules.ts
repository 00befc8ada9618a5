import { existsSync } from 'node:fs'
import { dirname, isAbsolute, join } from 'node:path'
import matter from 'gray-matter'
import { parse as parseToml } from 'smol-toml'
import type { Root } from 'mdast'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { buildTree } from '../shortcodes/tree.ts'
import { PAIRED_SHORTCODES } from '../shortcodes/vocabulary.ts'
import { gamePaths, relativePath } from './project.ts'
import { pointLocator } from '../util/lines.ts'
import { readTextFile } from './text-file.ts'

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
  /** The text the tree was parsed from (front matter and notes blanked out): offsets in the tree point into it. */
  source: string
}


export interface LoadRulesOptions {
  /** Shortcodes that must be closed; defaults to PAIRED_SHORTCODES. */
  requireClosing?: Iterable<string>
}

const emptyDoc = (file: string): RulesDoc => ({ file, frontMatter: {}, tree: { type: 'root', children: [] }, notes: [], source: '' })

/** Reads and parses a rules file. A missing or unreadable file is an error diagnostic, never a throw. */
export const loadRules = (file: string, root: string, options: LoadRulesOptions = {}): Result<RulesDoc> => {
  const path = isAbsolute(file) ? file : join(root, file)
  const rel = relativePath(root, path)
  let source: string
  try {
    const text = readTextFile(path, rel, dirname(path))
    if (text.value === undefined) return { value: emptyDoc(rel), diagnostics: text.diagnostics }
    source = text.value
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
  diagnostics.push(...notes.value.map((note) => noteDiagnostic(note, file)))
  diagnostics.push(...notes.diagnostics.map((d) => ({ ...d, file })))

  const tree = buildTree(notes.source, { file, requireClosing: options.requireClosing ?? PAIRED_SHORTCODES })
  diagnostics.push(...tree.diagnostics)
  return { value: { file, frontMatter: front.value.data, tree: tree.value, notes: notes.value, source: notes.source }, diagnostics }
}

const noteDiagnostic = (note: RulesNote, file: string): Diagnostic => ({
  rule: 'rules/todo',
  severity: 'info',
  message: note.kind === 'todo' ? `TODO: ${note.text}` : `Comment (not printed): ${note.text}`,
  file,
  line: note.line,
  column: note.column,
})

/**
 * The notes a game's rules file holds (HTML comments, @TODO lines) as info diagnostics, for `deckwright validate` to
 * list; [] when the game has no rules file.
 */
export const rulesNotes = (root: string, id: string): Diagnostic[] => {
  const path = gamePaths(root, id).rules
  if (!existsSync(path)) return []
  const { value } = loadRules(path, root)
  return value.notes.map((note) => noteDiagnostic(note, value.file))
}

/** Replaces [start, end) by spaces, keeping line breaks so that lines and columns stay where they were. */
const blank = (source: string, start: number, end: number): string =>
  end <= start ? source : source.slice(0, start) + source.slice(start, end).replace(/[^\r\n]/g, ' ') + source.slice(end)

/** Hugo's front matter: YAML between `---` lines, TOML between `+++` lines. */
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
    const toml = rest.slice(0, close.index)
    try {
      return { value: { data: plainToml(parseToml(toml)) as Record<string, unknown>, length }, diagnostics: [] }
    } catch (error) {
      // smol-toml counts lines and columns from 1 within the front matter, which starts on line 2.
      const err = error as Error & { line?: number; column?: number }
      const line = err.line ?? 1
      const text = toml.split(/\r?\n/)[line - 1]?.trim()
      const reason = err.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '')
      const message = `The front matter is not valid TOML: ${reason}${text ? ` (in "${text}")` : ''}.`
      return { value: { data: {}, length }, diagnostics: [{ rule: 'rules/front-matter', severity: 'error', message, file, line: line + 1, column: err.column ?? 1 }] }
    }
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

const TODO = /^@TODO\b[\s:]*/

/** Collects HTML comments (also Hugo's `<!--- … --->`) and lines starting with @TODO, and blanks them out. */
const collectNotes = (input: string): Notes => {
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

  // Blanking keeps every line break and the length, so points found before it stay true.
  const pointInSource = pointLocator(source)
  for (const m of source.matchAll(/^[ \t]*@TODO\b.*$/gm)) {
    const { line, column } = pointInSource(m.index + m[0].length - m[0].trimStart().length)
    found.push({ kind: 'todo', text: m[0].trim().replace(TODO, ''), line, column })
    source = blank(source, m.index, m.index + m[0].length)
  }
  found.sort((a, b) => a.line - b.line || a.column - b.column)
  return { value: found, diagnostics, source }
}

/** TOML values as front matter data: plain objects, and dates and times as ISO 8601 text (a local date stays 2024-01-02). */
const plainToml = (value: unknown): unknown => {
  if (value instanceof Date) return (value as Date & { toISOString(): string }).toISOString()
  if (Array.isArray(value)) return value.map(plainToml)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainToml(v)]))
  return value
}
