import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { PNG } from 'pngjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildGame, type BuildReport } from '../../src/make/build-game.ts'
import { cardType, defineGame } from '../../src/engine/define.ts'
import type { GameFaces } from '../../src/render/store/game-faces.ts'
import { cellWidth, TTS_MAX_PX, ttsSheets } from '../../src/outputs/tts.ts'
import { presets } from '../../src/outputs/presets.ts'
import { deckwright } from '../helpers.ts'
import { fileThreads } from '../setup/threads.ts'

const root = fileURLToPath(new URL('../fixtures/outputs/', import.meta.url))
// Parlour's threads, warm from one build to the next (the game is only read).
const threads = fileThreads()
const out = () => mkdtempSync(join(tmpdir(), 'deckwright-outputs-'))
const png = (file: string) => PNG.sync.read(readFileSync(file))
const size = (file: string) => {
  const bytes = readFileSync(file)
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]
}
const hex = (img: PNG, x: number, y: number) => {
  const i = (Math.round(y) * img.width + Math.round(x)) * 4
  return `#${[img.data[i], img.data[i + 1], img.data[i + 2]].map((v) => v!.toString(16).padStart(2, '0')).join('')}`
}
/** The colour at the centre of each slot of a sheet, row by row. */
const slots = (img: PNG, columns: number, rows: number) =>
  Array.from({ length: columns * rows }, (_, i) =>
    hex(img, ((i % columns) + 0.5) * (img.width / columns), (Math.floor(i / columns) + 0.5) * (img.height / rows)),
  )

