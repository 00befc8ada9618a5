import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { cardType, defineGame, type Card } from '../../src/engine/define.ts'
import { icons, text } from '../../src/engine/fields.ts'
import { modelCards } from '../../src/engine/model.ts'
import { cardTypeSchema } from '../../src/engine/schema.ts'
import { parseYamlCards } from '../../src/load/yaml.ts'
import { gamePaths } from '../../src/load/project.ts'
import { sniffImage } from '../../src/images/art.ts'
import { renderGame } from '../../src/make/render-game.ts'
import { FaceStore } from '../../src/render/store/face-store.ts'

const fixtures = fileURLToPath(new URL('../fixtures/render/', import.meta.url))
const game = (id: string) =>
  defineGame({
    id,
    title: 'T',
    version: '2.1.0',
    players: { min: 2, max: 2 },
    params: {},
    types: { token: cardType({ name: 'Token', size: 'mini', fields: {} }) },
    // Its art is a few pixels (print/art-resolution is face-rules.test.ts's): here, what is drawn and what is wrong with the files.
    print: { severity: { 'print/art-resolution': 'off' } },
  })
/** A card at `line` of its file; its `art:` one line below. */
const card = (id: string, line: number, art?: string): Card => ({
  id,
  type: 'token',
  set: 'base',
  qty: 1,
  ...(art && { art }),
  fields: {},
  source: {
    file: 'cards/art/tokens.yaml',
    pos: { line, column: 3 },
    fields: art ? { art: { line: line + 1, column: 10 } } : {},
  },
})
const options = { dpi: 100, bleedMm: 3, inkFriendly: false, jobs: 1 }
/** A copy of the fixture's definition in another project: the game threads load it from there. */
const withDefinition = (root: string) =>
  cpSync(join(fixtures, 'rules', 'art'), join(root, 'rules', 'art'), { recursive: true })

const pixels = (png: string) => PNG.sync.read(readFileSync(png))
const rgb = (img: PNG, x: number, y: number) => {
  const i = (Math.round(y) * img.width + Math.round(x)) * 4
  return [img.data[i], img.data[i + 1], img.data[i + 2]]
}
/** A point in millimetres from the face's trim corner, at 100 dpi with 3 mm bleed. */
const at = (img: PNG, xMm: number, yMm: number) => rgb(img, ((xMm + 3) / 25.4) * 100, ((yMm + 3) / 25.4) * 100)
const CENTRE = [44.45 / 2, 63.5 / 2] as const

