// A watch reads a card file again for the one card an edit changed: what it reads is what reading the whole
// file gives, positions included, and it reads the whole file whenever it cannot be sure.
import { describe, expect, it } from 'vitest'
import { reparseOneCard } from '../../src/load/card-file-cache.ts'
import { parseYamlCards } from '../../src/load/yaml.ts'

const file = 'cards/g/cards.yaml'
const source = [
  'type: hut',
  'cards:',
  '  - { id: h1, title: "One", cost: 1 }',
  '  # a comment between cards',
  '  - id: h2',
  '    title: Two',
  '    text: |',
  '      Draw *two* cards.',
  '      Then discard one.',
  '  - { id: h3, title: Three, cost: 3 }',
  '',
].join('\n')
const read = (text: string) => ({ text, parsed: parseYamlCards(text, file) })
const plain = (r: ReturnType<typeof parseYamlCards>) =>
  JSON.parse(JSON.stringify(r, (_k, v) => (v instanceof Map ? [...v] : v)))
let calls = 0
const counting = (text: string, name: string) => (calls++, parseYamlCards(text, name))

describe('reading one card again', () => {
  it('gives what reading the whole file gives, for an edit inside a flow card and a block card', () => {
    for (const edited of [
      source.replace('"One", cost: 1', '"Uno", cost: 12'),
      source.replace('Then discard one.', 'Then discard two, or *none*.'),
      source.replace('title: Two', 'title: "Two & a half"'),
    ]) {
      calls = 0
      const again = reparseOneCard(read(source), edited, counting)
      expect(again, edited).toBeDefined()
      expect(plain(again!)).toEqual(plain(parseYamlCards(edited, file)))
      expect(calls).toBe(1)
    }
  })

  it('reads the whole file when it cannot be sure', () => {
    const before = read(source)
    const whole = [
      source.replace('  # a comment between cards', '  # another comment'), // not inside a card
      source.replace('title: Two', 'title: Two\n    extra: 1'), // a line more
      source.replace('  - { id: h1, title: "One", cost: 1 }', '  - { id: h1, title: "One", cost: [1 }'), // a syntax error
      source.replace('  - { id: h1, title: "One", cost: 1 }', '  - &base { id: h1, title: "One", cost: 1 }'), // an anchor others may share
      source
        .replace('"One", cost: 1 }', '"One", cost: 1 }')
        .replace('cost: 3 }', 'cost: 4 }')
        .replace('"One"', '"Eins"'), // two cards
    ]
    for (const edited of whole) expect(reparseOneCard(before, edited, parseYamlCards), edited).toBeUndefined()
    // The same text: what was read.
    expect(reparseOneCard(before, source, parseYamlCards)).toBe(before.parsed)
    // A file that did not read cleanly is read whole.
    expect(reparseOneCard(read('cards:\n  - { id: [\n'), 'cards:\n  - { id: x\n', parseYamlCards)).toBeUndefined()
  })
})
