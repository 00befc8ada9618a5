import { interval, percent, points, type Rate, type Spread } from './stats.ts'
import { byEffect, type Summary } from './summary.ts'

const pct = (x: number) => percent(x, 1)
const rateText = (r: Rate) => `${pct(r.rate)} (${interval(r, 1)})`
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1))
const spreadText = (s: Spread) =>
  `${num(s.mean)} (${num(s.low)}–${num(s.high)}), sd ${num(s.sd)}, ${num(s.min)}–${num(s.max)}`
const thousands = (n: number) => n.toLocaleString('en-US')
/** At most this many cards named in a line. */
const LISTED = 8

/** The run's figures as lines for a terminal: every rate with its 95% confidence interval in brackets. */
export const summaryLines = (s: Summary): string[] => {
  const lines = [
    `${s.game}: ${thousands(s.runs)} game${s.runs === 1 ? '' : 's'}, seed ${s.seed}, ${s.players.join('/')} players, bots ${s.bots.join(', ')}, sets ${s.sets.join(', ')}${s.variants.length ? `, variants ${s.variants.join(', ')}` : ''} (rates with their 95% confidence intervals)`,
    `  length: ${spreadText(s.turns)} turns; ${num(s.moves.mean)} moves`,
  ]
  for (const p of s.byPlayers) {
    const outcome = p.won
      ? `won ${rateText(p.won)}`
      : `seats win ${p.seats!.map((r, i) => `${i + 1}: ${rateText(r)}`).join(', ')}`
    const score = p.scores[0]?.n
      ? `; ${p.won ? 'team score' : 'scores'} ${p.scores.map((x) => num(x.mean)).join('/')}`
      : ''
    lines.push(`  ${p.players} players (${thousands(p.games)} games, ${num(p.turns.mean)} turns): ${outcome}${score}`)
  }
  const ends = Object.entries(s.reasons).map(([why, r]) => `${why} ${pct(r.rate)}`)
  lines.push(
    `  ends: ${[...ends, `stalled ${rateText(s.stalled)}`, ...(s.broken.count ? [`broken ${rateText(s.broken)}`] : [])].join(' · ')}`,
  )
  if (Object.keys(s.byBot).length > 1 || !s.coop)
    lines.push(
      `  bots: ${Object.entries(s.byBot)
        .map(([bot, r]) => `${bot} ${rateText(r)} of seats won`)
        .join(' · ')}`,
    )
  const ran = Object.entries(s.ranOut)
  if (ran.length)
    lines.push(`  piles run out: ${ran.map(([pile, r]) => `${pile} in ${pct(r.rate)} of games`).join(' · ')}`)
  const playable = s.cards.filter((c) => c.impact)
  const never = playable.filter((c) => c.played.count === 0)
  if (playable.length)
    lines.push(
      `  cards played as moves: ${playable.length}; never played: ${never.length ? names(never.map((c) => c.id)) : 'none'}`,
    )
  const impact = byEffect(s).slice(0, 3)
  if (impact.length)
    lines.push(
      `  most effect on winning (percentage points): ${impact.map((c) => `${c.id} ${points(c.impact!.difference)}`).join(' · ')}`,
    )
  for (const reading of s.readings) lines.push(`  reading: ${reading}`)
  return lines
}

const names = (ids: string[]) =>
  ids.length > LISTED ? `${ids.slice(0, LISTED).join(', ')} and ${ids.length - LISTED} more` : ids.join(', ')
