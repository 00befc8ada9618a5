import type { GameDef } from '../engine/define.ts'
import type { CardSize } from '../engine/card-sizes.ts'
import type { OutputFile } from './output-cache.ts'
import { deckOf } from '../engine/decks.ts'
import type { GameFaces } from '../render/store/game-faces.ts'
import type { StoredFace } from '../render/store/face-store.ts'
import { blit, drawTrimmed, pngOf, sizeOf, type Pixels } from './compose.ts'
import { groupBy } from '../util/group-by.ts'

/** Tabletop Simulator's custom decks: a face sheet of at most 10×7 cards. */
export const TTS_COLUMNS = 10
export const TTS_ROWS = 7
/** Each sheet at most 4096 px on a side: what every Tabletop Simulator version and graphics card loads. */
export const TTS_MAX_PX = 4096

/** A cell's width in px for a card size: ten across and seven down fit within the limit. */
export const cellWidth = (widthMm: number, heightMm: number): number =>
  Math.floor(Math.min(TTS_MAX_PX / TTS_COLUMNS, (TTS_MAX_PX / TTS_ROWS) * (widthMm / heightMm)))

/** One sheet of a deck as it is laid out: its cards slot by slot, the back in the last slot. */
export interface TtsSheet {
  file: string
  columns: number
  rows: number
  /** Every copy of every card on the sheet, in slot order (row by row from the top left). */
  cards: GameFaces['cards']
  /** The back: one image for the whole deck, or a sheet of each card's own back (Unique Backs). */
  back: string
  uniqueBacks: boolean
}

/** A deck (types shuffled together share one) and the sheets it is laid out on. */
export interface TtsDeck {
  deck: string
  /** The deck's card size (its first type's). */
  size: CardSize
  sheets: TtsSheet[]
}

/**
 * How a game's decks are laid out on Tabletop Simulator sheets, without drawing them: every copy of every
 * card (a card with `qty: 3` takes three slots, so the imported deck is the real deck), up to 69 cards a
 * sheet (a larger deck is split evenly), the deck's back in the last slot of each sheet. The sheets and the
 * saved object are both made from it.
 */
export const ttsLayout = (game: GameDef, faces: GameFaces): TtsDeck[] => {
  const decks = groupBy(faces.cards, (f) => deckOf(game, f.card.type))
  return [...decks].map(([deck, cards]) => {
    const own = cards.some((f) => f.back === f.card.id)
    const copies = cards.flatMap((f) => Array<typeof f>(f.card.qty).fill(f))
    // Sheets as even as can be (70 cards: 35 and 35, not 69 and a lone 1), each with one slot for the back.
    const perSheet = Math.ceil(copies.length / Math.ceil(copies.length / (TTS_COLUMNS * TTS_ROWS - 1)))
    const sheets: TtsSheet[] = []
    for (let first = 0, n = 1; first < copies.length; first += perSheet, n++) {
      const chunk = copies.slice(first, first + perSheet)
      // As few rows as the slots need, and the columns to match; never fewer than 2×2, the dialog's least.
      const rows = Math.max(2, Math.ceil((chunk.length + 1) / TTS_COLUMNS))
      const columns = Math.max(2, Math.ceil((chunk.length + 1) / rows))
      sheets.push({
        file: `${deck}-${n}.png`,
        columns,
        rows,
        cards: chunk,
        back: own ? `${deck}-${n}-backs.png` : `${deck}-back.png`,
        uniqueBacks: own,
      })
    }
    return { deck, size: sizeOf(game, cards[0]!.card.type), sheets }
  })
}

const blank = (width: number, height: number, grey = 255): Pixels => ({
  data: new Uint8Array(width * height * 4).fill(grey),
  width,
  height,
})

/**
 * Tabletop Simulator sheets of a game, one set per deck, as `ttsLayout` lays them out. The back is also
 * its own file; a deck whose cards have their own backs gets a sheet of backs slot for slot. Faces are cut
 * to their trim and drawn again from their SVG at the cell size. (The README and the saved object, which
 * name where the sheets are, are made beside them: `ttsReadme`, `ttsObject`.)
 */
