import type { PhrasingContent } from 'mdast'
import { paramOf, type Shortcode } from '../shortcodes/node.ts'
import { remarkParse, unified } from '../vendor/markdown.ts'
import { renderBlocks, type BlockContext } from './blocks.ts'
import { headingBand, headingFormat, openSection, subHeading } from './headings.ts'
import { runsOf, textLines } from './text-items.ts'
import { exampleItem } from './example.ts'
import { spacer, type FlowItem, type Frame } from './flow.ts'
import { htmlToParagraphs } from './html.ts'
import { iconPaths } from './icons.ts'
import type { InlineShortcode } from './inline.ts'
import { drawPicture, imageBlock, pictureOf, placeholder } from './pictures.ts'
import { COLOUR, tintColour } from './styles.ts'
import { typographer, type QuoteMarks } from './typography.ts'
import { bookletWords, headingOf, shortcodeProblems } from './check.ts'
import type { BookletShortcode } from '../shortcodes/vocabulary.ts'

const markdown = unified().use(remarkParse)

/**
 * One renderer per shortcode of the rules vocabulary (the Hugo theme's `layouts/shortcodes/*.html`), in a plain
 * object so that adding one is adding a line. Extra parameters a renderer does not use (`class=`, `id=`…) are
 * ignored, as a template that does not read them ignores them.
 */
export type ShortcodeRenderer = (node: Shortcode, ctx: BlockContext) => FlowItem[]

const PHRASING = new Set([
  'text',
  'emphasis',
  'strong',
  'delete',
  'inlineCode',
  'break',
  'link',
  'linkReference',
  'image',
  'imageReference',
  'footnoteReference',
  'shortcode',
  'html',
])

