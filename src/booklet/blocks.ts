import type { BlockContext } from './context.ts'
import type { FootnoteDefinition, Image, List, Nodes, Parent, PhrasingContent, Root, RootContent, Table } from 'mdast'
import type { Position } from 'unist'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Shortcode } from '../shortcodes/tree.ts'
import { spacer, type FlowItem, type Frame, type Section } from './flow.ts'
import { htmlToParagraphs } from './html.ts'
import { imageBlock } from './pictures.ts'
import { baselineIn, breakLines, drawLine, phrasingToRuns, type InlineShortcode, type Line, type Measure, type Run, type TextFormat } from './inline.ts'
import { drawIcon, type IconPaths } from './icons.ts'
import { COLOUR, FONT, type BookletStyle } from './styles.ts'

export type { BlockContext } from './context.ts'

/** Starts a top-level section: its heading item carries it (contents, running heads, bookmarks). */
export const openSection = (title: string, ctx: BlockContext): Section => {
  const section: Section = { title, tint: ctx.tint, index: ctx.sections.length }
  ctx.sections.push(section)
  return section
}

/** Lays out a list of blocks; the first keeps the gap the caller asks for (`firstGap`), the rest their own. */
export const renderBlocks = (nodes: RootContent[], ctx: BlockContext, firstGap?: number): FlowItem[] => {
  const items: FlowItem[] = []
  let previous: RootContent | undefined
  for (const node of nodes) {
    const block = renderBlock(node, ctx)
    if (!block.length) continue
    block[0]!.line ??= node.position?.start.line
    if (!items.length && firstGap !== undefined) block[0]!.spaceBefore = firstGap
    // A paragraph that introduces a list ("Furthermore," "How?") stays with the list's first entry.
    if (node.type === 'list' && previous?.type === 'paragraph') items[items.length - 1]!.keepWithNext = true
    items.push(...block)
    previous = node
  }
  return items
}

const gap = (ctx: BlockContext) => (ctx.tight ? ctx.style.paragraphGap * 0.3 : ctx.style.paragraphGap)

const renderBlock = (node: RootContent, ctx: BlockContext): FlowItem[] => {
  switch (node.type) {
    case 'paragraph': {
      // A paragraph that only holds pictures shows them as pictures.
      const pictures = node.children.filter((c) => !(c.type === 'text' && !c.value.trim()) && !(c.type === 'break'))
      if (pictures.length && pictures.every((c): c is Image => c.type === 'image')) {
        return pictures.flatMap((image) => imageBlock(image.url, image.alt ?? '', ctx, image.position))
      }
      return paragraph(node.children, ctx, gap(ctx))
    }
    case 'html':
      return htmlBlock(node.value, ctx)
    case 'heading':
      return heading(node.children, node.depth, ctx)
    case 'list':
      return list(node, ctx)
    case 'blockquote':
      return blockquote(node.children, ctx)
    case 'table':
      return table(node, ctx)
    case 'code':
      return codeBlock(node.value, ctx)
    case 'thematicBreak':
      return [rule(ctx)]
    case 'shortcode':
      return ctx.shortcode(node, ctx)
    // Link definitions and front matter are never printed.
    default:
      return []
  }
}

/** Runs of a paragraph's inline content, shortcodes included. */
export const runsOf = (nodes: PhrasingContent[], format: TextFormat, ctx: BlockContext): Run[] =>
  phrasingToRuns(nodes, format, (node, f, toRuns) => ctx.inlineShortcode(node, f, toRuns, ctx.inMarkdown))

export { baselineIn }

/**
 * Lines of text as items, one per line so that paragraphs may break across pages: never leaving a single first
 * line at a page's foot (orphan) nor a single last line at a page's head (widow).
 */
export const textLines = (runs: Run[], ctx: BlockContext, options: { spaceBefore: number; leading?: number; align?: 'left' | 'center'; keep?: boolean }): FlowItem[] => {
  const size = Math.max(ctx.format.size, ...runs.map((r) => ('format' in r ? r.format.size : 0)))
  const leading = options.leading ?? size * (ctx.style.body.leading / ctx.style.body.size)
  const lines = breakLines(runs, ctx.width, ctx.measure)
  const baseline = baselineIn(leading, size)
  const { x, width } = ctx
  const items = lines.map(
    (line, i): FlowItem => ({
      height: leading,
      spaceBefore: i === 0 ? options.spaceBefore : 0,
      keepWithNext: options.keep || (i === 0 && lines.length > 1) || (i === lines.length - 2 && lines.length > 2),
      frames: ctx.frames,
      baseline,
      draw: (doc, left, top) => {
        const dx = options.align === 'center' ? (width - line.width) / 2 : 0
        drawLine(doc, line, left + x + dx, top + baseline, size)
      },
    }),
  )
  return items
}

