// `deckwright changes` on a fixture game in a git repository the test makes: each step edits the working tree,
// compares it with the last commit, and commits. The comparison lists exactly the cards whose data or pixels
// changed, with the right reasons; a template reformatted without a pixel moved lists nothing.
import { execFileSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { differingRegions, samePixels } from '../../src/images/same-pixels.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findRevision, RevisionProblem } from '../../src/load/git-revision.ts'
import { changesLines, changesMarkdown } from '../../src/make/changes-report.ts'
import { compareWithRevision, type EditionChanges, type GameChanges } from '../../src/make/changes.ts'
import { changesPage, writeChangesPage } from '../../src/make/changes-page.ts'
import { deckwright, poppler } from '../helpers.ts'
import { fileBrowser } from '../setup/browser.ts'
import { packList, writeUpdatePack } from '../../src/make/update-pack.ts'
import { cardRevisions, renderGame } from '../../src/make/render-game.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import { FaceStore } from '../../src/render/store/face-store.ts'
import { gamePaths } from '../../src/load/project.ts'
import { faceRenderOptions } from '../../src/make/build-game.ts'

const browser = fileBrowser()

const DEFINITION = `import { cardType, defineGame, int, text } from 'deckwright'

export default defineGame({
  id: 'g',
  title: 'G',
  version: '1',
  languages: ['en', 'nl'],
  players: { min: 2, max: 2 },
  params: {},
  print: { severity: { 'a11y/text-size': 'off', 'a11y/contrast': 'off', 'print/outside-safe-zone': 'off' } },
  types: {
    hero: cardType({ name: 'Hero', size: 'mini', fields: { name: text(), power: int() } }),
    item: cardType({ name: 'Item', size: 'mini', fields: { name: text(), cost: int() } }),
  },
})
`

/**
 * Fronts show a bar as long as the card's number (the name is data no face shows), on a colour of the
 * template's (heroes) or of the project's shared code (items); each type a shared back, the items' with
 * the game's title in the face's language.
 */
const templates = ({ hero = '#aa2222', itemBack = '#222266', reformatted = false } = {}) =>
  reformatted
    ? `import { defineTemplates, type GameDef } from 'deckwright'
import { Face } from 'deckwright/components'
import { ITEM } from '../../shared/colours.ts'

// The same faces, written another way.
const bar = (ctx: any, n: number, colour: string) => <div style={{ width: ctx.mm(n * 4), height: ctx.mm(5), backgroundColor: colour }} />

export default defineTemplates({} as GameDef, {
  fonts: [],
  types: {
    hero: {
      front: (card, ctx) => <Face ctx={ctx} background="${hero}">{bar(ctx, Number(card.fields.power), '#000000')}</Face>,
      back: (_card, ctx) => <Face ctx={ctx} background="#111111" />,
    },
    item: {
      front: (card, ctx) => <Face ctx={ctx} background={ITEM}>{bar(ctx, Number(card.fields.cost), '#000000')}</Face>,
      back: (_card, ctx) => <Face ctx={ctx} background="${itemBack}">{ctx.game.title}</Face>,
    },
  },
})
`
    : `import { defineTemplates, type GameDef } from 'deckwright'
import { Face } from 'deckwright/components'
import { ITEM } from '../../shared/colours.ts'

export default defineTemplates({} as GameDef, {
  fonts: [],
  types: {
    hero: {
      front: (card, ctx) => (
        <Face ctx={ctx} background="${hero}">
          <div style={{ width: ctx.mm(Number(card.fields.power) * 4), height: ctx.mm(5), backgroundColor: '#000000' }} />
        </Face>
      ),
      back: (_card, ctx) => <Face ctx={ctx} background="#111111" />,
    },
    item: {
      front: (card, ctx) => (
        <Face ctx={ctx} background={ITEM}>
          <div style={{ width: ctx.mm(Number(card.fields.cost) * 4), height: ctx.mm(5), backgroundColor: '#000000' }} />
        </Face>
      ),
      back: (_card, ctx) => <Face ctx={ctx} background="${itemBack}">{ctx.game.title}</Face>,
    },
  },
})
`

const HEROES = `- { id: a, type: hero, name: Anna, power: 1 }
- { id: b, type: hero, name: Bert, power: 2 }
- { id: c, type: hero, name: Cleo, power: 3 }
`
const ITEMS = `- { id: x, type: item, name: Axe, cost: 1 }
- { id: y, type: item, name: Yew bow, cost: 2 }
`
/** The Dutch edition: the game's title, and one card's name (the other cards' stay as they are). */
const DUTCH = '_game: { title: Spel }\nb: { name: Bert-nl }\n'
const RULES = '# Setup\n\nDeal three cards.\n\n# Play\n\nTake turns.\n'

let root = ''
/** The first step's comparison, for the page test after it. */
let firstChanges: GameChanges | undefined
const write = (file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true })
  writeFileSync(join(root, file), text)
}
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', '-c', 'commit.gpgsign=false', ...args], {
    cwd: root,
    encoding: 'utf8',
  })
