import type { Point, Position } from 'unist'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { pointLocator } from '../util/lines.ts'

/**
 * The syntax layer: a lexer for Hugo shortcodes. Hugo extracts shortcodes before markdown sees the text, so we do the
 * same: the lexer runs over the whole file and cuts it into text and tag tokens; the tree builder pairs the tags.
 *
 * The grammar is Hugo's own (gohugoio/hugo parser/pageparser/pagelexer_shortcode.go, checked against Debian's hugo
 * 0.111): a name starts with a letter, digit or underscore and holds letters, digits, `_`, `-` and `/`; a bare
 * positional value holds letters, digits, `_`, `-` and `.`; a bare named value runs to the next space; values are
 * "double quoted" (one line, `\"` escapes a quote), \"escaped quoted\" or `raw` (any text, several lines). A tag we
 * cannot read is reported with its line and column instead of stopping the lexer, and never printed.
 */

export type Delimiter = '%' | '<'
/** Values are typed as Hugo types them: unquoted `true`/`false`, integers and decimals; everything else is a string. */
export type ParamValue = string | number | boolean

interface TokenBase {
  /** The exact source text of the token. */
  raw: string
  /** Offsets and 1-based line/column, as in unist. */
  position: Position
}
export interface TextToken extends TokenBase {
  type: 'text'
}
/** `{{< name params >}}`, `{{% name params %}}` or self-closing `{{< name params />}}`. */
export interface OpenToken extends TokenBase {
  type: 'open'
  name: string
  delimiter: Delimiter
  params: Record<string, ParamValue>
  positional: ParamValue[]
  selfClosing: boolean
}
/** `{{< /name >}}` or `{{% /name %}}`. */
export interface CloseToken extends TokenBase {
  type: 'close'
  name: string
  delimiter: Delimiter
}
// The commented form {{</* name */>}}: Hugo prints it as the text `{{< name >}}`; `value` holds that text.
export interface LiteralToken extends TokenBase {
  type: 'literal'
  value: string
}
/** A tag we could not read. It was reported; it is dropped from the output rather than printed raw. */
export interface InvalidToken extends TokenBase {
  type: 'invalid'
}
export type Token = TextToken | OpenToken | CloseToken | LiteralToken | InvalidToken

export interface LexOptions {
  /** The file named in diagnostics, relative to the project root. */
  file?: string
}

export { pointLocator }

const INT = /^[-+]?\d+$/
const FLOAT = /^[-+]?\d*\.\d+$/
/** Hugo's ValTyped: a quoted value is always a string; a bare one may be a bool, an int or a float. */
export const typeValue = (text: string, quoted: boolean): ParamValue => {
  if (quoted) return text
  if (text === 'true' || text === 'false') return text === 'true'
  if (INT.test(text) || FLOAT.test(text)) {
    const n = Number(text)
    if (Number.isFinite(n)) return n
  }
  return text
}

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r'
/** Hugo's isAlphaNumeric: `_`, a letter or a digit (any script). */
const isAlnum = (c: string | undefined): boolean => c !== undefined && /^[\p{L}\p{Nd}_]$/u.test(c)
const isAlnumOrHyphen = (c: string | undefined): boolean => c === '-' || isAlnum(c)

/** A malformed tag; `at` is the offset to blame. */
class TagError extends Error {
  readonly at: number
  constructor(message: string, at: number) {
    super(message)
    this.at = at
  }
}

