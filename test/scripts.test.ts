// Card text in other scripts: Chinese, Arabic, Hindi drawn with Noto fallback fonts the project has installed
// (here deckwright's devDependencies), wrapped by the Unicode rules, and a warning for what no font draws.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import * as fontkit from 'fontkit'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FontBook, fontsourceSubsets } from '../src/render/fonts/font-book.ts'
import { baseFonts, loadFont } from '../src/render/fonts/fonts.ts'
import { createMeasure } from '../src/render/text/measure.ts'
import { parseInline, unspacedPieces } from '../src/engine/inline-text.ts'
import { paragraphDirection, visualOrder } from '../src/render/text/bidi.ts'
import { fixture, root } from './helpers.ts'
import { buildRun, type Checked, validateRun } from './setup/commands.ts'
import { fileThreads } from './setup/threads.ts'

// The project's threads: its build, then its validation (the project is only read after it is copied).
const threads = fileThreads()
let project: string
let built: Checked
const face = (id: string) => PNG.sync.read(readFileSync(join(project, 'out', 'polyglot', 'faces', `${id}.front.png`)))
/** 300 dpi: template px a millimetre. */
const MM = 300 / 25.4

/** The runs of inked columns across the rows y0…y1 of a face (gaps under `gap` px join a run). */
const inkRuns = (png: PNG, y0: number, y1: number, gap = 12) => {
  const runs: { x0: number; x1: number }[] = []
  for (let x = 0; x < png.width; x++) {
    let inked = false
    for (let y = Math.max(0, y0); y < Math.min(png.height, y1) && !inked; y++)
      inked = png.data[(y * png.width + x) * 4]! < 128
    if (!inked) continue
    const last = runs[runs.length - 1]
    if (last && x - last.x1 <= gap) last.x1 = x
    else runs.push({ x0: x, x1: x })
  }
  return runs
}
/** The inked rows of a face, as bands (text lines). */
const inkBands = (png: PNG) => {
  const bands: { y0: number; y1: number }[] = []
  for (let y = 0; y < png.height; y++) {
    let inked = false
    for (let x = 0; x < png.width && !inked; x++) inked = png.data[(y * png.width + x) * 4]! < 128
    if (!inked) continue
    const last = bands[bands.length - 1]
    if (last && y - last.y1 <= 4) last.y1 = y
    else bands.push({ y0: y, y1: y })
  }
  return bands
}

beforeAll(async () => {
  project = mkdtempSync(join(root, 'test', 'build', 'tmp-scripts-'))
  cpSync(fixture('scripts'), project, { recursive: true })
  // `deckwright build --jobs 1`, through the library (test/setup/commands.ts).
  built = await buildRun(project, { jobs: 1, threads })
}, 120_000)
afterAll(() => rmSync(project, { recursive: true, force: true }))

