import type { PhrasingContent } from 'mdast'
import type { Shortcode } from '../shortcodes/tree.ts'
import { baselineIn, headingFormat, paragraph, renderBlocks, subHeading, type BlockContext } from './blocks.ts'
import { spacer, type FlowItem, type Frame } from './flow.ts'
import { breakLines, drawLine, type InlineShortcode, type Run, type TextFormat } from './inline.ts'
import { COLOUR, FONT, tintColour } from './styles.ts'
import { smarten } from './typography.ts'
import { exampleItem } from './example.ts'

/**
 * One renderer per shortcode of the rules vocabulary (the Hugo theme's `layouts/shortcodes/*.html`), in a plain
 * object so that adding one is adding a line. Images and drawn examples come later: for now they are labelled
 * placeholders, so that the layout already leaves them room.
 */
export type ShortcodeRenderer = (node: Shortcode, ctx: BlockContext) => FlowItem[]

const param = (node: Shortcode, name: string, position?: number): string | undefined => {
  const value = node.params[name] ?? (position !== undefined ? node.positional[position] : undefined)
  return value === undefined ? undefined : String(value)
}

const PHRASING = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break', 'link', 'linkReference', 'image', 'imageReference', 'footnoteReference', 'shortcode'])

export const blockShortcodes: Record<string, ShortcodeRenderer> = {
  /** A section of the rules: a heading band in its tint; nested, a sub-heading. */
  'rules-block': (node, ctx) => {
    const tint = tintColour(node.params['icontint'], ctx.tint)
    const heading = param(node, 'heading', 0)
    const inner: BlockContext = { ...ctx, tint, depth: ctx.depth + 1 }
    const items: FlowItem[] = []
    if (heading) {
      const runs: Run[] = [{ text: smarten(heading), format: { ...headingFormat(inner), color: tint } }]
      items.push(...(ctx.depth === 0 ? headingBand(runs, inner) : subHeading(runs, inner)))
    }
    items.push(...renderBlocks(node.children, inner, heading ? ctx.style.paragraphGap * (ctx.depth === 0 ? 0.9 : 0.4) : undefined))
    return items
  },

  /** A side note: a light box. */
  remark: (node, ctx) =>
    box(ctx, { fill: COLOUR.remarkFill, border: COLOUR.remarkBorder }, (inner) => renderBlocks(node.children, inner, 0)),

  /** An illustration beside its text on the web; on an A5 page it goes above the text. */
  'rules-double-view': (node, ctx) => {
    const text = renderBlocks(node.children, ctx, ctx.style.paragraphGap)
    // The picture belongs to its text: it never ends a page the text starts after.
    return [{ ...placeholder(ctx, 'Image', param(node, 'alt') ?? '', param(node, 'src')), keepWithNext: text.length > 0 }, ...text]
  },

  'rules-image': (node, ctx) => [placeholder(ctx, 'Image', param(node, 'alt') ?? '', param(node, 'src'))],

  /** An example drawn from real card data (later); for now a box that names it. */
  /** The example the game's definition names by this id, drawn with the real card faces. */
  'rules-example': (node, ctx) => {
    const id = param(node, 'id', 0) ?? ''
    const example = ctx.examples?.[id]
    if (example) return [exampleItem(example, ctx)]
    ctx.report('rules/unknown-example', 'warning', ctx.examples ? `The game defines no example "${id}" (its examples: ${Object.keys(ctx.examples).join(', ') || 'none'}); a placeholder is printed.` : `"${id}" names an example, but this rules file belongs to no game; a placeholder is printed.`, node.position)
    return [placeholder(ctx, 'Example', `Example: ${id}`.trim(), undefined, 0.28)]
  },
}

/** Any shortcode in a block position: a known renderer, else its content and a warning. */
export const renderShortcode = (node: Shortcode, ctx: BlockContext): FlowItem[] => {
  const render = blockShortcodes[node.name]
  if (render) return render(node, ctx)
  ctx.report('rules/unknown-shortcode', 'warning', `The booklet does not know the shortcode "${node.name}"; its content is printed without its styling.`, node.position)
  if (node.children.length) return renderBlocks(node.children, ctx)
  if (node.value?.trim()) return paragraph([{ type: 'text', value: node.value }], ctx, ctx.style.paragraphGap)
  return []
}

/** A shortcode inside a paragraph: its content as text (images and examples as a bracketed label). */
export const inlineShortcode =
  (report: BlockContext['report']): InlineShortcode =>
  (node, format, toRuns) => {
    if (node.name === 'rules-image' || node.name === 'rules-double-view' || node.name === 'rules-example') {
      const label = node.name === 'rules-example' ? `Example: ${param(node, 'id', 0) ?? ''}` : `Image: ${param(node, 'alt') ?? param(node, 'src') ?? ''}`
      return [{ text: `[${label.trim()}]`, format: { ...format, italic: true, color: COLOUR.muted } }]
    }
    if (!blockShortcodes[node.name]) {
      report('rules/unknown-shortcode', 'warning', `The booklet does not know the shortcode "${node.name}"; its content is printed without its styling.`, node.position)
    }
    const phrasing = node.children.flatMap((c): PhrasingContent[] => (c.type === 'paragraph' ? c.children : PHRASING.has(c.type) ? [c as PhrasingContent] : []))
    if (phrasing.length) return toRuns(phrasing, format)
    return node.value ? [{ text: node.value.replace(/\s+/g, ' '), format }] : []
  }

