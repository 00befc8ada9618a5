/** The playable rules' functions, as a game thread says which one runs (`STEPS.indexOf`). */
export const STEPS = [
  'setup',
  'active',
  'moves',
  'apply',
  'end',
  'invariants',
  'scores',
  'turns',
  'view',
  'score',
] as const

/** The most copies of one card a game deals: more is card data gone wrong, not a deck. */
export const MAX_COPIES = 100_000
export type Step = (typeof STEPS)[number]

/** A rule broken by the game's own `ctx.fail`, or found broken in what one of its functions gave (`step`). */
export class RuleBroken extends Error {
  constructor(
    message: string,
    readonly step?: Step,
  ) {
    super(message)
  }
}
