import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import type { RulesDoc } from '../load/rules.ts'
import { createPdf, pdfToBuffer } from '../util/pdf.ts'
import { renderBlocks, textLines, type BlockContext } from './blocks.ts'
import { drawPage, paginate, type FlowItem } from './flow.ts'
import { measurer, type Run } from './inline.ts'
import type { BookletExample } from './example.ts'
import { inlineShortcode, renderShortcode } from './shortcodes.ts'
import { bookletStyle, COLOUR, DEFAULT_TINT, FONT, registerFonts, type BookletStyle, type PageSizeName } from './styles.ts'
import { rangeDash, smarten } from './typography.ts'

export interface BookletOptions {
  /** Used when the front matter has no title. */
  title?: string
  /** Default A5, the usual size of a card game's rules. */
  pageSize?: PageSizeName
  /** The game's examples, drawn where the rules say `{{< rules-example id=… >}}`. */
  examples?: Record<string, BookletExample>
}

/**
 * Renders a rules document to a PDF booklet: a title with the game's vitals, then the rules. Shortcode syntax,
 * front matter, comments and @TODO notes are never printed (the loader already removed the last three).
 */
export const renderBooklet = async (doc: RulesDoc, options: BookletOptions = {}): Promise<Result<Buffer>> => {
  const diagnostics: Diagnostic[] = []
  const style = bookletStyle(options.pageSize ?? 'a5')
  const title = stringOf(doc.frontMatter['title']) ?? options.title ?? ''
  const pdf = createPdf({ title: title || 'Rules', size: [style.page.width, style.page.height] })
  registerFonts(pdf)

  const report: BlockContext['report'] = (rule, severity, message, position) =>
    diagnostics.push({ rule, severity, message, file: doc.file, line: position?.start.line, column: position?.start.column })
  const ctx: BlockContext = {
    measure: measurer(pdf),
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
  }

  const items = [...titleItems(title, doc.frontMatter, ctx), ...renderBlocks(doc.tree.children, ctx)]
  if (items.length) items[0]!.spaceBefore = 0
  const pages = paginate(items, style.margin.top, style.page.height - style.margin.bottom)
  if (!pages.length) pages.push([])
  pages.forEach((placed, index) => {
    pdf.addPage({ size: [style.page.width, style.page.height], margin: 0 })
    drawPage(pdf, placed, style.margin.left)
    footer(pdf, style, index + 1)
  })
  return { value: await pdfToBuffer(pdf), diagnostics }
}

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : undefined

/** The title, then a line of vitals (players, play time, ages) when the front matter gives them, then a rule. */
const titleItems = (title: string, front: Record<string, unknown>, ctx: BlockContext): FlowItem[] => {
  const items: FlowItem[] = []
  const { style } = ctx
  if (title) {
    const runs: Run[] = [{ text: smarten(title), format: { ...ctx.format, font: FONT.heading, bold: true, size: style.title.size, color: COLOUR.text } }]
    items.push(...textLines(runs, ctx, { spaceBefore: 0, leading: style.title.size * 1.2, keep: true }))
  }
  const players = stringOf(front['players'])
  const playtime = stringOf(front['playtime'] ?? front['playTime'] ?? front['duration'])
  const ages = stringOf(front['ages'] ?? front['age'])
  const vitals = [
    players && (/player/i.test(players) ? players : `${players} players`),
    playtime && (/\d$/.test(playtime) ? `${playtime} minutes` : playtime),
    ages && (/age/i.test(ages) ? ages : `Ages ${ages}`),
  ].filter((v): v is string => Boolean(v))
  if (vitals.length) {
    const runs: Run[] = [{ text: rangeDash(vitals.join('  \u00b7  ')), format: { ...ctx.format, size: style.body.size * 1.05, color: COLOUR.muted } }]
    items.push(...textLines(runs, ctx, { spaceBefore: style.paragraphGap * 0.4, keep: true }))
  }
  if (items.length) {
    items.push({
      height: style.paragraphGap,
      spaceBefore: style.paragraphGap * 0.3,
      frames: [],
      draw: (doc, left, top) => void doc.moveTo(left, top + style.paragraphGap / 2).lineTo(left + ctx.width, top + style.paragraphGap / 2).lineWidth(0.75).stroke(COLOUR.rule),
    })
  }
  return items
}

/** The page number, centred in the bottom margin. */
const footer = (pdf: PDFKit.PDFDocument, style: BookletStyle, page: number) => {
  const text = String(page)
  pdf.font(FONT.body).fontSize(style.small.size).fillColor(COLOUR.muted)
  const width = pdf.widthOfString(text)
  pdf.text(text, (style.page.width - width) / 2, style.page.height - style.margin.bottom / 2, { lineBreak: false, baseline: 'alphabetic' })
}
