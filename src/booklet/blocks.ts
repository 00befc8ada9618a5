import type { BlockContext } from './context.ts'
import type { Image, List, RootContent } from 'mdast'
import { spacer, type FlowItem, type Frame } from './flow.ts'
import { htmlToParagraphs } from './html.ts'
import { imageBlock } from './pictures.ts'
import { baselineIn } from './inline.ts'
import { COLOUR, FONT } from './styles.ts'
import { gap, paragraph, textLines } from './text-items.ts'
import { heading } from './headings.ts'
import { table } from './tables.ts'

export type { BlockContext } from './context.ts'

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

export const renderBlock = (node: RootContent, ctx: BlockContext): FlowItem[] => {
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

/** The words of a raw HTML block, as a browser shows them (no typographer: Hugo passes HTML blocks through). */
const htmlBlock = (html: string, ctx: BlockContext): FlowItem[] =>
  htmlToParagraphs(html).flatMap((text) => textLines([{ text, format: ctx.format }], ctx, { spaceBefore: gap(ctx) }))

const BULLETS = ['\u2022', '\u2013', '\u2022']

const list = (node: List, ctx: BlockContext): FlowItem[] => {
  const indent = ctx.style.listIndent
  const tight = !node.spread && node.children.every((li) => !li.spread)
  const items: FlowItem[] = []
  const starts: number[] = []
  node.children.forEach((li, index) => {
    const inner: BlockContext = {
      ...ctx,
      x: ctx.x + indent,
      width: ctx.width - indent,
      listDepth: ctx.listDepth + 1,
      tight,
    }
    const itemGap =
      index === 0
        ? ctx.tight
          ? ctx.style.paragraphGap * 0.3
          : ctx.style.paragraphGap * 0.55
        : tight
          ? ctx.style.paragraphGap * 0.3
          : ctx.style.paragraphGap * 0.6
    const children = renderBlocks(li.children, inner, itemGap)
    if (!children.length) return
    const checkbox = li.checked === true ? '[x] ' : li.checked === false ? '[ ] ' : ''
    const marker = node.ordered
      ? `${(node.start ?? 1) + index}.`
      : checkbox
        ? checkbox.trim()
        : BULLETS[ctx.listDepth % BULLETS.length]!
    const first = children[0]!
    const draw = first.draw
    const format = ctx.format
    first.draw = (doc, left, top) => {
      const baseline = top + (first.baseline ?? baselineIn(first.height, format.size))
      doc
        .font(node.ordered ? FONT.body : FONT.bold)
        .fontSize(format.size)
        .fillColor(ctx.tint)
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
  const inner: BlockContext = {
    ...ctx,
    x: ctx.x + indent,
    width: ctx.width - indent,
    frames: [...ctx.frames, frame],
    format: { ...ctx.format, color: COLOUR.muted },
  }
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
    doc
      .moveTo(left + ctx.x + ctx.width * 0.3, y)
      .lineTo(left + ctx.x + ctx.width * 0.7, y)
      .lineWidth(0.6)
      .stroke(COLOUR.rule)
  },
})

/** Code keeps its lines (it is rare in rules; we have no monospaced font, so it is Inter on a grey ground). */
const codeBlock = (value: string, ctx: BlockContext): FlowItem[] => {
  const pad = ctx.style.boxPadding * 0.7
  const frame: Frame = {
    x: ctx.x,
    width: ctx.width,
    draw: (doc, r) => void doc.roundedRect(r.x, r.y, r.width, r.height, 2).fill(COLOUR.codeBackground),
  }
  const inner: BlockContext = { ...ctx, x: ctx.x + pad, width: ctx.width - 2 * pad, frames: [...ctx.frames, frame] }
  // No-break spaces keep blank lines and indentation, which line breaking would otherwise fold away.
  const keep = (text: string) => text.replace(/^ +/, (m) => '\u00a0'.repeat(m.length)) || '\u00a0'
  const format = { ...ctx.format, size: ctx.style.small.size }
  const lines = value
    .split('\n')
    .flatMap((text) =>
      textLines([{ text: keep(text), format }], inner, { spaceBefore: 0, leading: ctx.style.small.leading }),
    )
  return [
    spacer(pad, inner.frames, { spaceBefore: gap(ctx), keepWithNext: true, opens: frame }),
    ...lines,
    spacer(pad, inner.frames, { closes: frame, discardable: true }),
  ]
}
