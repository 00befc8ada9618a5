import { stopPoint } from '../util/stop-point.ts'
import { requireCommonJs } from '../util/commonjs.ts'

const satori = (requireCommonJs('satori') as typeof import('satori')).default
import type { GameDef } from '../engine/define.ts'
import { deckOf } from '../engine/decks.ts'
import { baseFonts, loadFont } from '../render/fonts/fonts.ts'
import type { GameFaces } from '../render/store/game-faces.ts'
import type { StoredFace } from '../render/store/face-store.ts'
import { blit, draw, drawTrimmed, keepPixels, pixelKey, pngOf, readPixels, sizeOf, type Pixels } from './compose.ts'

/** Overview pixels per millimetre of card: a poker card is 191×267 px, eight to a row… */
const SCALE = 3
/** …unless the sheet would be larger than this: a game of many faces gets smaller ones. */
const MAX_PIXELS = 12_000_000
const GAP = 14
const PAD = 32
const LABEL = 20
const COLUMNS = 8
const WIDTH = 2 * PAD + COLUMNS * Math.round(63.5 * SCALE) + (COLUMNS - 1) * GAP
const PAPER_HEX = '#ecebe7'

interface Tile {
  thumb: Pixels
  label: string
  note?: string
  x: number
  y: number
}

interface Text {
  x: number
  y: number
  width: number
  size: number
  text: string
  bold?: boolean
  color: string
  family?: string
}

/** Every tile and text of the sheet, placed: a header, then each section's heading and its tiles, row by row. */
const layout = (title: string, subtitle: string, sections: Section[]) => {
  const tiles: Tile[] = []
  const texts: Text[] = [
    { x: PAD, y: PAD - 10, width: WIDTH - 2 * PAD, size: 30, text: title, color: '#1b1b1b', family: 'Bitter' },
    { x: PAD, y: PAD + 28, width: WIDTH - 2 * PAD, size: 15, text: subtitle, color: '#555555' },
  ]
  let y = PAD + 56
  for (const section of sections) {
    texts.push({ x: PAD, y, width: WIDTH - 2 * PAD, size: 17, text: section.title, bold: true, color: '#222222' })
    y += 30
    let x = PAD
    let row = 0
    for (const t of section.thumbs) {
      if (x > PAD && x + t.thumb.width > WIDTH - PAD) {
        x = PAD
        y += row + LABEL + GAP
        row = 0
      }
      tiles.push({ ...t, x, y })
      texts.push({
        x,
        y: y + t.thumb.height + 3,
        width: t.thumb.width - (t.note ? 30 : 0),
        size: 13,
        text: t.label,
        color: '#333333',
      })
      if (t.note)
        texts.push({
          x: x + t.thumb.width - 30,
          y: y + t.thumb.height + 3,
          width: 30,
          size: 13,
          text: t.note,
          bold: true,
          color: '#777777',
        })
      x += t.thumb.width + GAP
      row = Math.max(row, t.thumb.height)
    }
    y += row + LABEL + GAP + 8
  }
  return { tiles, texts, height: y + PAD - GAP - 8 }
}

/** A section of the sheet: a heading, and its faces with their labels. */
interface Section {
  title: string
  thumbs: { thumb: Pixels; label: string; note?: string }[]
}

/** Each card type's fronts under its name (its faces and cards counted), then the backs. */
const sectionsOf = (
  game: GameDef,
  faces: GameFaces,
  thumb: (face: StoredFace, type: string) => Pixels,
  backType: (name: string) => string,
): Section[] => {
  const sections: Section[] = []
  for (const [typeId, type] of Object.entries(game.types)) {
    const cards = faces.cards.filter((f) => f.card.type === typeId)
    if (cards.length === 0) continue
    const copies = cards.reduce((n, f) => n + f.card.qty, 0)
    sections.push({
      title: `${type.name} · ${cards.length} ${cards.length === 1 ? 'face' : 'faces'}${copies > cards.length ? `, ${copies} cards` : ''}`,
      thumbs: cards.map((f) => ({
        thumb: thumb(f.front, typeId),
        label: f.card.id,
        note: f.card.qty > 1 ? `×${f.card.qty}` : undefined,
      })),
    })
  }
  const backs = [...faces.backs].map(([name, back]) => ({ thumb: thumb(back, backType(name)), label: name }))
  if (backs.length) sections.push({ title: `Backs · ${backs.length}`, thumbs: backs })
  return sections
}

