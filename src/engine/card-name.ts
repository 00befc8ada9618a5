import type { Card } from './define.ts'

/** A card's name for a player: its `name` or `title` field when it has one (as text, not blank), else its id. */
export const cardName = (card: Card): string => {
  const fields = card.fields as Record<string, unknown>
  const name = [fields['name'], fields['title']].find((v): v is string => typeof v === 'string' && v.trim() !== '')
  return name ?? card.id
}
