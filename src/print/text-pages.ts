// Pages of running text on a sheets PDF's paper, set in deckwright's own body font: the credits pages, and an
// update pack's list of the cards to take out and put in.
import { readFileSync } from 'node:fs'
import { packageFile } from '../util/packages.ts'
import { mmToPt } from '../util/units.ts'
import { sfntFromWoff } from '../util/woff.ts'

/** The font the pages are set in (credited on the credits page too). */
export const PAGE_FONT = '@fontsource/inter'
const pageFontFile = (weight: 400 | 700): Buffer => {
  const file = packageFile(PAGE_FONT, `files/inter-latin-${weight}-normal.woff`)
  if (!file) throw new Error(`${PAGE_FONT} is not installed with deckwright`)
  return sfntFromWoff(readFileSync(file))
}

const MARGIN_MM = 15
const FONTS = { regular: 'page-text', bold: 'page-text-bold' } as const

export interface TextPages {
  /** Text at the margin, the width of the page; on a new page when it would not fit below `gap` on this one. */
  write: (weight: keyof typeof FONTS, size: number, colour: string, text: string, gap?: number) => void
  /** The pages added so far. */
  pages: () => number
}

/** Registers the pages' font on `doc`, regular and bold; returns the names to set them with. */
export const pageFonts = (doc: PDFKit.PDFDocument): typeof FONTS => {
  doc.registerFont(FONTS.regular, pageFontFile(400))
  doc.registerFont(FONTS.bold, pageFontFile(700))
  return FONTS
}

/** Starts a page of running text on `doc`, `size` points; `write` adds more pages as the text needs them. */
export const textPages = (doc: PDFKit.PDFDocument, size: [number, number]): TextPages => {
  pageFonts(doc)
  const margin = mmToPt(MARGIN_MM)
  const width = size[0] - 2 * margin
  let pages = 0
  const page = () => {
    doc.addPage({ size, margin })
    doc.y = margin
    pages++
  }
  page()
  return {
    write: (weight, fontSize, colour, text, gap = 0) => {
      doc.font(FONTS[weight]).fontSize(fontSize)
      if (doc.y + gap + doc.heightOfString(text, { width }) > size[1] - margin) page()
      else doc.y += gap
      doc.fillColor(colour).text(text, margin, doc.y, { width })
    },
    pages: () => pages,
  }
}
