import type { Card, GameDef } from '../../engine/define.ts'
import { quotationMarks } from '../text/quotation-marks.ts'
import { curlQuotes } from '../text/typographer.ts'

/**
 * The card as its face shows it: the straight quotes and apostrophes of its text fields made typographic in
 * the face's language's quotation marks, as the booklet sets them, unless the game keeps them straight
 * (`typography: { quotes: 'straight' }`). Its id, its numbers and its other fields never change: only the
 * values of `text()` fields. `curled`: a text changed, so the face shows its language's marks.
 */
export const typesetCard = (game: GameDef, card: Card, lang: string): { card: Card; curled: boolean } => {
  if (game.typography?.quotes === 'straight') return { card, curled: false }
  const fields = card.fields as Record<string, unknown>
  let typeset: Record<string, unknown> | undefined
  for (const [name, field] of Object.entries(game.types[card.type]?.fields ?? {})) {
    const value = fields[name]
    if ((field as { kind?: string }).kind !== 'text' || typeof value !== 'string') continue
    const curled = curlQuotes(value, quotationMarks(lang))
    if (curled !== value) (typeset ??= { ...fields })[name] = curled
  }
  return typeset ? { card: { ...card, fields: typeset }, curled: true } : { card, curled: false }
}
