/**
 * The typographer of the booklet's prose and of card faces' text. What Hugo's markdown renderer does to prose: goldmark's typographer extension (yuin/goldmark
 * extension/typographer.go, v1.5 as in Hugo 0.111), ported rule for rule so that the booklet sets the same dashes
 * and quotes as the website: `--` and `---` become en and em dashes, `...` an ellipsis, `<<`/`>>` guillemets,
 * and straight quotes curly ones (the rules' language's: `QuoteMarks`), deciding open or close from the characters around them in the *source* (markup
 * included), with a count of open quotes per block. Never applied to code, raw HTML or escaped characters.
 */

export const ASCII_PUNCT = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~')
/** goldmark util.IsPunctRune: ASCII punctuation and symbols, or a Unicode punctuation mark. */
const isPunct = (c: string): boolean => ASCII_PUNCT.has(c) || /\p{P}/u.test(c)
/** Go's unicode.IsPunct: Unicode punctuation only (not symbols such as `$`, `+`, `<`). */
const isUnicodePunct = (c: string): boolean => /\p{P}/u.test(c)
const isSpace = (c: string): boolean => /\s/u.test(c)
const isDigit = (c: string | undefined): boolean => c !== undefined && /\p{Nd}/u.test(c)
const isAsciiDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9'
const isLetter = (c: string | undefined): boolean => c !== undefined && /\p{L}/u.test(c)

/** An apostrophe between letters ('90s, 'twas, Jan's): the same in every language, as goldmark's `Apostrophe`. */
const APOSTROPHE = '\u2019'

/**
 * What straight quotes become in a language's prose: `"…"` the first two, `'…'` the last two (Hugo's
 * typographer takes them from the site's language settings; see quotation-marks.ts).
 */
export type QuoteMarks = readonly [open: string, close: string, innerOpen: string, innerClose: string]

/** English quotation marks, goldmark's own. */
export const ENGLISH_QUOTES: QuoteMarks = ['\u201c', '\u201d', '\u2018', '\u2019']

/** Open quotes in the current block; goldmark resets it when a block closes. */
export interface QuoteCounter {
  single: number
  double: number
}
export const newCounter = (): QuoteCounter => ({ single: 0, double: 0 })

/** CommonMark's flanking rules for a run of one delimiter character (goldmark parser.ScanDelimiter). */
const flanking = (before: string, line: string): { canOpen: boolean; canClose: boolean } => {
  let j = 0
  while (j < line.length && line[j] === line[0]) j++
  const after = j < line.length ? line[j]! : ' '
  const beforePunct = isPunct(before)
  const beforeSpace = isSpace(before)
  const afterPunct = isPunct(after)
  const afterSpace = isSpace(after)
  return {
    canOpen: !afterSpace && (!afterPunct || beforeSpace || beforePunct),
    canClose: !beforeSpace && (!beforePunct || afterSpace || afterPunct),
  }
}

/**
 * What replaces the punctuation at the start of `line` (the rest of the source line, markup included), given the
 * source character before it: [replacement, characters consumed], or undefined to keep it as it is.
 */
