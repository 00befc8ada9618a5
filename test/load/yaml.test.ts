import { describe, expect, it } from 'vitest'
import { parseYamlCards } from '../../src/load/yaml.ts'

describe('parseYamlCards', () => {
  it('reads a top-level list of cards with the position of every value', () => {
    const { value, diagnostics } = parseYamlCards('- id: a\n  cost: [wood, stone]\n- id: b\n  title: Hut\n', 'cards/x.yaml')
    expect(diagnostics).toEqual([])
    expect(value.cards.map((c) => c.values.get('id')?.value)).toEqual(['a', 'b'])
    expect(value.cards[0]!.values.get('cost')).toMatchObject({ value: ['wood', 'stone'], pos: { line: 2, column: 9 } })
    expect(value.cards[1]!.pos).toMatchObject({ line: 3, column: 3 })
    expect(value.cards[1]!.keys.get('title')).toMatchObject({ line: 4, column: 3 })
  })

  it('reads deck-level settings beside a `cards:` list', () => {
    const { value, diagnostics } = parseYamlCards('type: vote\nset: base\ncards:\n  - { id: v1, number: 1 }\n', 'v.yaml')
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
