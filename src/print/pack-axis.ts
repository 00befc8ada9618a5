// How one axis of a sheet is packed with cards: how many fit, where the grid starts, how much outer bleed
// and crop mark room is left. Millimetres throughout.

/** Space between the printed bleed and a crop mark, so a mark never touches the artwork. */
export const MARK_OFFSET_MM = 1
export const MARK_LENGTH_MM = 5
/** Shorter marks are hard to line a ruler up with: below this the grid loses a row or column instead. */
export const MIN_MARK_MM = 2
/** When room is tight the outer bleed shrinks (before the grid does), but not below this. */
export const MIN_OUTER_BLEED_MM = 1

export const EPS = 1e-9

/** How one axis of the page is packed. Distances `bleedOut`, `markFrom`, `markTo` run outward from the grid's trim edge. */
export interface Axis {
  count: number
  /** All cards that would fit on the paper, ignoring the printer margin. */
  fitsPaper: number
  start: number
  span: number
  bleedOut: number
  inner: number
  markFrom: number
  markTo: number
  /** The grid ignores the printer margin on this axis because not even one card fits inside it. */
  overMargin: boolean
}

export const span = (n: number, card: number, gap: number): number => (n > 0 ? n * card + (n - 1) * gap : 0)

/** Room a grid needs beyond its trim edge, inside the printer margin: some bleed, the offset, a usable mark. */
export const roomNeeded = (bleed: number): number => Math.min(bleed, MIN_OUTER_BLEED_MM) + MARK_OFFSET_MM + MIN_MARK_MM

export const packAxis = (length: number, card: number, gap: number, bleed: number, margin: number): Axis => {
  const fitsPaper = Math.max(0, Math.floor((length + gap) / (card + gap) + EPS))
  const room = (n: number, m: number): number => (length - span(n, card, gap)) / 2 - m
  let count = fitsPaper
  if (margin > 0) while (count > 0 && room(count, margin) < roomNeeded(bleed) - EPS) count--
  const overMargin = count === 0 && fitsPaper > 0
  if (overMargin) count = fitsPaper
  const r = Math.max(0, room(count, overMargin ? 0 : margin))
  const bleedOut = Math.min(bleed, Math.max(0, r - MARK_OFFSET_MM - MIN_MARK_MM))
  const markFrom = bleedOut + MARK_OFFSET_MM
  const markTo = Math.min(markFrom + MARK_LENGTH_MM, r)
  return {
    count,
    fitsPaper,
    start: (length - span(count, card, gap)) / 2,
    span: span(count, card, gap),
    bleedOut,
    inner: gap > 0 ? Math.min(bleed, gap / 2) : 0,
    markFrom,
    markTo,
    overMargin,
  }
}
