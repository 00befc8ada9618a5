import type { CardTypeDef, GameDef } from './define.ts'
import type { Field } from './fields.ts'
import { setNames, vocabularyWords } from './model.ts'

type FieldProps = Field & { min?: number; max?: number; values?: readonly string[]; vocabulary?: string; refType?: string }

const fieldSchema = (field: FieldProps, vocab: Record<string, string[]>): Record<string, unknown> => {
  const description = `Expected ${field.expected}.`
  switch (field.kind) {
    case 'int':
      return { description, type: 'integer', ...(field.min !== undefined && { minimum: field.min }), ...(field.max !== undefined && { maximum: field.max }) }
    case 'enum':
      return { description, enum: field.values }
    case 'text':
      // No maxLength: an inline icon ([intel]) counts as one character, which JSON Schema cannot say; validate checks the limit.
      return { description, type: 'string' }
    case 'bool':
      return { description, type: 'boolean' }
    case 'ref':
      return { description, type: 'string' }
    case 'icons': {
      const words = { enum: vocab[field.vocabulary!] ?? [] }
      const list = { type: 'array', items: words, ...(field.min !== undefined && { minItems: field.min }), ...(field.max !== undefined && { maxItems: field.max }) }
      // A CSV-style string of space-separated words is accepted too.
      return { description, anyOf: [list, { type: 'string' }] }
    }
    default:
      return { description }
  }
}

/**
 * A JSON Schema (draft-07, what YAML editors support) for one card type's file: a list of cards, or a
 * map with deck-level settings and a `cards:` list. Editors complete field names and check values.
 */
export const cardTypeSchema = (game: GameDef, typeId: string, type: CardTypeDef): Record<string, unknown> => {
  const vocab = vocabularyWords(game)
  const fields = Object.entries(type.fields) as [string, FieldProps][]
  const common = {
    type: { const: typeId, description: 'The card type.' },
    set: { enum: setNames(game), description: 'The base game or the expansion this card belongs to.' },
    qty: { type: 'integer', minimum: 1, description: 'How many copies to print.' },
    // A type with its own `art` field keeps it; the others may name an image.
    ...(!('art' in type.fields) && { art: { type: 'string', description: 'An image for the face (PNG, JPEG or SVG), relative to the templates folder, e.g. art/hero.png.' } }),
  }
  const card = {
    type: 'object',
    description: `A ${type.name} of ${game.title}.`,
    properties: { id: { type: ['string', 'number'], description: 'Unique within the game.' }, ...common, ...Object.fromEntries(fields.map(([n, f]) => [n, fieldSchema(f, vocab)])) },
    required: ['id', ...fields.filter(([, f]) => !f.optional).map(([n]) => n)],
    additionalProperties: false,
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `${game.title}: ${type.name}`,
    definitions: { card },
    anyOf: [
      { type: 'array', items: { $ref: '#/definitions/card' } },
      { type: 'object', properties: { ...common, cards: { type: 'array', items: { $ref: '#/definitions/card' } } }, required: ['cards'], additionalProperties: false },
    ],
  }
}