/** Reads one tag at `start` (which holds `{{<` or `{{%`); returns the token and the offset after it. */
const readTag = (source: string, start: number, at: (o: number) => Point): { token: Token; end: number } => {
  const delimiter = source[start + 2] as Delimiter
  const right = delimiter === '<' ? '>}}' : '%}}'
  const position = (end: number): Position => ({ start: at(start), end: at(end) })
  let i = start + 3

  if (source.startsWith('/*', i)) return readCommented(source, start, right, position)

  const skipSpace = () => {
    while (isSpace(source[i])) i++
  }
  const atRight = () => source.startsWith(right, i)
  const unexpected = (): never => {
    throw unexpectedAt(source, start, i, delimiter, right)
  }

  checkEnded(source, start, i, delimiter, right)
  skipSpace()
  let closing = false
  if (source[i] === '/') {
    closing = true
    i++
    skipSpace()
  }

  // The name: starts with a letter, digit or underscore.
  const nameStart = i
  if (!isAlnum(source[i])) {
    if (atRight()) throw new TagError(`expected a shortcode name after "{{${delimiter}"`, i)
    unexpected()
  }
  i = nameEnd(source, i, right)
  const name = source.slice(nameStart, i)

  if (closing) {
    skipSpace()
    const end = closingEnd(source, start, i, name, right)
    return { token: { type: 'close', name, delimiter, raw: source.slice(start, end), position: position(end) }, end }
  }

  const params: Record<string, ParamValue> = {}
  const positional: ParamValue[] = []
  const mixing = (named: boolean, what: string, offset: number) => notMixed(params, positional, named, what, offset)
  const finish = (end: number, selfClosing: boolean) => ({
    token: {
      type: 'open',
      name,
      delimiter,
      params,
      positional,
      selfClosing,
      raw: source.slice(start, end),
      position: position(end),
    } satisfies OpenToken,
    end,
  })

  for (;;) {
    const before = i
    skipSpace()
    if (i >= source.length) throw new TagError(`the shortcode "${name}" is never ended with "${right}"`, start)
    if (atRight()) return finish(i + right.length, false)
    if (source[i] === '/') {
      i++
      skipSpace()
      if (atRight()) return finish(i + right.length, true)
      unexpected()
    }
    if (i === before) unexpected()

    const c = source[i]
    if (c === '"' || c === '`' || (c === '\\' && (source[i + 1] === '"' || source[i + 1] === '`'))) {
      const offset = i
      const value = readQuoted(source, i)
      mixing(false, 'a quoted value', offset)
      positional.push(value.value)
      i = value.end
      continue
    }
    if (!isAlnumOrHyphen(c)) unexpected()
    // A key directly followed by "=" (spaces allowed around it) names a parameter; else it is a bare value.
    let k = i
    while (isAlnumOrHyphen(source[k]) || source[k] === '.') k++
    let eq = k
    while (source[eq] === ' ' || source[eq] === '\t') eq++
    if (source[eq] === '=') {
      const key = source.slice(i, k)
      mixing(true, `"${key}"`, i)
      const value = readNamedValue(source, eq + 1, key, right)
      params[key] = value.value
      i = value.end
      continue
    }
    const text = source.slice(i, k)
    mixing(false, `"${text}"`, i)
    positional.push(typeValue(text, false))
    i = k
    if (!isSpace(source[i]) && !atRight() && source[i] !== '/') unexpected()
  }
}

// A commented tag at `start`, {{</* … */>}}: Hugo's way to show shortcode syntax as text; it prints the tag without the comment marks.
const readCommented = (
  source: string,
  start: number,
  right: string,
  position: (end: number) => Position,
): { token: Token; end: number } => {
  const delimiter = source[start + 2] as Delimiter
  const i = start + 3
  const close = source.indexOf('*/' + right, i + 2)
  if (close < 0) throw new TagError(`the commented shortcode "{{${delimiter}/*" must end with "*/${right}"`, start)
  const end = close + 2 + right.length
  const value = `{{${delimiter}${source.slice(i + 2, close)}${right}`
  return { token: { type: 'literal', value, raw: source.slice(start, end), position: position(end) }, end }
}

/** The error for the character at `i`, where the tag opened at `start` cannot have it (or has ended without its `right`). */
const unexpectedAt = (source: string, start: number, i: number, delimiter: Delimiter, right: string): TagError => {
  if (i >= source.length) return new TagError(`the tag is never ended with "${right}"`, start)
  const c = source[i]!
  const hint =
    (delimiter === '<' && source.startsWith('%}}', i)) || (delimiter === '%' && source.startsWith('>}}', i))
      ? `; a tag opened with "{{${delimiter}" ends with "${right}"`
      : '; a value with such characters must be "quoted"'
  return new TagError(`unexpected character ${JSON.stringify(c)} in the tag${hint}`, i)
}

/** Throws when the tag's `right` end is nowhere after `i`: at the other delimiter's end when it ends with that. */
const checkEnded = (source: string, start: number, i: number, delimiter: Delimiter, right: string): void => {
  if (source.indexOf(right, i) >= 0) return
  const other = source.indexOf(delimiter === '<' ? '%}}' : '>}}', i)
  if (other >= 0) throw new TagError(`a tag opened with "{{${delimiter}" must end with "${right}"`, other)
  throw new TagError(`the tag is never ended with "${right}"`, start)
}

/** Where the shortcode name at `i` ends: `/` namespaces it; `.inline` marks an inline shortcode. */
const nameEnd = (source: string, i: number, right: string): number => {
  while (isAlnumOrHyphen(source[i]) || source[i] === '/' || source[i] === '.') {
    if (
      source[i] === '/' &&
      (source.startsWith('/' + right, i) || /^\/\s*$/.test(source.slice(i, source.indexOf(right, i) >>> 0)))
    )
      break
    if (source[i] === '.' && !/^\.inline(?=[\s/]|[>%]\}\})/.test(source.slice(i, i + 12))) {
      throw new TagError('a period in a shortcode name is only allowed in ".inline" (inline shortcodes)', i)
    }
    i++
  }
  return i
}

/** Throws when a named parameter follows positional ones, or a positional one named ones: Hugo cannot mix them. */
const notMixed = (
  params: Record<string, ParamValue>,
  positional: ParamValue[],
  named: boolean,
  what: string,
  offset: number,
): void => {
  if (named && positional.length)
    throw new TagError(`got the named parameter ${what} after positional ones; Hugo cannot mix them`, offset)
  if (!named && Object.keys(params).length)
    throw new TagError(`got the positional parameter ${what} after named ones; Hugo cannot mix them`, offset)
}

