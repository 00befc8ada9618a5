import { describe, expect, it } from 'vitest'
import { renderBooklet } from '../../src/booklet/index.ts'
import { parseRules } from '../../src/load/rules.ts'
import { MAX_INDENT } from '../../src/shortcodes/depth.ts'

/** Rules that crashed or hung the booklet: each an error at its line, and a booklet still made. */
describe('rules nested too deep', () => {
  const cases = {
    'quotes in quotes': { md: `Before\n\n${'> '.repeat(3000)}deep\n\nAfter\n`, line: 3 },
    'lists in lists': {
      md: `Before\n\n${Array.from({ length: 1000 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n')}\n\nAfter\n`,
      line: 3 + MAX_INDENT / 2,
    },
    'emphasis in emphasis': { md: `Before\n\n${'*'.repeat(3000)}deep${'*'.repeat(3000)}\n\nAfter\n`, line: 3 },
    'list markers on one line': { md: `Before\n\n${'- '.repeat(4000)}deep\n\nAfter\n`, line: 3 },
  }
  it.each(Object.entries(cases))('%s', async (_, { md, line }) => {
    const rules = parseRules(md, 'rules.md')
    expect(rules.diagnostics).toEqual([
      expect.objectContaining({ rule: 'rules/too-deep', severity: 'error', file: 'rules.md', line }),
    ])
    const booklet = await renderBooklet(rules.value, {})
    expect(booklet.value.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('keeps rules of a real depth as they are', () => {
    const md = `${'> '.repeat(10)}quoted\n\n${Array.from({ length: 10 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n')}\n\n***bold and italic***\n`
    expect(parseRules(md, 'rules.md').diagnostics).toEqual([])
  })
})
