/** The normal quantile of a two-sided 95% interval. */
const Z = 1.959963984540054

/** A share of trials with its 95% confidence interval (Wilson's score interval: sound near 0 and 1 and for few trials). */
export interface Rate {
  count: number
  of: number
  rate: number
  low: number
  high: number
}

export const rate = (count: number, of: number): Rate => {
  if (of === 0) return { count, of, rate: 0, low: 0, high: 1 }
  const p = count / of
  const z2 = Z * Z
  const centre = (p + z2 / (2 * of)) / (1 + z2 / of)
  const half = (Z * Math.sqrt((p * (1 - p)) / of + z2 / (4 * of * of))) / (1 + z2 / of)
  return { count, of, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}

/** The difference of two shares (a − b) with its 95% confidence interval (Newcombe's method from two Wilson intervals). */
export interface Difference {
  difference: number
  low: number
  high: number
}

export const difference = (a: Rate, b: Rate): Difference => {
  const d = a.rate - b.rate
  const low = d - Math.sqrt((a.rate - a.low) ** 2 + (b.high - b.rate) ** 2)
  const high = d + Math.sqrt((a.high - a.rate) ** 2 + (b.rate - b.low) ** 2)
  return { difference: d, low: Math.max(-1, low), high: Math.min(1, high) }
}

/** A set of numbers: their mean with its 95% confidence interval, spread and range. */
export interface Spread {
  n: number
  mean: number
  sd: number
  min: number
  max: number
  low: number
  high: number
}

/** Sums in the order given: the same numbers in the same order give the same figures to the last bit. */
export const spread = (values: readonly number[]): Spread => {
  const n = values.length
  if (!n) return { n, mean: 0, sd: 0, min: 0, max: 0, low: 0, high: 0 }
  let sum = 0
  let min = Infinity
  let max = -Infinity
  for (const v of values) {
    sum += v
    if (v < min) min = v
    if (v > max) max = v
  }
  const mean = sum / n
  let squares = 0
  for (const v of values) squares += (v - mean) ** 2
  const sd = n > 1 ? Math.sqrt(squares / (n - 1)) : 0
  const half = (Z * sd) / Math.sqrt(n)
  return { n, mean, sd, min, max, low: mean - half, high: mean + half }
}

/** A share as a percentage: `38%`, or with `digits` decimals. */
export const percent = (x: number, digits = 0): string => `${(x * 100).toFixed(digits)}%`

/** A rate's 95% interval as percentages: `35%–41%`. */
export const interval = (r: { low: number; high: number }, digits = 0): string =>
  `${percent(r.low, digits)}–${percent(r.high, digits)}`

/** A difference of shares in percentage points, signed: `+12`, `−3`. */
export const points = (x: number): string => {
  const n = Math.round(x * 100)
  return `${n >= 0 ? '+' : '−'}${Math.abs(n)}`
}