describe('card art', () => {
  it('draws PNG and SVG art, a placeholder with a warning for missing or undrawable art, and the fallback when none is named', async () => {
    const cards = [
      card('svg', 1, 'art/red.svg'),
      card('png', 4, 'art/green.png'),
      card('gone', 7, 'art/not-yet.png'),
      card('webp', 10, 'art/photo.webp'),
      card('none', 13),
    ]
    const { value, diagnostics } = await renderGame(gamePaths(fixtures, 'art'), game('art'), cards, options)
    expect(diagnostics).toEqual([
      expect.objectContaining({
        rule: 'render/missing-art',
        severity: 'warning',
        file: 'templates/art/index.tsx',
        line: 1,
        message: expect.stringContaining('"art/back.png"'),
      }),
      expect.objectContaining({
        rule: 'render/missing-art',
        severity: 'warning',
        file: 'cards/art/tokens.yaml',
        line: 8,
        column: 10,
        card: 'gone',
        field: 'art',
        message: expect.stringContaining('looked for templates/art/art/not-yet.png'),
      }),
      expect.objectContaining({
        rule: 'render/art-format',
        severity: 'warning',
        line: 11,
        card: 'webp',
        field: 'art',
        message: expect.stringContaining('WebP'),
      }),
    ])
    const face = (id: string) => pixels(value.cards.find((c) => c.card.id === id)!.front.png)
    expect(value.cards.map((c) => c.card.id)).toEqual(['svg', 'png', 'gone', 'webp', 'none'])
    expect(at(face('svg'), ...CENTRE)).toEqual([255, 0, 0])
    expect(at(face('png'), ...CENTRE)).toEqual([0, 160, 0])
    // No art named: the template's own fallback, here the game's own icon (templates/art/icons/star.svg) in blue.
    expect(at(face('none'), ...CENTRE)).toEqual([0, 0, 255])
    // The placeholder: a hatched grey box around a white label, where the art would be.
    for (const id of ['gone', 'webp']) {
      const img = face(id)
      expect(at(img, ...CENTRE)).toEqual([255, 255, 255])
      const hatch = [
        at(img, CENTRE[0] - 13, CENTRE[1] - 13),
        at(img, CENTRE[0] - 12, CENTRE[1] - 13),
        at(img, CENTRE[0] - 11, CENTRE[1] - 13),
      ]
      expect(hatch.every(([r, g, b]) => r === g && g === b && r! > 190 && r! < 245)).toBe(true)
      expect(new Set(hatch.map(String)).size).toBeGreaterThan(1)
    }
    expect(value.cards[2]!.front.svg).not.toEqual(value.cards[3]!.front.svg) // each names its file
  }, 60_000)

  it('never draws a file from outside the templates folder, and says so without telling whether it exists', async () => {
    const root = mkdtempSync(join(tmpdir(), 'deckwright-art-outside-'))
    withDefinition(root)
    cpSync(join(fixtures, 'templates', 'art'), join(root, 'templates', 'art'), { recursive: true })
    // A secret image elsewhere on the machine, and links to it from inside the templates folder.
    mkdirSync(join(root, 'secret'))
    writeFileSync(join(root, 'secret', 'red.svg'), readFileSync(join(fixtures, 'templates', 'art', 'art', 'red.svg')))
    symlinkSync(join(root, 'secret', 'red.svg'), join(root, 'templates', 'art', 'art', 'link.svg'))
    symlinkSync(join(root, 'secret'), join(root, 'templates', 'art', 'art', 'folder'))
    const cards = [
      card('link', 1, 'art/link.svg'),
      card('folder', 4, 'art/folder/red.svg'),
      card('folder-gone', 7, 'art/folder/nothing.svg'),
    ]
    const { value, diagnostics } = await renderGame(gamePaths(root, 'art'), game('art'), cards, options)
    const outside = diagnostics.filter((d) => d.rule === 'render/art-outside')
    expect(outside.map((d) => [d.card, d.line, d.severity])).toEqual([
      ['link', 2, 'error'],
      ['folder', 5, 'error'],
      ['folder-gone', 8, 'error'],
    ])
    // The same words whether the file is there or not.
    expect(outside[1]!.message.replace('red', 'X')).toBe(outside[2]!.message.replace('nothing', 'X'))
    for (const face of value.cards) expect(readFileSync(face.front.svg, 'utf8')).not.toContain('data:image/svg+xml')
  }, 60_000)

  it('draws a placeholder for art too large, damaged or unsafe, with a diagnostic at its art: line, before decoding it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'deckwright-art-limits-'))
    withDefinition(root)
    cpSync(join(fixtures, 'templates', 'art'), join(root, 'templates', 'art'), { recursive: true })
    const art = join(root, 'templates', 'art', 'art')
    const green = readFileSync(join(art, 'green.png'))
    // A PNG whose header claims 50000×50000 pixels (its CRC made good), one cut short, and an SVG with a script.
    const huge = Buffer.from(green)
    huge.writeUInt32BE(50_000, 16)
    huge.writeUInt32BE(50_000, 20)
    const { crc32 } = await import('node:zlib')
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29)
    writeFileSync(join(art, 'huge.png'), huge)
    writeFileSync(join(art, 'cut.png'), green.subarray(0, green.length - 16))
    writeFileSync(join(art, 'script.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    // A 3 GB picture (sparse: it takes no disk), refused from its size: read whole, it ended the run (exit 2)
    // with "File size (3221225472) is greater than 2 GiB", naming nothing. And a pipe named as art.
    writeFileSync(join(art, 'big.png'), green)
    truncateSync(join(art, 'big.png'), 3 * 2 ** 30)
    execFileSync('mkfifo', [join(art, 'pipe.png')])
    const cards = [
      card('huge', 1, 'art/huge.png'),
      card('cut', 4, 'art/cut.png'),
      card('script', 7, 'art/script.svg'),
      card('big', 10, 'art/big.png'),
      card('pipe', 13, 'art/pipe.png'),
      card('fine', 16, 'art/green.png'),
    ]
    const { value, diagnostics } = await renderGame(gamePaths(root, 'art'), game('art'), cards, options)
    const found = diagnostics.filter((d) => d.card).map((d) => [d.rule, d.card, d.line, d.severity])
    expect(found).toEqual([
      ['render/art-too-large', 'huge', 2, 'warning'],
      ['render/art-corrupt', 'cut', 5, 'warning'],
      ['render/art-unsafe', 'script', 8, 'error'],
      ['render/art-too-large', 'big', 11, 'warning'],
      ['render/art-unsafe', 'pipe', 14, 'error'],
    ])
    expect(diagnostics.find((d) => d.card === 'big')!.message).toContain('the file is 3072.0 MB, the limit is 50.0 MB')
    // Each drawn with its placeholder (the art's bytes are nowhere in the face); good art still drawn.
    expect(value.cards.map((c) => c.card.id)).toEqual(['huge', 'cut', 'script', 'big', 'pipe', 'fine'])
    for (const face of value.cards.slice(0, 5))
      expect(readFileSync(face.front.svg, 'utf8')).not.toMatch(/data:image\/(png|svg)/)
    expect(at(pixels(value.cards[5]!.front.png), ...CENTRE)).toEqual([0, 160, 0])
  }, 60_000)

  it('knows images by their bytes, not their names', () => {
    expect(sniffImage(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg')
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg')
    expect(sniffImage(Buffer.from('GIF89a'))).toBe('gif')
    expect(sniffImage(Buffer.from('hello'))).toBeUndefined()
  })

  it('draws again only the faces whose art file changed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'deckwright-art-'))
    withDefinition(root)
    const dir = join(root, 'templates', 'art')
    cpSync(join(fixtures, 'templates', 'art', 'icons'), join(dir, 'icons'), { recursive: true })
    mkdirSync(join(dir, 'art'))
    // The fixture's templates, re-exported: they import 'deckwright', which resolves only from inside the package.
    writeFileSync(
      join(dir, 'index.tsx'),
      `import '../../shared/tint.ts'\nexport { default } from ${JSON.stringify(join(fixtures, 'templates', 'art', 'index.tsx'))}\n`,
    )
    mkdirSync(join(root, 'shared'))
    writeFileSync(join(root, 'shared', 'tint.ts'), "export const tint = '#111111'\n")
    const cards = [card('a', 1, 'art/a.svg'), card('b', 4, 'art/b.svg')]
    const paint = (file: string, color: string) =>
      writeFileSync(
        join(dir, file),
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10"><rect width="10" height="10" fill="${color}"/></svg>`,
      )
    paint('art/a.svg', '#ff0000')
    paint('art/b.svg', '#00ff00')
    const store = new FaceStore(join(root, 'cache'))
    const run = () => renderGame(gamePaths(root, 'art'), game('art'), cards, { ...options, store })
    const cold = await run()
    expect(cold.diagnostics.map((d) => d.rule)).toEqual(['render/missing-art']) // the back's
    expect([cold.value.drawn, cold.value.cached]).toEqual([3, 0])
    paint('art/a.svg', '#0000ff')
    const warm = await run()
    expect([warm.value.drawn, warm.value.cached]).toEqual([1, 2])
    expect(at(pixels(warm.value.cards[0]!.front.png), ...CENTRE)).toEqual([0, 0, 255])
    // A selection of the cards still finds the faces drawn for all of them.
    const one = await renderGame(gamePaths(root, 'art'), game('art'), [cards[1]!], {
      ...options,
      store,
      allCards: cards,
    })
    expect([one.value.drawn, one.value.cached]).toEqual([0, 2])
    // A change to anything else of the templates folder draws every face again.
    writeFileSync(join(dir, 'icons', 'star.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>')
    expect((await run()).value.drawn).toBe(3)
    // So does a change to a module the templates import from outside their folder.
    expect((await run()).value.drawn).toBe(0)
    writeFileSync(join(root, 'shared', 'tint.ts'), "export const tint = '#222222'\n")
    expect((await run()).value.drawn).toBe(3)
  }, 60_000)

  it("points a cached face's warnings at where its card is now", async () => {
    const store = new FaceStore(mkdtempSync(join(tmpdir(), 'deckwright-art-cache-')))
    const first = await renderGame(gamePaths(fixtures, 'art'), game('art'), [card('c', 7, 'art/none.svg')], {
      ...options,
      store,
    })
    const moved = await renderGame(gamePaths(fixtures, 'art'), game('art'), [card('c', 20, 'art/none.svg')], {
      ...options,
      store,
    })
    expect(moved.value.drawn).toBe(0)
    const missing = (r: typeof first) => r.diagnostics.find((d) => d.rule === 'render/missing-art' && d.card === 'c')!
    expect([missing(first).line, missing(moved).line]).toEqual([8, 21])
  }, 60_000)

  it('stamps the game version at the bottom right of fronts only, on request, in the margin inside the trim', async () => {
    const paths = gamePaths(fixtures, 'art')
    const plain = await renderGame(paths, game('art'), [card('svg', 1, 'art/red.svg')], options)
    const stamped = await renderGame(paths, game('art'), [card('svg', 1, 'art/red.svg')], { ...options, stamp: true })
    /** Dark pixels in a box given in mm from the trim's bottom-right corner. */
    const dark = (png: string, [left, right]: [number, number], [top, bottom]: [number, number]) => {
      const img = pixels(png)
      let n = 0
      for (let x = 44.45 - left; x < 44.45 - right; x += 0.2)
        for (let y = 63.5 - top; y < 63.5 - bottom; y += 0.2) if (at(img, x, y)[0]! < 200) n++
      return n
    }
    // Between the trim and the safe zone (3 mm), right-aligned with the safe zone.
    expect(dark(plain.value.cards[0]!.front.png, [15, 3], [3, 0])).toBe(0)
    expect(dark(stamped.value.cards[0]!.front.png, [15, 3], [3, 0])).toBeGreaterThan(10)
    // Nothing inside the safe zone, nothing in the bleed.
    expect(dark(stamped.value.cards[0]!.front.png, [15, 3], [8, 3.1])).toBe(0)
    expect(dark(stamped.value.cards[0]!.front.png, [15, 3], [0, -3])).toBe(0)
    const svg = (file: string) => readFileSync(file, 'utf8')
    expect(svg(stamped.value.cards[0]!.front.svg)).not.toEqual(svg(plain.value.cards[0]!.front.svg))
    expect(svg(stamped.value.backs.get('token')!.svg)).toEqual(svg(plain.value.backs.get('token')!.svg))
  }, 60_000)
})

describe('the art key of card data', () => {
  const g = defineGame({
    id: 'g',
    title: 'G',
    version: '1',
    players: { min: 2, max: 2 },
    params: {},
    vocabularies: { scenes: { sun: { label: 'Sun', icon: 'game-icons:sun' } } },
    types: {
      hero: cardType({ name: 'Hero', fields: { title: text() } }),
      event: cardType({ name: 'Event', fields: { art: icons('scenes', { min: 1, max: 1 }) } }),
    },
  })
  const model = (yaml: string) => modelCards(g, [parseYamlCards(yaml, 'cards/g/x.yaml').value])

  it('refuses a path that leaves the game folder, at its line, without looking at the file', () => {
    const paths = [
      '/etc/passwd',
      '../../../secret.png',
      'art/../../x.png',
      'C:/Windows/x.png',
      'https://example.com/x.png',
      'art\\x.png',
    ]
    const { value, diagnostics } = model(
      paths.map((p, i) => `- { id: h${i}, type: hero, title: A, art: ${JSON.stringify(p)} }`).join('\n'),
    )
    expect(value).toEqual([])
    expect(diagnostics.map((d) => [d.rule, d.line, d.field])).toEqual(
      paths.map((_, i) => ['card/unsafe-path', i + 1, 'art']),
    )
    expect(diagnostics[1]!.message).toContain('no "..")')
    expect(diagnostics[0]!.message).not.toMatch(/exist/)
  })

  it('names an image for any card, checked to be a file name, kept with its position', () => {
    const { value, diagnostics } = model(
      '- { id: h1, type: hero, title: A, art: art/h1.png }\n- { id: h2, type: hero, title: B }\n- { id: h3, type: hero, title: C, art: 12 }\n',
    )
    expect(value.map((c) => [c.id, c.art])).toEqual([
      ['h1', 'art/h1.png'],
      ['h2', undefined],
    ])
    expect(value[0]!.source.fields.art).toMatchObject({ line: 1 })
    expect(diagnostics).toMatchObject([{ rule: 'card/wrong-type', line: 3, card: 'h3', field: 'art' }])
    expect(JSON.stringify(cardTypeSchema(g, 'hero', g.types.hero))).toContain('"art":{"type":"string"')
  })

  it('gives way to a field of the same name a card type declares', () => {
    const { value, diagnostics } = model('- { id: e1, type: event, art: [sun] }\n')
    expect(diagnostics).toEqual([])
    expect(value[0]).toMatchObject({ fields: { art: ['sun'] } })
    expect(value[0]!.art).toBeUndefined()
    expect(JSON.stringify(cardTypeSchema(g, 'event', g.types.event))).not.toContain('"art":{"type":"string"')
  })
})
