import type { CardSize } from '../engine/card-sizes.ts'
import { EPS, MIN_MARK_MM, roomNeeded, span, type Axis } from './pack-axis.ts'
import { paperLabel, type Paper } from './paper.ts'

// The words of a sheet layout's notes: what the layout had to give up, and why.

const mm = (n: number): string => `${Math.round(n * 100) / 100} mm`

const cardLength = (c: CardSize, along: 'x' | 'y'): number => (along === 'x' ? c.widthMm : c.heightMm)

/** What a layout's notes need to know of its options. */
export interface NoteOptions {
  paper: Paper
  card: CardSize
  bleedMm: number
  gapMm: number
  printerMarginMm: number
  fold: boolean
  /** See `LayoutOptions.bleedAsked`: a thinner outer bleed is noted only when the bleed was asked for. */
  bleedAsked?: boolean
}

/** What packing one axis cost: cards lost to the printer margin, a thinner outer bleed, short crop marks. */
export const axisNotes = (a: Axis, o: NoteOptions, length: number, along: 'x' | 'y'): string[] => {
  const lines = along === 'x' ? 'columns' : 'rows'
  const sides = along === 'x' ? 'left and right' : 'top and bottom'
  const where = `${o.fold ? 'half of ' : ''}${paperLabel(o.paper)}`
  const notes: string[] = []
  if (a.overMargin)
    notes.push(
      `A ${o.card.name} card does not fit inside the ${mm(o.printerMarginMm)} printer margin of ${where} paper ` +
        `(${sides}); it is centred and its ${sides} edges may not print.`,
    )
  else if (a.count < a.fitsPaper) {
    const full = a.fitsPaper
    const allows =
      Math.floor(((length - span(full, cardLength(o.card, along), o.gapMm)) / 2 - roomNeeded(o.bleedMm)) * 100 + 1e-6) /
      100
    const how =
      allows > 0 ? `a printer margin of ${mm(allows)} or less allows ${full}` : `a printer margin of 0 forces ${full}`
    notes.push(
      `${full} ${lines} of ${o.card.name} cards fit on ${where}, but their crop marks would fall inside the ` +
        `${mm(o.printerMarginMm)} printer margin; using ${a.count} ${lines} (${how}).`,
    )
  }
  if (a.count > 0 && a.bleedOut < o.bleedMm - EPS && o.bleedAsked !== false) {
    const within =
      o.printerMarginMm > 0 && !a.overMargin ? `inside the ${mm(o.printerMarginMm)} printer margin` : 'on the paper'
    notes.push(
      `The outer bleed is ${mm(a.bleedOut)} (not ${mm(o.bleedMm)}) on the ${sides} of the grid, to leave room ` +
        `for crop marks ${within}.`,
    )
  }
  if (a.count > 0 && a.markTo - a.markFrom < MIN_MARK_MM - EPS)
    notes.push(
      a.markTo - a.markFrom > EPS
        ? `Crop marks on the ${sides} are only ${mm(a.markTo - a.markFrom)} long.`
        : `There is no room for crop marks on the ${sides}.`,
    )
  return notes
}

/** A card larger than the paper (or than half of it, folding). */
export const tooLargeNote = (card: CardSize, paper: Paper, half: boolean): string =>
  `A ${card.name} card (${mm(card.widthMm)} × ${mm(card.heightMm)}) does not fit on ${half ? 'half of ' : ''}${paperLabel(paper)} paper.`

/** The paper turned the other way would hold more. */
export const turnedFitsNote = (turned: { name: string; landscape: boolean }, perPage: number, card: CardSize): string =>
  `${turned.name} ${turned.landscape ? 'landscape' : 'portrait'} fits ${perPage} ${card.name} cards per page.`

/** A gap too narrow for each card to keep its whole bleed. */
export const thinGapNote = (gap: number, bleed: number): string =>
  `The ${mm(gap)} gap is less than twice the ${mm(bleed)} bleed, so each card keeps only ${mm(gap / 2)} of bleed between cards.`

type Grid = { columns: number; rows: number; perPage: number }

/** Why the build turned the paper, and what it prints instead. */
export const turnedPaperNote = (
  asked: { paper: Paper; card: CardSize; printerMarginMm?: number },
  was: Grid & { fitsMargin: boolean },
  turned: Grid & { paper: Paper },
  densest: number,
): string => {
  const card = asked.card.name
  const margin = asked.printerMarginMm ?? 5
  const label = (p: Paper) => `${p.name} ${p.landscape ? 'landscape' : 'portrait'}`
  const grid = (l: Grid) => `${l.columns}×${l.rows} (${l.perPage} a page)`
  const why =
    was.perPage === 0
      ? `A ${card} card does not fit on ${label(asked.paper)} paper`
      : !was.fitsMargin
        ? `A ${card} card does not fit inside the ${mm(margin)} printer margin of ${label(asked.paper)} paper`
        : `On ${label(asked.paper)} paper the ${mm(margin)} printer margin leaves room for ${grid(was)} ${card} cards, ` +
          `fewer than the ${densest} that fit the paper (a printer margin of 0 packs them regardless)`
  return `${why}; printing them ${grid(turned)} on ${label(turned.paper)} pages instead.`
}
