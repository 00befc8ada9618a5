import type { Root } from 'mdast'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import type { RulesDoc } from '../load/rules.ts'
import { createPdf, pdfToBuffer } from '../pdf/document.ts'
import { renderBlocks, type BlockContext } from './blocks.ts'
import { footnoteItems, takeFootnotes } from './footnotes.ts'
import { baseFonts } from '../render/fonts/fonts.ts'
import { suggestedPackage } from '../render/fonts/font-book.ts'
import { undrawableMessage } from '../render/template/face-characters.ts'
import { bookletFonts } from './fallback-fonts.ts'
import { pointLocator } from '../util/lines.ts'
import { creditsFor, drawnWithAll, type FaceCredits } from '../outputs/credits.ts'
import type { BookletExample } from './example.ts'
import type { Placed, Section } from './flow.ts'
import { imageSources, loadImages } from './images.ts'
import { saddleSheets, SHEET_A4_LANDSCAPE } from './impose.ts'
import { measurer } from './inline.ts'
import { headingId, refusedLinkMessage, refusedLinks, sectionDestination } from './links.ts'
import {
  contentsItems,
  coverPage,
  creditsItems,
  drawPlaced,
  flowPages,
  marginNotes,
  pageNumber,
  runningHead,
  type PageDraw,
} from './pages.ts'
import { inlineShortcode, renderShortcode } from './shortcodes.ts'
import {
  bookletStyle,
  COLOUR,
  DEFAULT_TINT,
  registerFonts,
  tintColour,
  type BookletStyle,
  type PageSizeName,
} from './styles.ts'
import { typographer } from './typography.ts'
import { hyphenator } from './hyphenation.ts'
import { quotationMarks } from './quotation-marks.ts'
import { outputWords } from '../outputs/output-words.ts'
import { watchTextSize, type BookletTextSize } from './text-size.ts'

export interface BookletOptions {
  /** Used when the front matter has no title. */
  title?: string
  /** The rules' language (`en`, `nl`): its quotation marks and hyphenation, and the PDF's metadata. Default English. */
  lang?: string
  /** Default A5, the usual size of a card game's rules. */
  pageSize?: PageSizeName
  /** The game's examples, drawn where the rules say `{{< rules-example id=… >}}`. */
  examples?: Record<string, BookletExample>
  /** The folder the rules' pictures are read from (the rules file's folder); none: pictures are placeholders. */
  baseDir?: string
  /** `saddle`: the A5 pages 2-up on A4 sheets in booklet order, printed both sides, folded and stapled. */
  imposition?: 'none' | 'saddle'
  /** Prints the author's notes (HTML comments, @TODO lines) in a wide right margin. */
  drafts?: boolean
  /** What the game's faces were drawn with: credited on the credits page with the booklet's own fonts and icons. */
  credits?: FaceCredits
  /** `a11y/text-size` for the booklet: the game's smallest text (default 6 pt, a warning); none: not checked. */
  textSize?: BookletTextSize | false
}

/** Contents are worth a page from this many sections on. */
const MIN_SECTIONS_FOR_CONTENTS = 2

/**
 * Renders a rules document to a PDF booklet: a cover with the game's vitals, the contents, the rules with running
 * heads and page numbers, and a credits page. Shortcode syntax, front matter, comments and @TODO notes are never
 * printed (the loader already removed the last three); prose gets Hugo's typographer.
 */
