import type { Duplex, Rect } from './layout.ts'

export interface SheetGroup {
  size: string
  cards: number
  perPage: number
  columns: number
  rows: number
  sheets: number
  /** The paper of this size's pages: the one asked for, or turned when that holds more cards (see the notes). */
  paper: string
}

/** A page of the sheets as a preview draws it: its size, and where each face lies on it (its trim, in mm). */
export interface SheetPage {
  widthMm: number
  heightMm: number
  faces: { id: string; side: 'front' | 'back'; trim: Rect }[]
}

export interface SheetSummary {
  /** Every page, the credits included. */
  pages: number
  /** How the pages are printed: turned over on an edge, one-sided, or folded. */
  duplex: Duplex | 'fold'
  /** The card pages, in order (the credits left out). */
  plan: SheetPage[]
  /** The credits' pages, at the end (with `credits`). */
  creditsPages: number
  groups: SheetGroup[]
  /** The paper asked for. */
  paper: string
  notes: string[]
}
