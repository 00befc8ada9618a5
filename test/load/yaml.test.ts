import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseYamlCards, parseYamlCardsFully } from '../../src/load/yaml.ts'
import { parseYamlFast } from '../../src/load/yaml-fast.ts'

describe('parseYamlCards', () => {
  it('reads a top-level list of cards with the position of every value', () => {
    const { value, diagnostics } = parseYamlCards(
      '- id: a\n  cost: [wood, stone]\n- id: b\n  title: Hut\n',
      'cards/x.yaml',
    )
    expect(diagnostics).toEqual([])
    expect(value.cards.map((c) => c.values.get('id')?.value)).toEqual(['a', 'b'])
    expect(value.cards[0]!.values.get('cost')).toMatchObject({ value: ['wood', 'stone'], pos: { line: 2, column: 9 } })
    expect(value.cards[1]!.pos).toMatchObject({ line: 3, column: 3 })
    expect(value.cards[1]!.keys.get('title')).toMatchObject({ line: 4, column: 3 })
  })

  it('reads deck-level settings beside a `cards:` list', () => {
    const { value, diagnostics } = parseYamlCards(
      'type: vote\nset: base\ncards:\n  - { id: v1, number: 1 }\n',
      'v.yaml',
    )
    expect(diagnostics).toEqual([])
    expect(value.defaults.get('type')?.value).toBe('vote')
    expect(value.cards[0]!.values.get('number')).toMatchObject({ value: 1, pos: { line: 4, column: 23 } })
  })

  it('reports a syntax error at its line and still returns the cards before it', () => {
    const { value, diagnostics } = parseYamlCards('- id: a\n- id: b\n  cost: [wood\n', 'x.yaml')
    expect(diagnostics.length).toBeGreaterThan(0)
    expect(diagnostics[0]).toMatchObject({ rule: 'yaml/syntax', file: 'x.yaml', severity: 'error' })
    expect(diagnostics[0]!.line).toBeGreaterThanOrEqual(3)
    expect(value.cards[0]!.values.get('id')?.value).toBe('a')
  })

  it('says so when a map has no cards list', () => {
    const { diagnostics } = parseYamlCards('type: vote\n', 'x.yaml')
    expect(diagnostics).toMatchObject([{ rule: 'yaml/no-cards' }])
  })

  it('rejects a card that is not a map, at its place', () => {
    const { diagnostics } = parseYamlCards('- id: a\n- just text\n', 'x.yaml')
    expect(diagnostics).toMatchObject([{ rule: 'card/not-a-map', line: 2, column: 3 }])
  })
})

describe('the fast YAML path', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url))
  const yamlFiles = readdirSync(join(root, 'cards'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => join('cards', f))
  const plain = (file: ReturnType<typeof parseYamlCards>) =>
    JSON.parse(JSON.stringify(file, (_, v) => (v instanceof Map ? Object.fromEntries(v) : v)))

  it('reads the shipped card files', () => expect(yamlFiles.length).toBeGreaterThan(10))

  it.each(yamlFiles)('gives %s the same values and positions as the full parser', (file) => {
    const source = readFileSync(join(root, file), 'utf8')
    expect(parseYamlFast(source)).toBeTruthy() // the shipped files take the fast path
    expect(plain(parseYamlCards(source, file))).toEqual(plain(parseYamlCardsFully(source, file)))
  })

  it.each([
    ['an empty value in a block mapping', '- id: a\n  title:\n  value: 3\n'],
    ['an empty value in a flow mapping', '- { id: a, title: , value: 3 }\n'],
    ['an empty last value', 'cards:\n  - id: a\n    title:\n'],
    ['written nulls', '- id: a\n  x: ~\n  y: null\n  z: { w: ~, v: NULL }\n'],
  ])('places %s where the full parser does', (_, source) => {
    expect(parseYamlFast(source)).toBeTruthy()
    expect(plain(parseYamlCards(source, 'f.yaml'))).toEqual(plain(parseYamlCardsFully(source, 'f.yaml')))
  })

  it.each([
    ['a syntax error', '- id: a\n- id: b\n  cost: [wood\n'],
    ['an anchor and alias', '- &c { id: a, cost: [wood] }\n- *c\n'],
    ['a merge key', '- { id: a, cost: [wood] }\n- <<: { cost: [wood] }\n  id: b\n'],
  ])('leaves %s to the full parser', (_, source) => {
    expect(parseYamlFast(source)).toBeUndefined()
  })
})
