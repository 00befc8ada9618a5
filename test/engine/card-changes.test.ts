// The comparison of two versions of card data that `deckwright pull` prints (and a comparison of revisions can
// reuse): plain cards in, the cards added, removed and changed (field, old → new) out.
import { describe, expect, it } from 'vitest'
import { anyChange, cardData, compareCards, rawCardData, type CardData } from '../../src/engine/card-changes.ts'
import type { Card } from '../../src/engine/define.ts'
import { parseCsvCards } from '../../src/load/csv.ts'
import { parseYamlCards } from '../../src/load/yaml.ts'

const card = (id: string, values: Record<string, unknown>): CardData => ({ id, values })

describe('compareCards', () => {
  it('lists the cards added and removed in their order, and each changed field old → new', () => {
    const before = [card('a', { cost: 1, text: 'Draw.' }), card('b', { cost: 2 }), card('c', { cost: 3, tags: ['x'] })]
    const after = [
      card('d', { cost: 4 }),
      card('c', { cost: 3, tags: ['x', 'y'] }),
      card('a', { cost: 1, text: 'Draw two.', art: 'a.png' }),
    ]
    const changes = compareCards(before, after)
    expect(changes.added.map((c) => c.id)).toEqual(['d'])
    expect(changes.removed.map((c) => c.id)).toEqual(['b'])
    expect(changes.changed.map((c) => [c.id, c.fields])).toEqual([
      ['c', [{ field: 'tags', before: ['x'], after: ['x', 'y'] }]],
      [
        'a',
        [
          { field: 'text', before: 'Draw.', after: 'Draw two.' },
          { field: 'art', before: undefined, after: 'a.png' },
        ],
      ],
    ])
    expect(changes.unchanged).toBe(0)
    expect(anyChange(changes)).toBe(true)
  })

  it('sees no change in the order of cards or keys, or between an empty value and none', () => {
    const before = [card('a', { cost: 1, text: null, set: { name: 'base' } }), card('b', { cost: 2 })]
    const after = [card('b', { cost: 2, note: undefined }), card('a', { set: { name: 'base' }, cost: 1 })]
    const changes = compareCards(before, after)
    expect(changes).toEqual({ added: [], removed: [], changed: [], unchanged: 2 })
    expect(anyChange(changes)).toBe(false)
  })

  it('lists a field no longer there after the new ones, and compares the first card of an id twice', () => {
    const changes = compareCards([card('a', { old: 'x', cost: 1 })], [card('a', { cost: 2 }), card('a', { cost: 9 })])
    expect(changes.changed[0]!.fields).toEqual([
      { field: 'cost', before: 1, after: 2 },
      { field: 'old', before: 'x', after: undefined },
    ])
  })
})

describe('the cards compared', () => {
  it("a CSV's rows as written, by id, at their lines and cells; a row without an id, or a `_` column, is not compared", () => {
    const file = parseCsvCards(
      'id,name,cost,_notes\nscout,Scout,1,cheap?\n,Nameless,2,\nfrigate,,3,\n',
      'cards/g/ships.csv',
    ).value
    expect(rawCardData(file)).toEqual([
      {
        id: 'scout',
        values: { name: 'Scout', cost: '1' },
        file: 'cards/g/ships.csv',
        line: 2,
        places: { name: { line: 2, column: 7 }, cost: { line: 2, column: 13 } },
      },
      {
        id: 'frigate',
        values: { name: null, cost: '3' },
        file: 'cards/g/ships.csv',
        line: 4,
        places: { name: { line: 4, column: 9 }, cost: { line: 4, column: 10 } },
      },
    ])
  })

  it("a YAML file's own type is each card's, unless the card says otherwise", () => {
    const file = parseYamlCards('type: ship\ncards:\n  - { id: a, cost: 1 }\n  - { id: b, type: base }\n', 'x.yaml')
    expect(rawCardData(file.value).map((c) => c.values)).toEqual([{ type: 'ship', cost: 1 }, { type: 'base' }])
  })

  it('a card read with its field kinds: its type, set, qty and art beside its fields, and where they are', () => {
    const read: Card = {
      id: 'a',
      type: 'ship',
      set: 'base',
      qty: 2,
      art: 'a.png',
      fields: { cost: 3 },
      source: { file: 'cards/g/ship.yaml', pos: { line: 4, column: 3 }, fields: { cost: { line: 5, column: 11 } } },
    }
    expect(cardData(read)).toEqual({
      id: 'a',
      values: { type: 'ship', set: 'base', qty: 2, art: 'a.png', cost: 3 },
      file: 'cards/g/ship.yaml',
      line: 4,
      places: { cost: { line: 5, column: 11 } },
    })
  })
})