export const paragraph = (children: PhrasingContent[], ctx: BlockContext, spaceBefore: number): FlowItem[] =>
  textLines(runsOf(children, ctx.format, ctx), ctx, { spaceBefore })

/** The words of a raw HTML block, as a browser shows them (no typographer: Hugo passes HTML blocks through). */
const htmlBlock = (html: string, ctx: BlockContext): FlowItem[] =>
  htmlToParagraphs(html).flatMap((text) => textLines([{ text, format: ctx.format }], ctx, { spaceBefore: gap(ctx) }))

/**
 * Markdown headings: outside any rules-block, level 1–2 open a section (a heading band, like a rules-block's);
 * inside one, level 1–2 look like a nested rules-block's sub-heading; deeper ones are bold text.
 */
const heading = (children: PhrasingContent[], depth: number, ctx: BlockContext): FlowItem[] => {
  if (depth <= 2 && ctx.depth === 0 && ctx.listDepth === 0 && ctx.frames.length === 0) {
    const runs = runsOf(children, headingFormat(ctx), ctx)
    const title = runs.map((r) => ('text' in r ? r.text : ' ')).join('').trim()
    return headingBand(runs, ctx, title ? openSection(title, ctx) : undefined)
  }
  if (depth <= 2) return subHeading(runsOf(children, headingFormat(ctx), ctx), ctx)
  return textLines(runsOf(children, { ...ctx.format, bold: true }, ctx), ctx, { spaceBefore: ctx.style.paragraphGap * 1.4, keep: true })
}

export const headingFormat = (ctx: BlockContext): TextFormat => ({ ...ctx.format, bold: true, italic: false, font: FONT.heading, size: ctx.style.subHeading.size, color: ctx.tint })

/** A sub-heading: Bitter in the block's tint with a short bar of that tint at its left. */
export const subHeading = (runs: Run[], ctx: BlockContext): FlowItem[] => {
  const bar = 3
  const indent = 8
  const inner = { ...ctx, x: ctx.x + indent, width: ctx.width - indent }
  const lines = textLines(runs, inner, { spaceBefore: ctx.style.paragraphGap * 2, keep: true })
  return lines.map((item) => ({
    ...item,
    draw: (doc, left, top) => {
      doc.rect(left + ctx.x, top + item.height * 0.18, bar, item.height * 0.7).fill(ctx.tint)
      item.draw(doc, left, top)
    },
  }))
}

/**
 * The heading of a section: a band in the block's tint with the heading in white, and the block's icon (if any)
 * at its left. The band carries the section, so contents, running heads and bookmarks find it.
 */
export const headingBand = (runs: Run[], ctx: BlockContext, section?: Section, icon?: IconPaths): FlowItem[] => {
  const { blockHeading } = ctx.style
  const padX = 8
  const iconSize = blockHeading.size * 1.25
  const textX = padX + (icon ? iconSize + 6 : 0)
  const white: Run[] = runs.map((r) => ('text' in r ? { ...r, format: { ...r.format, font: FONT.heading, bold: true, italic: false, size: blockHeading.size, color: '#ffffff' } } : r))
  const lines = breakLines(white, ctx.width - textX - padX, ctx.measure)
  const leading = blockHeading.size * 1.25
  const height = Math.max(blockHeading.band, lines.length * leading + (blockHeading.band - leading))
  const tint = ctx.tint
  if (icon) ctx.iconsUsed.add(icon.name)
  return [
    {
      height,
      spaceBefore: ctx.style.paragraphGap * 2.6,
      keepWithNext: true,
      frames: ctx.frames,
      section,
      draw: (doc, left, top) => {
        const x = left + ctx.x
        doc.roundedRect(x, top, ctx.width, height, 3).fill(tint)
        if (icon) drawIcon(doc, icon, x + padX, top + (height - iconSize) / 2, iconSize, '#ffffff')
        const first = top + (height - lines.length * leading) / 2
        lines.forEach((line, i) => drawLine(doc, line, x + textX, first + i * leading + baselineIn(leading, blockHeading.size), blockHeading.size))
      },
    },
  ]
}

const BULLETS = ['\u2022', '\u2013', '\u2022']

