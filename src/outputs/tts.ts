import type { GameDef } from '../engine/define.ts'
import type { OutputFile } from './output-cache.ts'
import { deckOf } from '../engine/decks.ts'
import type { GameFaces } from '../render/store/game-faces.ts'
import type { StoredFace } from '../render/store/face-store.ts'
import { blit, drawTrimmed, pngOf, sizeOf, type Pixels } from './compose.ts'

/** Tabletop Simulator's custom decks: a face sheet of at most 10×7 cards. */
export const TTS_COLUMNS = 10
export const TTS_ROWS = 7
/** Each sheet at most 4096 px on a side: what every Tabletop Simulator version and graphics card loads. */
export const TTS_MAX_PX = 4096

export interface TtsSheet {
  file: string
  columns: number
  rows: number
  cards: number
  /** The back: one image for the whole deck, or a sheet of each card's own back (Unique Backs). */
  back: string
  uniqueBacks: boolean
}

/** A cell's width in px for a card size: ten across and seven down fit within the limit. */
export const cellWidth = (widthMm: number, heightMm: number): number =>
  Math.floor(Math.min(TTS_MAX_PX / TTS_COLUMNS, (TTS_MAX_PX / TTS_ROWS) * (widthMm / heightMm)))

const blank = (width: number, height: number, grey = 255): Pixels => ({
  data: new Uint8Array(width * height * 4).fill(grey),
  width,
  height,
})

/**
 * Tabletop Simulator sheets of a game, one set per deck (types shuffled together share one): every copy
 * of every card (a card with `qty: 3` takes three slots, so the imported deck is the real deck), up to 69
 * cards a sheet (a larger deck is split evenly), and the deck's back in the last slot of each sheet, which Tabletop Simulator shows for a
 * card in someone else's hand. The back is also its own file. Faces are cut to their trim and drawn
 * again from their SVG at the cell size. A README.txt says what to type into the Custom Deck dialog.
 */
export const ttsSheets = (
  game: GameDef,
  faces: GameFaces,
  bleedMm: number,
  cacheDir?: string,
  drawnBy?: string,
): OutputFile[] => {
  const decks = new Map<string, GameFaces['cards']>()
  for (const f of faces.cards) {
    const deck = deckOf(game, f.card.type)
    decks.set(deck, [...(decks.get(deck) ?? []), f])
  }
  const files: OutputFile[] = []
  const sheets: TtsSheet[] = []
  for (const [deck, cards] of decks) {
    const size = sizeOf(game, cards[0]!.card.type)
    const width = cellWidth(size.widthMm, size.heightMm)
    const drawn = new Map<string, Pixels>()
    const cell = (key: string, face: StoredFace) => {
      if (!drawn.has(key)) drawn.set(key, drawTrimmed(face, size, bleedMm, width, cacheDir))
      return drawn.get(key)!
    }
    const own = cards.some((f) => f.back === f.card.id)
    const sharedBack = own ? undefined : cell(`back:${cards[0]!.back}`, faces.backs.get(cards[0]!.back)!)
    const height = (sharedBack ?? cell(`front:${cards[0]!.card.id}`, cards[0]!.front)).height
    if (sharedBack) files.push({ name: `tts/${deck}-back.png`, data: pngOf(sharedBack) })
    const copies = cards.flatMap((f) => Array<typeof f>(f.card.qty).fill(f))
    // Sheets as even as can be (70 cards: 35 and 35, not 69 and a lone 1), each with one slot for the back.
    const perSheet = Math.ceil(copies.length / Math.ceil(copies.length / (TTS_COLUMNS * TTS_ROWS - 1)))
    for (let first = 0, n = 1; first < copies.length; first += perSheet, n++) {
      const chunk = copies.slice(first, first + perSheet)
      // As few rows as the slots need, and the columns to match; never fewer than 2×2, the dialog's least.
      const rows = Math.max(2, Math.ceil((chunk.length + 1) / TTS_COLUMNS))
      const columns = Math.max(2, Math.ceil((chunk.length + 1) / rows))
      const place = (sheet: Pixels, slot: number, image: Pixels) =>
        blit(sheet, image, (slot % columns) * width, Math.floor(slot / columns) * height)
      const sheet = blank(columns * width, rows * height)
      chunk.forEach((f, i) => place(sheet, i, cell(`front:${f.card.id}`, f.front)))
      // The last slot: the back, for hidden cards; a deck of own backs has no one back, so a grey card.
      place(sheet, columns * rows - 1, sharedBack ?? blank(width, height, 0x99))
      const file = `${deck}-${n}.png`
      files.push({ name: `tts/${file}`, data: pngOf(sheet) })
      if (own) {
        const backs = blank(columns * width, rows * height)
        chunk.forEach((f, i) => place(backs, i, cell(`back:${f.back}`, faces.backs.get(f.back)!)))
        files.push({ name: `tts/${deck}-${n}-backs.png`, data: pngOf(backs) })
      }
      sheets.push({
        file,
        columns,
        rows,
        cards: chunk.length,
        back: own ? `${deck}-${n}-backs.png` : `${deck}-back.png`,
        uniqueBacks: own,
      })
    }
  }
  files.push({ name: 'tts/README.txt', data: ttsReadme(game, sheets, drawnBy) })
  return files
}

const ttsReadme = (game: GameDef, sheets: TtsSheet[], drawnBy?: string): string => {
  const wide = Math.max(...sheets.map((s) => s.file.length), 4)
  const rows = sheets.map(
    (s) =>
      `  ${s.file.padEnd(wide)}  Width ${String(s.columns).padStart(2)}  Height ${s.rows}  Number ${String(s.cards).padStart(2)}  Back ${s.back}${s.uniqueBacks ? '  (Unique Backs on)' : ''}`,
  )
  return [
    `${game.title} v${game.version}: decks for Tabletop Simulator${drawnBy ? ` (faces drawn with ${drawnBy})` : ''}`,
    '',
    'Objects > Components > Cards > Custom Deck, then for each sheet:',
    '  Face: the sheet (upload it, or give its file:/// path)   Back: the file named below',
    '  Width, Height, Number: as below   Sideways: off   Back is Hidden: on or off (the last slot of',
    '  every sheet holds the back as well, so a card in another hand shows its back either way)',
    'Every copy of a card has its own slot: the imported deck is the deck the game plays with.',
    'Decks of smaller cards import at the same size as the others: scale them in the game.',
    '',
    ...rows,
    '',
  ].join('\n')
}