export const ttsSheets = (game: GameDef, faces: GameFaces, bleedMm: number, cacheDir?: string): OutputFile[] => {
  const files: OutputFile[] = []
  for (const { deck, size, sheets } of ttsLayout(game, faces)) {
    const width = cellWidth(size.widthMm, size.heightMm)
    const drawn = new Map<string, Pixels>()
    const cell = (key: string, face: StoredFace) => {
      if (!drawn.has(key)) drawn.set(key, drawTrimmed(face, size, bleedMm, width, cacheDir))
      return drawn.get(key)!
    }
    const first = sheets[0]!.cards[0]!
    const sharedBack = sheets[0]!.uniqueBacks ? undefined : cell(`back:${first.back}`, faces.backs.get(first.back)!)
    const height = (sharedBack ?? cell(`front:${first.card.id}`, first.front)).height
    if (sharedBack) files.push({ name: `tts/${deck}-back.png`, data: pngOf(sharedBack) })
    for (const { file, columns, rows, cards, back, uniqueBacks } of sheets) {
      const place = (sheet: Pixels, slot: number, image: Pixels) =>
        blit(sheet, image, (slot % columns) * width, Math.floor(slot / columns) * height)
      const sheet = blank(columns * width, rows * height)
      cards.forEach((f, i) => place(sheet, i, cell(`front:${f.card.id}`, f.front)))
      // The last slot: the back, for hidden cards; a deck of own backs has no one back, so a grey card.
      place(sheet, columns * rows - 1, sharedBack ?? blank(width, height, 0x99))
      files.push({ name: `tts/${file}`, data: pngOf(sheet) })
      if (uniqueBacks) {
        const backs = blank(columns * width, rows * height)
        cards.forEach((f, i) => place(backs, i, cell(`back:${f.back}`, faces.backs.get(f.back)!)))
        files.push({ name: `tts/${back}`, data: pngOf(backs) })
      }
    }
  }
  return files
}

/** Where the saved object finds the sheets, as the README tells it. */
export interface TtsObjectNote {
  /** The saved object's file name in `tts/`. */
  file: string
  /** The address the sheets are under (`https://…/`), or none: the files in this folder, on this machine. */
  url?: string
}

/** What to type into the Custom Deck dialog for each sheet, and how to load every deck at once from the saved object. */
export const ttsReadme = (game: GameDef, decks: TtsDeck[], object: TtsObjectNote, drawnBy?: string): string => {
  const sheets = decks.flatMap((d) => d.sheets)
  const wide = Math.max(...sheets.map((s) => s.file.length), 4)
  const rows = sheets.map(
    (s) =>
      `  ${s.file.padEnd(wide)}  Width ${String(s.columns).padStart(2)}  Height ${s.rows}  Number ${String(s.cards.length).padStart(2)}  Back ${s.back}${s.uniqueBacks ? '  (Unique Backs on)' : ''}`,
  )
  return [
    `${game.title} v${game.version}: decks for Tabletop Simulator${drawnBy ? ` (faces drawn with ${drawnBy})` : ''}`,
    '',
    `Every deck at once: copy ${object.file} into Tabletop Simulator's Saved Objects folder (Windows:`,
    'Documents/My Games/Tabletop Simulator/Saves/Saved Objects; macOS: ~/Library/Tabletop Simulator/Saves/Saved Objects;',
    `Linux: ~/.local/share/Tabletop Simulator/Saves/Saved Objects), then in the game Objects > Saved Objects >`,
    `${object.file.replace(/\.json$/, '')}: every deck lands on the table, face down, each card named, at its own size.`,
    ...(object.url
      ? [`It finds the sheets under ${object.url}: upload every .png of this folder there, as they are named.`]
      : [
          'It finds the sheets in this folder on this machine (file:/// addresses): on another machine, or',
          'after moving the folder, build again there, or upload the sheets and build with --tts-url <address>.',
        ]),
    '',
    'One deck by hand: Objects > Components > Cards > Custom Deck, then for each sheet:',
    '  Face: the sheet (upload it, or give its file:/// path)   Back: the file named below',
    '  Width, Height, Number: as below   Sideways: off   Back is Hidden: on or off (the last slot of',
    '  every sheet holds the back as well, so a card in another hand shows its back either way)',
    'Every copy of a card has its own slot: the imported deck is the deck the game plays with.',
    'Decks of smaller cards import by hand at the same size as the others: scale them in the game.',
    '',
    ...rows,
    '',
  ].join('\n')
}
