import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { deckwright as run, poppler } from '../helpers.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const out = mkdtempSync(join(tmpdir(), 'deckwright-booklet-cli-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

const deckwright = (...args: string[]) => run(root, ...args)
const pdftotext = async (file: string) => poppler('pdftotext', file).replace(/\s+/g, ' ')

describe('deckwright booklet', () => {
  it('exits 1 with the file, line and column of an unclosed shortcode, and writes nothing', async () => {
    const pdf = join(out, 'unclosed.pdf')
    const { code, stderr } = await deckwright('booklet', 'test/fixtures/booklet/broken/unclosed.md', '-o', pdf)
    expect(code).toBe(1)
    expect(stderr).toContain('test/fixtures/booklet/broken/unclosed.md')
    expect(stderr).toMatch(
      /5:1\s+error\s+The shortcode \{\{% rules-block %\}\} is never closed.*rules\/unclosed-shortcode/,
    )
    expect(existsSync(pdf)).toBe(false)
  })

  it('reports every problem in one run, as JSON or GitHub annotations', async () => {
    const json = await deckwright(
      'booklet',
      'test/fixtures/booklet/broken/mismatched.md',
      '--format',
      'json',
      '-o',
      join(out, 'm.pdf'),
    )
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stdout)).toMatchObject([
      {
        rule: 'rules/shortcode-syntax',
        severity: 'error',
        file: 'test/fixtures/booklet/broken/mismatched.md',
        line: 3,
        column: 14,
      },
      { rule: 'rules/mismatched-shortcode', severity: 'error', line: 5, column: 1 },
    ])
    const github = await deckwright(
      'booklet',
      'test/fixtures/booklet/broken/mismatched.md',
      '--format',
      'github',
      '-o',
      join(out, 'm.pdf'),
    )
    expect(github.stdout).toContain('::error file=test/fixtures/booklet/broken/mismatched.md,line=3,col=14,')
  })

  it('makes a booklet of any Hugo-style rules file: exit 0, warnings shown, the PDF written', async () => {
    const pdf = join(out, 'edge.pdf')
    const { code, stderr } = await deckwright(
      'booklet',
      'test/fixtures/booklet/corpus/edge-shortcodes.md',
      '-o',
      pdf,
      '--page-size',
      'a4',
    )
    expect(code).toBe(0)
    expect(stderr).toContain('rules/unknown-shortcode')
    expect(stderr).toMatch(/wrote .*edge\.pdf/)
    expect(await pdftotext(pdf)).toContain('An unknown box with percent delimiters: its markdown is rendered.')
  })

  it('draws a game’s examples from its card data when the file is a game’s rules', async () => {
    const pdf = join(out, 'missions.pdf')
    const { code, stderr } = await deckwright(
      'booklet',
      'rules/maybe-missions/rules.md',
      '-o',
      pdf,
      '--imposition',
      'saddle',
      '--drafts',
    )
    expect(code).toBe(0)
    expect(stderr).not.toContain('rules/unknown-example')
    const text = await pdftotext(pdf)
    expect(text).toContain('A mission: the Master Card and three Mission Cards')
    expect(text).toContain('TODO IMAGE EXAMPLE')
  }, 60_000)
})
