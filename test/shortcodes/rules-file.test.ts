import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Nodes } from 'mdast'
import { afterAll, describe, expect, it } from 'vitest'
import { loadRules, parseRules, rulesNotes } from '../../src/load/rules.ts'

const texts = (node: Nodes): string[] =>
  'value' in node && typeof node.value === 'string'
    ? [node.value]
    : 'children' in node
      ? node.children.flatMap((c) => texts(c))
      : []

describe('loadRules', () => {
  const dir = mkdtempSync(join(tmpdir(), 'deckwright-rules-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('reads the front matter and counts its lines in every position', () => {
    const file = join(dir, 'rules.md')
    writeFileSync(
      file,
      '---\ntitle: "Maybe Missions"\nplayers: "3-6"\n---\n\n{{% remark %}}\n**Bold**\n{{% /remark %}}\n',
    )
    const { value, diagnostics } = loadRules(file, dir)
    expect(diagnostics).toEqual([])
    expect(value.file).toBe('rules.md')
    expect(value.frontMatter).toEqual({ title: 'Maybe Missions', players: '3-6' })
    // No trace of the front matter in the tree (no thematic break, no setext heading).
    expect(value.tree.children.map((c) => c.type)).toEqual(['shortcode'])
    expect(value.tree.children[0]!.position!.start).toMatchObject({ line: 6, column: 1 })
    expect(texts(value.tree)).toEqual(['Bold'])
  })

  it('takes paths relative to the root', () => {
    writeFileSync(join(dir, 'other.md'), 'Hello.')
    expect(loadRules('other.md', dir).value.file).toBe('other.md')
  })

  it('reports a missing file as an error instead of throwing', () => {
    const { value, diagnostics } = loadRules('nope/rules.md', dir)
    expect(diagnostics).toMatchObject([{ rule: 'rules/unreadable', severity: 'error', file: 'nope/rules.md' }])
    expect(value.tree.children).toEqual([])
  })
})

