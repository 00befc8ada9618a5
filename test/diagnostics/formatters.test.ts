import { describe, expect, it } from 'vitest'
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts'
import { formatters } from '../../src/diagnostics/formatters/index.ts'

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
