import { mmToPt } from '../util/units.ts'

/** An A4 sheet, landscape: two A5 pages side by side. */
export const SHEET_A4_LANDSCAPE: [number, number] = [mmToPt(297), mmToPt(210)]

/**
 * Saddle-stitch imposition: for `pages` pages (a multiple of 4), the sheet sides in printing order, each the
 * 0-based indices of its [left, right] page. Sheet i's front holds the last-but-2i and the (2i+1)th page, its back
 * the (2i+2)th and the last-but-(2i+1): printed on both sides (flip on the short edge), stacked, folded in the
 * middle and stapled, the pages read in order.
 */
export const saddleSheets = (pages: number): Array<[number, number]> => {
  if (pages % 4 !== 0) throw new Error(`saddle imposition needs a multiple of 4 pages, got ${pages}`)
  const sides: Array<[number, number]> = []
  for (let i = 0; i < pages / 4; i++) {
    sides.push([pages - 1 - 2 * i, 2 * i])
    sides.push([2 * i + 1, pages - 2 - 2 * i])
  }
  return sides
}
