// The Tabletop Simulator saved object: read from Maybe Missions' shared build (made with `tts: true`), and made
// in-process for the addresses; no build of its own.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Command } from 'commander'
import { PNG } from 'pngjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildOptions } from '../../src/commands/build-options.ts'
import { buildGame } from '../../src/make/build-game.ts'
import { ttsBaseUrl, ttsObject } from '../../src/outputs/tts-object.ts'
import { ttsLayout, ttsReadme } from '../../src/outputs/tts.ts'
import { cardType, defineGame } from '../../src/engine/define.ts'
import type { GameFaces } from '../../src/render/store/game-faces.ts'
import { deckwright, root } from '../helpers.ts'
import { maybeMissionsBase } from '../setup/shared-builds.ts'
import { drawTrimmed } from '../../src/outputs/compose.ts'
import type { Pixels } from '../../src/render/renderers/raster.ts'

interface CustomDeck {
  FaceURL: string
  BackURL: string
  NumWidth: number
  NumHeight: number
  BackIsHidden: boolean
  UniqueBack: boolean
}
interface TtsObject {
  GUID: string
  Name: string
  Nickname: string
  GMNotes?: string
  CardID?: number
  DeckIDs?: number[]
  Transform: Record<string, number>
  CustomDeck: Record<string, CustomDeck>
  ContainedObjects?: TtsObject[]
}

/** How many pixels of a cell of a sheet (its top left at x, y) differ from a picture of the cell's size by more than a little. */
const differing = (sheet: PNG, x: number, y: number, face: Pixels): number => {
  let n = 0
  for (let row = 0; row < face.height; row++)
    for (let col = 0; col < face.width; col++) {
      const i = ((y + row) * sheet.width + x + col) * 4
      const j = (row * face.width + col) * 4
      if ([0, 1, 2].some((c) => Math.abs(sheet.data[i + c]! - face.data[j + c]!) > 8)) n++
    }
  return n
}

