import { requireCommonJs } from '../util/commonjs.ts'

const satori = (requireCommonJs('satori') as typeof import('satori')).default
import { baseFonts, loadFont } from '../render/fonts/fonts.ts'
import { rasterize } from '../render/renderers/raster.ts'
import { interval, percent, points, type Rate } from './stats.ts'
import { byEffect, type Summary } from './summary.ts'

/** A chart of the report: its name (`win-rates`), as SVG (text as paths) and as an RGB PNG. */
export interface Chart {
  name: string
  svg: string
  png: Buffer
}

/** An element as satori reads it: plain objects, no React needed. */
interface Box {
  type: 'div'
  props: { style: Record<string, string | number>; children?: (Box | string)[] | string }
}
const box = (style: Box['props']['style'], ...children: (Box | string)[]): Box => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
})
const text = (value: string, style: Box['props']['style'] = {}): Box =>
  box({ fontSize: 18, color: '#333', ...style }, value)

const WIDTH = 1200
const PLOT = 600
const INK = '#2f5d8a'
const pct = (x: number) => percent(x)

/** One horizontal bar, from `zero`, with its 95% interval as a whisker; values and interval in [−1, 1]. */
const bar = (
  label: string,
  value: number,
  low: number,
  high: number,
  { zero = 0, note = pct(value), color = INK }: { zero?: number; note?: string; color?: string } = {},
): Box => {
  const x = (v: number) => Math.round(zero * PLOT + v * PLOT * (zero ? 0.5 : 1))
  const [from, to] = value >= 0 ? [x(0), x(value)] : [x(value), x(0)]
  return box(
    { alignItems: 'center', height: 30, marginBottom: 6 },
    text(label, { width: 280, justifyContent: 'flex-end', paddingRight: 14, fontSize: 16 }),
    box(
      { position: 'relative', width: PLOT, height: 30, backgroundColor: '#f1f1f1' },
      box({
        position: 'absolute',
        left: from,
        top: 4,
        width: Math.max(1, to - from),
        height: 22,
        backgroundColor: color,
      }),
      box({
        position: 'absolute',
        left: x(low),
        top: 14,
        width: Math.max(1, x(high) - x(low)),
        height: 2,
        backgroundColor: '#111',
      }),
      box({ position: 'absolute', left: x(low), top: 8, width: 2, height: 14, backgroundColor: '#111' }),
      box({
        position: 'absolute',
        left: Math.max(x(low), x(high) - 2),
        top: 8,
        width: 2,
        height: 14,
        backgroundColor: '#111',
      }),
      ...(zero
        ? [box({ position: 'absolute', left: x(0), top: 0, width: 1, height: 30, backgroundColor: '#888' })]
        : []),
    ),
    text(note, { width: 220, paddingLeft: 14, fontSize: 16 }),
  )
}
const rateBar = (label: string, r: Rate, color?: string) =>
  bar(label, r.rate, r.low, r.high, { note: `${pct(r.rate)} (${interval(r)})`, ...(color && { color }) })

const page = (title: string, subtitle: string, rows: Box[]): Box =>
  box(
    { flexDirection: 'column', width: WIDTH, padding: 40, backgroundColor: '#ffffff', fontFamily: 'Inter' },
    text(title, { fontSize: 30, fontWeight: 700, color: '#111' }),
    text(subtitle, { fontSize: 16, color: '#666', marginBottom: 24 }),
    ...rows,
  )

/** The charts of a run: win rates, game lengths and (for cards played as moves) each card's effect on winning. */
export const charts = async (s: Summary): Promise<Chart[]> => {
  const run = `${s.game}: ${s.runs.toLocaleString('en-US')} games, seed ${s.seed}, bots ${s.bots.join(', ')}${s.variants.length ? `, variants ${s.variants.join(', ')}` : ''}`
  const about = `${run}; the lines show 95% confidence intervals`
  const wins: Box[] = []
  for (const p of s.byPlayers) {
    if (p.won) wins.push(rateBar(`${p.players} players, won`, p.won))
    p.seats?.forEach((r, seat) =>
      wins.push(rateBar(`${p.players} players, seat ${seat + 1}`, r, seat % 2 ? '#5b8cb8' : INK)),
    )
  }
  if (s.bots.length > 1 || !s.coop)
    for (const [bot, r] of Object.entries(s.byBot)) wins.push(rateBar(`${bot} bots' seats won`, r, '#8a5a2f'))
  wins.push(rateBar('stalled', s.stalled, '#a33'))

  const most = Math.max(1, ...s.lengths.map((b) => b.games))
  // A bar a bin, at most 60 px wide: few lengths make a narrow chart, not a wall.
  const barWidth = Math.min(60, Math.floor(1000 / Math.max(1, s.lengths.length)) - 4)
  const axis = Math.max(160, s.lengths.length * (barWidth + 4))
  const lengths = box(
    { flexDirection: 'column' },
    box(
      { alignItems: 'flex-end', height: 300, marginLeft: 60, width: axis, borderBottom: '2px solid #555' },
      ...s.lengths.map((b) =>
        box({
          width: barWidth,
          marginRight: 4,
          height: Math.max(1, Math.round((b.games / most) * 300)),
          backgroundColor: INK,
        }),
      ),
    ),
    box(
      { justifyContent: 'space-between', marginLeft: 60, width: axis },
      text(`${s.lengths[0]?.from ?? 0} turns`, { fontSize: 16 }),
      text(s.lengths.length > 1 ? `${s.lengths.at(-1)?.to ?? 0} turns` : '', { fontSize: 16 }),
    ),
    text(
      `mean ${s.turns.mean.toFixed(1)} turns (95% CI ${s.turns.low.toFixed(1)}–${s.turns.high.toFixed(1)}); tallest bar ${most.toLocaleString('en-US')} games; ${Math.round(s.stalled.rate * 100)}% of games stalled (not over at the turn limit)`,
      { fontSize: 16, marginTop: 12, marginLeft: 60 },
    ),
  )

  const cards = byEffect(s).sort((a, b) => b.impact.difference - a.impact.difference || (a.id < b.id ? -1 : 1))
  const impact = cards.map((c) =>
    bar(c.id, c.impact!.difference, c.impact!.low, c.impact!.high, {
      zero: 0.5,
      note: `${points(c.impact!.difference)} pct. points`,
      color: c.impact!.difference >= 0 ? '#2e7d4f' : '#a33',
    }),
  )

  const made: Chart[] = []
  const fonts = [baseFonts.body, baseFonts.bodyBold]
    .map((spec) => loadFont(spec))
    .map((f) => ({ name: f.name, data: f.data, weight: f.weight, style: f.style }))
  const draw = async (name: string, tree: Box, height: number) => {
    const svg = await satori(tree as never, { width: WIDTH, height, fonts })
    made.push({ name, svg, png: rasterize(svg) })
  }
  await draw('win-rates', page(s.coop ? 'Games won' : 'Wins by seat', about, wins), 150 + wins.length * 36)
  await draw('game-lengths', page('Game length in turns', run, [lengths]), 520)
  if (impact.length)
    await draw(
      'card-impact',
      page('How much more often games are won when a card is played', about, impact),
      150 + impact.length * 36,
    )
  return made
}
