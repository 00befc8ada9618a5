import type { Card } from '../engine/define.ts'
import { didYouMean } from '../util/suggest.ts'

/** A partial print: only cards of these types, only these card ids (each printed `qty` times). */
export interface CardPick {
  types?: readonly string[]
  ids?: readonly string[]
}

export interface PickProblem {
  rule: string
  message: string
}

/**
 * The cards a partial print keeps, in their order. Names that the game does not have are problems (the
 * designer misspelt one), checked against all the game's cards, not only those of the sets being built.
 */
export const pickCards = <C extends Card<any>>(
  cards: readonly C[],
  all: readonly Card<any>[],
  typeNames: readonly string[],
  pick: CardPick,
): { cards: C[]; problems: PickProblem[] } => {
  const problems: PickProblem[] = []
  const ids = new Set(all.map((c) => c.id))
  for (const type of pick.types ?? [])
    if (!typeNames.includes(type))
      problems.push({
        rule: 'build/unknown-type',
        message: `--only-type names "${type}", which is not a card type of this game${didYouMean(type, typeNames)}; its types are ${typeNames.join(', ')}`,
      })
  for (const id of pick.ids ?? [])
    if (!ids.has(id))
      problems.push({
        rule: 'build/unknown-card',
        message: `--cards names "${id}", which is not a card of this game${didYouMean(id, ids)}`,
      })
  const kept = cards.filter(
    (c) => (!pick.types || pick.types.includes(c.type)) && (!pick.ids || pick.ids.includes(c.id)),
  )
  return { cards: kept, problems }
}