const list = (node: List, ctx: BlockContext): FlowItem[] => {
  const indent = ctx.style.listIndent
  const tight = !node.spread && node.children.every((li) => !li.spread)
  const items: FlowItem[] = []
  const starts: number[] = []
  node.children.forEach((li, index) => {
    const inner: BlockContext = { ...ctx, x: ctx.x + indent, width: ctx.width - indent, listDepth: ctx.listDepth + 1, tight }
    const itemGap = index === 0 ? (ctx.tight ? ctx.style.paragraphGap * 0.3 : ctx.style.paragraphGap * 0.55) : tight ? ctx.style.paragraphGap * 0.3 : ctx.style.paragraphGap * 0.6
    const children = renderBlocks(li.children, inner, itemGap)
    if (!children.length) return
    const checkbox = li.checked === true ? '[x] ' : li.checked === false ? '[ ] ' : ''
    const marker = node.ordered ? `${(node.start ?? 1) + index}.` : checkbox ? checkbox.trim() : BULLETS[ctx.listDepth % BULLETS.length]!
    const first = children[0]!
    const draw = first.draw
    const format = ctx.format
    first.draw = (doc, left, top) => {
      const baseline = top + (first.baseline ?? baselineIn(first.height, format.size))
      doc.font(node.ordered ? FONT.body : FONT.bold).fontSize(format.size).fillColor(ctx.tint)
      const w = doc.widthOfString(marker)
      // Bullets sit centred in the indent; numbers end just before the text.
      const mx = node.ordered || checkbox ? left + ctx.x + indent - w - 3 : left + ctx.x + (indent - w) / 2 - 1
      doc.text(marker, mx, baseline, { lineBreak: false, baseline: 'alphabetic' })
      draw(doc, left, top)
    }
    starts.push(items.length)
    items.push(...children)
  })
  // A list's last entry does not start a page alone: it takes the line before it along.
  const last = starts[starts.length - 1]
  if (starts.length > 1 && last !== undefined) items[last - 1]!.keepWithNext = true
  return items
}

/** A left bar and an indent, as Hugo's default theme shows a quote. */
const blockquote = (children: RootContent[], ctx: BlockContext): FlowItem[] => {
  const indent = 10
  const frame: Frame = {
    x: ctx.x,
    width: 2,
    draw: (doc, rect) => {
      doc.rect(rect.x, rect.y + 1, 2, rect.height - 2).fill(COLOUR.quoteBar)
    },
  }
  const inner: BlockContext = { ...ctx, x: ctx.x + indent, width: ctx.width - indent, frames: [...ctx.frames, frame], format: { ...ctx.format, color: COLOUR.muted } }
  const items = renderBlocks(children, inner, 0)
  if (items.length) items[0]!.spaceBefore = gap(ctx)
  return items
}

const rule = (ctx: BlockContext): FlowItem => ({
  height: ctx.style.body.leading,
  spaceBefore: gap(ctx),
  frames: ctx.frames,
  draw: (doc, left, top) => {
    const y = top + ctx.style.body.leading / 2
    doc.moveTo(left + ctx.x + ctx.width * 0.3, y).lineTo(left + ctx.x + ctx.width * 0.7, y).lineWidth(0.6).stroke(COLOUR.rule)
  },
})

/** Code keeps its lines (it is rare in rules; we have no monospaced font, so it is Inter on a grey ground). */
const codeBlock = (value: string, ctx: BlockContext): FlowItem[] => {
  const pad = ctx.style.boxPadding * 0.7
  const frame: Frame = { x: ctx.x, width: ctx.width, draw: (doc, r) => void doc.roundedRect(r.x, r.y, r.width, r.height, 2).fill(COLOUR.codeBackground) }
  const inner: BlockContext = { ...ctx, x: ctx.x + pad, width: ctx.width - 2 * pad, frames: [...ctx.frames, frame] }
  // No-break spaces keep blank lines and indentation, which line breaking would otherwise fold away.
  const keep = (text: string) => text.replace(/^ +/, (m) => '\u00a0'.repeat(m.length)) || '\u00a0'
  const format = { ...ctx.format, size: ctx.style.small.size }
  const lines = value.split('\n').flatMap((text) => textLines([{ text: keep(text), format }], inner, { spaceBefore: 0, leading: ctx.style.small.leading }))
  return [spacer(pad, inner.frames, { spaceBefore: gap(ctx), keepWithNext: true, opens: frame }), ...lines, spacer(pad, inner.frames, { closes: frame, discardable: true })]
}