export const renderBooklet = async (doc: RulesDoc, options: BookletOptions = {}): Promise<Result<Buffer>> => {
  const diagnostics: Diagnostic[] = []
  const report: BlockContext['report'] = (rule, severity, message, position) =>
    diagnostics.push({
      rule,
      severity,
      message,
      file: doc.file,
      line: position?.start.line,
      column: position?.start.column,
    })

  const saddle = options.imposition === 'saddle'
  const style = bookletStyle(pageSizeOf(options, doc.file, diagnostics), { drafts: options.drafts })
  const title = stringOf(doc.frontMatter['title']) ?? options.title ?? 'Rules'
  const pdf = createPdf({
    title,
    lang: options.lang,
    size: saddle ? SHEET_A4_LANDSCAPE : [style.page.width, style.page.height],
    // An imposed booklet is printed at actual size on both sides of landscape sheets, turned on the short edge.
    ...(saddle && { print: { duplex: 'short-edge' as const } }),
  })
  const smallTextProblems = watchTextSize(registerFonts(pdf) as never, doc.file, options.textSize)
  // Characters the booklet's fonts lack are set in the Noto families the project has installed.
  const fallbackFonts = bookletFonts(pdf, options.credits?.root)

  // Hugo's typographer works on the source; a copy keeps the caller's tree as it was parsed.
  const quotes = quotationMarks(options.lang ?? 'en')
  const tree = typographer(structuredClone(doc.tree), doc.source, quotes) as Root
  const pictures = await loadImages(imageSources(tree), options.baseDir)
  for (const link of refusedLinks(doc.tree))
    report('rules/link-not-made', 'warning', refusedLinkMessage(link.url, link.scheme), link.position)

  const ctx: BlockContext = {
    measure: measurer(pdf, fallbackFonts),
    hyphenate: hyphenator(options.lang ?? 'en'),
    quotes,
    words: outputWords(options.lang),
    style,
    x: 0,
    width: style.page.width - style.margin.left - style.margin.right,
    frames: [],
    format: { bold: false, italic: false, size: style.body.size, color: COLOUR.text },
    tint: DEFAULT_TINT,
    depth: 0,
    listDepth: 0,
    tight: false,
    report,
    shortcode: renderShortcode,
    examples: options.examples,
    inlineShortcode: inlineShortcode(report),
    pictures,
    sections: [],
    iconsUsed: new Set(),
  }

  const footnotes = takeFootnotes(tree)
  const body = [...renderBlocks(tree.children, ctx), ...footnoteItems(footnotes, ctx)]
  if (body.length) body[0]!.spaceBefore = 0
  const bodyPages = body.length ? flowPages(body, style) : []
  const sections = ctx.sections
  const coverTint = tintColour(
    doc.frontMatter['tint'] ?? doc.frontMatter['color'] ?? doc.frontMatter['icontint'],
    sections[0]?.tint ?? DEFAULT_TINT,
  )
  const cover = coverPage(title, doc.frontMatter, coverTint, ctx)

  const sectionPage = new Map<number, number>()
  const contentsPages =
    sections.length >= MIN_SECTIONS_FOR_CONTENTS
      ? flowPages(
          contentsItems(sections, ctx, (s) => sectionPage.get(s.index), !saddle),
          style,
        )
      : []
  const firstBodyPage = 2 + contentsPages.length
  bodyPages.forEach((placed, i) => {
    for (const { item } of placed) if (item.section) sectionPage.set(item.section.index, firstBodyPage + i)
  })
  if (fallbackFonts.undrawable.size) warnUndrawable(doc, [...fallbackFonts.undrawable], report)
  const drawnWith = drawnWithAll([
    { fonts: [...Object.values(baseFonts).map((f) => f.package), ...fallbackFonts.used], icons: [...ctx.iconsUsed] },
    options.credits?.drawnWith,
  ])
  const credits = flowPages(
    creditsItems(creditsFor(drawnWith, options.credits?.root), ctx, options.credits?.drawnBy),
    style,
  )
  const notes: Notes = options.drafts ? notesByPage(doc, bodyPages) : new Map()

  const pages = readingPages(ctx, title, cover, contentsPages, bodyPages, notes)
  const creditsDraws: PageDraw[] = credits.map((placed) => (d) => drawPlaced(d, placed, style))
  if (saddle) addImposed(pdf, pages, creditsDraws, style)
  else addPages(pdf, pages, creditsDraws, style)
  return { value: await pdfToBuffer(pdf), diagnostics: [...diagnostics, ...smallTextProblems()] }
}

/** The pages' size: the one asked for (default A5); A5 when imposed, with a warning when another was asked for. */
const pageSizeOf = (options: BookletOptions, file: string, diagnostics: Diagnostic[]): PageSizeName => {
  const pageSize = options.pageSize ?? 'a5'
  if (options.imposition !== 'saddle' || pageSize === 'a5') return pageSize
  diagnostics.push({
    rule: 'print/saddle-page-size',
    severity: 'warning',
    file,
    message: `Saddle imposition folds A4 sheets into an A5 booklet, so the pages are A5, not ${pageSize.toUpperCase()}.`,
  })
  return 'a5'
}

/** Characters no font of the booklet or installed fallback has: a warning at the first of them in the rules. */
const warnUndrawable = (doc: RulesDoc, chars: string[], report: BlockContext['report']): void => {
  const first = Math.max(0, doc.source.indexOf(chars[0]!))
  const at = pointLocator(doc.source)(first)
  report(
    'rules/undrawable-text',
    'warning',
    undrawableMessage(chars, ' in the booklet', [...new Set(chars.map(suggestedPackage))]),
    { start: at, end: at },
  )
}

/** A page of the booklet as a function that draws it, with the sections it opens (its bookmarks). */
interface Page {
  draw: PageDraw
  bookmark?: Section[]
}

type Notes = Map<number, Array<{ note: RulesDoc['notes'][number]; y: number }>>

