// Tabletop Simulator's saved object: every deck of a game, on the sheets `ttsSheets` draws, in one file that
// the designer drops into the Saved Objects folder. The format is the game's own save format (JSON.NET),
// as Tabletop Simulator writes it when one saves an object: the fields it needs, each deck a `DeckCustom`
// (a `Deck` when it spans several sheets, a `Card` when it is one card), each sheet an entry of its
// `CustomDeck` keyed by a number, each card `CardID` = that number × 100 + its slot on the sheet.
import { createHash } from 'node:crypto'
import type { GameDef } from '../engine/define.ts'
import { cardName } from '../engine/card-name.ts'
import type { TtsDeck, TtsSheet } from './tts.ts'

/** Tabletop Simulator's table units between the centres of two decks side by side (a poker card is about 2.2 wide). */
const DECK_SPACING = 3
/** The card size Tabletop Simulator's card is at scale 1 (its proportions are a poker card's). */
const POKER_MM = { width: 63.5, height: 88.9 }

/**
 * The base address given with `--tts-url`, as the saved object puts it before each sheet's name: https only
 * (every player's Tabletop Simulator downloads the sheets from it: not over an unencrypted connection, nor
 * from a file on one machine), no query or fragment (the sheet's name goes after it), ending in `/`.
 * Throws a sentence saying what was expected.
 */
export const ttsBaseUrl = (text: string): string => {
  const expected = 'expected the https:// address you upload the sheets to, e.g. https://example.com/my-game/tts/'
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw new Error(`${expected}; got ${JSON.stringify(text)}`)
  }
  if (url.protocol !== 'https:') throw new Error(`${expected}; got a ${url.protocol.replace(/:$/, '')} address`)
  if (url.search || url.hash || url.username || url.password)
    throw new Error(`${expected}, without a query (?), a fragment (#) or a user name`)
  return url.href.endsWith('/') ? url.href : `${url.href}/`
}

/** What is wrong with a `ttsUrl` a library caller gave (`--tts-url` is checked as it is read), if anything. */
export const ttsUrlProblem = (url: string | undefined): string | undefined => {
  if (url === undefined) return undefined
  try {
    ttsBaseUrl(url)
    return undefined
  } catch (error) {
    return `ttsUrl: ${(error as Error).message}.`
  }
}

/** Six hex digits, as Tabletop Simulator's GUIDs are, made from what the object is: the same every build, none twice. */
const guids = (gameId: string) => {
  const used = new Set<string>()
  return (what: string): string => {
    for (let n = 0; ; n++) {
      const guid = createHash('sha256').update(`${gameId}\0${what}\0${n}`).digest('hex').slice(0, 6)
      if (!used.has(guid)) {
        used.add(guid)
        return guid
      }
    }
  }
}

const round = (n: number) => Math.round(n * 10_000) / 10_000

/** Where an object lies: on the table at `x`, face down, and sized to its card (a tarot card larger than a poker card). */
const transform = (x: number, deck: TtsDeck) => ({
  posX: round(x),
  posY: 1,
  posZ: 0,
  rotX: 0,
  rotY: 180,
  rotZ: 180,
  scaleX: round(deck.size.widthMm / POKER_MM.width),
  scaleY: 1,
  scaleZ: round(deck.size.heightMm / POKER_MM.height),
})

/** A sheet's entry in `CustomDeck`: its faces, its back (one image, or a sheet of each card's own back), its grid. */
const customDeck = (sheet: TtsSheet, url: (file: string) => string) => ({
  FaceURL: url(sheet.file),
  BackURL: url(sheet.back),
  NumWidth: sheet.columns,
  NumHeight: sheet.rows,
  // The back image, not the sheet's last slot, for a card in someone else's hand: the same picture for a shared
  // back (it is in both), and each card's own back for own backs (the last slot has none to show).
  BackIsHidden: true,
  UniqueBack: sheet.uniqueBacks,
  Type: 0,
})

/** The numbers of each deck's sheets in `CustomDeck`, 1 up across the game, so that no two sheets share one. */
const sheetNumbers = (decks: TtsDeck[]): number[][] => {
  let next = 1
  return decks.map((d) => d.sheets.map(() => next++))
}

/**
 * The saved object of a game's decks, as JSON text: the decks side by side, face down, each card named
 * (`Nickname`: its `name` or `title` field, else its id), its type in `Description` and its id in
 * `GMNotes`. `base`: the address before each sheet's file name (`https://…/` or `file:///…/`).
 */
export const ttsObject = (game: GameDef, decks: TtsDeck[], base: string): string => {
  const guid = guids(game.id)
  const url = (file: string) => `${base}${encodeURIComponent(file)}`
  const numbers = sheetNumbers(decks)
  const objects = decks.map((deck, d) => {
    const x =
      (d - (decks.length - 1) / 2) * DECK_SPACING * Math.max(1, ...decks.map((k) => k.size.widthMm / POKER_MM.width))
    const entries = deck.sheets.map((sheet, s) => [String(numbers[d]![s]), customDeck(sheet, url)] as const)
    const cards = deck.sheets.flatMap((sheet, s) =>
      sheet.cards.map(({ card }, slot) => ({
        GUID: guid(`${deck.deck}/${numbers[d]![s]}/${slot}`),
        Name: 'Card',
        Transform: transform(x, deck),
        Nickname: cardName(card),
        Description: game.types[card.type]?.name ?? card.type,
        GMNotes: card.id,
        CardID: numbers[d]![s]! * 100 + slot,
        CustomDeck: Object.fromEntries([entries[s]!]),
      })),
    )
    // One card is a card: Tabletop Simulator has no deck of one.
    if (cards.length === 1) return cards[0]!
    return {
      GUID: guid(deck.deck),
      Name: deck.sheets.length === 1 ? 'DeckCustom' : 'Deck',
      Transform: transform(x, deck),
      Nickname: deckTitle(game, deck),
      Description: `${game.title} v${game.version}`,
      DeckIDs: cards.map((c) => c.CardID),
      CustomDeck: Object.fromEntries(entries),
      ContainedObjects: cards,
    }
  })
  return `${JSON.stringify(savedObject(objects), null, 2)}\n`
}

/** A deck's name on the table: its type's name, or the names of the types shuffled into it. */
const deckTitle = (game: GameDef, deck: TtsDeck): string => {
  const types = [...new Set(deck.sheets.flatMap((s) => s.cards.map((f) => f.card.type)))]
  return types.map((t) => game.types[t]?.name ?? t).join(' & ')
}

/** A saved object is a save whose outer fields are empty: only its objects count. */
const savedObject = (objects: unknown[]) => ({
  SaveName: '',
  Date: '',
  VersionNumber: '',
  GameMode: '',
  GameType: '',
  GameComplexity: '',
  Tags: [],
  Gravity: 0.5,
  PlayArea: 0.5,
  Table: '',
  Sky: '',
  Note: '',
  TabStates: {},
  LuaScript: '',
  LuaScriptState: '',
  XmlUI: '',
  ObjectStates: objects,
})
