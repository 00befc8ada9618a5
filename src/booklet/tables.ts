import type { Table } from 'mdast'
import type { BlockContext } from './context.ts'
import type { FlowItem } from './flow.ts'
import { baselineIn, breakLines, drawLine, type Line, type TextFormat } from './inline.ts'
import { COLOUR } from './styles.ts'
import { gap, lineWidth, runsOf } from './text-items.ts'

/** A simple grid: columns sized by their content, a bold shaded header row, hairline borders. Rows do not split. */
export const table = (node: Table, ctx: BlockContext): FlowItem[] => {
  const pad = 3
  const small: TextFormat = { ...ctx.format, size: ctx.style.small.size }
  const rows = node.children.map((row, r) =>
    row.children.map((cell) => runsOf(cell.children, r === 0 ? { ...small, bold: true } : small, ctx)),
  )
  const columns = Math.max(...rows.map((r) => r.length))
  const natural = Array.from({ length: columns }, (_, c) =>
    Math.max(12, ...rows.map((r) => lineWidth(r[c] ?? [], ctx) + 2 * pad)),
  )
  const total = natural.reduce((a, b) => a + b, 0)
  // Share the width in proportion to content, but never squeeze a column below a fair minimum.
  const widths = natural.map((w) =>
    total <= ctx.width ? (w / total) * ctx.width : Math.max(Math.min(w, ctx.width / columns), (w / total) * ctx.width),
  )
  const scale = ctx.width / widths.reduce((a, b) => a + b, 0)
  for (let i = 0; i < widths.length; i++) widths[i]! *= scale
  const leading = ctx.style.small.leading
  return rows.map((cells, r): FlowItem => {
    const lines: Line[][] = widths.map((w, c) => breakLines(cells[c] ?? [], w - 2 * pad, ctx.measure, ctx.hyphenate))
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
            const dx =
              align === 'right' ? w - 2 * pad - line.width : align === 'center' ? (w - 2 * pad - line.width) / 2 : 0
            drawLine(doc, line, x + pad + dx, top + pad + i * leading + baselineIn(leading, small.size), small.size)
          })
          x += w
        })
        doc.lineWidth(0.5).strokeColor(COLOUR.rule)
        doc.rect(left + ctx.x, top, ctx.width, height).stroke()
        let cx = left + ctx.x
        for (const w of widths.slice(0, -1)) {
          cx += w
          doc
            .moveTo(cx, top)
            .lineTo(cx, top + height)
            .stroke()
        }
      },
    }
  })
}
