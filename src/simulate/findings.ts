import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { thrownAt } from '../diagnostics/thrown.ts'
import type { Card } from '../engine/define.ts'
import type { Balance } from '../engine/play/define.ts'
import type { PlayRules, SimulationPlan } from '../engine/play/plan.ts'
import { DEFAULT_MAX_TURNS, type GameRecord } from '../engine/play/play-game.ts'
import { seedText } from '../engine/play/rng.ts'
import { append } from '../util/append.ts'
import { keyLine } from '../util/lines.ts'
import type { Summary } from './summary.ts'
import { percent, points } from './stats.ts'

/** The thresholds a game's `balance` leaves out. */
export const DEFAULT_BALANCE: Required<Omit<Balance, 'severity'>> = {
  seatAdvantage: 0.1,
  coopWinRate: [0.2, 0.8],
  cardImpact: 0.25,
  minPlayRate: 0.02,
  stalls: 0.01,
}

/** Where the playable rules are: their file, and its text to find a name's line in. */
export interface PlaySource {
  file: string
  text: string
  root: string
}

/** A share, with a decimal below 1% (0.4%, not 0%). */
const pct = (x: number) => percent(x, x > 0 && x < 0.01 ? 1 : 0)
const ci = (r: { low: number; high: number }) => `95% CI ${pct(r.low)}–${pct(r.high)}`

/** The line of `name` as a key in the playable rules (`name(`, `name:`, `'name':`), else of `fallback`, else 1. */
export const lineOf = (text: string, name: string, fallback?: string): number =>
  keyLine(text, name) || (fallback ? lineOf(text, fallback) : 1)

/**
 * The run's findings, each only where its 95% confidence interval lies past the game's threshold: a seat that
 * wins more or less than its share, a co-op won or lost too often, a card whose play moves the outcome, a card
 * a bot (almost) never plays, games that stall; and every broken rule, with the seed that plays it again.
 */
export const findings = (
  summary: Summary,
  records: readonly GameRecord[],
  cards: readonly Card[],
  rules: PlayRules,
  source: PlaySource,
  plan: SimulationPlan,
): Diagnostic[] => {
  const balance = rules.balance
  const t = { ...DEFAULT_BALANCE, ...balance }
  const severity = balance?.severity ?? 'error'
  const at = { file: source.file, line: lineOf(source.text, 'balance', 'setup'), column: 1 }
  const out: Diagnostic[] = []
  const finding = (rule: string, message: string, where: Partial<Diagnostic> = at) =>
    out.push({ rule, severity, ...at, ...where, message } as Diagnostic)

  for (const p of summary.byPlayers) {
    if (p.won) {
      const [lo, hi] = t.coopWinRate
      if (p.won.low > hi || p.won.high < lo)
        finding(
          'simulate/coop-win-rate',
          `the co-op is won in ${pct(p.won.rate)} of ${p.players}-player games (${ci(p.won)}; expected ${pct(lo)}–${pct(hi)})`,
        )
    }
    // An even share is the seats' average: 1 / players when every game has one winner, more with shared wins.
    const even = p.seats ? p.seats.reduce((n, r) => n + r.rate, 0) / p.seats.length : 0
    p.seats?.forEach((seat, i) => {
      if (seat.low > even + t.seatAdvantage || seat.high < even - t.seatAdvantage)
        finding(
          'simulate/seat-advantage',
          `seat ${i + 1} wins ${pct(seat.rate)} of ${p.players}-player games (${ci(seat)}; ${pct(even)} expected, the seats' average, give or take ${pct(t.seatAdvantage)})`,
        )
    })
  }
  if (summary.stalled.low > t.stalls)
    finding(
      'simulate/stalls',
      `${pct(summary.stalled.rate)} of games are not over after ${rules.maxTurns ?? DEFAULT_MAX_TURNS} turns (${ci(summary.stalled)}; at most ${pct(t.stalls)} may stall)`,
      { file: source.file, line: lineOf(source.text, 'end'), column: 1 },
    )

  summary.cards.forEach((c, i) => {
    const card = cards[i]!
    const place = { file: card.source.file, ...card.source.pos, card: card.id }
    if (c.impact && (c.impact.low > t.cardImpact || c.impact.high < -t.cardImpact)) {
      const what = summary.coop ? 'games' : 'seats'
      finding(
        'simulate/card-impact',
        `${what} that play ${card.id} win ${pct(c.impact.whenPlayed.rate)} of the time, others ${pct(c.impact.otherwise.rate)}: ${points(c.impact.difference)} percentage points (95% CI ${points(c.impact.low)} to ${points(c.impact.high)}; at most ±${Math.round(t.cardImpact * 100)})`,
        place,
      )
    }
    for (const [bot, r] of Object.entries(c.byBot))
      if (r.of > 0 && r.high < t.minPlayRate)
        finding(
          'simulate/never-played',
          `${bot} bots ${r.count === 0 ? 'never play' : 'rarely play'} ${card.id}: ${r.count} of the ${r.of} times they could (${ci(r)}; at least ${pct(t.minPlayRate)} expected)`,
          place,
        )
  })

  append(out, brokenRules(records, source, summary.game, summary.sets, summary.variants))
  return out
}

/**
 * Every broken rule, one diagnostic per rule and place (an invariant, the line that threw or failed, the
 * function that did not end or gave what cannot be used), with how many games broke it and the first of
 * them, to play again. Games that did not end are `game/timeout` errors.
 */
export const brokenRules = (
  records: readonly GameRecord[],
  source: PlaySource,
  game: string,
  sets: readonly string[],
  variants: readonly string[] = [],
): Diagnostic[] => {
  const seen = new Map<string, { d: Diagnostic; count: number; first: GameRecord }>()
  for (const r of records) {
    if (!r.broken) continue
    const { message, invariant, step, stack, hung } = r.broken
    const where = (stack && thrownAt({ stack }, source.root)) || {
      file: source.file,
      line: invariant ? lineOf(source.text, invariant, 'invariants') : lineOf(source.text, step ?? 'apply'),
      column: 1,
    }
    const key = `${where.file}:${where.line}:${invariant ?? ''}:${hung ? 'hung' : ''}`
    const known = seen.get(key)
    if (known) known.count++
    else {
      const said = invariant
        ? `the invariant "${invariant}" broke: ${message}`
        : hung
          ? `the playable rules' ${message}`
          : message
      seen.set(key, {
        d: { rule: hung ? 'game/timeout' : 'simulate/broken-rule', severity: 'error', ...where, message: said },
        count: 1,
        first: r,
      })
    }
  }
  return [...seen.values()].map(({ d, count, first }) => {
    const bots = new Set(first.bots).size === 1 ? first.bots[0] : first.bots.join(',')
    const replay = `deckwright simulate ${game} --replay ${seedText(first.seed)} --players ${first.players} --bots ${bots}${sets.length > 1 ? ` --sets ${sets.filter((s) => s !== 'base').join(',')}` : ''}${variants.length ? ` --variants ${variants.join(',')}` : ''}`
    return {
      ...d,
      message: `${d.message} (in ${count} of ${records.length} games; the first, game ${first.index + 1}, plays again with \`${replay}\`)`,
    }
  })
}
