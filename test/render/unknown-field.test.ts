// A template reading a field no card type of its game declares (a typo, a field renamed in game.ts): an error
// at the template's line in validate and build, once a place, on a first run and a cached one; asking whether
// a field is there (`in`, a helper shared by several types) is not.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { collapseUnknownFields, guardFields } from '../../src/render/template/field-guard.ts'
import type { Card, GameDef } from '../../src/engine/define.ts'
import { fixture, projectCopy } from '../helpers.ts'
import { buildRun, validateRun } from '../setup/commands.ts'

const captian = expect.objectContaining({
  rule: 'render/unknown-field',
  severity: 'error',
  file: 'templates/g/index.tsx',
  line: 16,
  card: 'h1',
  field: 'captian',
  message: expect.stringMatching(
    /`card\.fields\.captian`.*\(did you mean "captain"\?\).*\(read for h1 and 2 more cards\)$/,
  ),
})
// Passed to Title: the field's error alone, not the component's throw on every card.
const titel = expect.objectContaining({
  rule: 'render/unknown-field',
  file: 'templates/g/index.tsx',
  line: 17,
  field: 'titel',
  message: expect.stringContaining('(did you mean "title"?)'),
})

describe('render/unknown-field', () => {
  it('validate: drawn as text or passed to a component, one error at the template line each, on the first run and the cached one; exit 1', async () => {
    const root = projectCopy(fixture('unknown-field'))
    // `deckwright validate`, through the library, each run on threads of its own as the command's.
    for (const run of ['first', 'cached']) {
      const r = await validateRun(root)
      expect({ run, failed: r.failed }).toEqual({ run, failed: true })
      expect(r.found).toEqual([captian, titel])
    }
  })

  it('build: the same errors, and nothing written', async () => {
    const root = projectCopy(fixture('unknown-field'))
    const r = await buildRun(root)
    expect(r.failed).toBe(true)
    expect(r.found).toEqual([captian, titel])
    expect(existsSync(join(root, 'out', 'g'))).toBe(false)
  })
})

describe('guardFields', () => {
  const game = {
    types: {
      hut: { name: 'Hut', fields: { title: {}, captain: {} } },
      ship: { name: 'Ship', fields: { crew: {} } },
    },
  } as unknown as GameDef
  const card = {
    id: 'h1',
    type: 'hut',
    set: 'base',
    qty: 1,
    fields: { title: 'A' },
    source: { file: 'cards/g/cards.yaml', pos: { line: 1, column: 1 }, fields: {} },
  } as Card
  const guarded = () => {
    const asked: string[] = []
    return { asked, fields: guardFields(card, game, (name) => asked.push(name)).fields as Record<string, unknown> }
  }

  it('a name no type declares is told; one the type or another type declares reads undefined quietly', () => {
    const { asked, fields } = guarded()
    expect([fields.title, fields.captain, fields.crew, fields.captian]).toEqual(['A', undefined, undefined, undefined])
    expect(asked).toEqual(['captian'])
  })

  it('in, Object.keys and entries, spreading, JSON.stringify and String behave as on the fields themselves', () => {
    const { asked, fields } = guarded()
    expect('captian' in fields).toBe(false)
    expect(Object.keys(fields)).toEqual(['title'])
    expect(Object.entries(fields)).toEqual([['title', 'A']])
    expect({ ...fields }).toEqual({ title: 'A' })
    expect(JSON.stringify(fields)).toBe('{"title":"A"}')
    expect(String(fields)).toBe('[object Object]')
    expect(Object.hasOwn(fields, 'captian')).toBe(false)
    expect(asked).toEqual([])
  })

  it('faces that read one name at one place are one error naming the first card and how many more', () => {
    const at = { rule: 'render/unknown-field', severity: 'error' as const, file: 't.tsx', line: 3, column: 5 }
    const d = (card: string) => ({ ...at, card, field: 'x', message: 'the template reads x' })
    // d: a card of another type, whose words name its type's fields.
    const other = { ...d('d'), message: 'the template reads x; Ship has y' }
    expect(collapseUnknownFields([d('a'), d('b'), { ...d('c'), line: 4 }, other])).toEqual([
      { ...d('a'), message: 'the template reads x (read for a and 2 more cards)' },
      { ...d('c'), line: 4 },
    ])
  })
})
