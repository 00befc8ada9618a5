import { Ajv } from 'ajv'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import game from '../../rules/maybe-missions/game.ts'
import { cardTypeSchema } from '../../src/engine/schema.ts'
import { findGames, gamePaths } from '../../src/load/project.ts'
import { loadGameDefinition } from '../../src/engine/load-definition.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const validator = (type: string) =>
  new Ajv({ allErrors: true, strict: false }).compile(
    cardTypeSchema(game, type, game.types[type as keyof typeof game.types]),
  )

describe('card type JSON Schemas', () => {
  it.each([
    ['vote', 'votes'],
    ['master', 'masters'],
    ['mission', 'missions'],
  ])('accepts the shipped %s cards', (type, file) => {
    const validate = validator(type)
    const data = parse(readFileSync(`${root}cards/maybe-missions/${file}.yaml`, 'utf8'))
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true)
  })

  it('rejects an unknown field, an unknown resource and a missing field', () => {
    const validate = validator('mission')
    expect(validate([{ id: 'm', green: ['intel'], red: ['money'], colour: 'x' }])).toBe(false)
    expect(validate([{ id: 'm', green: ['gold'], red: ['money'] }])).toBe(false)
    expect(validate([{ id: 'm', green: ['intel'] }])).toBe(false)
    expect(validate([{ id: 'm', green: ['intel'], red: ['money'] }])).toBe(true)
  })

  it.each(findGames(root))(
    "matches %s's committed schema files (run `deckwright schema` after changing a card type)",
    async (id) => {
      const { value: definition } = await loadGameDefinition(gamePaths(root, id))
      for (const [type, def] of Object.entries(definition!.types)) {
        const committed = JSON.parse(readFileSync(`${root}cards/${id}/schema/${type}.json`, 'utf8'))
        expect(committed).toEqual(cardTypeSchema(definition!, type, def))
      }
    },
  )
})
