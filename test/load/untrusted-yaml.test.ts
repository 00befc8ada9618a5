import { execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadCardFiles } from '../../src/load/card-files.ts'
import { gamePaths } from '../../src/load/project.ts'
import { parseYamlCards } from '../../src/load/yaml.ts'
import { loadRules, parseRules } from '../../src/load/rules.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import { fileThreads } from '../setup/threads.ts'

const fixtures = fileURLToPath(new URL('../fixtures/render/', import.meta.url))
const threads = fileThreads()

const parse = (lines: string[]) => parseYamlCards(lines.join('\n'), 'cards/g/x.yaml')
const ids = (r: ReturnType<typeof parse>) => r.value.cards.map((c) => c.values.get('id')?.value)

describe('YAML card files never guess', () => {
  it('a second `cards:` list or a key given twice in a card is an error at the second one', () => {
    const twice = parse(['type: hut', 'cards:', '  - { id: a }', 'cards:', '  - { id: b }'])
    expect(twice.diagnostics).toMatchObject([
      {
        rule: 'yaml/duplicate-key',
        line: 4,
        column: 1,
        message: expect.stringContaining('`cards` is given twice (first on line 2)'),
      },
    ])
    const key = parse(['- id: a', '  title: One', '  title: Two'])
    expect(key.diagnostics).toMatchObject([{ rule: 'yaml/duplicate-key', line: 3, column: 3 }])
    expect(key.value.cards[0]!.values.get('title')!.value).toBe('One')
  })

  it('resolves aliases of cards, lists and merged maps, within a limit', () => {
    const r = parse([
      'defaults: &hut { type: hut, cost: &two [wood, wood] }',
      'cards:',
      '  - &a { id: a, cost: *two }',
      '  - { <<: *hut, id: b }',
      '  - { <<: *hut, id: c, cost: [stone] }',
    ])
    expect(r.diagnostics).toEqual([])
    expect(ids(r)).toEqual(['a', 'b', 'c'])
    expect(r.value.cards.map((c) => c.values.get('cost')!.value)).toEqual([
      ['wood', 'wood'],
      ['wood', 'wood'],
      ['stone'],
    ])
    expect(r.value.cards[1]!.values.get('type')!.value).toBe('hut')
    // A "billion laughs" file: each line doubles the one before.
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from(
        { length: 12 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(', ')}]`,
      ),
      'cards:',
      '  - { id: boom, note: *m }',
    ]
    const exploded = parse(bomb)
    expect(exploded.diagnostics.some((d) => d.rule === 'yaml/alias-limit')).toBe(true)
  })

  it('merges the first of several maps first, refuses a second merge key, and budgets aliases per file', () => {
    const merged = parse([
      'a: &a { colour: A, size: 1 }',
      'b: &b { colour: B, shape: round }',
      'cards:',
      '  - { <<: [*a, *b], id: x }',
      '  - { <<: *a, <<: *b, id: y }',
    ])
    expect(merged.value.cards[0]!.values.get('colour')!.value).toBe('A')
    expect(merged.value.cards[0]!.values.get('shape')!.value).toBe('round')
    expect(merged.diagnostics).toMatchObject([
      { rule: 'yaml/duplicate-key', line: 5, message: expect.stringContaining('`<<` is given twice') },
    ])
    // Many small aliases of a large list: each alone within the limit, together far beyond it.
    const big = `[${Array.from({ length: 900 }, (_, i) => `item-number-${i}`).join(', ')}]`
    const fields = Array.from({ length: 30 }, (_, i) => `f${i}: *l`).join(', ')
    const lines = [`l: &l ${big}`, 'cards:', ...Array.from({ length: 400 }, (_, i) => `  - { id: c${i}, ${fields} }`)]
    // One budget for the file: the expansion stops at it (without it, 10.8 million values), said once.
    const spread = parse(lines)
    expect(spread.diagnostics.filter((d) => d.rule === 'yaml/alias-limit')).toHaveLength(1)
    const values = spread.value.cards.reduce(
      (n, card) => n + [...card.values.values()].reduce((m, v) => m + (Array.isArray(v.value) ? v.value.length : 1), 0),
      0,
    )
    expect(values).toBeLessThan(2_000_000)
  })

  it("counts cards given as aliases (`- *card`) in the file's budget, and reads them in linear time", () => {
    // 10,000 took 15 s when each alias was resolved by walking the whole file, and 20,000 ended as a timeout.
    const items = (n: number) => ['- &c { id: a, title: Hello, cost: [wood] }', ...Array(n).fill('- *c')]
    const started = performance.now()
    const many = parse(items(10_000))
    expect(performance.now() - started).toBeLessThan(5000)
    expect(many.diagnostics).toEqual([])
    expect(many.value.cards).toHaveLength(10_001)
    expect(many.value.cards[10_000]!.values.get('cost')!.value).toEqual(['wood'])
    // One more is past the limit: an error at that item's line, and the cards after it are not read.
    const over = parse([...items(10_001), '- { id: last }'])
    expect(over.diagnostics).toMatchObject([
      {
        rule: 'yaml/alias-limit',
        file: 'cards/g/x.yaml',
        line: 10_002,
        message: expect.stringContaining('10,000 aliases'),
      },
    ])
    expect(ids(over)).not.toContain('last')
  })

  it('a file that is not UTF-8 is an error at the line of its first bad byte, and no cards', () => {
    const root = mkdtempSync(join(tmpdir(), 'deckwright-latin1-'))
    mkdirSync(join(root, 'cards', 'g'), { recursive: true })
    // "Café" saved as Latin-1 on line 3.
    writeFileSync(
      join(root, 'cards', 'g', 'x.csv'),
      Buffer.concat([Buffer.from('id,title\nc1,Bar\nc2,Caf'), Buffer.from([0xe9]), Buffer.from('\n')]),
    )
    writeFileSync(join(root, 'cards', 'g', 'y.yaml'), '\ufeff- { id: y1, title: "Caf\u00e9" }\n')
    const { value, diagnostics } = loadCardFiles(gamePaths(root, 'g'))
    expect(diagnostics).toMatchObject([
      {
        rule: 'load/encoding',
        file: 'cards/g/x.csv',
        line: 3,
        column: 7,
        message: expect.stringContaining('byte 0xe9 on line 3'),
      },
    ])
    // The file is there, unreadable and without cards: the deck checks of its types wait for it.
    expect(value.map((f) => [f.file, f.unreadable ?? false, f.cards.length])).toEqual([
      ['cards/g/x.csv', true, 0],
      ['cards/g/y.yaml', false, 1],
    ])
    expect(value[1]!.cards[0]!.values.get('title')!.value).toBe('Café')
  })
})

describe('card and rules files', () => {
  it("are read only inside the game's folders, never through a link out, from a device or past 10 MB", () => {
    const root = mkdtempSync(join(tmpdir(), 'deckwright-links-'))
    const cards = join(root, 'cards', 'g')
    mkdirSync(cards, { recursive: true })
    mkdirSync(join(root, 'rules', 'g'), { recursive: true })
    writeFileSync(join(root, 'secret.csv'), 'id,type\nsecret-token-AKIA1234,x\n')
    symlinkSync(join(root, 'secret.csv'), join(cards, 'a-secret.csv'))
    symlinkSync('/dev/zero', join(cards, 'b-zero.csv'))
    execFileSync('mkfifo', [join(cards, 'b-pipe.csv')]) // a pipe: reading it would wait forever
    symlinkSync(cards, join(cards, 'loop')) // a folder that holds itself
    writeFileSync(join(cards, 'c-huge.yaml'), Buffer.alloc(11 * 2 ** 20, 0x20))
    writeFileSync(join(cards, 'd-fine.yaml'), '- { id: fine }\n')
    const { value, diagnostics } = loadCardFiles(gamePaths(root, 'g'))
    // Only the file inside, of its size, is read; the others are unreadable, without cards.
    expect(value.map((f) => [f.file, f.unreadable ?? false, f.cards.length])).toEqual([
      ['cards/g/a-secret.csv', true, 0],
      ['cards/g/b-pipe.csv', true, 0],
      ['cards/g/b-zero.csv', true, 0],
      ['cards/g/c-huge.yaml', true, 0],
      ['cards/g/d-fine.yaml', false, 1],
    ])
    expect(diagnostics.map((d) => [d.rule, d.file])).toEqual([
      ['load/outside', 'cards/g/a-secret.csv'],
      ['load/not-a-file', 'cards/g/b-pipe.csv'],
      ['load/outside', 'cards/g/b-zero.csv'],
      ['load/too-large', 'cards/g/c-huge.yaml'],
    ])
    expect(JSON.stringify(diagnostics)).not.toContain('AKIA')
    // The rules file too: a link to the environment of the process never reaches a booklet.
    symlinkSync('/proc/self/environ', join(root, 'rules', 'g', 'rules.md'))
    const rules = loadRules(join(root, 'rules', 'g', 'rules.md'), root)
    expect(rules.diagnostics).toMatchObject([{ rule: 'load/outside', file: 'rules/g/rules.md' }])
    expect(rules.value.source).toBe('')
  })

  it('validate never waits on a pipe named rules.md: the loader refuses it, and the front matter check reads what it read', async () => {
    const root = mkdtempSync(join(tmpdir(), 'deckwright-rules-pipe-'))
    cpSync(join(fixtures, 'rules', 'art'), join(root, 'rules', 'art'), { recursive: true })
    mkdirSync(join(root, 'cards', 'art'), { recursive: true })
    writeFileSync(join(root, 'cards', 'art', 'tokens.yaml'), '- { id: a, type: token }\n')
    const pipe = join(root, 'rules', 'art', 'rules.md')
    execFileSync('mkfifo', [pipe])
    // Something writes to the pipe after 10 s, so that a reader waiting on it ends (late: the test fails).
    const writer = spawn('sh', ['-c', `sleep 10; while :; do echo '# Rules' > '${pipe}'; done`], { stdio: 'ignore' })
    try {
      const started = performance.now()
      const { diagnostics } = await validateGame(root, 'art', { threads, faces: false })
      expect(performance.now() - started).toBeLessThan(8000)
      expect(diagnostics.filter((d) => d.file === 'rules/art/rules.md').map((d) => d.rule)).toEqual(['load/not-a-file'])
    } finally {
      writer.kill()
    }
  })

  it("a rules file's front matter has the alias limit card files have: an error at the key, and no front matter", () => {
    // `title: *f`, a million items, shared by js-yaml and so parsed at once; 10⁹ ended after 36 s at 2.5 GB.
    // The error is at the key that takes the front matter past 100,000 values: `e`, of 100,000.
    const levels = Array.from({ length: 5 }, (_, i) => {
      const [name, inner] = [String.fromCharCode(98 + i), String.fromCharCode(97 + i)]
      return `${name}: &${name} [${Array(10).fill(`*${inner}`).join(', ')}]`
    })
    const text = ['---', 'a: &a [x, x, x, x, x, x, x, x, x, x]', ...levels, 'title: *f', '---', '', 'Text.', ''].join(
      '\n',
    )
    const { value, diagnostics } = parseRules(text, 'rules/g/rules.md')
    expect(diagnostics).toMatchObject([
      { rule: 'yaml/alias-limit', file: 'rules/g/rules.md', line: 6, message: expect.stringContaining('`e`') },
    ])
    expect(value.frontMatter).toEqual({})
    // Within the limit, aliases are read as before.
    const fine = parseRules('---\nt: &t Hello\ntitle: *t\n---\nText.\n', 'rules/g/rules.md')
    expect(fine.value.frontMatter).toEqual({ t: 'Hello', title: 'Hello' })
  })
})
