// What changed between two versions of a game's card data: the cards added, removed, and changed with each
// field's old and new value. Plain data in, plain data out: `deckwright pull` compares a card file before and
// after a download with it, and a comparison of two revisions of a game can compare their cards with it too.
import { isDeepStrictEqual } from 'node:util'
import type { RawCardFile } from '../load/raw-card.ts'
import type { Card } from './define.ts'

/** A card as the comparison sees it: its id and its values by name, and where it is written when known. */
export interface CardData {
  id: string
  /** Its values by name (fields, and type, set, qty, art as given); a missing, null or undefined value is no value. */
  values: Readonly<Record<string, unknown>>
  file?: string
  line?: number
  /** Where each value is written, when known: a change can point at its cell. */
  places?: Readonly<Record<string, { line: number; column: number }>>
}

/** One value of a card that differs: `before` or `after` is undefined where the card had no value. */
export interface FieldChange {
  field: string
  before: unknown
  after: unknown
}

/** A card in both versions whose values differ: how, field by field. */
export interface ChangedCard {
  id: string
  fields: FieldChange[]
  before: CardData
  after: CardData
}

export interface CardChanges {
  /** Cards only in the new version, in its order. */
  added: CardData[]
  /** Cards only in the old version, in its order. */
  removed: CardData[]
  /** Cards in both whose values differ, in the new version's order. */
  changed: ChangedCard[]
  /** How many cards are in both, the same. */
  unchanged: number
}

const valueOf = (card: CardData, field: string): unknown => {
  const v = card.values[field]
  return v === null ? undefined : v
}

/** The fields of a card that differ, the new version's names first, in its order, then those it no longer has. */
const changedFields = (before: CardData, after: CardData): FieldChange[] => {
  const names = [...new Set([...Object.keys(after.values), ...Object.keys(before.values)])]
  return names
    .map((field) => ({ field, before: valueOf(before, field), after: valueOf(after, field) }))
    .filter((c) => !isDeepStrictEqual(c.before, c.after))
}

/** The cards by id; a second card of an id (an error the validation reports) is not compared. */
const byId = (cards: readonly CardData[]): Map<string, CardData> => {
  const map = new Map<string, CardData>()
  for (const card of cards) if (!map.has(card.id)) map.set(card.id, card)
  return map
}

/** Compares two versions of a set of cards by their ids. */
export const compareCards = (before: readonly CardData[], after: readonly CardData[]): CardChanges => {
  const old = byId(before)
  const now = byId(after)
  const changes: CardChanges = { added: [], removed: [], changed: [], unchanged: 0 }
  for (const [id, card] of now) {
    const was = old.get(id)
    if (!was) changes.added.push(card)
    else {
      const fields = changedFields(was, card)
      if (fields.length) changes.changed.push({ id, fields, before: was, after: card })
      else changes.unchanged++
    }
  }
  for (const [id, card] of old) if (!now.has(id)) changes.removed.push(card)
  return changes
}

/** Whether anything changed. */
export const anyChange = (changes: CardChanges): boolean =>
  changes.added.length + changes.removed.length + changes.changed.length > 0

/** A card read with its type's field kinds, as the comparison sees it: its type, set, qty, art and fields. */
export const cardData = (card: Card): CardData => ({
  id: card.id,
  values: {
    type: card.type,
    set: card.set,
    qty: card.qty,
    ...(card.art !== undefined && { art: card.art }),
    ...(card.fields as Record<string, unknown>),
  },
  file: card.source.file,
  line: card.source.pos.line,
  places: card.source.fields,
})

/**
 * The cards of a card file as written (a CSV's cells as text), before they are read with the field kinds:
 * how a file's data changed even where it no longer reads as cards. A record without an id is not compared.
 */
export const rawCardData = (file: RawCardFile): CardData[] =>
  file.cards.flatMap((raw) => {
    const id = raw.values.get('id')?.value
    if (typeof id !== 'string' && typeof id !== 'number') return []
    const values: Record<string, unknown> = {}
    const places: Record<string, { line: number; column: number }> = {}
    // The file's own settings (a YAML file's `type:`) are each card's unless it says otherwise.
    for (const [name, { value }] of file.defaults) values[name] = value
    // A column whose name begins with `_` is the designer's notes or a formula's helper, not card data.
    for (const [name, { value, pos }] of raw.values)
      if (name !== 'id' && !name.startsWith('_') && (value !== null || !(name in values))) {
        values[name] = value
        places[name] = { line: pos.line, column: pos.column }
      }
    return [{ id: String(id), values, file: raw.file, line: raw.pos.line, places }]
  })