/** The share of the width a double view gives its picture: `split="40"`, `"40%"`, `"0.4"` or `"2/5"`; default 40 %. */
export const splitShare = (value: unknown): number => {
  const text = String(value ?? '').trim()
  const fraction = /^(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/.exec(text)
  let share = fraction ? Number(fraction[1]) / Number(fraction[2]) : Number.parseFloat(text)
  if (!fraction && share > 1) share /= 100
  return Number.isFinite(share) && share > 0 ? Math.min(0.7, Math.max(0.2, share)) : 0.4
}

export const blockShortcodes: Record<BookletShortcode, ShortcodeRenderer> = {
  /** A section of the rules: at the top a heading band in its tint with its icon; nested, a sub-heading. */
  'rules-block': (node, ctx) => {
    const tint = tintColour(node.params['icontint'], ctx.tint)
    // `title=` and the like are taken for `heading=` too (with a warning): a heading is never dropped.
    const heading = paramOf(node, 'heading', 0) ?? headingOf(node)
    const inner: BlockContext = {
      ...ctx,
      tint,
      depth: ctx.depth + 1,
      inMarkdown: ctx.inMarkdown || node.delimiter === '%',
    }
    const items: FlowItem[] = []
    if (heading) {
      // The heading is markdown too (the theme's `{{%` template renders it): `code`, *emphasis*, typographer.
      const runs = runsOf(inlineMarkdown(heading, ctx.quotes), { ...headingFormat(inner), color: tint }, inner)
      const title = runs
        .map((r) => ('text' in r ? r.text : ' '))
        .join('')
        .replace(/\s+/g, ' ')
        .trim()
      const top = ctx.depth === 0 && ctx.frames.length === 0
      items.push(
        ...(top
          ? headingBand(runs, inner, openSection(title, inner), iconPaths(node.params['icon']))
          : subHeading(runs, inner)),
      )
    }
    items.push(
      ...renderBlocks(
        node.children,
        inner,
        heading ? ctx.style.paragraphGap * (ctx.depth === 0 ? 0.9 : 0.4) : undefined,
      ),
    )
    return items
  },

  /** A side note: a light box. */
  remark: (node, ctx) =>
    box(markdownIn(node, ctx), { fill: COLOUR.remarkFill, border: COLOUR.remarkBorder }, (inner) =>
      renderBlocks(node.children, inner, 0),
    ),

  /** A picture beside its text (`split=` sets the picture's share, `class="reverse"` puts it on the right). */
  'rules-double-view': (node, ctx) => doubleView(node, markdownIn(node, ctx)),

  'rules-image': (node, ctx) => imageBlock(paramOf(node, 'src', 0), paramOf(node, 'alt', 1) ?? '', ctx, node.position),

  /** The example the game's definition names by this id, drawn with the real card faces. */
  'rules-example': (node, ctx) => {
    const id = paramOf(node, 'id', 0) ?? ''
    const example = ctx.examples?.[id]
    if (example) return [exampleItem(example, ctx)]
    ctx.report(
      'rules/unknown-example',
      'warning',
      bookletWords.unknownExample(id, ctx.examples && Object.keys(ctx.examples)),
      node.position,
    )
    return [placeholder(ctx, ctx.words.example, `${ctx.words.example}: ${id}`.trim(), undefined, 0.28)]
  },
}

const rendererOf = (name: string): ShortcodeRenderer | undefined =>
  Object.hasOwn(blockShortcodes, name) ? blockShortcodes[name as BookletShortcode] : undefined

/** A shortcode the booklet has no renderer for: a warning at it (its content is printed plainly). */
const unknown = (node: Shortcode, ctx: Pick<BlockContext, 'report'>) =>
  ctx.report('rules/unknown-shortcode', 'warning', bookletWords.unknownShortcode(node.name), node.position)

/**
 * Any shortcode in a block position: a known renderer, else its content and a warning. Like a template printing
 * `.Inner`: a `{{% %}}` pair's markdown is rendered, a `{{< >}}` pair's text shown as it is.
 */
export const renderShortcode = (node: Shortcode, ctx: BlockContext): FlowItem[] => {
  for (const p of shortcodeProblems(node)) ctx.report(p.rule, 'warning', p.message, node.position)
  const render = rendererOf(node.name)
  if (render) return render(node, ctx)
  unknown(node, ctx)
  if (node.name.endsWith('.inline')) return []
  // What it names (heading="Dragon") is printed as a heading above its content: the page's names never vanish.
  const heading = headingOf(node)
  const named = heading ? subHeading(runsOf(inlineMarkdown(heading, ctx.quotes), headingFormat(ctx), ctx), ctx) : []
  return [...named, ...unknownContent(node, ctx)]
}

/** An unknown shortcode's content, as Hugo would insert its `.Inner`. */
const unknownContent = (node: Shortcode, ctx: BlockContext): FlowItem[] => {
  // Hugo inserts a `{{< >}}` output in the page as it is, unless a `{{% %}}` around it has it rendered as markdown.
  if (node.delimiter === '<' && !ctx.inMarkdown) {
    return htmlToParagraphs(node.value ?? '').flatMap((text) =>
      textLines([{ text, format: ctx.format }], ctx, { spaceBefore: ctx.style.paragraphGap }),
    )
  }
  return renderBlocks(node.children, markdownIn(node, ctx))
}

const markdownIn = (node: Shortcode, ctx: BlockContext): BlockContext =>
  node.delimiter === '%' && !ctx.inMarkdown ? { ...ctx, inMarkdown: true } : ctx

/** A parameter written in markdown (a heading), as phrasing content with Hugo's typographer applied. */
const inlineMarkdown = (text: string, quotes: QuoteMarks): PhrasingContent[] => {
  const tree = typographer(markdown.parse(text), text, quotes)
  const first = tree.children[0]
  return first && 'children' in first ? (first.children as PhrasingContent[]) : [{ type: 'text', value: text }]
}

/** A shortcode inside a paragraph: its content as text (pictures and examples as a bracketed label). */
export const inlineShortcode =
  (report: BlockContext['report']): InlineShortcode =>
  (node, format, toRuns, inMarkdown) => {
    if (node.name === 'rules-image' || node.name === 'rules-double-view' || node.name === 'rules-example') {
      const label =
        node.name === 'rules-example'
          ? `Example: ${paramOf(node, 'id', 0) ?? ''}`
          : `Image: ${paramOf(node, 'alt') ?? paramOf(node, 'src') ?? ''}`
      return [{ text: `[${label.trim()}]`, format: { ...format, italic: true, color: COLOUR.muted } }]
    }
    for (const p of shortcodeProblems(node)) report(p.rule, 'warning', p.message, node.position)
    // An unknown shortcode's heading, in bold before its content.
    const heading = rendererOf(node.name) ? undefined : headingOf(node)
    const named = heading ? [{ text: `${heading} `, format: { ...format, bold: true } }] : []
    if (!rendererOf(node.name)) {
      unknown(node, { report })
      if (node.name.endsWith('.inline')) return []
      if (node.delimiter === '<' && !inMarkdown)
        return [...named, ...(node.value ? [{ text: htmlToParagraphs(node.value).join(' '), format }] : [])]
    }
    const phrasing = node.children.flatMap((c): PhrasingContent[] =>
      c.type === 'paragraph' ? c.children : PHRASING.has(c.type) ? [c as PhrasingContent] : [],
    )
    return [...named, ...toRuns(phrasing, format)]
  }

/**
 * `rules-double-view`: the picture in a column beside the text. The first lines of text stay on the picture's page
 * (the picture is drawn with them), and the text column is made at least as tall as the picture.
 */
const doubleView = (node: Shortcode, ctx: BlockContext): FlowItem[] => {
  const src = paramOf(node, 'src', 0)
  const alt = paramOf(node, 'alt', 1) ?? ''
  if (!node.children.length) return imageBlock(src, alt, ctx, node.position)
  const gutter = ctx.style.paragraphGap * 1.6
  const pictureWidth = (ctx.width - gutter) * splitShare(node.params['split'])
  const right = /\b(reverse|right|image-right|flip)\b/i.test(String(node.params['class'] ?? ''))
  const pictureX = right ? ctx.x + ctx.width - pictureWidth : ctx.x
  const textCtx: BlockContext = {
    ...ctx,
    x: right ? ctx.x : ctx.x + pictureWidth + gutter,
    width: ctx.width - pictureWidth - gutter,
  }
  const image = pictureOf(src, ctx, node.position)
  const contentHeight = ctx.style.page.height - ctx.style.margin.top - ctx.style.margin.bottom
  let w = pictureWidth
  let h = image ? (w * image.height) / image.width : w * 0.75
  if (h > contentHeight * 0.6) {
    h = contentHeight * 0.6
    if (image) w = (h * image.width) / image.height
  }
  // Blocks that start beside the picture take the text column; those that start below it, the full width.
  const text: FlowItem[] = []
  let beside = 0
  for (const child of node.children) {
    const wide = beside >= h
    const items = renderBlocks([child], wide ? ctx : textCtx, text.length ? undefined : 0)
    if (!wide)
      beside += items.reduce((sum, item, i) => sum + (i || text.length ? item.spaceBefore : 0) + item.height, 0)
    text.push(...items)
  }
  if (!text.length)
    return image ? imageBlock(src, alt, ctx, node.position) : [placeholder(ctx, ctx.words.image, alt, src)]
  const stand = image ? undefined : placeholder({ ...ctx, x: pictureX }, ctx.words.image, alt, src, h / w, w)
  if (beside < h) text.push(spacer(h - beside, ctx.frames))
  // Keep the lines beside the picture on its page.
  let covered = 0
  for (let i = 0; i < text.length && covered < h; i++) {
    covered += (i ? text[i]!.spaceBefore : 0) + text[i]!.height
    if (covered < h) text[i]!.keepWithNext = true
  }
  const first = text[0]!
  const drawText = first.draw
  first.spaceBefore = ctx.style.paragraphGap * 1.2
  first.draw = (doc, left, top) => {
    if (image) drawPicture(doc, image, left + pictureX + (pictureWidth - w) / 2, top, w, h)
    else stand!.draw(doc, left, top)
    drawText(doc, left, top)
  }
  return text
}

/** A padded box around blocks; split across pages, each piece is drawn open on the side where it continues. */
const box = (
  ctx: BlockContext,
  look: { fill: string; border: string },
  content: (inner: BlockContext) => FlowItem[],
): FlowItem[] => {
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
      doc
        .moveTo(r.x, r.y)
        .lineTo(r.x, r.y + r.height)
        .moveTo(r.x + r.width, r.y)
        .lineTo(r.x + r.width, r.y + r.height)
        .stroke()
      if (opens)
        doc
          .moveTo(r.x, r.y)
          .lineTo(r.x + r.width, r.y)
          .stroke()
      if (closes)
        doc
          .moveTo(r.x, r.y + r.height)
          .lineTo(r.x + r.width, r.y + r.height)
          .stroke()
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
