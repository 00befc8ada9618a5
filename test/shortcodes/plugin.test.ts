import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { VFile } from 'vfile'
import { describe, expect, it } from 'vitest'
import { remarkShortcodes } from '../../src/shortcodes/index.ts'
import type { Shortcode } from '../../src/shortcodes/tree.ts'

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkShortcodes, { requireClosing: ['rules-block'] })

describe('remarkShortcodes', () => {
  it('parses shortcodes into mdast nodes, with the syntax extensions used before it (GFM tables)', () => {
    const tree = processor.parse(
      '{{% rules-block heading="Setup" %}}\n| a | b |\n|---|---|\n| 1 | 2 |\n{{% /rules-block %}}\n',
    )
    const [block] = tree.children as Shortcode[]
    expect(block).toMatchObject({
      type: 'shortcode',
      name: 'rules-block',
      params: { heading: 'Setup' },
      position: { start: { line: 1, column: 1 } },
    })
    expect(block!.children[0]!.type).toBe('table')
  })

  it('reports problems as vfile messages: errors fatal, with line, column and rule id', () => {
    // vfile comes with unified; a VFile of our own lets us read the messages parse() leaves on it.
    const file = new VFile({ path: 'rules.md', value: 'Intro.\n\n{{% rules-block %}}\nText.\n{{< sc 50% >}}\n' })
    expect(processor.parse(file).type).toBe('root')
    expect(
      file.messages.map((m) => ({
        ruleId: m.ruleId,
        line: m.line,
        column: m.column,
        fatal: m.fatal,
        source: m.source,
      })),
    ).toEqual([
      { ruleId: 'rules/shortcode-syntax', line: 5, column: 10, fatal: true, source: 'deckwright' },
      { ruleId: 'rules/unclosed-shortcode', line: 3, column: 1, fatal: true, source: 'deckwright' },
    ])
  })

  it('needs a markdown parser before it', () => {
    expect(() => unified().use(remarkShortcodes).parse('x')).toThrow(/remark-parse/)
  })
})
