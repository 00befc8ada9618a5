import { mmToPt } from '../util/units.ts'
import { packageFile } from '../util/packages.ts'
import { readFileSync } from 'node:fs'
import { sfntFromWoff } from '../util/woff.ts'
import { madeWithLine, outputWords, type OutputWords } from '../outputs/output-words.ts'
import { creditsFor, creditWords, drawnWithAll, type FaceCredits } from '../outputs/credits.ts'

/** The font the credits page (and an update pack's list) is set in (credited on it too): deckwright's own body font. */
const PAGE_FONT = '@fontsource/inter'
export const pageFontFile = (weight: 400 | 700): Buffer => {
  const file = packageFile(PAGE_FONT, `files/inter-latin-${weight}-normal.woff`)
  if (!file) throw new Error(`${PAGE_FONT} is not installed with deckwright`)
  return sfntFromWoff(readFileSync(file))
}

const MARGIN_MM = 15

/**
 * The last page of a sheets PDF: every font and icon the printed faces were drawn with, with its makers and
 * licence (cards travel without their rules booklet, and game-icons' CC BY licence asks for its authors'
 * names wherever its icons go). Set in Inter on pages of the sheets' paper; as many pages as it needs.
 * Returns the number of pages added.
 */
export const addCreditsPages = (
  doc: PDFKit.PDFDocument,
  { drawnWith, root, drawnBy }: FaceCredits,
  size: [number, number],
  words: OutputWords = outputWords(),
): number => {
  const credits = creditsFor(drawnWithAll([drawnWith, { fonts: [PAGE_FONT], icons: [] }]), root)
  doc.registerFont('credits', pageFontFile(400))
  doc.registerFont('credits-bold', pageFontFile(700))
  const margin = mmToPt(MARGIN_MM)
  const width = size[0] - 2 * margin
  let pages = 0
  const page = () => {
    doc.addPage({ size, margin })
    pages++
  }
  page()
  doc.font('credits-bold').fontSize(16).fillColor('#111111').text(words.credits, margin, margin, { width })
  doc.moveDown(0.6)
  /** Text that starts a new page when it would not fit on this one. */
  const write = (font: string, size: number, colour: string, text: string, gap = 0) => {
    doc.font(font).fontSize(size)
    if (doc.y + gap + doc.heightOfString(text, { width }) > doc.page.height - margin) {
      page()
      doc.y = margin
    } else doc.y += gap
    doc.fillColor(colour).text(text, margin, doc.y, { width })
  }
  for (const [kind, title] of [
    ['font', words.typefaces],
    ['icons', words.icons],
  ] as const) {
    const list = credits.filter((c) => c.kind === kind)
    if (!list.length) continue
    write('credits-bold', 11, '#111111', title, 8)
    for (const credit of list) {
      const { name, statements, source } = creditWords(credit, words)
      write('credits-bold', 9, '#111111', name, 5)
      for (const statement of statements) write('credits', 9, '#111111', statement, 1)
      write('credits', 7.5, '#666666', source, 1)
    }
  }
  write('credits', 7.5, '#666666', madeWithLine(words, drawnBy), 12)
  return pages
}