describe('card text in every script', () => {
  it('draws Chinese and Hindi with their fonts: two different characters are two different pictures, not two boxes', () => {
    expect(built.failed).toBe(false)
    expect(face('zh-one').data.equals(face('zh-other').data)).toBe(false)
    expect(face('hi-conjunct').data.equals(face('hi-other').data)).toBe(false)
  })

  it('draws Japanese kana and kanji, wrapped inside its box', () => {
    const png = face('ja')
    expect(inkBands(png).length).toBeGreaterThanOrEqual(3)
    expect(Math.max(...inkRuns(png, 0, png.height, 1).map((r) => r.x1))).toBeLessThanOrEqual(36 * MM + 1)
    const said = built.found
    expect(said.filter((d) => d.card === 'ja')).toEqual([])
  })

  it('wraps a long Chinese sentence between its characters, inside its box', () => {
    const png = face('zh-long')
    const bands = inkBands(png)
    expect(bands.length).toBeGreaterThanOrEqual(3)
    // The box: 30 × 40 mm at 6 mm from the canvas' top left (bleed included).
    const [left, right, bottom] = [6 * MM, 36 * MM, 46 * MM]
    const runs = inkRuns(png, 0, png.height, 1)
    expect(Math.min(...runs.map((r) => r.x0))).toBeGreaterThanOrEqual(left - 1)
    expect(Math.max(...runs.map((r) => r.x1))).toBeLessThanOrEqual(right + 1)
    expect(bands[bands.length - 1]!.y1).toBeLessThanOrEqual(bottom + 1)
    // Split where the Unicode rules allow: between characters, never before the closing "，" or "。".
    const words = parseInline('卡牌，好。')[0]!.map((w) => (w[0] as { text: string }).text)
    expect(words).toEqual(['卡', '牌，', '好。'])
    expect(unspacedPieces('卡牌，好。')).toEqual(['卡', '牌，', '好。'])
    expect(unspacedPieces('well-kept')).toEqual(['well-kept'])
    // Characters beyond the Basic Multilingual Plane (two UTF-16 units each) break alike.
    expect(unspacedPieces('𠮟𠮟𠮟')).toEqual(['𠮟', '𠮟', '𠮟'])
    expect(parseInline('𠮟𠮟')[0]).toHaveLength(2)
  })

  it('runs Arabic right to left: of "ا ب" the alef (a narrow stroke) is on the right, of "ب ا" on the left', () => {
    const strokes = (id: string) => inkRuns(face(id), 0, 20 * MM, 4).map((r) => r.x1 - r.x0 + 1)
    const [alefBeh, behAlef] = [strokes('ar-alef-beh'), strokes('ar-beh-alef')]
    expect(alefBeh).toHaveLength(2)
    expect(alefBeh[1]!).toBeLessThan(alefBeh[0]! / 3)
    expect(behAlef[0]!).toBeLessThan(behAlef[1]! / 3)
    // Among inline icons too (a row of words): alef, the spy, beh, from the right.
    const withIcon = strokes('ar-icon')
    expect(withIcon).toHaveLength(3)
    expect(withIcon[2]!).toBeLessThan(withIcon[0]! / 3)
    // And inside a word: "ا[spy]" after "ب" reads spy, alef, beh from the left (its alef before its icon, right to left).
    const inWord = inkRuns(face('ar-word-icon'), 0, 20 * MM, 1).map((r) => r.x1 - r.x0 + 1)
    expect(inWord).toHaveLength(3)
    expect(inWord[1]!).toBeLessThan(inWord[0]! / 3)
  })

  it('orders a line of words by the bidirectional algorithm: Latin and numbers inside Arabic keep their own direction', () => {
    const paragraph = parseInline('العب 3 بطاقات مع Maybe Missions')[0]!
    const text = (i: number) => (paragraph[i]![0] as { text: string }).text
    expect(paragraphDirection(paragraph)).toBe('rtl')
    expect(
      visualOrder(
        paragraph,
        paragraph.map((_, i) => i),
        'rtl',
      ).map(text),
    ).toEqual(['Maybe', 'Missions', 'مع', 'بطاقات', '3', 'العب'])
    const latin = parseInline('Pay 3 coins')[0]!
    expect(paragraphDirection(latin)).toBe('ltr')
    expect(visualOrder(latin, [0, 1, 2], 'ltr')).toEqual([0, 1, 2])
  })

  it('shapes with the fallback fonts: Arabic letters take their joined forms, Devanagari forms its conjuncts', () => {
    const inter = loadFont(baseFonts.body)
    const book = new FontBook([inter])
    const shape = (text: string) => {
      const font = book.fontFor(text.codePointAt(0)!, inter)!
      expect(font.package).toMatch(/^@fontsource\/noto-sans-(arabic|devanagari)$/)
      return fontkit.create(font.data).layout(text).glyphs
    }
    // بطاقات: its first letter (beh) initial, its tah medial, its alefs final; laid out right to left, so the
    // beh, first in the text, is the last glyph from the left.
    const joined = shape('بطاقات').map((g) => g.name)
    expect(joined).toContain('uni066E.init')
    expect(joined).toContain('uni0637.medi')
    expect(joined).toContain('uni0627.fina')
    expect(joined[joined.length - 1]).toBe('uni066E.init')
    expect(shape('ط').map((g) => g.name)).toEqual(['uni0637'])
    // क्ष (ka, virama, ssa): one conjunct glyph.
    const conjunct = shape('क्ष')
    expect(conjunct).toHaveLength(1)
    expect(conjunct[0]!.id).not.toBe(0)
  })

  it('warns of characters no installed font draws, at the card and field, naming the package that would', async () => {
    const found = built.found.filter((d) => d.rule === 'render/undrawable-text')
    expect(found).toEqual([
      expect.objectContaining({
        severity: 'warning',
        card: 'ko',
        field: 'text',
        line: 14,
        message: expect.stringContaining('"한" (U+D55C), "글" (U+AE00), "카" (U+CE74), "드" (U+B4DC) cannot be drawn'),
      }),
    ])
    expect(found[0]!.message).toContain('npm install @fontsource/noto-sans-kr')
    // validate lays the faces out and says so too.
    const validated = await validateRun(project, { threads })
    expect(validated.found.filter((d) => d.rule === 'render/undrawable-text')).toHaveLength(1)
  })

  it('credits the fallback fonts it drew with', () => {
    const sheets = execFileSync('pdftotext', [join(project, 'out', 'polyglot', 'polyglot-cards.pdf'), '-'], {
      encoding: 'utf8',
    })
    for (const family of ['Noto Sans SC', 'Noto Sans Arabic', 'Noto Sans Devanagari']) expect(sheets).toContain(family)
  })

  it('draws emoji with an emoji font: two emoji are two pictures, and none is undrawable', () => {
    expect(face('emoji-dice').data.equals(face('emoji-heart').data)).toBe(false)
    const said = built.found
    expect(said.filter((d) => d.rule === 'render/undrawable-text').map((d) => d.card)).toEqual(['ko'])
    // Two emoji from different files of Noto Emoji that share their first UTF-16 unit, in one text: satori
    // would draw the second as a box without a word, so the build says so.
    expect(said.filter((d) => d.rule === 'render/font-clash')).toEqual([
      expect.objectContaining({
        card: 'emoji-clash',
        message: expect.stringContaining('"🌟" and "🎲" come from different files of one font'),
      }),
    ])
    const inter = loadFont(baseFonts.body)
    expect(new FontBook([inter]).fontFor(0x1f3b2, inter)?.package).toBe('@fontsource/noto-emoji')
  })

  it('measures an emoji sequence as the one glyph satori draws, not its parts', () => {
    const inter = loadFont(baseFonts.body)
    const measure = createMeasure([inter])
    const size = 100
    const one = measure.width('👨', { family: 'Inter', size })
    // A family (man, woman, girl joined by zero-width joiners) and a thumbs-up with a skin tone: one glyph each.
    expect(measure.width('👨‍👩‍👧', { family: 'Inter', size })).toBeLessThan(one * 1.5)
    expect(measure.width('👍🏽', { family: 'Inter', size })).toBeLessThan(one * 1.5)
  })

  it("tries a game's own fallback fonts first", () => {
    const inter = loadFont(baseFonts.body)
    // ő is in Inter's latin-ext file, which deckwright does not load; a game that names Inter as a fallback gets it.
    expect(new FontBook([inter], undefined, ['@fontsource/inter']).fontFor(0x151, inter)).toMatchObject({
      package: '@fontsource/inter',
      name: 'Inter~latin-ext',
    })
    expect(new FontBook([inter]).fontFor(0x151, inter)?.package).not.toBe('@fontsource/inter')
  })

  it('sets the booklet in the same fonts: Chinese, Arabic right to left, Devanagari and emoji embedded, the undrawable warned of', () => {
    const pdf = join(project, 'out', 'polyglot', 'polyglot-rules.pdf')
    const fonts = execFileSync('pdffonts', [pdf], { encoding: 'utf8' })
    for (const font of [
      'NotoSansSC-Regular',
      'NotoSansArabic-Regular',
      'NotoSansDevanagari-Regular',
      'NotoEmoji-Regular',
    ])
      expect(fonts).toContain(font)
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })
    expect(text.replace(/\s+/g, '')).toContain('设计师在打印之前测试他们的每一张卡牌')
    expect(text).toContain('Noto Sans Arabic')
    // "ا ب" on its own line: alef first in the text, so on the right.
    const words = [
      ...execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' }).matchAll(
        /<word xMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g,
      ),
    ].map((m) => ({ x: Number(m[1]), text: m[2] }))
    const alef = words.find((w) => w.text === 'ا')!
    const beh = words.find((w) => w.text === 'ب')!
    expect(alef.x).toBeGreaterThan(beh.x)
    const said = built.found.filter((d) => d.rule === 'rules/undrawable-text')
    expect(said).toEqual([
      expect.objectContaining({
        file: 'rules/polyglot/rules.md',
        line: 15,
        message: expect.stringContaining('"한" (U+D55C), "글" (U+AE00) cannot be drawn in the booklet'),
      }),
    ])
  })

  it("reads a Fontsource package's subsets and the characters each holds from its CSS", () => {
    const subsets = fontsourceSubsets('@fontsource/noto-sans-arabic', 400, 'normal')
    expect(subsets.find((s) => s.id === 'arabic')).toMatchObject({ family: 'Noto Sans Arabic', weight: 400 })
    expect(subsets.find((s) => s.id === 'arabic')!.ranges).toContainEqual([0x600, 0x6ff])
    expect(fontsourceSubsets('@fontsource/no-such-font', 400, 'normal')).toEqual([])
  })
})
