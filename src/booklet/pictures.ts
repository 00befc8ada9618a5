import { bookletWords } from './check.ts'
import type { Position } from 'unist'
import type { BlockContext } from './context.ts'
export type { PictureContext } from './context.ts'
import type { FlowItem } from './flow.ts'
import type { BookletImage } from './images.ts'
import { drawImage } from '../pdf/images.ts'
import { baselineIn, breakLines, drawLine, type TextFormat } from './inline.ts'
import { COLOUR } from './styles.ts'

/** The pictures of a document, read before layout (see images.ts). */
/** Draws a picture into the box (x, y, w, h). */
export const drawPicture = (
  doc: PDFKit.PDFDocument,
  image: BookletImage,
  x: number,
  y: number,
  w: number,
  h: number,
): void => {
  drawImage(doc, image.data, x, y, { width: w, height: h })
}

/** The picture of a source, or undefined after reporting why it is missing (the caller prints a placeholder). */
export const pictureOf = (
  src: string | undefined,
  ctx: BlockContext,
  position: Position | undefined,
): BookletImage | undefined => {
  if (!src) {
    ctx.report('rules/missing-image', 'warning', bookletWords.noSource, position)
    return undefined
  }
  const image = ctx.pictures.images.get(src)
  if (image) return image
  const why = ctx.pictures.problems.get(src) ?? 'it was not read'
  ctx.report('rules/missing-image', 'warning', bookletWords.missingPicture(src, why), position)
  return undefined
}

/** A picture as wide as the column (at most `maxHeight` tall), or a placeholder when it cannot be drawn. */
export const imageBlock = (
  src: string | undefined,
  alt: string,
  ctx: BlockContext,
  position: Position | undefined,
  maxHeightShare = 0.5,
): FlowItem[] => {
  const image = pictureOf(src, ctx, position)
  if (!image) return [placeholder(ctx, ctx.words.image, alt, src)]
  const contentHeight = ctx.style.page.height - ctx.style.margin.top - ctx.style.margin.bottom
  const maxHeight = contentHeight * maxHeightShare
  // Never wider than the picture is at 96 dpi (a small picture blown up looks worse than a small picture).
  let w = Math.min(ctx.width, image.width * 0.75)
  let h = (w * image.height) / image.width
  if (h > maxHeight) {
    h = maxHeight
    w = (h * image.width) / image.height
  }
  return [
    {
      height: h,
      spaceBefore: ctx.style.paragraphGap * 1.2,
      frames: ctx.frames,
      draw: (doc, left, top) => drawPicture(doc, image, left + ctx.x + (ctx.width - w) / 2, top, w, h),
    },
  ]
}

/**
 * A placeholder for a picture or example: a dashed, labelled box with the alt text, as tall as the picture may be
 * (`ratio` of the width), so that pages already break where they will once pictures are drawn.
 */
export const placeholder = (
  ctx: BlockContext,
  label: string,
  text: string,
  src: string | undefined,
  ratio = 0.42,
  width = ctx.width,
): FlowItem => {
  const small: TextFormat = {
    ...ctx.format,
    size: ctx.style.small.size,
    italic: true,
    bold: false,
    color: COLOUR.muted,
  }
  const pad = ctx.style.boxPadding
  const lines = breakLines([{ text, format: small }], width - 2 * pad, ctx.measure)
  const leading = ctx.style.small.leading
  const height = Math.max(width * ratio, lines.length * leading + 5 * pad)
  const captionSize = ctx.style.small.size * 0.85
  const caption = breakLines(
    [
      {
        text: src ? `${label.toUpperCase()} \u00b7 ${src}` : label.toUpperCase(),
        format: { ...small, italic: false, bold: true, size: captionSize, color: COLOUR.faint },
      },
    ],
    width - 2 * pad,
    ctx.measure,
  )[0]
  return {
    height,
    spaceBefore: ctx.style.paragraphGap * 1.2,
    frames: ctx.frames,
    draw: (doc, left, top) => {
      const x = left + ctx.x
      doc.roundedRect(x, top, width, height, 3).fill(COLOUR.placeholderFill)
      doc
        .roundedRect(x + 0.5, top + 0.5, width - 1, height - 1, 3)
        .lineWidth(0.75)
        .dash(3, { space: 2 })
        .stroke(COLOUR.placeholderBorder)
        .undash()
      if (caption) drawLine(doc, caption, x + pad, top + pad + captionSize * 0.85, captionSize)
      const first = top + (height - lines.length * leading) / 2
      lines.forEach((line, i) =>
        drawLine(
          doc,
          line,
          x + (width - line.width) / 2,
          first + i * leading + baselineIn(leading, small.size),
          small.size,
        ),
      )
    },
  }
}