/** Every page before the credits, in reading order: the cover, the contents, then the rules' pages with running heads, page numbers and drafts' notes. */
const readingPages = (
  ctx: BlockContext,
  title: string,
  cover: PageDraw,
  contentsPages: Placed[][],
  bodyPages: Placed[][],
  notes: Notes,
): Page[] => {
  const { style } = ctx
  const pages: Page[] = [{ draw: cover }]
  contentsPages.forEach((placed) => {
    const number = pages.length + 1
    pages.push({ draw: (d) => (drawPlaced(d, placed, style), pageNumber(d, style, number)) })
  })
  let current: Section | undefined
  bodyPages.forEach((placed, i) => {
    const number = pages.length + 1
    const first = placed.find((p) => !p.item.discardable)
    // The section in effect at the top of the page; none on a page that opens a section with its heading.
    const head = first?.item.section ? undefined : current
    const opened = placed.flatMap((p) => (p.item.section ? [p.item.section] : []))
    if (opened.length) current = opened[opened.length - 1]
    const pageNotes = notes.get(i) ?? []
    pages.push({
      bookmark: opened,
      draw: (d) => {
        if (number > 2 || contentsPages.length) runningHead(d, style, number, title, head)
        drawPlaced(d, placed, style)
        pageNumber(d, style, number)
        if (pageNotes.length) marginNotes(d, pageNotes, style, ctx.measure)
      },
    })
  })
  return pages
}

/** The pages one after another, each section bookmarked, then the credits. */
const addPages = (pdf: PDFKit.PDFDocument, pages: Page[], creditsDraws: PageDraw[], style: BookletStyle): void => {
  for (const page of pages) {
    pdf.addPage({ size: [style.page.width, style.page.height], margin: 0 })
    for (const section of page.bookmark ?? []) {
      pdf.addNamedDestination(`section-${section.index}`)
      // Where an anchor link to its heading (`[Setup](#setup)`) goes.
      pdf.addNamedDestination(sectionDestination(headingId(section.title)))
      pdf.outline.addItem(section.title)
    }
    page.draw(pdf)
  }
  for (const draw of creditsDraws) {
    pdf.addPage({ size: [style.page.width, style.page.height], margin: 0 })
    draw(pdf)
  }
}

/** The pages two to a side of A4 sheets in saddle order, with fold marks; blank pages go before the credits, which close the booklet on its back cover. */
const addImposed = (pdf: PDFKit.PDFDocument, pages: Page[], creditsDraws: PageDraw[], style: BookletStyle): void => {
  const count = pages.length + creditsDraws.length
  const blanks = (4 - (count % 4)) % 4
  const all: PageDraw[] = [
    ...pages.map((p) => p.draw),
    ...Array.from({ length: blanks }, (): PageDraw => () => {}),
    ...creditsDraws,
  ]
  for (const side of saddleSheets(all.length)) {
    pdf.addPage({ size: SHEET_A4_LANDSCAPE, margin: 0 })
    side.forEach((index, half) => {
      pdf.save()
      pdf.translate(
        half * (SHEET_A4_LANDSCAPE[0] / 2) + (SHEET_A4_LANDSCAPE[0] / 2 - style.page.width) / 2,
        (SHEET_A4_LANDSCAPE[1] - style.page.height) / 2,
      )
      all[index]!(pdf)
      pdf.restore()
    })
    foldMarks(pdf)
  }
}

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : undefined

/** Each note beside the first block at or after its line: body page index → notes with the height they go at. */
const notesByPage = (doc: RulesDoc, pages: Placed[][]) => {
  const byPage = new Map<number, Array<{ note: RulesDoc['notes'][number]; y: number }>>()
  const starts = pages.flatMap((placed, page) =>
    placed.flatMap((p) => (p.item.line !== undefined ? [{ line: p.item.line, page, y: p.y }] : [])),
  )
  for (const note of doc.notes) {
    const at = starts.find((s) => s.line >= note.line) ?? starts[starts.length - 1] ?? { page: 0, y: 0 }
    byPage.set(at.page, [...(byPage.get(at.page) ?? []), { note, y: at.y }])
  }
  return byPage
}

/** Short ticks at the middle of the sheet's top and bottom edges: where to fold. */
const foldMarks = (pdf: PDFKit.PDFDocument) => {
  const [w, h] = SHEET_A4_LANDSCAPE
  pdf.save().lineWidth(0.5).strokeColor(COLOUR.faint)
  pdf
    .moveTo(w / 2, 0)
    .lineTo(w / 2, 12)
    .stroke()
  pdf
    .moveTo(w / 2, h - 12)
    .lineTo(w / 2, h)
    .stroke()
  pdf.restore()
}

export type { PageSizeName } from './styles.ts'
