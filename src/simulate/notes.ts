import { readFileSync, statSync } from 'node:fs'
import { byEffect, type Summary } from './summary.ts'
import { interval, percent, points } from './stats.ts'

/** A report larger than this is not a simulation's (ours are tens of KB). */
const MAX_REPORT_BYTES = 16 * 2 ** 20

/** The summary a simulation wrote (`report.json`), or why there is none to read. */
export const readReport = (file: string): { summary?: Summary; problem?: string } => {
  try {
    if (statSync(file).size > MAX_REPORT_BYTES) return { problem: `${file} is larger than a simulation's report` }
    const summary = JSON.parse(readFileSync(file, 'utf8')) as Summary
    if (typeof summary?.game !== 'string' || !Array.isArray(summary.byPlayers) || !Array.isArray(summary.cards))
      return { problem: `${file} is not a simulation's report` }
    return { summary }
  } catch (error) {
    return {
      problem:
        (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no simulation has been run' : `${file} could not be read`,
    }
  }
}

const pct = (x: number) => percent(x)
const ci = (r: { low: number; high: number }) => interval(r)
/** Text from the report as markdown shows it: no markup of its own. */
const plain = (text: unknown) => String(text).replace(/[\\`*_[\]<>|#{}]/g, (c) => `\\${c}`)

/**
 * The booklet's appendix "Designer notes": what the last simulation found, as markdown (headings, tables,
 * lists): how long games last, how they end, who wins, the cards that matter most and those never played,
 * and how the playable rules read the rules.
 */
export const designerNotes = (s: Summary): string => {
  const lines = [
    '## Designer notes',
    '',
    `What ${s.runs.toLocaleString('en-US')} simulated games showed (bots: ${s.bots.map(plain).join(', ')}; seed ${plain(s.seed)}; sets: ${s.sets.map(plain).join(', ')}${s.variants?.length ? `; variants: ${s.variants.map(plain).join(', ')}` : ''}). Each share has its 95% confidence interval.`,
    '',
    `Games last ${s.turns.mean.toFixed(1)} turns on average (${s.turns.min}–${s.turns.max}). ${pct(s.stalled.rate)} stalled (not over at the turn limit)${s.broken.count ? `; ${pct(s.broken.rate)} broke a rule` : ''}.`,
    '',
    `| players | games | turns | ${s.coop ? 'won' : 'wins by seat'} |`,
    '| --- | --- | --- | --- |',
    ...s.byPlayers.map(
      (p) =>
        `| ${p.players} | ${p.games} | ${p.turns.mean.toFixed(1)} | ${p.won ? `${pct(p.won.rate)} (${ci(p.won)})` : (p.seats ?? []).map((r, i) => `${i + 1}: ${pct(r.rate)}`).join(', ')} |`,
    ),
    '',
  ]
  const ends = Object.entries(s.reasons)
  if (ends.length)
    lines.push('How games ended:', '', ...ends.map(([why, r]) => `- ${plain(why)}: ${pct(r.rate)} (${ci(r)})`), '')
  const effects = byEffect(s).slice(0, 5)
  if (effects.length)
    lines.push(
      `The cards that go most with ${s.coop ? 'won games' : 'winning'}, played or not:`,
      '',
      ...effects.map(
        (c) =>
          `- ${plain(c.id)}: ${points(c.impact!.difference)} percentage points (${Math.round(c.impact!.low * 100)} to ${Math.round(c.impact!.high * 100)})`,
      ),
      '',
    )
  const never = s.cards.filter((c) => c.impact && Object.values(c.byBot).some((r) => r.of > 0 && r.count === 0))
  if (never.length)
    lines.push(
      'Never played by some bots though they could: ' +
        never
          .map(
            (c) =>
              `${plain(c.id)} (${Object.entries(c.byBot)
                .filter(([, r]) => r.of > 0 && r.count === 0)
                .map(([bot]) => plain(bot))
                .join(', ')})`,
          )
          .join('; ') +
        '.',
      '',
    )
  if (s.readings.length)
    lines.push('How the playable rules read the rules:', '', ...s.readings.map((r) => `- ${plain(r)}`), '')
  return lines.join('\n')
}