describe('parseRules', () => {
  it('warns about an HTML comment that is never closed', () => {
    const { diagnostics } = parseRules('First.\n\n<!-- never closed\n\nHidden.\n', 'rules.md')
    expect(diagnostics).toContainEqual(
      expect.objectContaining({ rule: 'rules/unclosed-comment', severity: 'warning', line: 3 }),
    )
  })

  it('collects comments and @TODO lines as notes, reports them and never puts them in the tree', () => {
    const source = [
      '---', // 1
      'title: x', // 2
      '---', // 3
      'Setup text.', // 4
      '', // 5
      '@TODO: IMAGE EXAMPLE', // 6
      '', // 7
      '<!--- @TODO: maybe a base rule? --->', // 8
      'To **reduce randomness**, add a rule.', // 9
      '', // 10
      'Inline <!-- hidden --> comment.', // 11
      '<!-- a', // 12
      '{{< rules-example id="x" >}}', // 13
      '-->', // 14
    ].join('\n')
    const { value, diagnostics } = parseRules(source, 'rules.md')
    expect(value.notes).toEqual([
      { kind: 'todo', text: 'IMAGE EXAMPLE', line: 6, column: 1 },
      { kind: 'todo', text: 'maybe a base rule?', line: 8, column: 1 },
      { kind: 'comment', text: 'hidden', line: 11, column: 8 },
      { kind: 'comment', text: 'a\n{{< rules-example id="x" >}}', line: 12, column: 1 },
    ])
    expect(diagnostics.filter((d) => d.rule === 'rules/todo').map((d) => [d.severity, d.line])).toEqual([
      ['info', 6],
      ['info', 8],
      ['info', 11],
      ['info', 12],
    ])
    const words = texts(value.tree).join(' ')
    expect(words).not.toMatch(/TODO|<!--|hidden|rules-example/)
    // The shortcode inside the comment is not a shortcode; the paragraph after the comment stays a paragraph.
    expect(value.tree.children.map((c) => [c.type, c.position!.start.line])).toEqual([
      ['paragraph', 4],
      ['paragraph', 9],
      ['paragraph', 11],
    ])
  })

  it('does not turn text after a comment at a line start into a code block', () => {
    const { value } = parseRules('<!-- note --> Text after.\n', 'rules.md')
    expect(value.tree.children.map((c) => c.type)).toEqual(['paragraph'])
    expect(texts(value.tree)).toEqual(['Text after.'])
    expect(value.tree.children[0]!.position!.start.line).toBe(1)
  })

  it('reads TOML front matter (+++), as Hugo does', () => {
    const source =
      '+++\ntitle = "Maybe \\"Movies\\""\nplayers = \'3-6\'  # a comment\nplaytime = 45\ntags = ["a",\n  "b"]\n[params]\nicon.name = "x"\n+++\n\nBody.\n'
    const { value, diagnostics } = parseRules(source, 'rules.md')
    expect(diagnostics).toEqual([])
    expect(value.frontMatter).toEqual({
      title: 'Maybe "Movies"',
      players: '3-6',
      playtime: 45,
      tags: ['a', 'b'],
      params: { icon: { name: 'x' } },
    })
    expect(texts(value.tree)).toEqual(['Body.'])
    expect(value.tree.children[0]!.position!.start.line).toBe(11)
  })

  it('reads TOML dates and times as ISO 8601 text, a local date as written', () => {
    const { value, diagnostics } = parseRules(
      '+++\ndate = 2024-01-02\nupdated = 1979-05-27T07:32:00Z\n+++\nBody.',
      'rules.md',
    )
    expect(diagnostics).toEqual([])
    expect(value.frontMatter).toStrictEqual({ date: '2024-01-02', updated: '1979-05-27T07:32:00.000Z' })
  })

  it('reports invalid TOML at its line', () => {
    const { diagnostics } = parseRules('+++\ntitle = "x"\nplayers = 3-6\n+++\nBody.', 'rules.md')
    expect(diagnostics).toMatchObject([
      {
        rule: 'rules/front-matter',
        severity: 'error',
        line: 3,
        column: 12,
        message: expect.stringContaining('(in "players = 3-6")'),
      },
    ])
  })

  it('reports invalid YAML at its line', () => {
    const { diagnostics } = parseRules('---\ntitle: ok\nplayers: [3\n---\nBody.', 'rules.md')
    expect(diagnostics).toMatchObject([{ rule: 'rules/front-matter', severity: 'error' }])
    expect(diagnostics[0]!.line).toBeGreaterThanOrEqual(3)
  })

  it('reports front matter that is never closed', () => {
    const { diagnostics } = parseRules('---\ntitle: x\n\nBody.', 'rules.md')
    expect(diagnostics).toMatchObject([{ rule: 'rules/front-matter', severity: 'error', line: 1 }])
  })

  it('passes shortcode diagnostics through with the file name', () => {
    const { diagnostics } = parseRules(
      '---\ntitle: x\n---\n\n{{% rules-block heading="Setup" %}}\n\nText.\n',
      'rules/g/rules.md',
    )
    expect(diagnostics).toMatchObject([
      { rule: 'rules/unclosed-shortcode', file: 'rules/g/rules.md', line: 5, column: 1 },
    ])
  })
})

describe('parseRules and byte-order marks', () => {
  it('reads front matter after a byte-order mark', () => {
    const { value, diagnostics } = parseRules('\uFEFF---\ntitle: x\n---\nBody.', 'rules.md')
    expect(diagnostics).toEqual([])
    expect(value.frontMatter).toEqual({ title: 'x' })
    expect(value.tree.children[0]!.position!.start.line).toBe(4)
  })
})

describe('rulesNotes', () => {
  const root = join(import.meta.dirname, '..', '..')
  it('lists the notes of a game’s rules as info, for validate', () => {
    const notes = rulesNotes(root, 'maybe-missions')
    expect(notes.length).toBeGreaterThan(2)
    for (const note of notes)
      expect(note).toMatchObject({
        rule: 'rules/todo',
        severity: 'info',
        file: 'rules/maybe-missions/rules.md',
        line: expect.any(Number),
      })
    expect(notes.map((n) => n.message)).toContain('TODO: IMAGE EXAMPLE')
  })

  it('is empty for a game without rules', () => {
    expect(rulesNotes(root, 'no-such-game')).toEqual([])
  })
})