export const typographic = (
  line: string,
  before: string,
  counter: QuoteCounter,
  marks: QuoteMarks = ENGLISH_QUOTES,
): [string, number] | undefined => {
  const [LDQUO, RDQUO, LSQUO, RSQUO] = marks
  const c = line[0]
  if (line.length > 2) {
    if (c === '-' && line[1] === '-' && line[2] === '-') return ['\u2014', 3]
    if (c === '.' && line[1] === '.' && line[2] === '.') return ['\u2026', 3]
    if (c === '.') return undefined
  }
  if (line.length > 1) {
    if (c === '<') return line[1] === '<' ? ['\u00ab', 2] : undefined
    if (c === '>') return line[1] === '>' ? ['\u00bb', 2] : undefined
    if (c === '-' && line[1] === '-') return ['\u2013', 2]
  }
  if (c !== "'" && c !== '"') return undefined
  const { canOpen, canClose } = flanking(before, line)
  if (!canOpen && !canClose) return undefined
  const at = (i: number) => line[i] ?? ''
  if (c === "'") {
    // Decades: '90s.
    if (canOpen && !canClose && line.length > 3 && isAsciiDigit(line[1]) && isAsciiDigit(line[2]) && line[3] === 's') {
      const after = line.length > 4 ? line[4]! : ' '
      if (isSpace(after) || isPunct(after)) return [APOSTROPHE, 1]
    }
    // 'twas, 'em, 'net.
    if (line.length > 1 && (isUnicodePunct(before) || isSpace(before)) && 'tenl'.includes(at(1))) return [APOSTROPHE, 1]
    // An apostrophe between a letter or digit and a letter.
    if (line.length > 1 && (isDigit(before) || isLetter(before)) && isLetter(line[1])) return [APOSTROPHE, 1]
    if (canOpen && !canClose) {
      let closing = false
      // Alice's, I'm, Don't, You'd.
      if (line.length > 1 && 'smtd'.includes(at(1)) && (line.length < 3 || ASCII_PUNCT.has(at(2)) || isSpace(at(2))))
        closing = true
      // I've, I'll, You're.
      if (
        line.length > 2 &&
        ['ve', 'll', 're'].includes(line.slice(1, 3)) &&
        (line.length < 4 || ASCII_PUNCT.has(at(3)) || isSpace(at(3)))
      )
        closing = true
      if (!closing) counter.single++
      return [closing ? RSQUO : LSQUO, 1]
    }
    // Plural possessives and abbreviations: Smiths', doin'.
    if (line.length > 2 && !isDigit(line[1])) return [RSQUO, 1]
    if (counter.single > 0 && closes(line, canOpen, canClose)) {
      counter.single--
      return [RSQUO, 1]
    }
    return undefined
  }
  if (canOpen && !canClose) {
    counter.double++
    return [LDQUO, 1]
  }
  if (counter.double > 0 && closes(line, canOpen, canClose)) {
    // "Monitor 21"": inches, not a closing quote.
    if (line.length > 1 && line[1] === '"' && isDigit(before)) return undefined
    counter.double--
    return [RDQUO, 1]
  }
  return undefined
}

const closes = (line: string, canOpen: boolean, canClose: boolean): boolean =>
  (canClose && !canOpen) ||
  (canClose &&
    canOpen &&
    line.length > 1 &&
    isUnicodePunct(line[1]!) &&
    (line.length === 2 || (line.length > 2 && ASCII_PUNCT.has(line[2]!)) || isSpace(line[2]!)))

/** Applies the typographer to plain text that is its own source (a shortcode parameter, a title). */
export const smarten = (
  text: string,
  counter: QuoteCounter = newCounter(),
  marks: QuoteMarks = ENGLISH_QUOTES,
): string => {
  let out = ''
  for (let i = 0; i < text.length; ) {
    const eol = text.indexOf('\n', i)
    const line = text.slice(i, eol < 0 ? text.length : eol + 1)
    const done = typographic(line, i === 0 ? '\n' : text[i - 1]!, counter, marks)
    if (done) {
      out += done[0]
      i += done[1]
    } else out += text[i++]
  }
  return out
}

/**
 * A card's text with its straight quotes and apostrophes made typographic, as the booklet sets them (the
 * language's quotation marks, `marks`): `The "Swift" Clipper` → `The “Swift” Clipper`, `Jan's` → `Jan’s`. Dashes
 * and dots stay as written, and so does a quote the typographer cannot tell open from closed (`5'11"`).
 * Each paragraph (a line) counts its own open quotes.
 */
export const curlQuotes = (text: string, marks: QuoteMarks = ENGLISH_QUOTES): string => {
  if (!text.includes('"') && !text.includes("'")) return text
  let out = ''
  let counter = newCounter()
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === '\n') counter = newCounter()
    if (c !== '"' && c !== "'") {
      out += c
      continue
    }
    const eol = text.indexOf('\n', i)
    const done = typographic(
      text.slice(i, eol < 0 ? text.length : eol + 1),
      i === 0 ? '\n' : text[i - 1]!,
      counter,
      marks,
    )
    out += done ? done[0] : c
  }
  return out
}
