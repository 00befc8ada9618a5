import type { CardTypeDef, GameDef } from './define.ts'
import type { Field, FieldContext } from './fields.ts'
import { setNames, vocabularyWords } from './model.ts'

/** A field's value as its kind describes it, with the words of `expected` for editors to show. */
const fieldSchema = (field: Field, ctx: FieldContext): Record<string, unknown> => ({
  description: `Expected ${field.expected}.`,
  ...field.schema(ctx),
})

/**
 * A JSON Schema (draft-07, what YAML editors support) for one card type's file: a list of cards, or a
 * map with deck-level settings and a `cards:` list. Editors complete field names and check values.
 */
export const cardTypeSchema = (game: GameDef, typeId: string, type: CardTypeDef): Record<string, unknown> => {
  const ctx: FieldContext = { vocab: vocabularyWords(game) }
  const fields = Object.entries(type.fields) as [string, Field][]
  const common = {
    type: { const: typeId, description: 'The card type.' },
    set: { enum: setNames(game), description: 'The base game or the expansion this card belongs to.' },
    qty: { type: 'integer', minimum: 1, description: 'How many copies to print.' },
    // A type with its own `art` field keeps it; the others may name an image.
    ...(!('art' in type.fields) && {
      art: {
        type: 'string',
        description: 'An image for the face (PNG, JPEG or SVG), relative to the templates folder, e.g. art/hero.png.',
      },
    }),
  }
  const card = {
    type: 'object',
    description: `A ${type.name} of ${game.title}.`,
    properties: {
      id: { type: ['string', 'number'], description: 'Unique within the game.' },
      ...common,
      ...Object.fromEntries(fields.map(([n, f]) => [n, fieldSchema(f, ctx)])),
    },
    required: ['id', ...fields.filter(([, f]) => !f.optional).map(([n]) => n)],
    additionalProperties: false,
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `${game.title}: ${type.name}`,
    definitions: { card },
    anyOf: [
      { type: 'array', items: { $ref: '#/definitions/card' } },
      {
        type: 'object',
        properties: { ...common, cards: { type: 'array', items: { $ref: '#/definitions/card' } } },
        required: ['cards'],
        additionalProperties: false,
      },
    ],
  }
}