const commit = (message: string) => {
  git('add', '-A')
  git('commit', '-q', '-m', message)
}

/**
 * The working tree compared with the last commit, at 30 dpi, on threads of its own: a game thread keeps the
 * templates it loaded, as a build process does (a watch starts a new one when they change).
 */
const compare = async (stampReprints = false): Promise<GameChanges> => {
  const result = await compareWithRevision(root, 'g', findRevision(root, 'HEAD'), { dpi: 30, stampReprints })
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
  return result.value!
}
/** Each card listed: its id, how it changed, the fields that changed and which faces look different. */
const listed = (changes: EditionChanges) =>
  changes.cards.map((c) => ({
    id: c.id,
    change: c.change,
    fields: c.fields.map((f) => `${f.field}: ${String(f.before)} -> ${String(f.after)}`),
    ...(c.change === 'changed' && { look: c.look }),
  }))

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'deckwright-changes-'))
  git('init', '-q')
  write('.gitignore', 'out/\n')
  write('rules/g/game.ts', DEFINITION)
  // Code of the project's own outside the game's folders: read from the revision too.
  write('shared/colours.ts', "export const ITEM = '#22aa22'\n")
  write('rules/g/rules.md', RULES)
  write('templates/g/index.tsx', templates())
  write('cards/g/heroes.yaml', HEROES)
  write('cards/g/items.yaml', ITEMS)
  write('cards/g/lang/nl.yaml', DUTCH)
  commit('first print')
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('samePixels', () => {
  it('tells the same picture in other bytes (compression, an opaque alpha channel) from one pixel changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-pixels-'))
    try {
      const rgb = Buffer.alloc(8 * 8 * 3, 90)
      const file = async (name: string, raw: Buffer, channels: 3 | 4, level: number) => {
        await sharp(raw, { raw: { width: 8, height: 8, channels } })
          .png({ compressionLevel: level })
          .toFile(join(dir, name))
        return join(dir, name)
      }
      const a = await file('a.png', rgb, 3, 9)
      const b = await file('b.png', rgb, 3, 0)
      const rgba = Buffer.alloc(8 * 8 * 4, 90)
      for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255
      const c = await file('c.png', rgba, 4, 6)
      const moved = Buffer.from(rgb)
      moved[100] = 91
      const d = await file('d.png', moved, 3, 9)
      expect(readFileSync(a).equals(readFileSync(b))).toBe(false)
      expect([await samePixels(a, b), await samePixels(a, c), await samePixels(a, d)]).toEqual([true, true, false])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('differingRegions', () => {
  const picture = (width: number, height: number, set: [number, number][]) => {
    const data = Buffer.alloc(width * height * 4, 200)
    for (const [x, y] of set) data.writeUInt32LE(0xff000000, (y * width + x) * 4)
    return data
  }
  it('boxes each group of differing pixels tightly; many groups are one box around them all', () => {
    const blank = picture(300, 200, [])
    // A 3×2 patch and a lone pixel far from it.
    const two = picture(300, 200, [
      [10, 20],
      [11, 20],
      [12, 21],
      [250, 150],
    ])
    expect(differingRegions(blank, two, 300, 200)).toEqual([
      { x: 10, y: 20, width: 3, height: 2 },
      { x: 250, y: 150, width: 1, height: 1 },
    ])
    const many = picture(
      300,
      200,
      Array.from({ length: 10 }, (_, i): [number, number] => [i * 30, i * 20 + 1]),
    )
    expect(differingRegions(blank, many, 300, 200)).toEqual([{ x: 0, y: 1, width: 271, height: 181 }])
    expect(differingRegions(blank, blank, 300, 200)).toEqual([])
  })
})

describe('packList', () => {
  it('names the old prints to take out as they were printed, and the new ones as they are now', () => {
    const card = {
      id: 'x',
      type: 'item',
      change: 'changed' as const,
      name: 'Great Axe',
      qty: 3,
      was: { name: 'Axe', qty: 2 },
      fields: [{ field: 'name', before: 'Axe', after: 'Great Axe' }],
      look: { front: true, back: false },
      front: {},
      back: {},
    }
    const list = packList({
      game: 'g',
      revision: { ref: 'HEAD', commit: '0'.repeat(40) },
      lang: 'en',
      editions: [],
      drawn: { before: 0, after: 0 },
      renderer: 'satori + resvg',
      title: 'G',
      version: { before: '1', after: '1' },
      sizes: {},
      drawnWith: { fonts: [], icons: [] },
      unchanged: 0,
      rulesFile: 'rules/g/rules.md',
      rules: [],
      cards: [card],
    })
    expect(list.out.map((l) => [l.id, l.name, l.qty])).toEqual([['x', 'Axe', 2]])
    expect(list.in.map((l) => [l.id, l.name, l.qty])).toEqual([['x', 'Great Axe', 3]])
  })
})

describe('changesPage', () => {
  it('puts card text in as text: markup in an id, a value or a heading is shown, not run', () => {
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>'
    const { html } = changesPage({
      game: 'g',
      revision: { ref: 'v1"><script>', commit: '0'.repeat(40) },
      lang: 'en',
      editions: [],
      drawn: { before: 0, after: 0 },
      renderer: 'satori + resvg',
      title: evil,
      version: { after: '1' },
      sizes: {},
      drawnWith: { fonts: [], icons: [] },
      unchanged: 0,
      rulesFile: 'rules/g/rules.md',
      rules: [{ heading: evil, change: 'changed', line: 3 }],
      cards: [
        {
          id: evil,
          name: evil,
          qty: 1,
          type: 'hero',
          change: 'changed',
          fields: [{ field: evil, before: evil, after: 'ok' }],
          look: { front: false, back: false },
          front: {},
          back: {},
        },
      ],
    })
    expect(html).not.toMatch(/<script|<img src=x/)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`)
  })
})
/** Each card's revision and its stamped front's picture, as a build with --stamp draws them (30 dpi). */
const stamped = async (): Promise<Map<string, { revision: string; front: string }>> => {
  const loaded = (await validateGame(root, 'g')).value!
  const store = FaceStore.open(join(root, 'out', '.cache', 'g'))
  const faces = await renderGame(gamePaths(root, 'g'), loaded.game, loaded.cards, {
    ...faceRenderOptions({ dpi: 30, stamp: true }, 'satori'),
    store,
  })
  const plain = await renderGame(gamePaths(root, 'g'), loaded.game, loaded.cards, {
    ...faceRenderOptions({ dpi: 30 }, 'satori'),
    store,
  })
  const revisions = cardRevisions(plain.value)
  return new Map(faces.value.cards.map((c) => [c.card.id, { revision: revisions.get(c.card.id)!, front: c.front.png }]))
}

/**
 * The update pack of the comparison: its list (out: c removed, x and y's old prints; in: x, y, z), and its
 * sheets holding exactly the faces of x, y and z and the items' new back, nothing of the heroes.
 */
const updatePack = async (
  changes: GameChanges,
  before: Map<string, { revision: string }>,
  after: Map<string, { revision: string; front: string }>,
) => {
  const file = (await writeUpdatePack(root, changes, join(root, 'out')))!
  expect(file).toBe(join(root, 'out', 'g', `g-update-${changes.revision.commit.slice(0, 7)}.pdf`))
  const list = packList(changes)
  expect(list.out.map((l) => [l.id, l.stamp])).toEqual(
    ['x', 'y', 'c'].map((id) => [id, `v1·${before.get(id)!.revision}`]),
  )
  expect(list.in.map((l) => [l.id, l.stamp])).toEqual(
    ['x', 'y', 'z'].map((id) => [id, `v1·${after.get(id)!.revision}`]),
  )
  const text = poppler('pdftotext', file, '-f', '1', '-l', '1', '-layout').replace(/\s+/g, ' ')
  expect(text).toContain(`1 × Cleo (c) v1·${before.get('c')!.revision}`)
  expect(text).toMatch(
    /Take out of the deck.*Axe \(x\).*Yew bow \(y\).*Cleo \(c\).*Put in.*Axe \(x\).*Yew bow \(y\).*Zither \(z\)/,
  )
  // The list, a blank page (duplex: fronts stay on odd pages), the fronts, the backs, the credits.
  expect(poppler('pdfinfo', file)).toMatch(/Pages:\s+5\n/)
  expect(poppler('pdftotext', file, '-f', '5', '-l', '5')).toContain('Inter')
  const dir = mkdtempSync(join(tmpdir(), 'deckwright-pack-'))
  try {
    execFileSync('pdfimages', ['-png', file, join(dir, 'i')])
    const images = readdirSync(dir).map((f) => join(dir, f))
    const itemBack = changes.cards.find((c) => c.id === 'x')!.back.after!.png
    // The fronts as a build with --stamp draws them: stamped, so that the new prints tell from the old.
    const card = (id: string) => changes.cards.find((c) => c.id === id)!
    const expected = [...['x', 'y', 'z'].map((id) => card(id).stamped!.png), itemBack]
    for (const id of ['x', 'y', 'z']) expect(await samePixels(card(id).stamped!.png, after.get(id)!.front)).toBe(true)
    expect(await samePixels(card('x').stamped!.png, card('x').front.after!.png)).toBe(false)
    const match = async (image: string) => {
      for (const [i, face] of expected.entries()) if (await samePixels(image, face)) return i
      return -1
    }
    const found = await Promise.all(images.map(match))
    expect(found).not.toContain(-1)
    expect(new Set(found)).toEqual(new Set([0, 1, 2, 3]))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('deckwright changes', () => {
  it('lists two cards whose data changed (one looks different, one does not) and the rules section edited', async () => {
    write('cards/g/heroes.yaml', HEROES.replace('power: 1', 'power: 4').replace('Bert', 'Bertha'))
    write('rules/g/rules.md', RULES.replace('Take turns.', 'Take turns, clockwise.'))
    write('cards/g/lang/nl.yaml', DUTCH.replace('Spel', 'Het Spel'))
    const changes = await compare()
    expect(listed(changes)).toEqual([
      { id: 'a', change: 'changed', fields: ['power: 1 -> 4'], look: { front: true, back: false } },
      { id: 'b', change: 'changed', fields: ['name: Bert -> Bertha'], look: { front: false, back: false } },
    ])
    expect(changes.unchanged).toBe(3)
    // In Dutch: a's power too, not b's name (translated, the same), and the items' backs (the game's title).
    expect(changes.editions.map((e) => [e.lang, listed(e)])).toEqual([
      [
        'nl',
        [
          { id: 'a', change: 'changed', fields: ['power: 1 -> 4'], look: { front: true, back: false } },
          { id: 'x', change: 'changed', fields: [], look: { front: false, back: true } },
          { id: 'y', change: 'changed', fields: [], look: { front: false, back: true } },
        ],
      ],
    ])
    expect(changes.rules).toEqual([{ heading: 'Play', change: 'changed', line: 5 }])
    // As a person reads it.
    expect(changesLines([changes]).slice(1)).toEqual([
      '  changed  a: power 1 → 4; looks different: front',
      '  changed  b: name "Bert" → "Bertha"; looks the same',
      '  rules    "Play" changed',
      '  changed  a (nl): power 1 → 4; looks different: front',
      '  changed  x (nl): looks different: back (its data is the same)',
      '  changed  y (nl): looks different: back (its data is the same)',
    ])
    expect(changesLines([changes])[0]).toMatch(
      /^g: since HEAD \([0-9a-f]{12}\), 2 changed, rules: 1 section changed; nl: 3 changed$/,
    )
    expect(changesMarkdown([changes]).split('\n').slice(1)).toEqual([
      '',
      '| card | change | how |',
      '| --- | --- | --- |',
      '| `a` | changed | power 1 → 4; looks different: front |',
      '| `b` | changed | name "Bert" → "Bertha"; looks the same |',
      '| `a` (nl) | changed | power 1 → 4; looks different: front |',
      '| `x` (nl) | changed | looks different: back (its data is the same) |',
      '| `y` (nl) | changed | looks different: back (its data is the same) |',
      '',
      'Rules:',
      '',
      '- "Play" changed',
      '',
    ])
    // Nothing was in the store: both versions drawn.
    expect(changes.drawn.before).toBeGreaterThan(0)
    firstChanges = changes
    commit('a stronger, b renamed')
  })

  it("writes a page that shows a's front before and after with a box on the pixels that differ, and the data changed as text", async () => {
    writeChangesPage(join(root, 'out'), firstChanges!)
    const html = join(root, 'out/g/changes/index.html')
    const page = await (await browser()).newPage()
    const asked: string[] = []
    page.on('request', (request) => asked.push(request.url()))
    try {
      await page.goto(`file://${html}`)
      await page.waitForLoadState('load')
      const text = (await page.textContent('body'))!
      expect(text).toContain('power: 1 → 4')
      expect(text).toContain('name: "Bert" → "Bertha"')
      expect(text).toContain('“Play” changed')
      // Every image the page shows loads (from beside it: nothing else is asked for), and it runs no script.
      const images = await page.$$eval('img', (all) => all.map((img) => [img.getAttribute('src'), img.naturalWidth]))
      expect(images.length).toBeGreaterThanOrEqual(4)
      for (const [, width] of images) expect(width).toBeGreaterThan(0)
      expect(asked.every((url) => url.startsWith(`file://${join(root, 'out/g/changes')}/`))).toBe(true)
      expect(await page.$$eval('script', (all) => all.length)).toBe(0)
      // a's front after (the first card's second face): its boxes, in its pixels, as the browser places them.
      const shown = await page.$$eval('section.card:first-of-type figure', (figures) =>
        figures.map((figure) => {
          const img = figure.querySelector('img')!
          const frame = img.getBoundingClientRect()
          const scale = img.naturalWidth / frame.width
          const boxes = [...figure.querySelectorAll('.mark')].map((mark) => {
            const r = mark.getBoundingClientRect()
            return [(r.left - frame.left) * scale, (r.top - frame.top) * scale, r.width * scale, r.height * scale]
          })
          return { src: img.getAttribute('src')!, caption: figure.textContent, boxes }
        }),
      )
      expect(shown.map((f) => f.caption)).toEqual(['front, before', 'front, after'])
      const a = firstChanges!.cards[0]!
      expect(shown.map((f) => f.src)).toEqual([`faces/${a.front.before!.key}.png`, `faces/${a.front.after!.key}.png`])
      // The pixels that differ between the two faces: each inside a box, and each box holds some.
      const decode = (src: string) =>
        sharp(join(root, 'out/g/changes', src))
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true })
      const [before, after] = await Promise.all(shown.map((f) => decode(f.src)))
      const { width, height } = after!.info
      const boxes = shown[1]!.boxes
      expect(boxes.length).toBeGreaterThan(0)
      expect(shown[0]!.boxes).toEqual(boxes)
      const inside = (x: number, y: number, [left, top, w, h]: number[]) =>
        x >= left! - 0.5 && x + 1 <= left! + w! + 0.5 && y >= top! - 0.5 && y + 1 <= top! + h! + 0.5
      const differing: [number, number][] = []
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4
          if (before!.data.readUInt32LE(i) !== after!.data.readUInt32LE(i)) differing.push([x, y])
        }
      expect(differing.length).toBeGreaterThan(0)
      expect(differing.filter(([x, y]) => !boxes.some((box) => inside(x, y, box)))).toEqual([])
      for (const box of boxes) expect(differing.some(([x, y]) => inside(x, y, box))).toBe(true)
      // The bar grew from 4 mm to 16 mm: the box is about the 12 mm added (at 30 dpi), not the whole face.
      expect(boxes[0]![2]! * boxes[0]![3]!).toBeLessThan((width * height) / 4)
    } finally {
      await page.close()
    }
  })

  it("lists the faces a template change moved, one type's, not the other's; the old faces come from the store", async () => {
    write('templates/g/index.tsx', templates({ hero: '#2222aa' }))
    const changes = await compare()
    expect(listed(changes)).toEqual(
      ['a', 'b', 'c'].map((id) => ({ id, change: 'changed', fields: [], look: { front: true, back: false } })),
    )
    expect(changes.unchanged).toBe(2)
    expect(changes.rules).toEqual([])
    // The last commit's faces are the working tree's of the step before: found in the store, none drawn.
    expect(changes.drawn.before).toBe(0)
    commit('heroes blue')
  })

  it("lists every card of a shared back that changed as its back's; a card added, and one removed where it was written", async () => {
    const stampsBefore = await stamped()
    write('templates/g/index.tsx', templates({ hero: '#2222aa', itemBack: '#664422' }))
    write(
      'cards/g/heroes.yaml',
      HEROES.replace('power: 1', 'power: 4').replace('Bert', 'Bertha').split('- { id: c')[0]!,
    )
    write('cards/g/items.yaml', `${ITEMS}- { id: z, type: item, name: Zither, cost: 3 }\n`)
    const changes = await compare(true)
    expect(listed(changes)).toEqual([
      { id: 'x', change: 'changed', fields: [], look: { front: false, back: true } },
      { id: 'y', change: 'changed', fields: [], look: { front: false, back: true } },
      { id: 'z', change: 'added', fields: [] },
      { id: 'c', change: 'removed', fields: [] },
    ])
    const removed = changes.cards.find((c) => c.id === 'c')!
    expect([removed.file, removed.line]).toEqual([
      `out/.cache/.revisions/${changes.revision.commit}/cards/g/heroes.yaml`,
      3,
    ])
    // The stamps: a card whose faces look different (x: its back) gets a new one, an unchanged card keeps its own.
    const stampsAfter = await stamped()
    expect(stampsAfter.get('a')!.revision).toEqual(stampsBefore.get('a')!.revision)
    expect(await samePixels(stampsAfter.get('a')!.front, stampsBefore.get('a')!.front)).toBe(true)
    expect(stampsAfter.get('x')!.revision).not.toEqual(stampsBefore.get('x')!.revision)
    // x's front is the same but for its stamp.
    expect(await samePixels(stampsAfter.get('x')!.front, stampsBefore.get('x')!.front)).toBe(false)
    expect(stampsAfter.get('a')!.revision).toMatch(/^[0-9a-f]{5}$/)
    await updatePack(changes, stampsBefore, stampsAfter)
    commit('items brown backed, c out, z in')
  })

  it('lists nothing for a template written another way that draws the same pixels', async () => {
    write('templates/g/index.tsx', templates({ hero: '#2222aa', itemBack: '#664422', reformatted: true }))
    const changes = await compare()
    expect(listed(changes)).toEqual([])
    expect(changes.editions).toEqual([])
    // The faces' inputs changed: they were drawn again, and compared by their pixels.
    expect(changes.drawn.after).toBeGreaterThan(0)
    expect(changes.unchanged).toBe(5)
  })

  it('says one line, exit 2, for a revision that does not exist; lists the changes for GitHub; a revision with errors; a folder outside git, a shallow clone', async () => {
    const missing = await deckwright(root, 'changes', '--since', 'no-such-tag')
    expect([missing.code, missing.stderr.trim()]).toEqual([
      2,
      'deckwright: no revision "no-such-tag" in this repository',
    ])
    // A revision's copy no comparison used for weeks is removed.
    const stale = join(root, 'out/.cache/.revisions/0123456789abcdef0123456789abcdef01234567')
    mkdirSync(join(stale, 'cards'), { recursive: true })
    utimesSync(stale, new Date(2020, 0, 1), new Date(2020, 0, 1))
    // As a GitHub Actions run shows it: annotations at the cards, and a summary on the run's page.
    const summary = join(root, 'out', 'summary.md')
    process.env['GITHUB_STEP_SUMMARY'] = summary
    let github: Awaited<ReturnType<typeof deckwright>>
    try {
      github = await deckwright(
        root,
        'changes',
        'g',
        '--since',
        'HEAD~1',
        '--dpi',
        '30',
        '--format',
        'github',
        '--pack',
      )
    } finally {
      delete process.env['GITHUB_STEP_SUMMARY']
    }
    expect(github.code).toBe(0)
    // The update pack, from the command too: the list, a blank page, x, y and z's fronts, their backs, the credits.
    const pack = join(root, 'out', 'g', `g-update-${git('rev-parse', '--short=7', 'HEAD~1').trim()}.pdf`)
    expect(poppler('pdfinfo', pack)).toMatch(/Pages:\s+5\n/)
    // Since the commit before the last: the items' backs, z added and c removed (the templates draw as they did).
    const annotations = github.stdout
      .trim()
      .split('\n')
      .map((line) => {
        const m =
          /^::notice file=([^,]+),line=(\d+),col=1,title=([^:]+)::since HEAD~1 \([0-9a-f]{12}\)( \(nl\))?: .* \(card (\w)\)$/.exec(
            line,
          )
        return m
          ? `${m[1]!.replace(/^out\/\.cache\/\.revisions\/[0-9a-f]{40}\//, '<revision>/')}:${m[2]} ${m[3]} ${m[5]}${m[4] ?? ''}`
          : line
      })
    expect(annotations).toEqual([
      'cards/g/items.yaml:1 changes/changed x',
      'cards/g/items.yaml:1 changes/changed x (nl)',
      'cards/g/items.yaml:2 changes/changed y',
      'cards/g/items.yaml:2 changes/changed y (nl)',
      'cards/g/items.yaml:3 changes/added z',
      '<revision>/cards/g/heroes.yaml:3 changes/removed c',
    ])
    expect(readFileSync(summary, 'utf8').split('\n')).toEqual([
      expect.stringMatching(/^### g: since HEAD~1 \([0-9a-f]{12}\), 1 added, 1 removed, 2 changed; nl: 2 changed$/),
      '',
      '| card | change | how |',
      '| --- | --- | --- |',
      '| `x` | changed | looks different: back (its data is the same) |',
      '| `y` | changed | looks different: back (its data is the same) |',
      '| `z` | added |  |',
      '| `c` | removed |  |',
      '| `x` (nl) | changed | looks different: back (its data is the same) |',
      '| `y` (nl) | changed | looks different: back (its data is the same) |',
      '',
    ])
    // The page was written again: z's faces and c's, the items' backs before and after; the first page's faces gone.
    const page = readFileSync(join(root, 'out/g/changes/index.html'), 'utf8')
    // (The Dutch edition's x and y after the default's.)
    expect([...page.matchAll(/<h3>.*?<\/h3>/g)].map((m) => m[0].replace(/<[^>]+>/g, ''))).toEqual([
      'changed x (item)',
      'changed y (item)',
      'added z (item)',
      'removed c (hero)',
      'changed x (item)',
      'changed y (item)',
    ])
    const shown = new Set([...page.matchAll(/src="faces\/([^"]+)"/g)].map((m) => m[1]))
    expect(new Set(readdirSync(join(root, 'out/g/changes/faces')))).toEqual(shown)
    // A revision whose cards have errors cannot be compared (exit 1): its errors are at its copy's files.
    const items = readFileSync(join(root, 'cards/g/items.yaml'), 'utf8')
    write('cards/g/items.yaml', items.replace('cost: 1', 'cost: lots'))
    commit('broken')
    write('cards/g/items.yaml', items)
    const broken = await compareWithRevision(root, 'g', findRevision(root, 'HEAD'), { dpi: 30 })
    expect(broken.value).toBeUndefined()
    expect(broken.diagnostics.map((d) => [d.rule, d.file])).toEqual([
      [expect.any(String), expect.stringMatching(/^out\/\.cache\/\.revisions\/[0-9a-f]{40}\/cards\/g\/items\.yaml$/)],
      [
        'changes/revision-has-errors',
        expect.stringMatching(/^out\/\.cache\/\.revisions\/[0-9a-f]{40}\/rules\/g\/game\.ts$/),
      ],
    ])
    const outside = mkdtempSync(join(tmpdir(), 'deckwright-not-git-'))
    try {
      expect(() => findRevision(outside, 'HEAD')).toThrow(/is not in a git repository/)
      // A clone of the last commit alone (as CI checks out) lacks the one before: said so, with the fix.
      git('clone', '-q', '--depth', '1', `file://${root}`, join(outside, 'shallow'))
      expect(() => findRevision(join(outside, 'shallow'), 'HEAD~1')).toThrow(
        new RevisionProblem(
          'no revision "HEAD~1" in this shallow clone: fetch its history first (git fetch --unshallow, or fetch-depth: 0 with actions/checkout)',
        ),
      )
    } finally {
      rmSync(outside, { recursive: true, force: true })
    }
    expect(readFileSync(join(root, 'templates/g/index.tsx'), 'utf8')).toContain('written another way')
  })
})
