import type { Nodes, Paragraph, Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { buildTree, MAX_NESTING, type Shortcode } from '../../src/shortcodes/tree.ts'

const build = (source: string, requireClosing: string[] = ['rules-block', 'remark']) =>
  buildTree(source, { file: 'rules.md', requireClosing })

/** Every node of a type, depth first, in document order. */
const all = <T extends Nodes['type']>(node: Nodes, type: T): Extract<Nodes, { type: T }>[] => {
  const out: Nodes[] = node.type === type ? [node] : []
  if ('children' in node) for (const child of node.children) out.push(...all(child, type))
  return out as Extract<Nodes, { type: T }>[]
}
const shortcodes = (root: Root) => all(root, 'shortcode') as Shortcode[]

describe('shortcode tree', () => {
  it('parses the inner markdown of a paired {{% %}} into mdast', () => {
    const { value, diagnostics } = build('{{% remark %}}\nA **strong** point.\n{{% /remark %}}\n')
    expect(diagnostics).toEqual([])
    const [remark] = value.children as Shortcode[]
    expect(remark).toMatchObject({ type: 'shortcode', name: 'remark', delimiter: '%' })
    expect(remark!.children[0]!.type).toBe('paragraph')
    const [strong] = all(remark!, 'strong')
    expect(strong!.children).toEqual([expect.objectContaining({ type: 'text', value: 'strong' })])
  })

  it('keeps the inner text of a paired {{< >}} raw, as a value, and its markdown as children', () => {
    const { value } = build('{{< verbatim lang="x" >}}keep *this* as {{</* is */>}}{{< /verbatim >}}')
    const [node] = shortcodes(value)
    expect(node).toMatchObject({ delimiter: '<', params: { lang: 'x' }, value: 'keep *this* as {{< is >}}' })
    // What a template running `.Inner | markdownify` prints.
    expect(all(node!, 'emphasis')).toHaveLength(1)
  })

  it('nests shortcodes, and a shortcode without a closing tag stands alone', () => {
    const source = [
      '{{% rules-block heading="Expansions" icontint="red" %}}',
      '',
      '{{% rules-block heading="Variants" %}}',
      '{{< rules-example id="turn" >}}',
      '',
      'Text.',
      '{{% /rules-block %}}',
      '{{% /rules-block %}}',
    ].join('\n')
    const { value, diagnostics } = build(source)
    expect(diagnostics).toEqual([])
    const [outer] = value.children as Shortcode[]
    expect(outer).toMatchObject({ name: 'rules-block', params: { heading: 'Expansions', icontint: 'red' } })
    const [inner] = outer!.children as Shortcode[]
    expect(inner).toMatchObject({ name: 'rules-block', params: { heading: 'Variants' } })
    expect(inner!.children.map((c) => c.type)).toEqual(['shortcode', 'paragraph'])
    expect(inner!.children[0]).toMatchObject({ name: 'rules-example', params: { id: 'turn' }, children: [] })
  })

  it('leaves out tags nested deeper than the limit, with one error at the first, and keeps their words', () => {
    const depth = 5000
    const source = `${'{{% remark %}}\n'.repeat(depth)}Deep words\n${'{{% /remark %}}\n'.repeat(depth)}After\n`
    const { value, diagnostics } = build(source)
    expect(diagnostics).toEqual([
      expect.objectContaining({ rule: 'rules/too-deep', severity: 'error', line: MAX_NESTING + 1, column: 1 }),
    ])
    expect(all(value, 'shortcode')).toHaveLength(MAX_NESTING)
    const text = all(value, 'text')
      .map((t) => t.value)
      .join(' ')
    expect(text).toContain('Deep words')
    expect(text).toContain('After')
    expect(text).not.toContain('remark')
  })

  it('treats self-closing tags as standing alone even when a closing tag follows', () => {
    const { value } = build('{{< box />}}\n\nin between\n\n{{< box >}}inside{{< /box >}}')
    const boxes = shortcodes(value)
    expect(boxes.map((b) => b.value)).toEqual([undefined, 'inside'])
  })

  it('keeps a shortcode that shares its line with text inside the paragraph', () => {
    const { value } = build('Pay 2 {{< icon "coin" >}} and **{{< icon name="vote" >}}** now.')
    const [para] = value.children as Paragraph[]
    expect(para!.type).toBe('paragraph')
    expect(para!.children.map((c) => c.type)).toEqual(['text', 'shortcode', 'text', 'strong', 'text'])
    expect(para!.children[1]).toMatchObject({
      name: 'icon',
      positional: ['coin'],
      position: { start: { line: 1, column: 7 } },
    })
    expect(para!.children[2]).toMatchObject({
      value: ' and ',
      position: { start: { column: 26 }, end: { column: 31 } },
    })
  })

  it('prints the commented form literally, in text and in code', () => {
    const { value, diagnostics } = build('Use {{</* remark */>}} here, or `{{</* x */>}}`.')
    expect(diagnostics).toEqual([])
    expect(
      all(value, 'text')
        .map((t) => t.value)
        .join('|'),
    ).toBe('Use {{< remark >}} here, or |.')
    expect(all(value, 'inlineCode')[0]!.value).toBe('{{< x >}}')
  })

  it('leaves a shortcode inside fenced code as written, with a warning', () => {
    const { value, diagnostics } = build('```\n{{< danger >}}\n```\n')
    expect(all(value, 'code')[0]!.value).toBe('{{< danger >}}')
    expect(diagnostics).toMatchObject([{ rule: 'rules/shortcode-in-code', severity: 'warning', line: 2, column: 1 }])
  })

  it('puts every node at its real line and column in the file', () => {
    const source = [
      '{{% rules-block heading="A" %}}', // 1
      'First.', // 2
      '{{% /rules-block %}}', // 3
      '', // 4
      '{{% rules-block heading="B" %}}', // 5
      '* item', // 6
      '{{% /rules-block %}}', // 7
      '', // 8
      '{{% rules-block heading="C" %}}', // 9
      '', // 10
      'Third block, with **the bold word** in it.', // 11
      '', // 12
      '  {{% remark %}}Note **here**{{% /remark %}}', // 13
      '{{% /rules-block %}}', // 14
    ].join('\n')
    const { value, diagnostics } = build(source)
    expect(diagnostics).toEqual([])
    const third = value.children[2] as Shortcode
    expect(third.position).toMatchObject({ start: { line: 9, column: 1 }, end: { line: 14, column: 21 } })
    const [strong, noteStrong] = all(third, 'strong')
    expect(strong!.position!.start).toEqual({ line: 11, column: 19, offset: source.indexOf('**the bold') })
    expect(strong!.position!.end).toEqual({
      line: 11,
      column: 36,
      offset: source.indexOf('**the bold') + '**the bold word**'.length,
    })
    // Text that starts mid-line (after a tag) is shifted by the tag's column on its first line only.
    expect(noteStrong!.position!.start).toEqual({
      line: 13,
      column: '  {{% remark %}}Note '.length + 1,
      offset: source.indexOf('**here**'),
    })
    expect(all(value.children[1]!, 'listItem')[0]!.position!.start).toMatchObject({ line: 6, column: 1 })
  })

  it('reports a closing tag that closes nothing, at its line and column', () => {
    const { value, diagnostics } = build('Text.\n\n  {{% /remark %}}\n')
    expect(diagnostics).toMatchObject([{ rule: 'rules/mismatched-shortcode', severity: 'error', line: 3, column: 3 }])
    // ... and never lets it through as text.
    expect(all(value, 'text').map((t) => t.value)).toEqual(['Text.'])
  })

  it('reports crossed tags as mismatched nesting', () => {
    const { diagnostics } = build('{{% rules-block %}}\n{{% remark %}}\nx\n{{% /rules-block %}}\n{{% /remark %}}\n')
    expect(diagnostics).toMatchObject([{ rule: 'rules/mismatched-shortcode', severity: 'error', line: 5, column: 1 }])
    expect(diagnostics[0]!.message).toContain('remark')
  })

  it('reports a shortcode that must be closed but is not', () => {
    const { value, diagnostics } = build('Intro.\n\n{{% rules-block heading="Setup" %}}\n\nText.\n')
    expect(diagnostics).toMatchObject([{ rule: 'rules/unclosed-shortcode', severity: 'error', line: 3, column: 1 }])
    // The text after it is still there, as its sibling.
    expect(value.children.map((c) => c.type)).toEqual(['paragraph', 'shortcode', 'paragraph'])
  })

  it('reports an unclosed shortcode inside a closed one at the opening tag', () => {
    const { diagnostics } = build('{{% rules-block %}}\n  {{% remark %}}\nx\n{{% /rules-block %}}\n')
    expect(diagnostics).toMatchObject([{ rule: 'rules/unclosed-shortcode', line: 2, column: 3 }])
  })

  it('drops a malformed tag instead of printing it', () => {
    const { value, diagnostics } = build('Before.\n\n{{< broken a="x >}}\n\nAfter.')
    expect(diagnostics.map((d) => d.rule)).toEqual(['rules/shortcode-syntax'])
    expect(all(value, 'text').map((t) => t.value.trim())).toEqual(['Before.', 'After.'])
  })

  it('parses GFM (tables) between shortcodes', () => {
    const { value } = build('{{% remark %}}\n| a | b |\n|---|--:|\n| 1 | 2 |\n{{% /remark %}}')
    const [table] = all(value, 'table')
    expect(table!.align).toEqual([null, 'right'])
    expect(table!.position!.start.line).toBe(2)
  })
})
