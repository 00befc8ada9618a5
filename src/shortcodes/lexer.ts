import type { Point, Position } from 'unist'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { pointLocator } from '../util/lines.ts'

/**
 * A small lexer for Hugo shortcodes. Hugo extracts shortcodes before markdown sees the text, so we do the same:
 * the lexer runs over the whole file and cuts it into text and tag tokens; the tree builder pairs the tags.
 * The grammar follows Hugo's own lexer (gohugoio/hugo parser/pageparser/pagelexer_shortcode.go), a little more
 * lenient about bare values, and it reports a malformed tag instead of stopping.
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
const isNameChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}_\-/.]/u.test(c)
const isKeyChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}_-]/u.test(c)

/** A malformed tag; `at` is the offset to blame. */
class TagError extends Error {
  readonly at: number
  constructor(message: string, at: number) {
    super(message)
    this.at = at
  }
}

/** Reads one tag starting at `start` (which holds `{{<` or `{{%`); returns the token and the offset after it. */
const readTag = (source: string, start: number, at: (o: number) => Point): { token: Token; end: number } => {
  const delimiter = source[start + 2] as Delimiter
  const right = delimiter === '<' ? '>}}' : '%}}'
  let i = start + 3
  const position = (end: number): Position => ({ start: at(start), end: at(end) })

  // {{</* … */>}} is Hugo's way to show shortcode syntax as text.
  if (source.startsWith('/*', i)) {
    const close = source.indexOf('*/' + right, i + 2)
    if (close < 0) throw new TagError(`a commented shortcode "{{${delimiter}/*" must end with "*/${right}"`, start)
    const end = close + 2 + right.length
    const value = `{{${delimiter}${source.slice(i + 2, close)}${right}`
    return { token: { type: 'literal', value, raw: source.slice(start, end), position: position(end) }, end }
  }

  const skipSpace = () => {
    while (isSpace(source[i])) i++
  }
  skipSpace()
  let closing = false
  if (source[i] === '/') {
    closing = true
    i++
    skipSpace()
  }
  const nameStart = i
  while (isNameChar(source[i]) && !source.startsWith(right, i) && !source.startsWith('/' + right, i)) i++
  const name = source.slice(nameStart, i)
  if (!name) throw new TagError(`expected a shortcode name after "{{${delimiter}"`, nameStart)

  if (closing) {
    skipSpace()
    if (!source.startsWith(right, i)) throw new TagError(`the closing tag of "${name}" must end with "${right}" right after its name`, i)
    const end = i + right.length
    return { token: { type: 'close', name, delimiter, raw: source.slice(start, end), position: position(end) }, end }
  }

  const params: Record<string, ParamValue> = {}
  const positional: ParamValue[] = []
  for (;;) {
    const before = i
    skipSpace()
    if (i >= source.length) throw new TagError(`the shortcode "${name}" is never closed with "${right}"`, start)
    if (source.startsWith(right, i)) {
      const end = i + right.length
      return { token: openToken(source, start, end, name, delimiter, params, positional, false, position), end }
    }
    if (source.startsWith('/' + right, i)) {
      const end = i + 1 + right.length
      return { token: openToken(source, start, end, name, delimiter, params, positional, true, position), end }
    }
    if (i === before) throw new TagError(`expected a space before the next parameter of "${name}"`, i)

    // A named parameter is a key directly followed by "=".
    let k = i
    while (isKeyChar(source[k])) k++
    if (k > i && source[k] === '=') {
      if (positional.length) throw new TagError(`got named parameter "${source.slice(i, k)}" after positional ones; Hugo cannot mix them`, i)
      const key = source.slice(i, k)
      const value = readValue(source, k + 1, right)
      params[key] = value.value
      i = value.end
    } else {
      if (Object.keys(params).length) throw new TagError(`got positional parameter "${source.slice(i, k) || source[i]}" after named ones; Hugo cannot mix them`, i)
      const value = readValue(source, i, right)
      positional.push(value.value)
      i = value.end
    }
  }
}

const openToken = (
  source: string,
  start: number,
  end: number,
  name: string,
  delimiter: Delimiter,
  params: Record<string, ParamValue>,
  positional: ParamValue[],
  selfClosing: boolean,
  position: (end: number) => Position,
): OpenToken => ({ type: 'open', name, delimiter, params, positional, selfClosing, raw: source.slice(start, end), position: position(end) })

/** A value: "double quoted" (\" escapes a quote), `raw backticks` (may span lines), or bare up to a space. */
const readValue = (source: string, i: number, right: string): { value: ParamValue; end: number } => {
  const c = source[i]
  if (c === '"') {
    let out = ''
    for (let j = i + 1; j < source.length; j++) {
      const d = source[j]!
      if (d === '\\' && source[j + 1] === '"') {
        out += '"'
        j++
      } else if (d === '"') return { value: out, end: j + 1 }
      else if (d === '\n') break
      else out += d
    }
    throw new TagError('unterminated quoted string in a shortcode parameter', i)
  }
  if (c === '`') {
    const close = source.indexOf('`', i + 1)
    if (close < 0) throw new TagError('unterminated `raw string` in a shortcode parameter', i)
    return { value: source.slice(i + 1, close), end: close + 1 }
  }
  let j = i
  while (j < source.length && !isSpace(source[j]) && !source.startsWith(right, j) && !source.startsWith('/' + right, j)) j++
  if (j === i) throw new TagError('expected a parameter value', i)
  const text = source.slice(i, j)
  if (text.includes('"')) throw new TagError(`a bare parameter value cannot contain a quote: ${text}`, i)
  return { value: typeValue(text, false), end: j }
}

/** Where a malformed tag most likely ends: its right delimiter if one comes before the next tag, else its line end. */
const recoverEnd = (source: string, start: number): number => {
  const right = source[start + 2] === '<' ? '>}}' : '%}}'
  const close = source.indexOf(right, start + 3)
  const next = source.slice(start + 3).search(/\{\{[<%]/)
  const nextTag = next < 0 ? Infinity : start + 3 + next
  if (close >= 0 && close < nextTag) return close + right.length
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