/** The sheet's words and frames, without the faces: drawn again only when the layout changes, not when a face does. */
const drawWords = async (tiles: Tile[], texts: Text[], height: number, radius: number): Promise<Pixels> =>
  draw(
    await satori(
      <div
        style={{
          display: 'flex',
          position: 'relative',
          width: WIDTH,
          height,
          background: PAPER_HEX,
          fontFamily: 'Inter',
        }}
      >
        {tiles.map((t, i) => (
          // A hairline frame: the face is set inside it afterwards.
          <div
            key={`f${i}`}
            style={{
              display: 'flex',
              position: 'absolute',
              left: t.x - 1,
              top: t.y - 1,
              width: t.thumb.width + 2,
              height: t.thumb.height + 2,
              borderRadius: radius + 1,
              background: '#a9a69f',
            }}
          />
        ))}
        {texts.map((t, i) => (
          <div
            key={`t${i}`}
            style={{
              display: 'flex',
              position: 'absolute',
              left: t.x,
              top: t.y,
              width: t.width,
              fontSize: t.size,
              fontWeight: t.bold ? 700 : 400,
              fontFamily: t.family ?? 'Inter',
              color: t.color,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            {t.text}
          </div>
        ))}
      </div>,
      {
        width: WIDTH,
        height,
        fonts: [baseFonts.body, baseFonts.bodyBold, baseFonts.heading]
          .map((spec) => loadFont(spec))
          .map((f) => ({ name: f.name, data: f.data, weight: f.weight, style: f.style })),
      },
    ),
  )

/**
 * A contact sheet of every face of a game, to look at at a glance: each card type's fronts under its name,
 * labelled with their ids (and copies), then the backs. Faces are cut to their trim, drawn again from
 * their SVG at true relative size, and set into the sheet pixel by pixel; satori draws the words (with
 * the bundled fonts, as paths) and resvg the sheet under them. Same bytes every build.
 */
export const renderOverview = async (
  game: GameDef,
  faces: GameFaces,
  bleedMm: number,
  cacheDir?: string,
  drawnBy?: string,
  signal?: AbortSignal,
): Promise<Buffer> => {
  // A back's type: the card's own for an own back, else the first type of its deck.
  const backType = (name: string) =>
    faces.cards.find((f) => f.back === name)?.card.type ??
    Object.keys(game.types).find((t) => deckOf(game, t) === name)!
  const all = [...faces.cards.map((f) => f.card.type), ...[...faces.backs.keys()].map((name) => backType(name))]
  const area = all.reduce((sum, type) => {
    const size = sizeOf(game, type)
    return sum + (size.widthMm * SCALE + GAP) * (size.heightMm * SCALE + LABEL + GAP)
  }, 0)
  const scale = Math.min(SCALE, Math.floor(SCALE * Math.sqrt(MAX_PIXELS / area) * 100) / 100)
  const thumb = (face: StoredFace, type: string) => {
    const size = sizeOf(game, type)
    return drawTrimmed(face, size, bleedMm, Math.round(size.widthMm * scale), cacheDir)
  }
  // Each thumbnail drawn ahead, a watch's newer change heard every few (a thumbnail is a face's PNG read and scaled).
  const thumbs = new Map<StoredFace, Pixels>()
  const faceTypes: [StoredFace, string][] = [
    ...faces.cards.map((f): [StoredFace, string] => [f.front, f.card.type]),
    ...[...faces.backs].map(([name, back]): [StoredFace, string] => [back, backType(name)]),
  ]
  for (const [i, [face, type]] of faceTypes.entries()) {
    if (i % 8 === 0) await stopPoint(signal)
    if (!thumbs.has(face)) thumbs.set(face, thumb(face, type))
  }
  const sections = sectionsOf(game, faces, (face, type) => thumbs.get(face) ?? thumb(face, type), backType)

  const { tiles, texts, height } = layout(
    game.title,
    `v${game.version} · ${faces.cards.length + faces.backs.size} faces${drawnBy ? ` · drawn with ${drawnBy}` : ''}`,
    sections,
  )
  const radius = Math.round(3 * scale)
  const key = pixelKey(
    'overview',
    JSON.stringify({ texts, tiles: tiles.map((t) => [t.x, t.y, t.thumb.width, t.thumb.height]), height }),
  )
  const sheet = readPixels(cacheDir, key) ?? keepPixels(cacheDir, key, await drawWords(tiles, texts, height, radius))
  for (const t of tiles) blit(sheet, t.thumb, t.x, t.y, radius)
  return pngOf(sheet)
}
