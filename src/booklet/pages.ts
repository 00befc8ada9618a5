import type { RulesNote } from '../load/rules.ts'
import { madeWithLine, outputWords, type OutputWords } from '../outputs/output-words.ts'
import { say } from '../util/say.ts'
import type { BlockContext } from './context.ts'
import { textLines } from './text-items.ts'
import { creditWords, type Credit } from '../outputs/credits.ts'
import { drawPage, paginate, spacer, type FlowItem, type Placed, type Section } from './flow.ts'
import { drawIcon, iconPaths } from './icons.ts'
import { baselineIn, breakLines, drawLine, type Run, type TextFormat } from './inline.ts'
import { COLOUR, FONT, lighten, type BookletStyle } from './styles.ts'
import { rangeDash, smarten } from './typography.ts'

/**
 * The booklet's pages around the rules: the cover, the contents, the running heads and page numbers of the rules
 * pages, the author's notes in the margin (drafts) and the credits. Each page is a `PageDraw`: a function that
 * draws one page in page coordinates, so that imposition can place it anywhere on a sheet.
 */
export type PageDraw = (doc: PDFKit.PDFDocument) => void

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : undefined

export interface Vital {
  icon: string
  text: string
}

/** Players, play time and ages from the front matter, as a designer writes them ("3-6", "30-45 minutes", "10+"). */
export const vitals = (front: Record<string, unknown>, words: OutputWords = outputWords()): Vital[] => {
  const players = stringOf(front['players'] ?? front['playerCount'] ?? front['player_count'])
  const playtime = stringOf(
    front['playtime'] ?? front['playTime'] ?? front['play_time'] ?? front['duration'] ?? front['time'],
  )
  const ages = stringOf(front['ages'] ?? front['age'])
  const out: Vital[] = []
  // A bare number or range ("3-6", "10+") gets its word; anything with words of its own is printed as written.
  const bare = (value: string) => /^[\d\s+\-\u2013]+$/.test(value)
  if (players)
    out.push({ icon: 'players', text: rangeDash(bare(players) ? say(words.players, { n: players }) : players) })
  if (playtime)
    out.push({ icon: 'time', text: rangeDash(/\d$/.test(playtime) ? say(words.minutes, { n: playtime }) : playtime) })
  if (ages) out.push({ icon: 'ages', text: bare(ages) ? say(words.ages, { n: ages }) : ages })
  return out
}

/** The cover: the title on a band of the game's colour, its vitals with icons below, and what the booklet is. */
export const coverPage = (title: string, front: Record<string, unknown>, tint: string, ctx: BlockContext): PageDraw => {
  const { style } = ctx
  const { width: pw, height: ph } = style.page
  const margin = style.margin.left * 1.4
  const titleSize = style.title.size * 1.35
  const titleFormat: TextFormat = { ...ctx.format, font: FONT.heading, bold: true, size: titleSize, color: '#ffffff' }
  const titleLines = breakLines(
    [{ text: smarten(title, undefined, ctx.quotes), format: titleFormat }],
    pw - 2 * margin,
    ctx.measure,
  )
  const subtitle = stringOf(front['subtitle'] ?? front['tagline'] ?? front['description'])
  const subFormat: TextFormat = {
    ...ctx.format,
    size: style.body.size * 1.25,
    color: lighten(tint, 0.12),
    italic: true,
  }
  const subLines = subtitle
    ? breakLines([{ text: smarten(subtitle, undefined, ctx.quotes), format: subFormat }], pw - 2 * margin, ctx.measure)
    : []
  const items = vitals(front, ctx.words).map((v) => ({ ...v, paths: iconPaths(v.icon) }))
  for (const v of items) if (v.paths) ctx.iconsUsed.add(v.paths.name)
  const version = stringOf(front['version'])
  return (doc) => {
    const bandHeight = ph * 0.56
    doc.rect(0, 0, pw, bandHeight).fill(tint)
    doc.rect(0, bandHeight, pw, 3).fill(lighten(tint, 0.55))
    // The title sits low in the band, the subtitle under it.
    const leading = titleSize * 1.12
    const subLeading = subFormat.size * 1.35
    let y =
      bandHeight -
      margin -
      subLines.length * subLeading -
      (subLines.length ? subFormat.size * 0.6 : 0) -
      titleLines.length * leading
    for (const line of titleLines) {
      drawLine(doc, line, (pw - line.width) / 2, y + baselineIn(leading, titleSize), titleSize)
      y += leading
    }
    y += subLines.length ? subFormat.size * 0.6 : 0
    for (const line of subLines) {
      drawLine(doc, line, (pw - line.width) / 2, y + baselineIn(subLeading, subFormat.size), subFormat.size)
      y += subLeading
    }
    // The vitals: an icon above each, in columns.
    if (items.length) {
      const column = Math.min((pw - 2 * margin) / items.length, pw * 0.3)
      const iconSize = style.body.size * 2.6
      const top = bandHeight + (ph - bandHeight) * 0.22
      const format: TextFormat = { ...ctx.format, size: style.body.size * 1.05, color: COLOUR.text }
      items.forEach((v, i) => {
        const cx = pw / 2 + (i - (items.length - 1) / 2) * column
        if (v.paths) drawIcon(doc, v.paths, cx - iconSize / 2, top, iconSize, tint)
        const lines = breakLines([{ text: v.text, format }], column - 8, ctx.measure)
        lines.forEach((line, n) =>
          drawLine(
            doc,
            line,
            cx - line.width / 2,
            top + iconSize + format.size * 1.6 + n * format.size * 1.3,
            format.size,
          ),
        )
      })
    }
    const label = version
      ? `${ctx.words.rulesOfPlay} \u00b7 ${say(ctx.words.version, { version })}`
      : ctx.words.rulesOfPlay
    doc.font(FONT.bold).fontSize(style.small.size).fillColor(COLOUR.muted)
    const w = doc.widthOfString(label.toUpperCase(), { characterSpacing: 1.2 })
    doc.text(label.toUpperCase(), (pw - w) / 2, ph - style.margin.bottom, {
      lineBreak: false,
      baseline: 'alphabetic',
      characterSpacing: 1.2,
    })
  }
}

