import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { hyphenator } from '../../src/booklet/hyphenation.ts'
import { renderBooklet } from '../../src/booklet/index.ts'
import { parseRules } from '../../src/load/rules.ts'
import { hugoAvailable, hugoWords, normalizeWords } from './hugo-reference.ts'

/**
 * Conformance: for each case of test/fixtures/booklet/conformance, the words of the booklet's rules pages are
 * exactly the words Hugo shows for the same file (expected.txt, made by Debian's hugo with the reference site's
 * minimal templates). Where hugo is installed (CI installs it), the stored text is checked against it again;
 * `UPDATE_HUGO=1 npx vitest run test/booklet/conformance.test.ts` rewrites it.
 */
const CASES = join(import.meta.dirname, '..', 'fixtures', 'booklet', 'conformance')
const cases = readdirSync(CASES)
  .filter((name) => existsSync(join(CASES, name, 'input.md')))
  .sort()
const tmp = mkdtempSync(join(tmpdir(), 'deckwright-conformance-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/**
 * The words of a booklet's rules pages, in the order they are drawn (pdftotext -raw), without the cover, the
 * contents, the credits, the running heads and the page numbers (cropped to the text area).
 */
export const bodyWords = (pdf: Buffer, name: string): string => {
  const file = join(tmp, `${name}.pdf`)
  writeFileSync(file, pdf)
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1])
  // Pages `from` to `to`, each as pdftotext ends a page (a form feed).
  const text = (from: number, to: number, crop: boolean) =>
    execFileSync(
      'pdftotext',
      [
        '-raw',
        '-f',
        String(from),
        '-l',
        String(to),
        ...(crop ? ['-x', '0', '-y', '36', '-W', '420', '-H', '512'] : []),
        file,
        '-',
      ],
      { encoding: 'utf8' },
    )
  const first = text(2, 2, false).trim().startsWith('Contents') ? 3 : 2
  // The body's pages in one pdftotext run (each page cropped alike), joined by a line as they were one by one.
  const body = first < pages ? text(first, pages - 1, true) : ''
  const words = body
    .split('\f')
    .slice(0, -1)
    .map((page) => `${page}\f`)
  return normalizeWords(unhyphenated(words.join('\n')))
}

/** Words the booklet broke across lines with a hyphen where English allows it, joined again ("num-\nbers"); a hyphen of the text ("NO-\nvoters") stays. */
const unhyphenated = (text: string): string => {
  const hyphenate = hyphenator('en')!
  return text.replace(/(\p{L}+)-\n(\p{L}+)/gu, (whole, head: string, tail: string) =>
    hyphenate(head + tail).includes(head.length) ? head + tail : whole,
  )
}

describe.each(cases)('conformance with Hugo: %s', (name) => {
  const dir = join(CASES, name)
  const input = readFileSync(join(dir, 'input.md'), 'utf8')
  const expectedFile = join(dir, 'expected.txt')

  it.skipIf(!hugoAvailable() && !process.env['CI'])('expected.txt holds what Hugo shows', () => {
    const words = hugoWords(input)
    if (process.env['UPDATE_HUGO']) writeFileSync(expectedFile, words + '\n')
    expect(
      existsSync(expectedFile),
      'no Hugo reference: run UPDATE_HUGO=1 npx vitest run test/booklet/conformance.test.ts',
    ).toBe(true)
    expect(readFileSync(expectedFile, 'utf8').trim()).toBe(words)
  })

  it('the booklet prints the same words as Hugo, in the same order', async () => {
    const rules = parseRules(input, `${name}.md`)
    expect(rules.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    const booklet = await renderBooklet(rules.value, { baseDir: dir })
    expect(booklet.diagnostics.filter((d) => d.rule === 'rules/missing-image')).toEqual([])
    expect(bodyWords(booklet.value, name)).toBe(readFileSync(expectedFile, 'utf8').trim())
  })
})

/**
 * The corpus: varied Hugo-style rules files (the seeds' styles and harder: TOML, deep nesting, raw HTML, pictures,
 * odd shortcodes, plain markdown, a long game). Each renders without errors, prints no syntax Hugo would not
 * print, and loses no word: every word Hugo shows (<name>.hugo.txt) is in the booklet at least as often.
 */
const CORPUS = join(import.meta.dirname, '..', 'fixtures', 'booklet', 'corpus')
const corpus = readdirSync(CORPUS)
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -3))
  .sort()
const ALLOWED_WARNINGS = new Set([
  'rules/missing-image',
  'rules/unknown-example',
  'rules/unknown-shortcode',
  'rules/shortcode-in-code',
  'rules/unknown-param',
  'rules/unknown-icon',
])
/** Markup that must never reach the page, unless Hugo prints it too (a literal shortcode, code). */
const SYNTAX = [
  '{{<',
  '{{%',
  '>}}',
  '%}}',
  '<!--',
  '-->',
  '<div',
  '</',
  '@TODO',
  'icontint',
  'class=',
  'heading=',
  '+++',
]

const tokens = (text: string): Map<string, number> => {
  const counts = new Map<string, number>()
  for (const word of text.toLowerCase().split(/\s+/)) {
    const token = word.replace(/[^\p{L}\p{N}]/gu, '')
    if (token) counts.set(token, (counts.get(token) ?? 0) + 1)
  }
  return counts
}
const occurrences = (text: string, needle: string) => text.split(needle).length - 1

describe.each(corpus)('corpus: %s', (name) => {
  const input = readFileSync(join(CORPUS, `${name}.md`), 'utf8')
  const hugoFile = join(CORPUS, `${name}.hugo.txt`)

  it.skipIf(!hugoAvailable() && !process.env['CI'])('<name>.hugo.txt holds what Hugo shows', () => {
    const words = hugoWords(input)
    if (process.env['UPDATE_HUGO']) writeFileSync(hugoFile, words + '\n')
    expect(
      existsSync(hugoFile),
      'no Hugo reference: run UPDATE_HUGO=1 npx vitest run test/booklet/conformance.test.ts',
    ).toBe(true)
    expect(readFileSync(hugoFile, 'utf8').trim()).toBe(words)
  })

  it('renders with no raw syntax and no lost words', async () => {
    const rules = parseRules(input, `${name}.md`)
    const booklet = await renderBooklet(rules.value, { baseDir: CORPUS })
    const problems = [...rules.diagnostics, ...booklet.diagnostics].filter(
      (d) => d.severity === 'error' || (d.severity === 'warning' && !ALLOWED_WARNINGS.has(d.rule)),
    )
    expect(problems).toEqual([])
    const file = join(tmp, `corpus-${name}.pdf`)
    writeFileSync(file, booklet.value)
    const ours = normalizeWords(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }))
    const hugo = readFileSync(hugoFile, 'utf8')
    for (const mark of SYNTAX) expect(occurrences(ours, mark), mark).toBeLessThanOrEqual(occurrences(hugo, mark))
    const have = tokens(ours)
    const lost = [...tokens(hugo)]
      .filter(([token, n]) => (have.get(token) ?? 0) < n)
      .map(([token, n]) => `${token} (${have.get(token) ?? 0}/${n})`)
    expect(lost).toEqual([])
  })
})