describe('the Tabletop Simulator saved object', () => {
  let game: string
  let saved: { ObjectStates: TtsObject[] } & Record<string, unknown>
  beforeAll(async () => {
    game = join(await maybeMissionsBase(), 'maybe-missions')
    saved = JSON.parse(readFileSync(join(game, 'tts', 'maybe-missions.json'), 'utf8'))
  }, 120_000)
  const sheetOf = (url: string) => PNG.sync.read(readFileSync(fileURLToPath(url)))
  /** Every card of every deck, with its sheet's entry. */
  const cards = () =>
    saved.ObjectStates.flatMap((deck) =>
      (deck.ContainedObjects ?? [deck]).map((card) => ({
        deck,
        card,
        sheet: deck.CustomDeck[String(Math.floor(card.CardID! / 100))]!,
      })),
    )

  it('holds a deck per deck of the game, side by side, each sheet a CustomDeck entry pointing at its files', () => {
    expect(saved).toMatchObject({ SaveName: '', ObjectStates: expect.any(Array) })
    const decks = saved.ObjectStates
    expect(decks.map((d) => [d.Name, d.Nickname])).toEqual([
      ['DeckCustom', 'Vote token'],
      ['DeckCustom', 'Master Card'],
      ['DeckCustom', 'Mission Card'],
    ])
    const xs = decks.map((d) => d.Transform.posX!)
    expect(xs).toEqual([...xs].sort((a, b) => a - b))
    expect(new Set(xs).size).toBe(decks.length)
    // The vote tokens are mini cards: smaller on the table than the poker-sized missions.
    expect(decks[0]!.Transform.scaleX).toBeCloseTo(44.45 / 63.5, 3)
    expect(decks[2]!.Transform.scaleX).toBe(1)
    const keys = decks.flatMap((d) => Object.keys(d.CustomDeck))
    expect(new Set(keys).size).toBe(keys.length)
    for (const deck of decks)
      for (const entry of Object.values(deck.CustomDeck)) {
        expect(entry).toMatchObject({ BackIsHidden: true, UniqueBack: false })
        for (const url of [entry.FaceURL, entry.BackURL]) expect(existsSync(fileURLToPath(url)), url).toBe(true)
        expect(fileURLToPath(entry.FaceURL).startsWith(join(game, 'tts'))).toBe(true)
      }
    // Deterministic GUIDs, none twice.
    const guids = decks.flatMap((d) => [d.GUID, ...(d.ContainedObjects ?? []).map((c) => c.GUID)])
    expect(guids.every((g) => /^[0-9a-f]{6}$/.test(g))).toBe(true)
    expect(new Set(guids).size).toBe(guids.length)
  })

  it("gives every copy of every card an id deck × 100 + slot, as the README's grids count them", () => {
    const readme = readFileSync(join(game, 'tts', 'README.txt'), 'utf8')
    expect(readme).toContain('copy maybe-missions.json into')
    expect(readme).toContain('(file:/// addresses)')
    for (const deck of saved.ObjectStates) {
      const ids = deck.ContainedObjects!.map((c) => c.CardID)
      expect(deck.DeckIDs).toEqual(ids)
      for (const [key, entry] of Object.entries(deck.CustomDeck)) {
        const own = ids.filter((id) => Math.floor(id! / 100) === Number(key))
        // Slots 0, 1, 2… in order, the last slot left for the back.
        expect(own).toEqual(own.map((_, slot) => Number(key) * 100 + slot))
        expect(own.length).toBeLessThan(entry.NumWidth * entry.NumHeight)
        const file = entry.FaceURL.split('/').pop()!
        expect(readme).toMatch(
          new RegExp(
            `${file}\\s+Width\\s+${entry.NumWidth}\\s+Height ${entry.NumHeight}\\s+Number\\s+${own.length}\\s`,
          ),
        )
      }
    }
    const copies = cards()
    expect(copies).toHaveLength(124)
    // Named as the designer named them: a master card by its title, a vote token (no name) by its id.
    const named = new Map(copies.map(({ card }) => [card.GMNotes, card.Nickname]))
    expect(named.get('master-double-agent')).toBe('Double Agent')
    expect(named.get('vote-01')).toBe('vote-01')
  })

  it("shows each card's own face at its place on its sheet: the sheet's cell is the card's face drawn at its size", () => {
    const sheets = new Map<string, PNG>()
    const drawn = new Map<string, Pixels>()
    let compared = 0
    for (const { deck, card, sheet } of cards()) {
      if (!sheets.has(sheet.FaceURL)) sheets.set(sheet.FaceURL, sheetOf(sheet.FaceURL))
      const img = sheets.get(sheet.FaceURL)!
      const [w, h] = [img.width / sheet.NumWidth, img.height / sheet.NumHeight]
      // The card's size from its deck's scale on the table (a poker card's at 1), to a hundredth of a millimetre.
      const size = {
        name: deck.Nickname,
        widthMm: Math.round(deck.Transform.scaleX! * 6350) / 100,
        heightMm: Math.round(deck.Transform.scaleZ! * 8890) / 100,
      }
      const id = card.GMNotes!
      if (!drawn.has(id))
        drawn.set(id, drawTrimmed({ key: id, svg: join(game, 'faces', `${id}.front.svg`), png: '' }, size, 3, w))
      const face = drawn.get(id)!
      expect([face.width, face.height]).toEqual([w, h])
      const slot = card.CardID! % 100
      const off = differing(img, (slot % sheet.NumWidth) * w, Math.floor(slot / sheet.NumWidth) * h, face)
      expect(off, `${id} at ${card.CardID}`).toBeLessThan((w * h) / 1000)
      compared++
    }
    expect(compared).toBe(124)
  })
})