/** The heading of a top-level rules-block: a band in the block's tint with the heading in white. */
const headingBand = (runs: Run[], ctx: BlockContext): FlowItem[] => {
  const { blockHeading } = ctx.style
  const padX = 8
  const white: Run[] = runs.map((r) => ('text' in r ? { ...r, format: { ...r.format, size: blockHeading.size, color: '#ffffff' } } : r))
  const lines = breakLines(white, ctx.width - 2 * padX, ctx.measure)
  const leading = blockHeading.size * 1.25
  const height = Math.max(blockHeading.band, lines.length * leading + (blockHeading.band - leading))
  const tint = ctx.tint
  return [
    {
      height,
      spaceBefore: ctx.style.paragraphGap * 2.6,
      keepWithNext: true,
      frames: ctx.frames,
      draw: (doc, left, top) => {
        const x = left + ctx.x
        doc.roundedRect(x, top, ctx.width, height, 3).fill(tint)
        const first = top + (height - lines.length * leading) / 2
        lines.forEach((line, i) => drawLine(doc, line, x + padX, first + i * leading + baselineIn(leading, blockHeading.size), blockHeading.size))
      },
    },
  ]
}

/** A padded box around blocks; split across pages, each piece is drawn open on the side where it continues. */
const box = (ctx: BlockContext, look: { fill: string; border: string }, content: (inner: BlockContext) => FlowItem[]): FlowItem[] => {
  const pad = ctx.style.boxPadding
  const frame: Frame = {
    x: ctx.x,
    width: ctx.width,
    draw: (doc, r, { opens, closes }) => {
      if (opens && closes) {
        doc.roundedRect(r.x, r.y, r.width, r.height, 3).lineWidth(0.75).fillAndStroke(look.fill, look.border)
        return
      }
      // A piece of a box split across pages stays open at the cut, so it reads as "continued".
      doc.rect(r.x, r.y, r.width, r.height).fill(look.fill)
      doc.lineWidth(0.75).strokeColor(look.border)
      doc.moveTo(r.x, r.y).lineTo(r.x, r.y + r.height).moveTo(r.x + r.width, r.y).lineTo(r.x + r.width, r.y + r.height).stroke()
      if (opens) doc.moveTo(r.x, r.y).lineTo(r.x + r.width, r.y).stroke()
      if (closes) doc.moveTo(r.x, r.y + r.height).lineTo(r.x + r.width, r.y + r.height).stroke()
    },
  }
  const frames = [...ctx.frames, frame]
  const inner: BlockContext = { ...ctx, x: ctx.x + pad, width: ctx.width - 2 * pad, frames }
  const items = content(inner)
  if (!items.length) return []
  return [
    spacer(pad * 0.8, frames, { spaceBefore: ctx.style.paragraphGap * 1.2, keepWithNext: true, opens: frame }),
    ...items,
    spacer(pad * 0.8, frames, { closes: frame, discardable: true }),
  ]
}

/**
 * A placeholder for an image or example: a dashed, labelled box with the alt text, as tall as the picture may be
 * (`ratio` of the width), so that pages already break where they will once pictures are drawn.
 */
const placeholder = (ctx: BlockContext, label: string, text: string, src: string | undefined, ratio = 0.42): FlowItem => {
  const small: TextFormat = { ...ctx.format, size: ctx.style.small.size, italic: true, bold: false, color: COLOUR.muted }
  const pad = ctx.style.boxPadding
  const lines = breakLines([{ text: smarten(text), format: small }], ctx.width - 4 * pad, ctx.measure)
  const leading = ctx.style.small.leading
  const height = Math.max(ctx.width * ratio, lines.length * leading + 5 * pad)
  const caption = src ? `${label.toUpperCase()} \u00b7 ${src}` : label.toUpperCase()
  return {
    height,
    spaceBefore: ctx.style.paragraphGap * 1.2,
    frames: ctx.frames,
    draw: (doc, left, top) => {
      const x = left + ctx.x
      doc.roundedRect(x, top, ctx.width, height, 3).fill(COLOUR.placeholderFill)
      doc.roundedRect(x + 0.5, top + 0.5, ctx.width - 1, height - 1, 3).lineWidth(0.75).dash(3, { space: 2 }).stroke(COLOUR.placeholderBorder).undash()
      doc.font(FONT.bold).fontSize(ctx.style.small.size * 0.85).fillColor(COLOUR.faint)
      doc.text(caption, x + pad, top + pad + ctx.style.small.size * 0.85, { lineBreak: false, baseline: 'alphabetic' })
      const first = top + (height - lines.length * leading) / 2
      lines.forEach((line, i) => drawLine(doc, line, x + (ctx.width - line.width) / 2, first + i * leading + baselineIn(leading, small.size), small.size))
    },
  }
}
