import { PAGE_FONT, textPages } from './text-pages.ts'
import { madeWithLine, outputWords, type OutputWords } from '../outputs/output-words.ts'
import { creditsFor, creditWords, drawnWithAll, type FaceCredits } from '../outputs/credits.ts'

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
  const text = textPages(doc, size)
  text.write('bold', 16, '#111111', words.credits)
  doc.moveDown(0.6)
  for (const [kind, title] of [
    ['font', words.typefaces],
    ['icons', words.icons],
  ] as const) {
    const list = credits.filter((c) => c.kind === kind)
    if (!list.length) continue
    text.write('bold', 11, '#111111', title, 8)
    for (const credit of list) {
      const { name, statements, source } = creditWords(credit, words)
      text.write('bold', 9, '#111111', name, 5)
      for (const statement of statements) text.write('regular', 9, '#111111', statement, 1)
      text.write('regular', 7.5, '#666666', source, 1)
    }
  }
  text.write('regular', 7.5, '#666666', madeWithLine(words, drawnBy), 12)
  return text.pages()
}
