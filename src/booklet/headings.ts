import type { PhrasingContent } from 'mdast'
import type { BlockContext } from './context.ts'
import type { FlowItem, Section } from './flow.ts'
import { drawIcon, type IconPaths } from './icons.ts'
import { baselineIn, breakLines, drawLine, type Run, type TextFormat } from './inline.ts'
import { FONT } from './styles.ts'
import { runsOf, textLines } from './text-items.ts'

/** Starts a top-level section: its heading item carries it (contents, running heads, bookmarks). */
export const openSection = (title: string, ctx: BlockContext): Section => {
  const section: Section = { title, tint: ctx.tint, index: ctx.sections.length }
  ctx.sections.push(section)
  return section
}

/**
 * Markdown headings: outside any rules-block, level 1–2 open a section (a heading band, like a rules-block's);
 * inside one, level 1–2 look like a nested rules-block's sub-heading; deeper ones are bold text.
 */
export const heading = (children: PhrasingContent[], depth: number, ctx: BlockContext): FlowItem[] => {
  if (depth <= 2 && ctx.depth === 0 && ctx.listDepth === 0 && ctx.frames.length === 0) {
    const runs = runsOf(children, headingFormat(ctx), ctx)
    const title = runs
      .map((r) => ('text' in r ? r.text : ' '))
      .join('')
      .trim()
    return headingBand(runs, ctx, title ? openSection(title, ctx) : undefined)
  }
  if (depth <= 2) return subHeading(runsOf(children, headingFormat(ctx), ctx), ctx)
  return textLines(runsOf(children, { ...ctx.format, bold: true }, ctx), ctx, {
    spaceBefore: ctx.style.paragraphGap * 1.4,
    keep: true,
  })
}

export const headingFormat = (ctx: BlockContext): TextFormat => ({
  ...ctx.format,
  bold: true,
  italic: false,
  font: FONT.heading,
  size: ctx.style.subHeading.size,
  color: ctx.tint,
})

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
  const white: Run[] = runs.map((r) =>
    'text' in r
      ? {
          ...r,
          format: {
            ...r.format,
            font: FONT.heading,
            bold: true,
            italic: false,
            size: blockHeading.size,
            color: '#ffffff',
          },
        }
      : r,
  )
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
        lines.forEach((line, i) =>
          drawLine(
            doc,
            line,
            x + textX,
            first + i * leading + baselineIn(leading, blockHeading.size),
            blockHeading.size,
          ),
        )
      },
    },
  ]
}