describe('outputs made from the faces of a game', () => {
  const dir = out()
  const game = join(dir, 'parlour')
  let report: BuildReport
  beforeAll(async () => {
    const built = await buildGame(root, 'parlour', { outDir: dir, dpi: 50, tts: true, jobs: 1, threads })
    expect(built.diagnostics).toEqual([])
    report = built.value
  }, 60_000)

  it('writes an overview with every front and back, labelled, and says so in the report', () => {
    expect(report.written.filter((f) => f.endsWith('parlour-overview.png') || f.endsWith('README.txt'))).toHaveLength(2)
    const img = png(join(game, 'parlour-overview.png'))
    expect(img.width).toBeLessThanOrEqual(1700)
    // Every face's colour fills its thumbnail: fronts, then the shared backs and each room's own back.
    const seen = new Map<string, number>()
    for (let y = 0; y < img.height; y += 2)
      for (let x = 0; x < img.width; x += 2) seen.set(hex(img, x, y), (seen.get(hex(img, x, y)) ?? 0) + 1)
    for (const colour of [
      '#ff0000',
      '#00ff00',
      '#0000ff',
      '#ffff00',
      '#00ffff',
      '#800000',
      '#000080',
      '#ff00ff',
      '#008080',
      '#008000',
      '#808000',
    ])
      expect(seen.get(colour) ?? 0, colour).toBeGreaterThan(1000)
    // The labels are drawn (dark text on the light paper).
    expect([...seen].filter(([c]) => c < '#444444').reduce((n, [, k]) => n + k, 0)).toBeGreaterThan(500)
  })

  it('writes Tabletop Simulator sheets: every copy a slot, up to 69 a sheet, the back in the last slot', () => {
    const tts = join(game, 'tts')
    const guest = png(join(tts, 'guest-1.png'))
    expect(slots(guest, 2, 2)).toEqual(['#ff0000', '#00ff00', '#0000ff', '#ff00ff'])
    expect(png(join(tts, 'guest-back.png'))).toMatchObject({ width: cellWidth(63.5, 88.9), height: guest.height / 2 })
    // 75 chips: more than the 69 a sheet holds, so two even sheets of 38 and 37 and the back, in the least grid.
    const first = png(join(tts, 'chip-1.png'))
    expect([first.width, first.height].every((n) => n <= TTS_MAX_PX)).toBe(true)
    expect(slots(first, 10, 4)).toEqual([...Array<string>(38).fill('#ffff00'), '#ffffff', '#008080'])
    expect(slots(png(join(tts, 'chip-2.png')), 10, 4)).toEqual([
      ...Array<string>(32).fill('#ffff00'),
      ...Array<string>(5).fill('#00ffff'),
      '#ffffff',
      '#ffffff',
      '#008080',
    ])
    // Own backs: a sheet of backs slot for slot (Unique Backs); no one back for hidden cards, so grey.
    expect(slots(png(join(tts, 'room-1.png')), 2, 2)).toEqual(['#800000', '#000080', '#ffffff', '#999999'])
    expect(slots(png(join(tts, 'room-1-backs.png')), 2, 2)).toEqual(['#008000', '#808000', '#ffffff', '#ffffff'])
    expect(existsSync(join(tts, 'room-back.png'))).toBe(false)
    const readme = readFileSync(join(tts, 'README.txt'), 'utf8')
    expect(readme).toContain('Parlour v0.3.0')
    expect(readme).toMatch(/chip-1\.png\s+Width 10\s+Height 4\s+Number 38\s+Back chip-back\.png/)
    expect(readme).toMatch(/chip-2\.png\s+Width 10\s+Height 4\s+Number 37\s+Back chip-back\.png/)
    expect(readme).toMatch(
      /room-1\.png\s+Width  2\s+Height 2\s+Number  2\s+Back room-1-backs\.png\s+\(Unique Backs on\)/,
    )

    // The saved object: a deck over two sheets is a Deck of two CustomDeck entries; own backs are Unique Backs.
    const saved = JSON.parse(readFileSync(join(tts, 'parlour.json'), 'utf8')).ObjectStates
    const chips = saved.find((o: { Nickname: string }) => o.Nickname === 'Chip')
    expect(chips.Name).toBe('Deck')
    expect(Object.keys(chips.CustomDeck)).toHaveLength(2)
    expect(chips.DeckIDs).toHaveLength(75)
    const [second] = Object.keys(chips.CustomDeck).slice(1)
    expect(chips.DeckIDs.slice(38, 40)).toEqual([Number(second) * 100, Number(second) * 100 + 1])
    const room = saved.find((o: { Nickname: string }) => o.Nickname === 'Room')
    expect(Object.values(room.CustomDeck)).toEqual([
      expect.objectContaining({ UniqueBack: true, BackURL: pathToFileURL(join(tts, 'room-1-backs.png')).href }),
    ])
  })

  it('cuts faces to their trim and sizes cells so that a full 10×7 sheet stays within 4096 px', () => {
    expect(cellWidth(63.5, 88.9)).toBe(409)
    expect(cellWidth(69.85, 120.65) * 7 * (120.65 / 69.85)).toBeLessThanOrEqual(TTS_MAX_PX)
    // No bleed in a cell: the guest's colour runs to the cell's edge, up to the next card's.
    const guest = png(join(game, 'tts', 'guest-1.png'))
    expect(hex(guest, guest.width / 2 - 2, 10)).toBe('#ff0000')
    expect(hex(guest, guest.width / 2 + 2, 10)).toBe('#00ff00')
  })

  it('gives the same bytes when built again, and takes them from the cache when the faces did not change', async () => {
    const again = out()
    await buildGame(root, 'parlour', { outDir: again, dpi: 50, tts: true, jobs: 1, threads })
    for (const file of ['parlour-overview.png', 'tts/chip-1.png', 'tts/README.txt'])
      expect(readFileSync(join(again, 'parlour', file)).equals(readFileSync(join(game, file))), file).toBe(true)
    // The saved object names the sheets where they are: the same but for the folder.
    const saved = (dir: string) =>
      readFileSync(join(dir, 'tts', 'parlour.json'), 'utf8').replaceAll(pathToFileURL(dir).href, 'file:///game')
    expect(saved(join(again, 'parlour'))).toBe(saved(game))
    // Mark the cached overview: a build with nothing changed writes it as it is, without drawing it again.
    const outputs = join(again, '.cache', 'parlour', 'outputs')
    const entry = readdirSync(outputs).find((k) =>
      readFileSync(join(outputs, k, 'files.json'), 'utf8').includes('overview'),
    )!
    writeFileSync(join(outputs, entry, '0'), 'from the cache')
    await buildGame(root, 'parlour', { outDir: again, dpi: 50, tts: true, jobs: 1, threads })
    expect(readFileSync(join(again, 'parlour', 'parlour-overview.png'), 'utf8')).toBe('from the cache')
    // Another face, another overview.
    await buildGame(root, 'parlour', { outDir: again, dpi: 50, tts: true, jobs: 1, threads, stamp: true })
    expect(size(join(again, 'parlour', 'parlour-overview.png'))).toEqual(size(join(game, 'parlour-overview.png')))
  }, 60_000)

  it('leaves the overview out when asked, and writes no Tabletop Simulator sheets unless asked', async () => {
    const bare = out()
    const { value } = await buildGame(root, 'parlour', { outDir: bare, dpi: 30, overview: false, jobs: 1, threads })
    expect(value.written.some((f) => f.includes('overview') || f.includes('/tts/'))).toBe(false)
    expect(existsSync(join(bare, 'parlour', 'faces', 'guest-red.front.png'))).toBe(true)
  }, 60_000)
})

