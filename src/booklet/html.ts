/**
 * Raw HTML in a rules page (`<div class="…">text</div>`): the booklet prints its words as a browser shows them
 * and never the tags. Hugo (goldmark with `unsafe`) passes an HTML block through untouched, so its text gets no
 * typographer: neither does ours. Block elements start a new paragraph; comments, scripts and styles show nothing.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  laquo: '\u00ab',
  raquo: '\u00bb',
  bull: '\u2022',
  middot: '\u00b7',
  times: '\u00d7',
  divide: '\u00f7',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  plusmn: '\u00b1',
  minus: '\u2212',
  larr: '\u2190',
  rarr: '\u2192',
  uarr: '\u2191',
  darr: '\u2193',
  harr: '\u2194',
  frac12: '\u00bd',
  frac14: '\u00bc',
  frac34: '\u00be',
  euro: '\u20ac',
  pound: '\u00a3',
  sect: '\u00a7',
  para: '\u00b6',
  eacute: '\u00e9',
  egrave: '\u00e8',
  ecirc: '\u00ea',
  aacute: '\u00e1',
  agrave: '\u00e0',
  acirc: '\u00e2',
  auml: '\u00e4',
  ouml: '\u00f6',
  uuml: '\u00fc',
  Auml: '\u00c4',
  Ouml: '\u00d6',
  Uuml: '\u00dc',
  szlig: '\u00df',
  ccedil: '\u00e7',
  ntilde: '\u00f1',
  iacute: '\u00ed',
  oacute: '\u00f3',
  uacute: '\u00fa',
  shy: '',
  zwj: '\u200d',
  zwnj: '\u200c',
  thinsp: '\u2009',
  ensp: '\u2002',
  emsp: '\u2003',
  check: '\u2713',
  hearts: '\u2665',
  spades: '\u2660',
  clubs: '\u2663',
  diams: '\u2666',
}

/** Decodes character references: numeric ones, and the named ones rules texts use. */
export const decodeEntities = (text: string): string =>
  text.replace(/&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (all, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd'
    }
    return NAMED[ref] ?? all
  })

const BLOCK =
  /^(address|article|aside|blockquote|br|dd|details|dialog|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)$/i

/** The paragraphs of words a browser shows for a piece of HTML. */
export const htmlToParagraphs = (html: string): string[] => {
  const text = html
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<(script|style|template)\b[\s\S]*?(<\/\1\s*>|$)/gi, '')
    .replace(/<\/?([A-Za-z][A-Za-z0-9-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>/g, (_, name: string) =>
      BLOCK.test(name) ? '\u0000' : '',
    )
  return text
    .split('\u0000')
    .map((p) => decodeEntities(p.replace(/[ \t\r\n]+/g, ' ')).trim())
    .filter(Boolean)
}

/** Inline HTML that means a line break. */
export const isLineBreakTag = (html: string): boolean => /^<br\s*\/?>$/i.test(html.trim())
