/** A 1-based line and column, with the offset it came from. */
export interface Point {
  line: number
  column: number
  offset: number
}

/** Turns offsets into 1-based line/column points (columns count UTF-16 code units, as mdast does). */
export const pointLocator = (source: string): ((offset: number) => Point) => {
  const lineStarts = [0]
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) lineStarts.push(i + 1)
  return (offset) => {
    let lo = 0
    let hi = lineStarts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (lineStarts[mid]! <= offset) lo = mid
      else hi = mid - 1
    }
    return { line: lo + 1, column: offset - lineStarts[lo]! + 1, offset }
  }
}

/** Replaces [start, end) by spaces, keeping line breaks so that lines and columns stay where they were. */
export const blankOut = (source: string, start: number, end: number): string =>
  end <= start ? source : source.slice(0, start) + source.slice(start, end).replace(/[^\r\n]/g, ' ') + source.slice(end)

/**
 * The 1-based line where `name` is a key of an object in code (`name(…) {`, `name: …`, `'name': …`), looking
 * from the first line that matches `after` (a section such as `checks:`) when given; 0 when there is none.
 */
export const keyLine = (source: string, name: string, after?: RegExp): number => {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const lines = source.split('\n')
  const from = after
    ? Math.max(
        0,
        lines.findIndex((l) => after.test(l)),
      )
    : 0
  const key = new RegExp(`^\\s*(?:async\\s+)?(?:${escaped}|'${escaped}'|"${escaped}")\\s*[:(]`)
  return lines.findIndex((l, i) => i >= from && key.test(l)) + 1
}
