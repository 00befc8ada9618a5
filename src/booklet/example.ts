import type { GameDef } from '../engine/define.ts'
import { typeSize } from '../engine/card-sizes.ts'
import type { GameFaces } from '../render/store/game-faces.ts'
import type { BlockContext, BookletExample } from './context.ts'
export type { BookletExample, ExampleCard } from './context.ts'
import type { FlowItem } from './flow.ts'
import { FONT, COLOUR } from './styles.ts'
import { mmToPt } from '../util/units.ts'
import { drawImage, type ImageSource } from '../pdf/images.ts'

const GAP = 6
const MAX_CARD_WIDTH = mmToPt(38)

/** A row of real card faces, scaled to fit the column, with the example's title below. */
export const exampleItem = (example: BookletExample, ctx: BlockContext): FlowItem => {
  const n = example.cards.length
  const widest = Math.max(...example.cards.map((c) => c.widthMm))
  const scale = Math.min(MAX_CARD_WIDTH / mmToPt(widest), (ctx.width - GAP * (n - 1)) / n / mmToPt(widest))
  const sizes = example.cards.map((c) => ({
    w: mmToPt(c.widthMm) * scale,
    h: mmToPt(c.heightMm) * scale,
    bleed: mmToPt(c.bleedMm) * scale,
  }))
  const rowHeight = Math.max(...sizes.map((s) => s.h))
  const rowWidth = sizes.reduce((sum, s) => sum + s.w, 0) + GAP * (n - 1)
  const captionSize = ctx.style.small.size
  const height = rowHeight + (example.title ? captionSize * 2.2 : 0)
  return {
    height,
    spaceBefore: ctx.style.paragraphGap * 1.2,
    frames: ctx.frames,
    draw: (doc, left, top) => {
      let x = left + ctx.x + (ctx.width - rowWidth) / 2
      example.cards.forEach((card, i) => {
        const { w, h, bleed } = sizes[i]!
        const y = top + (rowHeight - h) / 2
        doc.save()
        // Cards are shown trimmed, with rounded corners, as they lie on the table.
        doc.roundedRect(x, y, w, h, mmToPt(3) * scale).clip()
        if (card.turned) doc.rotate(180, { origin: [x + w / 2, y + h / 2] })
        drawImage(doc, card.png, x - bleed, y - bleed, { width: w + 2 * bleed, height: h + 2 * bleed })
        doc.restore()
        doc
          .roundedRect(x, y, w, h, mmToPt(3) * scale)
          .lineWidth(0.5)
          .stroke(COLOUR.placeholderBorder)
        x += w + GAP
      })
      if (example.title) {
        doc.font(FONT.italic).fontSize(captionSize).fillColor(COLOUR.muted)
        doc.text(example.title, left + ctx.x, top + rowHeight + captionSize * 0.7, {
          width: ctx.width,
          align: 'center',
          lineBreak: false,
        })
      }
    },
  }
}

/**
 * The game's examples (`examples` of its definition: which cards, which half turned up) with faces already drawn;
 * cards that were not drawn (another set) are left out, and an example left with no card is left out too (the
 * booklet prints a placeholder for it).
 */
export const examplesFromFaces = (
  game: GameDef,
  faces: Pick<GameFaces, 'cards'>,
  bleedMm: number,
): Record<string, BookletExample> => {
  const byId = new Map(faces.cards.map((f) => [f.card.id, f]))
  const examples = Object.entries(game.examples ?? {}).map(([id, example]): [string, BookletExample] => [
    id,
    {
      title: example.title,
      cards: example.cards.flatMap((cardId, i) => {
        const face = byId.get(cardId)
        const size = face && typeSize(game, face.card.type)
        return face && size
          ? [
              {
                png: face.front.png,
                widthMm: size.widthMm,
                heightMm: size.heightMm,
                bleedMm,
                turned: example.turned?.[i] === 'second',
              },
            ]
          : []
      }),
    },
  ])
  return Object.fromEntries(examples.filter(([, e]) => e.cards.length > 0))
}
