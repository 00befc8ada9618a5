import { describe, expect, it } from 'vitest'
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts'
import { formatters } from '../../src/diagnostics/formatters/index.ts'
import { PreviewStore } from '../../src/preview/state.ts'

// A card whose text holds an escape sequence that clears the screen, and a right-to-left override.
const hostile: Diagnostic = {
  rule: 'card/unknown-field',
  severity: 'error',
  file: 'cards/g/x.yaml',
  line: 3,
  column: 5,
  card: 'evil',
  message: 'has no field `\u001b[2J\u001b[H`, or \u202egnp.exe\n::error file=README.md,line=1::Pwned',
}

describe('formatters', () => {
  it('print control characters and bidirectional marks from card data escaped, in the terminal and in CI logs', () => {
    for (const format of ['stylish', 'github'] as const) {
      const text = formatters[format]([hostile])
      expect(text).not.toMatch(/[\u001b\u202e]/)
      expect(text).toContain('\\u{1b}[2J\\u{1b}[H')
      expect(text).toContain('\\u{202e}gnp.exe')
      // A line break in card data never starts a line of its own (a CI reads `::error …` lines as commands).
      expect(text.split('\n').some((line) => line.startsWith('::error file=README.md'))).toBe(false)
    }
    // JSON is data: it keeps the characters, escaped as JSON escapes them.
    expect(JSON.parse(formatters.json([hostile]))[0].message).toBe(hostile.message)
  })
})

describe('many problems', () => {
  const problem = (i: number, rule: string): Diagnostic => ({
    rule,
    severity: 'warning',
    file: 'cards/g/titles.csv',
    line: i + 2,
    column: 3,
    card: `c${i}`,
    message: 'the title is too long',
  })

  it('are formatted in linear time, all in one file', () => {
    // 500 rules of 100 problems each, all printed: grouping by file copied each file's list per problem,
    // and 50,000 problems took 30 s.
    const many = Array.from({ length: 50_000 }, (_, i) => problem(i, `card/rule-${i % 500}`))
    const started = performance.now()
    const text = formatters.stylish(many)
    expect(performance.now() - started).toBeLessThan(3000)
    expect(text.split('\n').filter((line) => line.includes('the title is too long'))).toHaveLength(50_000)
  })

  it('print at most 100 of a rule in the terminal and in CI, then how many more; json keeps them all', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => problem(i, 'card/text-too-long'))
    const text = formatters.stylish(many)
    const lines = text.split('\n')
    expect(lines.filter((line) => line.includes('the title is too long'))).toHaveLength(100)
    expect(text).toContain('…and 199,900 more of `card/text-too-long`')
    expect(lines.at(-2)).toBe('200000 problems (0 errors, 200000 warnings, 0 info)')
    const ci = formatters.github(many).trimEnd().split('\n')
    expect(ci).toHaveLength(101)
    expect(ci.at(-1)).toMatch(/^::notice title=card\/text-too-long::…and 199,900 more of `card\/text-too-long`/)
    expect(JSON.parse(formatters.json(many))).toHaveLength(200_000)
  })

  it("cap the preview's list as the terminal's", () => {
    const store = new PreviewStore(['g'], '/project', 'vscode://file/{path}:{line}:{column}', () => false)
    const many = Array.from({ length: 250 }, (_, i) => problem(i, 'card/text-too-long'))
    store.built({ game: 'g', stage: 'faces', diagnostics: [...many, problem(0, 'card/unknown-field')] })
    const shown = store.state().games[0]!.diagnostics
    expect(shown).toHaveLength(102)
    expect(shown.at(-1)).toMatchObject({
      rule: 'card/text-too-long',
      severity: 'warning',
      message: expect.stringContaining('…and 150 more of `card/text-too-long`'),
    })
  })
})