describe('--tts-url', () => {
  it('takes an https base address, ending it in / for the sheets’ names', () => {
    expect(ttsBaseUrl('https://example.com/my-game/tts')).toBe('https://example.com/my-game/tts/')
    expect(ttsBaseUrl(' https://cdn.example.org/a b/ ')).toBe('https://cdn.example.org/a%20b/')
    for (const bad of ['http://example.com/tts/', 'file:///home/me/tts/', 'example.com/tts', 'https://x.org/?a=1'])
      expect(() => ttsBaseUrl(bad), bad).toThrow(/expected the https:\/\/ address/)
  })

  it('reads the flag as an https base and implies --tts; refuses another address (exit 2 from the command line)', async () => {
    const parse = (...args: string[]) => {
      const command = new Command().exitOverride().configureOutput({ writeErr: () => {} })
      for (const option of buildOptions()) command.addOption(option)
      return command.parse(args, { from: 'user' }).opts()
    }
    expect(parse('--tts-url', 'https://example.com/mm')).toMatchObject({ tts: true, ttsUrl: 'https://example.com/mm/' })
    expect(() => parse('--tts-url', 'http://example.com/mm')).toThrow(/got a http address/)
    const cli = await deckwright(root, 'build', 'maybe-missions', '--tts-url', 'http://example.com/mm')
    expect([cli.code, cli.stderr]).toEqual([2, expect.stringContaining('expected the https:// address')])
    // The library refuses it too, before it draws anything.
    const out = mkdtempSync(join(tmpdir(), 'deckwright-tts-url-'))
    const { diagnostics } = await buildGame(root, 'maybe-missions', { outDir: out, tts: true, ttsUrl: 'ftp://x.org/' })
    expect(diagnostics).toEqual([expect.objectContaining({ rule: 'build/bad-option', severity: 'error' })])
    expect(readdirSync(out)).toEqual([])
  }, 60_000)

  it('puts the sheets under the base address in the object and the README; one card is a Card, not a deck', () => {
    const game = defineGame({
      id: 'g',
      title: 'G',
      version: '1',
      players: { min: 2, max: 2 },
      params: {},
      types: {
        chip: cardType({ name: 'Chip', size: 'mini', fields: {} }),
        joker: cardType({ name: 'Joker', size: 'poker', fields: {} }),
      },
    })
    const face = { key: 'k', svg: 'unused.svg', png: 'unused.png' }
    const card = (id: string, type: string, qty: number) => ({
      card: {
        id,
        type,
        set: 'base',
        qty,
        fields: { name: `The ${id}` },
        source: { file: 'x', pos: { line: 1, column: 1 }, fields: {} },
      },
      front: face,
      back: type,
    })
    const faces: GameFaces = {
      cards: [card('a', 'chip', 2), card('b', 'chip', 1), card('j', 'joker', 1)],
      backs: new Map([
        ['chip', face],
        ['joker', face],
      ]),
      drawnWith: { fonts: [], icons: [] },
      drawn: 0,
      cached: 0,
      spent: { wall: 0, svg: 0, png: 0, store: 0 },
    }
    const base = ttsBaseUrl('https://example.com/g')
    const decks = ttsLayout(game, faces)
    const text = ttsObject(game, decks, base)
    expect(ttsObject(game, decks, base)).toBe(text)
    const [chips, joker] = JSON.parse(text).ObjectStates
    expect(chips).toMatchObject({
      Name: 'DeckCustom',
      DeckIDs: [100, 101, 102],
      CustomDeck: {
        1: { FaceURL: 'https://example.com/g/chip-1.png', BackURL: 'https://example.com/g/chip-back.png' },
      },
    })
    expect(chips.ContainedObjects.map((c: TtsObject) => c.Nickname)).toEqual(['The a', 'The a', 'The b'])
    expect(joker).toMatchObject({ Name: 'Card', CardID: 200, Nickname: 'The j', CustomDeck: { 2: { NumWidth: 2 } } })
    const readme = ttsReadme(game, decks, { file: 'g.json', url: base })
    expect(readme).toContain('It finds the sheets under https://example.com/g/: upload every .png')
  })
})
