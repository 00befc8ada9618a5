/**
 * What Hugo's markdown renderer (goldmark with its typographer extension) does to prose: `--` and `---` become
 * en and em dashes, `...` an ellipsis, `<<`/`>>` guillemets, and straight quotes curly ones. Never applied to code.
 */

const OPENING_CONTEXT = /[\s([{\u2014\u2013\-\u201c\u2018/]/

/** `prev` is the character printed just before `text` (from an earlier run of the same paragraph), or ''. */
export const smarten = (text: string, prev = ''): string => {
  const dashed = text
    .replace(/---/g, '\u2014')
    .replace(/--/g, '\u2013')
    .replace(/\.\.\./g, '\u2026')
    .replace(/<</g, '\u00ab')
    .replace(/>>/g, '\u00bb')
  let out = ''
  for (let i = 0; i < dashed.length; i++) {
    const c = dashed[i]!
    const before = i === 0 ? prev : out[out.length - 1]!
    const after = dashed[i + 1] ?? ''
    const opens = before === '' || OPENING_CONTEXT.test(before)
    if (c === '"') out += opens ? '\u201c' : '\u201d'
    else if (c === "'") {
      // After a letter or digit it is an apostrophe (don't, players'); before a word it opens a quote.
      if (/[\p{L}\p{N}]/u.test(before) || !opens || after === '' || /\s/.test(after)) out += '\u2019'
      else out += '\u2018'
    } else out += c
  }
  return out
}

/** "3-6" → "3–6": a range of numbers takes an en dash, as typeset rules write player counts and times. */
export const rangeDash = (text: string): string => text.replace(/(\d)\s*-\s*(\d)/g, '$1\u2013$2')