/** Where the closing tag of `name` ends, `i` after its name and spaces: it takes no parameters. */
const closingEnd = (source: string, start: number, i: number, name: string, right: string): number => {
  if (source.startsWith(right, i)) return i + right.length
  if (i >= source.length) throw new TagError(`the closing tag of "${name}" is never ended with "${right}"`, start)
  throw new TagError(`the closing tag of "${name}" takes no parameters: expected "${right}" after its name`, i)
}

/** The value of the named parameter `key` after its "=" at `i` (spaces allowed before it): quoted, or bare. */
const readNamedValue = (source: string, i: number, key: string, right: string): { value: ParamValue; end: number } => {
  while (isSpace(source[i])) i++
  const v = source[i]
  if (v === '"' || v === '`' || (v === '\\' && source[i + 1] === '"')) return readQuoted(source, i)
  // Hugo takes a bare named value up to the next space, delimiters and all.
  let j = i
  while (j < source.length && !isSpace(source[j])) j++
  const text = source.slice(i, j)
  if (!text) throw new TagError(`the parameter "${key}" has no value`, i)
  const glued = text.indexOf(right)
  if (glued >= 0)
    throw new TagError(
      `the value of "${key}" runs into "${right}"; put a space before "${right}" or quote the value`,
      i + glued,
    )
  return { value: typeValue(text, false), end: j }
}

/**
 * A quoted value at `i`: "double quoted" (one line; \" is a quote inside it), \"escaped quoted\" (ends at the next
 * \"), or `raw` (verbatim, may span lines). As in Hugo, backslashes are dropped only from a value with escaped quotes.
 */
const readQuoted = (source: string, i: number): { value: string; end: number } => {
  if (source[i] === '`') {
    const close = source.indexOf('`', i + 1)
    if (close < 0) throw new TagError('unterminated `raw string` in a shortcode parameter', i)
    return { value: source.slice(i + 1, close), end: close + 1 }
  }
  if (source[i] === '\\' && source[i + 1] === '`') throw new TagError('a backslash cannot escape a backtick here', i)
  const escapedStart = source[i] === '\\'
  const from = i + (escapedStart ? 2 : 1)
  let escapedInner = false
  for (let j = from; j < source.length; j++) {
    const c = source[j]
    if (c === '\n' || c === '\r') break
    if (c === '\\' && source[j + 1] === '"') {
      if (escapedStart) {
        const raw = source.slice(from, j)
        return { value: raw, end: j + 2 }
      }
      escapedInner = true
      j++
      continue
    }
    if (c === '"') {
      if (escapedStart) throw new TagError('a value opened with \\" must be closed with \\"', j)
      const raw = source.slice(from, j)
      return { value: escapedInner ? raw.replace(/\\/g, '') : raw, end: j + 1 }
    }
  }
  throw new TagError('unterminated quoted string in a shortcode parameter (a "quoted" value ends on its own line)', i)
}

/** Where a malformed tag most likely ends: its right delimiter if one comes before the next tag, else its line end. */
const recoverEnd = (source: string, start: number): number => {
  const right = source[start + 2] === '<' ? '>}}' : '%}}'
  const anyRight = /[>%]\}\}/g
  anyRight.lastIndex = start + 3
  const close = anyRight.exec(source)
  const next = source.slice(start + 3).search(/\{\{[<%]/)
  const nextTag = next < 0 ? Infinity : start + 3 + next
  if (close && close.index < nextTag) return close.index + right.length
  const eol = source.indexOf('\n', start)
  return Math.min(eol < 0 ? source.length : eol, nextTag)
}

/** Cuts `source` into text and shortcode tokens. Malformed tags become `invalid` tokens and `rules/shortcode-syntax` errors. */
export const lexShortcodes = (source: string, options: LexOptions = {}): Result<Token[]> => {
  const at = pointLocator(source)
  const tokens: Token[] = []
  const diagnostics: Diagnostic[] = []
  let textStart = 0
  const flushText = (end: number) => {
    if (end > textStart) {
      tokens.push({ type: 'text', raw: source.slice(textStart, end), position: { start: at(textStart), end: at(end) } })
    }
  }
  const tagStart = /\{\{[<%]/g
  let match: RegExpExecArray | null
  while ((match = tagStart.exec(source))) {
    const start = match.index
    flushText(start)
    let end: number
    try {
      const read = readTag(source, start, at)
      tokens.push(read.token)
      end = read.end
    } catch (error) {
      if (!(error instanceof TagError)) throw error
      end = recoverEnd(source, start)
      const where = at(error.at)
      diagnostics.push({
        rule: 'rules/shortcode-syntax',
        severity: 'error',
        message: `Malformed shortcode: ${error.message}.`,
        file: options.file ?? '',
        line: where.line,
        column: where.column,
      })
      tokens.push({ type: 'invalid', raw: source.slice(start, end), position: { start: at(start), end: at(end) } })
    }
    textStart = end
    tagStart.lastIndex = end
  }
  flushText(source.length)
  return { value: tokens, diagnostics }
}