/** A page heading (Contents, Credits): Bitter, large, with a rule under it. */
const pageHeading = (text: string, ctx: BlockContext): FlowItem[] => {
  const runs: Run[] = [
    {
      text,
      format: { ...ctx.format, font: FONT.heading, bold: true, size: ctx.style.title.size * 0.8, color: COLOUR.text },
    },
  ]
  const lines = textLines(runs, ctx, { spaceBefore: 0, leading: ctx.style.title.size, keep: true })
  return [
    ...lines,
    {
      height: ctx.style.paragraphGap * 1.5,
      spaceBefore: 0,
      keepWithNext: true,
      frames: [],
      draw: (doc, left, top) =>
        void doc
          .moveTo(left, top + 4)
          .lineTo(left + ctx.width, top + 4)
          .lineWidth(0.75)
          .stroke(COLOUR.rule),
    },
  ]
}

/**
 * The contents: each section with a square of its tint, a dotted leader and its page number (known only after
 * the rules are laid out, so read when the page is drawn). An entry links to its page.
 */
export const contentsItems = (
  sections: Section[],
  ctx: BlockContext,
  pageOf: (s: Section) => number | undefined,
  links: boolean,
): FlowItem[] => {
  const size = ctx.style.body.size * 1.1
  const leading = size * 2
  const format: TextFormat = { ...ctx.format, size }
  const numberWidth = ctx.measure(FONT.body, size, '000')
  const swatch = size * 0.75
  return [
    ...pageHeading(ctx.words.contents, ctx),
    ...sections.map((section): FlowItem => {
      const lines = breakLines([{ text: section.title, format }], ctx.width - numberWidth - swatch - 24, ctx.measure)
      const height = leading + (lines.length - 1) * size * 1.3
      return {
        height,
        spaceBefore: 0,
        frames: [],
        draw: (doc, left, top) => {
          const baseline = top + baselineIn(leading, size)
          doc.rect(left, baseline - swatch, swatch, swatch).fill(section.tint)
          const x = left + swatch + 8
          lines.forEach((line, i) => drawLine(doc, line, x, baseline + i * size * 1.3, size))
          const last = lines[lines.length - 1]!
          const lastBaseline = baseline + (lines.length - 1) * size * 1.3
          const page = String(pageOf(section) ?? '')
          doc.font(FONT.body).fontSize(size).fillColor(COLOUR.text)
          const pw = doc.widthOfString(page)
          const right = left + ctx.width
          doc.text(page, right - pw, lastBaseline, { lineBreak: false, baseline: 'alphabetic' })
          // A dotted leader from the title to the number.
          const from = x + last.width + 6
          const to = right - pw - 6
          if (to > from)
            doc
              .save()
              .moveTo(from, lastBaseline - 1)
              .lineTo(to, lastBaseline - 1)
              .lineWidth(0.6)
              .dash(0.6, { space: 2.4 })
              .stroke(COLOUR.faint)
              .undash()
              .restore()
          if (links) doc.goTo(left, top, ctx.width, height, `section-${section.index}`)
        },
      }
    }),
  ]
}

