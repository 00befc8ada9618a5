import { existsSync } from 'node:fs'
import { dirname, isAbsolute, join } from 'node:path'
import matter from 'gray-matter'
import type { Root } from 'mdast'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { buildTree } from '../shortcodes/tree.ts'
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

/**
 * Shortcodes of deckwright's rules vocabulary whose templates use .Inner, so a missing closing tag is an error
 * (Hugo learns this from the template; we have no templates, so we say it here).
 */
export const PAIRED_SHORTCODES: readonly string[] = ['rules-block', 'remark', 'rules-double-view']

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
    try {
      return { value: { data: parseToml(rest.slice(0, close.index)), length }, diagnostics: [] }
    } catch (error) {
      const err = error as TomlError
      const message = `The front matter is not valid TOML: ${err.message}.`
      return { value: { data: {}, length }, diagnostics: [{ rule: 'rules/front-matter', severity: 'error', message, file, line: (err.line ?? 0) + 2, column: 1 }] }
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

class TomlError extends Error {
  /** 0-based line within the front matter. */
  line?: number
}

/**
 * TOML as Hugo front matter uses it (TOML 1.0 without dates as objects): `key = value` with bare, quoted and dotted
 * keys, [tables] and [[arrays of tables]], basic/literal/multi-line strings, integers (also hex, octal, binary,
 * with `_`), floats, booleans, arrays and inline tables. Dates and times are kept as the text written.
 */
export const parseToml = (text: string): Record<string, unknown> => {
  const root: Record<string, unknown> = {}
  let table = root
  let i = 0
  const lineAt = () => text.slice(0, i).split('\n').length - 1
  const fail = (message: string): never => {
    const error = new TomlError(message)
    error.line = lineAt()
    throw error
  }
  const spaces = () => {
    while (text[i] === ' ' || text[i] === '\t') i++
  }
  /** Spaces, line breaks and comments (inside arrays). */
  const blank = () => {
    for (;;) {
      spaces()
      if (text[i] === '#') while (i < text.length && text[i] !== '\n') i++
      if (text[i] === '\n' || text[i] === '\r') i++
      else return
    }
  }
  const endOfLine = () => {
    spaces()
    if (text[i] === '#') while (i < text.length && text[i] !== '\n') i++
    if (text[i] === '\r') i++
    if (i < text.length && text[i] !== '\n') fail(`unexpected ${JSON.stringify(text[i])} after a value`)
    i++
  }
  const ESCAPES: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' }
  const basic = (multi: boolean): string => {
    let out = ''
    i += multi ? 3 : 1
    if (multi && text[i] === '\n') i++
    else if (multi && text.startsWith('\r\n', i)) i += 2
    for (;;) {
      if (i >= text.length) fail('a string is never closed')
      if (multi ? text.startsWith('"""', i) : text[i] === '"') {
        // Up to two quotes may end a multi-line string's content.
        if (multi) {
          let q = 3
          while (text[i + q] === '"' && q < 5) q++
          out += '"'.repeat(q - 3)
          i += q
        } else i++
        return out
      }
      const c = text[i]!
      if (!multi && c === '\n') fail('a "string" must end on its line')
      if (c === '\\') {
        const e = text[i + 1]!
        if (multi && /[ \t\r\n]/.test(e)) {
          // A line-ending backslash trims the line break and the whitespace after it.
          let j = i + 1
          while (/[ \t]/.test(text[j] ?? '')) j++
          if (text[j] === '\n' || text[j] === '\r') {
            while (/[ \t\r\n]/.test(text[j] ?? '')) j++
            i = j
            continue
          }
        }
        if (e === 'u' || e === 'U') {
          const n = e === 'u' ? 4 : 8
          const hex = text.slice(i + 2, i + 2 + n)
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== n) fail('a bad \\u escape in a string')
          out += String.fromCodePoint(parseInt(hex, 16))
          i += 2 + n
          continue
        }
        if (!(e in ESCAPES)) fail(`an unknown escape \\${e} in a string`)
        out += ESCAPES[e]
        i += 2
        continue
      }
      out += c
      i++
    }
  }
  const literal = (multi: boolean): string => {
    const quote = multi ? "'''" : "'"
    i += quote.length
    if (multi && text[i] === '\n') i++
    const close = text.indexOf(quote, i)
    if (close < 0 || (!multi && text.slice(i, close).includes('\n'))) fail('a string is never closed')
    let end = close
    if (multi) while (text[end + 3] === "'" && end - close < 2) end++
    const value = text.slice(i, end)
    i = end + quote.length
    return value
  }
  const key = (): string[] => {
    const parts: string[] = []
    for (;;) {
      spaces()
      if (text[i] === '"') parts.push(basic(false))
      else if (text[i] === "'") parts.push(literal(false))
      else {
        const m = /^[A-Za-z0-9_-]+/.exec(text.slice(i))
        if (!m) fail('expected a key')
        parts.push(m![0])
        i += m![0].length
      }
      spaces()
      if (text[i] !== '.') return parts
      i++
    }
  }
  const value = (): unknown => {
    spaces()
    const rest = text.slice(i, i + 64)
    if (rest.startsWith('"""')) return basic(true)
    if (rest.startsWith('"')) return basic(false)
    if (rest.startsWith("'''")) return literal(true)
    if (rest.startsWith("'")) return literal(false)
    if (rest.startsWith('[')) {
      i++
      const list: unknown[] = []
      for (;;) {
        blank()
        if (text[i] === ']') {
          i++
          return list
        }
        list.push(value())
        blank()
        if (text[i] === ',') i++
        else if (text[i] !== ']') fail('expected "," or "]" in an array')
      }
    }
    if (rest.startsWith('{')) {
      i++
      const inline: Record<string, unknown> = {}
      spaces()
      if (text[i] === '}') {
        i++
        return inline
      }
      for (;;) {
        const path = key()
        if (text[i] !== '=') fail('expected "=" after a key')
        i++
        assign(inline, path, value())
        spaces()
        if (text[i] === ',') i++
        else if (text[i] === '}') {
          i++
          return inline
        } else fail('expected "," or "}" in an inline table')
      }
    }
    const m = /^[^\s,\]}#]+(?: \d{2}:\d{2}[^\s,\]}#]*)?/.exec(rest)
    if (!m) fail('expected a value')
    const word = m![0]
    i += word.length
    if (word === 'true' || word === 'false') return word === 'true'
    if (/^[+-]?(inf|nan)$/.test(word)) return word.endsWith('nan') ? NaN : word.startsWith('-') ? -Infinity : Infinity
    if (/^0x[0-9a-fA-F_]+$|^0o[0-7_]+$|^0b[01_]+$/.test(word)) return Number(word.replace(/_/g, ''))
    if (/^[+-]?\d[\d_]*$/.test(word)) return Number(word.replace(/_/g, ''))
    if (/^[+-]?\d[\d_]*(\.\d[\d_]*)?([eE][+-]?\d[\d_]*)?$/.test(word)) return Number(word.replace(/_/g, ''))
    // Dates and times: Hugo reads them as dates; the booklet only ever prints them, so the text is kept.
    if (/^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}/.test(word)) return word
    return fail(`cannot read the value ${JSON.stringify(word)} (strings need quotes)`)
  }
  const assign = (target: Record<string, unknown>, path: string[], v: unknown) => {
    let t = target
    for (const part of path.slice(0, -1)) {
      const next = t[part] ?? (t[part] = {})
      if (typeof next !== 'object' || next === null || Array.isArray(next)) fail(`the key "${part}" is already a value`)
      t = next as Record<string, unknown>
    }
    const last = path[path.length - 1]!
    if (last in t) fail(`the key "${path.join('.')}" is defined twice`)
    t[last] = v
  }
  const open = (path: string[], array: boolean) => {
    let t = root
    path.forEach((part, n) => {
      const lastPart = n === path.length - 1
      let next = t[part]
      if (lastPart && array) {
        if (next === undefined) next = t[part] = []
        if (!Array.isArray(next)) fail(`"${path.join('.')}" is not an array of tables`)
        const entry = {}
        ;(next as unknown[]).push(entry)
        t = entry
        return
      }
      if (next === undefined) next = t[part] = {}
      if (Array.isArray(next)) next = next[next.length - 1]
      if (typeof next !== 'object' || next === null) fail(`the key "${part}" is already a value`)
      t = next as Record<string, unknown>
    })
    table = t
  }
  while (i < text.length) {
    blank()
    if (i >= text.length) break
    if (text[i] === '[') {
      const array = text[i + 1] === '['
      i += array ? 2 : 1
      const path = key()
      if (!text.startsWith(array ? ']]' : ']', i)) fail('a table header must end with "]"')
      i += array ? 2 : 1
      open(path, array)
      endOfLine()
      continue
    }
    const path = key()
    if (text[i] !== '=') fail('expected "=" after a key')
    i++
    assign(table, path, value())
    endOfLine()
  }
  return root
}
