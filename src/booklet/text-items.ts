import type { PhrasingContent } from 'mdast'
import type { BlockContext } from './context.ts'
import type { FlowItem } from './flow.ts'
import { baselineIn, breakLines, drawLine, phrasingToRuns, type Run, type TextFormat } from './inline.ts'

// Words set as flow items: the lines every block is made of.

/** The space before a block: less in a tight list. */
export const gap = (ctx: BlockContext) => (ctx.tight ? ctx.style.paragraphGap * 0.3 : ctx.style.paragraphGap)

/** Runs of a paragraph's inline content, shortcodes included. */
export const runsOf = (nodes: PhrasingContent[], format: TextFormat, ctx: BlockContext): Run[] =>
  phrasingToRuns(nodes, format, (node, f, toRuns) => ctx.inlineShortcode(node, f, toRuns, ctx.inMarkdown))

/**
 * Lines of text as items, one per line so that paragraphs may break across pages: never leaving a single first
 * line at a page's foot (orphan) nor a single last line at a page's head (widow).
 */
export const textLines = (
  runs: Run[],
  ctx: BlockContext,
  options: { spaceBefore: number; leading?: number; align?: 'left' | 'center'; keep?: boolean },
): FlowItem[] => {
  const size = Math.max(ctx.format.size, ...runs.map((r) => ('format' in r ? r.format.size : 0)))
  const leading = options.leading ?? size * (ctx.style.body.leading / ctx.style.body.size)
  const lines = breakLines(runs, ctx.width, ctx.measure, ctx.hyphenate)
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

/** The width of runs set on one line. */
export const lineWidth = (runs: Run[], ctx: BlockContext): number =>
  Math.max(0, ...breakLines(runs, Infinity, ctx.measure).map((l) => l.width))