describe('Tabletop Simulator sheets', () => {
  const game = defineGame({
    id: 'g',
    title: 'G',
    version: '1',
    players: { min: 2, max: 2 },
    params: {},
    types: { chip: cardType({ name: 'Chip', size: 'mini', fields: {} }) },
  })
  const faceDir = mkdtempSync(join(tmpdir(), 'deckwright-tts-faces-'))
  /** A stored face of one colour (its SVG only: the sheets are drawn from SVGs). */
  const flat = (colour: string) => {
    const svg = join(faceDir, `${colour.slice(1)}.svg`)
    writeFileSync(
      svg,
      `<svg width="100" height="100" viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg"><rect width="100" height="100" fill="${colour}"/></svg>`,
    )
    return { key: colour, svg, png: join(faceDir, 'unused.png') }
  }
  const faces = (qty: number): GameFaces => ({
    cards: [
      {
        card: {
          id: 'c',
          type: 'chip',
          set: 'base',
          qty,
          fields: {},
          source: { file: 'x', pos: { line: 1, column: 1 }, fields: {} },
        },
        front: flat('#ff0000'),
        back: 'chip',
      },
    ],
    backs: new Map([['chip', flat('#0000ff')]]),
    drawnWith: { fonts: [], icons: [] },
    drawn: 2,
    cached: 0,
    spent: { wall: 0, svg: 0, png: 0, store: 0 },
  })
  const grids = (qty: number) =>
    ttsSheets(game, faces(qty), 0)
      .filter((f) => f.name.endsWith('.png') && !f.name.endsWith('back.png'))
      .map((f) => {
        const bytes = f.data as Buffer
        return [
          bytes.readUInt32BE(16) / cellWidth(44.45, 63.5),
          Math.round(bytes.readUInt32BE(20) / (cellWidth(44.45, 63.5) * (63.5 / 44.45))),
        ]
      })

  it('fill a 10×7 sheet with 69 cards and the back, and split a larger deck evenly', () => {
    expect(grids(69)).toEqual([[10, 7]])
    expect(grids(70)).toEqual([
      [9, 4],
      [9, 4],
    ]) // 35 and 35, each with the back: 36 slots
    expect(grids(1)).toEqual([[2, 2]])
  })
})

describe('print-service presets', () => {
  it.each([
    ['tgc', { poker: [825, 1125], mini: [600, 825], tarot: [900, 1500] }],
    ['mpc', { poker: [822, 1122], mini: [597, 822], tarot: [897, 1497] }],
  ] as const)(
    '%s: faces at the service’s pixel sizes, 300 dpi with its bleed',
    async (preset, sizes) => {
      const dir = out()
      const { diagnostics, value } = await buildGame(root, 'parlour', {
        outDir: dir,
        preset,
        dpi: 72,
        overview: false,
        jobs: 1,
        threads,
      })
      expect(diagnostics).toEqual([])
      const faces = join(dir, 'parlour', 'faces')
      expect(size(join(faces, 'guest-red.front.png'))).toEqual(sizes.poker)
      expect(size(join(faces, 'guest.back.png'))).toEqual(sizes.poker)
      expect(size(join(faces, 'chip-cyan.front.png'))).toEqual(sizes.mini)
      expect(size(join(faces, 'room-hall.back.png'))).toEqual(sizes.tarot)
      expect([presets[preset].poker.width, presets[preset].poker.height]).toEqual(sizes.poker)
      expect(value.sheets).toBeDefined()
    },
    60_000,
  )

  it('refuses --preset with --dpi or --bleed on the command line (exit 2)', async () => {
    const run = (...args: string[]) =>
      deckwright(root, 'build', '--out', out(), ...args).then(({ code, stderr }) => ({
        code,
        stderr: code ? stderr : '',
      }))
    expect(await run('--preset', 'tgc', '--dpi', '150')).toEqual({
      code: 2,
      stderr: expect.stringContaining('--preset tgc sets the resolution and the bleed: leave out --dpi'),
    })
    expect(await run('--preset', 'mpc', '--bleed', '2')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('leave out --bleed'),
    })
    expect(await run('--preset', 'xyz')).toMatchObject({ code: 2 })
  }, 60_000)
})
