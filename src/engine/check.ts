import { diagnosticKey, type Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Card, CheckContext, GameDef } from './define.ts'
import { hiddenBacks } from './checks/hidden-backs.ts'
import { exampleCards } from './checks/example-cards.ts'
import { cardSizes } from './checks/card-sizes.ts'
import { typography } from './checks/typography.ts'
import { printRules } from './checks/print-rules.ts'
import { halfRoles } from './checks/half-roles.ts'
import { setNames } from './model.ts'
import { firstLine, thrownAt } from '../diagnostics/thrown.ts'

/** The set combinations deck checks must hold for: the base game alone, and the base game with each expansion. */
export const setCombinations = (game: GameDef): string[][] => [
  ['base'],
  ...setNames(game)
    .filter((s) => s !== 'base')
    .map((s) => ['base', s]),
]

/**
 * Runs the engine's own checks and the game's checks (one rule id each: '<game>/<check>') on the deck.
 * Deck checks run once per set combination; a problem found in several combinations is reported once.
 */
export const checkDeck = (
  game: GameDef,
  cards: readonly Card[],
  definitionFile: string,
  root?: string,
  /** What validation left out: types with cards left out for their errors, and those cards' ids (see modelCards). */
  {
    failedTypes = new Set<string>(),
    leftOut = new Set<string>(),
  }: { failedTypes?: ReadonlySet<string>; leftOut?: ReadonlySet<string> } = {},
  /** Called before each check runs (a game thread says which check it is running). */
  onCheck?: (name: string) => void,
): Diagnostic[] => {
  const diagnostics: Diagnostic[] = [
    ...hiddenBacks(game, definitionFile),
    ...cardSizes(game, definitionFile),
    ...typography(game, definitionFile),
    ...printRules(game, definitionFile),
    ...halfRoles(game, definitionFile),
    ...exampleCards(game, cards, definitionFile, leftOut),
  ]
  const seen = new Set<string>()
  const crashed = new Set<string>()
  const held = new Set<string>()
  for (const sets of setCombinations(game)) {
    const inPlay = cards.filter((c) => sets.includes(c.set))
    for (const [name, check] of Object.entries(game.checks ?? {})) {
      // The types the check looks at: one with cards left out for their errors would be counted wrong.
      const looked = new Set<string>()
      const found: { d: Diagnostic; message: string }[] = []
      const ctx: CheckContext<GameDef> = {
        game,
        sets,
        get cards() {
          for (const t of failedTypes) looked.add(t)
          return inPlay
        },
        ofType: (type) => (looked.add(type), inPlay.filter((c) => c.type === type) as never),
        count: (type, where) => (
          looked.add(type),
          inPlay.reduce((n, c) => (c.type === type && (!where || where(c as never)) ? n + c.qty : n), 0)
        ),
        report: ({ message, card, field, type, severity = 'error' }) => {
          const pos = (card && field && card.source.fields[field]) || card?.source.pos
          // A deck-level problem points at the first file that holds cards of the type concerned.
          const firstOfType = !card && type ? cards.find((c) => c.type === type) : undefined
          const where = pos
            ? { file: card!.source.file, ...pos }
            : firstOfType
              ? { file: firstOfType.source.file, line: 1, column: 1 }
              : { file: definitionFile, line: 1, column: 1 }
          const context =
            sets.length > 1
              ? ` (playing with ${sets
                  .slice(1)
                  .map((s) => game.sets?.[s]?.title ?? s)
                  .join(', ')})`
              : ''
          found.push({
            d: { rule: `${game.id}/${name}`, severity, message: message + context, ...where, card: card?.id, field },
            message,
          })
        },
      }
      try {
        onCheck?.(name)
        check(ctx)
      } catch (error) {
        if (crashed.has(name)) continue
        crashed.add(name)
        diagnostics.push({
          rule: 'game/check-crashed',
          severity: 'error',
          file: definitionFile,
          line: 1,
          column: 1,
          ...(root && thrownAt(error, root)),
          message: `the check "${name}" failed to run: ${firstLine(error)}`,
        })
        continue
      }
      const broken = [...looked].filter((t) => failedTypes.has(t))
      if (broken.length) {
        // One mistake, one error: the card errors are reported; what they would make this check say is not.
        if (!held.has(name))
          diagnostics.push({
            rule: 'game/check-held',
            severity: 'info',
            file: definitionFile,
            line: 1,
            column: 1,
            message: `the check "${name}" was not run: cards of ${broken.map((t) => game.types[t]?.name ?? t).join(', ')} have errors (above); it runs once they are fixed`,
          })
        held.add(name)
        continue
      }
      // A problem found in several set combinations is reported once (keyed on its words without the sets).
      for (const { d, message } of found) {
        const k = diagnosticKey({ ...d, message }, false)
        if (seen.has(k)) continue
        seen.add(k)
        diagnostics.push(d)
      }
    }
  }
  return diagnostics
}