/** A simple grid: columns sized by their content, a bold shaded header row, hairline borders. Rows do not split. */
const table = (node: Table, ctx: BlockContext): FlowItem[] => {
  const pad = 3
  const small: TextFormat = { ...ctx.format, size: ctx.style.small.size }
  const rows = node.children.map((row, r) => row.children.map((cell) => runsOf(cell.children, r === 0 ? { ...small, bold: true } : small, ctx)))
  const columns = Math.max(...rows.map((r) => r.length))
  const natural = Array.from({ length: columns }, (_, c) => Math.max(12, ...rows.map((r) => lineWidth(r[c] ?? [], ctx) + 2 * pad)))
  const total = natural.reduce((a, b) => a + b, 0)
  // Share the width in proportion to content, but never squeeze a column below a fair minimum.
  const widths = natural.map((w) => (total <= ctx.width ? (w / total) * ctx.width : Math.max(Math.min(w, ctx.width / columns), (w / total) * ctx.width)))
  const scale = ctx.width / widths.reduce((a, b) => a + b, 0)
  for (let i = 0; i < widths.length; i++) widths[i]! *= scale
  const leading = ctx.style.small.leading
  return rows.map((cells, r): FlowItem => {
    const lines: Line[][] = widths.map((w, c) => breakLines(cells[c] ?? [], w - 2 * pad, ctx.measure))
    const height = Math.max(1, ...lines.map((l) => l.length)) * leading + 2 * pad
    return {
      height,
      spaceBefore: r === 0 ? gap(ctx) : 0,
      keepWithNext: r === 0,
      frames: ctx.frames,
      draw: (doc, left, top) => {
        let x = left + ctx.x
        if (r === 0) doc.rect(x, top, ctx.width, height).fill(COLOUR.tableHeader)
        widths.forEach((w, c) => {
          const align = node.align?.[c]
          lines[c]!.forEach((line, i) => {
            const dx = align === 'right' ? w - 2 * pad - line.width : align === 'center' ? (w - 2 * pad - line.width) / 2 : 0
            drawLine(doc, line, x + pad + dx, top + pad + i * leading + baselineIn(leading, small.size), small.size)
          })
          x += w
        })
        doc.lineWidth(0.5).strokeColor(COLOUR.rule)
        doc.rect(left + ctx.x, top, ctx.width, height).stroke()
        let cx = left + ctx.x
        for (const w of widths.slice(0, -1)) {
          cx += w
          doc.moveTo(cx, top).lineTo(cx, top + height).stroke()
        }
      },
    }
  })
}

/** The width of runs set on one line. */
export const lineWidth = (runs: Run[], ctx: BlockContext): number => Math.max(0, ...breakLines(runs, Infinity, ctx.measure).map((l) => l.width))

/**
 * Footnotes go to the end, as Hugo puts them: numbered in the order they are first referred to, each reference
 * showing its number. Takes the definitions out of the tree and returns them in that order.
 */
export const takeFootnotes = (tree: Root): FootnoteDefinition[] => {
  const definitions = new Map<string, FootnoteDefinition>()
  const order: string[] = []
  const walk = (node: Nodes) => {
    if (node.type === 'footnoteReference' && !order.includes(node.identifier)) order.push(node.identifier)
    if (!('children' in node)) return
    const parent = node as Parent
    parent.children = parent.children.filter((child) => {
      if (child.type !== 'footnoteDefinition') return true
      definitions.set(child.identifier, child)
      return false
    })
    for (const child of parent.children) walk(child as Nodes)
  }
  walk(tree)
  for (const def of definitions.values()) for (const child of def.children) walk(child as Nodes)
  const numbered = order.filter((id) => definitions.has(id))
  const walkLabels = (node: Nodes) => {
    if (node.type === 'footnoteReference') node.label = String(numbered.indexOf(node.identifier) + 1 || '?')
    if ('children' in node) for (const child of node.children) walkLabels(child as Nodes)
  }
  walkLabels(tree)
  return numbered.map((id) => definitions.get(id)!)
}

/** The footnotes at the end of the rules: a short rule, then each note, numbered, in small type. */
export const footnoteItems = (definitions: FootnoteDefinition[], ctx: BlockContext): FlowItem[] => {
  if (!definitions.length) return []
  const small: BlockContext = { ...ctx, format: { ...ctx.format, size: ctx.style.small.size } }
  const list: List = { type: 'list', ordered: true, start: 1, spread: false, children: definitions.map((d) => ({ type: 'listItem', spread: false, children: d.children })) }
  const items = renderBlock(list, small)
  const rule: FlowItem = {
    height: ctx.style.paragraphGap,
    spaceBefore: ctx.style.paragraphGap * 2,
    keepWithNext: true,
    frames: [],
    draw: (doc, left, top) => void doc.moveTo(left, top + 2).lineTo(left + ctx.width * 0.3, top + 2).lineWidth(0.5).stroke(COLOUR.rule),
  }
  return [rule, ...items]
}