/** The credits page: every font and icon the booklet and the game's faces were drawn with, with its makers and licence. */
export const creditsItems = (credits: Credit[], page: BlockContext, drawnBy?: string): FlowItem[] => {
  // Names of icons and packages are never broken with a hyphen of the booklet's own (`crossroad`, `cross-mark`).
  const ctx: BlockContext = { ...page, hyphenate: undefined }
  const small: TextFormat = { ...ctx.format, size: ctx.style.small.size, color: COLOUR.muted }
  const items: FlowItem[] = [...pageHeading(ctx.words.credits, ctx)]
  const group = (kind: Credit['kind'], title: string) => {
    const list = credits.filter((c) => c.kind === kind)
    if (!list.length) return
    items.push(
      ...textLines([{ text: title, format: { ...ctx.format, bold: true } }], ctx, {
        spaceBefore: ctx.style.paragraphGap,
        keep: true,
      }),
    )
    for (const credit of list) {
      const { name, statements, source } = creditWords(credit, ctx.words)
      const [first, ...more] = statements
      items.push(
        ...textLines(
          [
            { text: name, format: { ...ctx.format, bold: true } },
            { text: ` \u2014 ${first ?? ''}`, format: ctx.format },
          ],
          ctx,
          { spaceBefore: ctx.style.paragraphGap * 0.5 },
        ),
      )
      for (const statement of more)
        items.push(...textLines([{ text: statement, format: ctx.format }], ctx, { spaceBefore: 0 }))
      items.push(...textLines([{ text: source, format: small }], ctx, { spaceBefore: 0 }))
    }
  }
  group('font', ctx.words.typefaces)
  group('icons', ctx.words.icons)
  items.push(spacer(ctx.style.paragraphGap, []))
  items.push(
    ...textLines([{ text: madeWithLine(ctx.words, drawnBy), format: small }], ctx, {
      spaceBefore: ctx.style.paragraphGap,
    }),
  )
  return items
}

/** Lays out items on as many pages as they need; each page draws them within the margins. */
export const flowPages = (items: FlowItem[], style: BookletStyle): Placed[][] => {
  const pages = paginate(items, style.margin.top, style.page.height - style.margin.bottom)
  return pages.length ? pages : [[]]
}

export const drawPlaced = (doc: PDFKit.PDFDocument, placed: Placed[], style: BookletStyle): void =>
  drawPage(doc, placed, style.margin.left)

/** The page number, centred in the bottom margin. */
export const pageNumber = (doc: PDFKit.PDFDocument, style: BookletStyle, page: number): void => {
  const text = String(page)
  doc.font(FONT.body).fontSize(style.small.size).fillColor(COLOUR.muted)
  const width = doc.widthOfString(text)
  const contentCentre = style.margin.left + (style.page.width - style.margin.left - style.margin.right) / 2
  doc.text(text, contentCentre - width / 2, style.page.height - style.margin.bottom / 2, {
    lineBreak: false,
    baseline: 'alphabetic',
  })
}

/**
 * The running head of a rules page: the current section on the outer side (right on odd pages, left on even
 * ones) in its tint, the game's title on the inner side, a hairline under both.
 */
export const runningHead = (
  doc: PDFKit.PDFDocument,
  style: BookletStyle,
  page: number,
  title: string,
  section: Section | undefined,
): void => {
  const size = style.small.size * 0.95
  const baseline = style.margin.top * 0.5
  const left = style.margin.left
  const right = style.page.width - style.margin.right
  const odd = page % 2 === 1
  const place = (text: string, font: string, colour: string, outer: boolean) => {
    doc.font(font).fontSize(size).fillColor(colour)
    const w = doc.widthOfString(text, { characterSpacing: 0.4 })
    const atRight = outer === odd
    doc.text(text, atRight ? right - w : left, baseline, {
      lineBreak: false,
      baseline: 'alphabetic',
      characterSpacing: 0.4,
    })
  }
  if (section) place(section.title.toUpperCase(), FONT.bold, section.tint, true)
  if (title) place(title, FONT.italic, COLOUR.muted, false)
  doc
    .moveTo(left, baseline + size * 0.55)
    .lineTo(right, baseline + size * 0.55)
    .lineWidth(0.4)
    .stroke(COLOUR.rule)
}

/**
 * Drafts: the author's notes in the right margin, beside the first block that follows them in the file, stacked
 * so that they never overlap; a short tick in the text margin shows where each belongs.
 */
export const marginNotes = (
  doc: PDFKit.PDFDocument,
  notes: Array<{ note: RulesNote; y: number }>,
  style: BookletStyle,
  measure: BlockContext['measure'],
): void => {
  const size = style.small.size * 0.85
  const x = style.page.width - style.margin.right + 8
  const width = style.margin.right - 8 - style.margin.left * 0.6
  let cursor = 0
  for (const { note, y } of notes) {
    const format: TextFormat = { bold: false, italic: false, size, color: COLOUR.note }
    const label: Run = { text: note.kind === 'todo' ? 'TODO ' : 'NOTE ', format: { ...format, bold: true } }
    const lines = breakLines([label, { text: `${note.text} (line ${note.line})`, format }], width, measure)
    const top = Math.max(y, cursor)
    doc
      .moveTo(x - 5, y + 2)
      .lineTo(x - 2, y + 2)
      .lineWidth(0.8)
      .stroke(COLOUR.note)
    lines.forEach((line, i) => drawLine(doc, line, x, top + size + i * size * 1.3, size))
    cursor = top + lines.length * size * 1.3 + size * 0.8
  }
}
