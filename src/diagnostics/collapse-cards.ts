import type { Diagnostic } from './diagnostic.ts'

/**
 * The diagnostics of one rule that say the same thing at one place for several cards, as one: the first card's,
 * its message ending with how many more cards (`(<verb> <first> and 3 more cards)`). `placeOf` says which
 * of them are the same (its key); the other rules' diagnostics pass as they are, in their order.
 */
export const collapseCards = (
  diagnostics: readonly Diagnostic[],
  rule: string,
  placeOf: (d: Diagnostic) => string,
  verb: string,
): Diagnostic[] => {
  const groups = new Map<string, { first: Diagnostic; cards: Set<string> }>()
  const out: Diagnostic[] = []
  for (const d of diagnostics) {
    if (d.rule !== rule) {
      out.push(d)
      continue
    }
    const key = placeOf(d)
    const group = groups.get(key)
    if (group) {
      if (d.card) group.cards.add(d.card)
      continue
    }
    const first = { ...d }
    groups.set(key, { first, cards: new Set(d.card ? [d.card] : []) })
    out.push(first)
  }
  for (const { first, cards } of groups.values()) {
    const more = cards.size - 1
    if (more > 0) first.message += ` (${verb} ${first.card} and ${more} more card${more === 1 ? '' : 's'})`
  }
  return out
}
