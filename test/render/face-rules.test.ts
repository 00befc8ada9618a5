import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PNG } from 'pngjs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts'
import { cardType, defineGame, type Card, type GameDef } from '../../src/engine/define.ts'
import { faceRulesOf } from '../../src/engine/face-rules.ts'
import { checkDeck } from '../../src/engine/check.ts'
import { gamePaths } from '../../src/load/project.ts'
import { openSession, type RenderSession } from '../../src/render/template/session.ts'

const fixtures = fileURLToPath(new URL('../fixtures/render/', import.meta.url))

const game = (print?: GameDef['print']): GameDef =>
  defineGame({
    id: 'readable',
    title: 'T',
    version: '1.0.0',
    players: { min: 2, max: 2 },
    params: {},
    types: { label: cardType({ name: 'Label', fields: {} }) },
    ...(print && { print }),
  })

/** A card at `line` of its file, its `rule` field on the next line and its `art:` on the one after. */
const card = (id: string, line: number, art?: string): Card => ({
  id,
  type: 'label',
  set: 'base',
  qty: 1,
  ...(art && { art }),
  fields: { case: id.replace(/-.*/, '') },
  source: {
    file: 'cards/readable/labels.yaml',
    pos: { line, column: 3 },
    fields: { rule: { line: line + 1, column: 9 }, ...(art && { art: { line: line + 2, column: 8 } }) },
  },
})

/** A PNG of one colour, `size` pixels square. */
const png = (size: number, [r, g, b]: [number, number, number]) => {
  const image = new PNG({ width: size, height: size })
  for (let i = 0; i < size * size; i++) image.data.set([r, g, b, 255], i * 4)
  return PNG.sync.write(image)
}

/** The fixture game in a folder of its own, with art made here: a dark photograph, and 30 mm art at 150 and 300 dpi. */
let root: string
const sessions = new Map<string, Promise<RenderSession>>()
const session = (print?: GameDef['print'], preset?: GameDef['print']) => {
  const key = JSON.stringify([print, preset])
  if (!sessions.has(key))
    sessions.set(
      key,
      openSession(gamePaths(root, 'readable'), game(print), {
        dpi: 100,
        bleedMm: 3,
        inkFriendly: false,
        ...(preset && { faceRules: preset }),
      }).then((s) => s.value),
    )
  return sessions.get(key)!
}
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'deckwright-face-rules-'))
  cpSync(join(fixtures, 'templates', 'readable'), join(root, 'templates', 'readable'), { recursive: true })
  mkdirSync(join(root, 'rules', 'readable'), { recursive: true })
  writeFileSync(join(root, 'rules', 'readable', 'game.ts'), 'export default {}\n')
  const art = join(root, 'templates', 'readable', 'art')
  mkdirSync(art)
  writeFileSync(join(art, 'night.png'), png(64, [28, 30, 36]))
  // 30 mm is 354 template px: 177 pixels across are 150 dpi, 354 are 300.
  writeFileSync(join(art, 'low.png'), png(177, [200, 60, 60]))
  writeFileSync(join(art, 'high.png'), png(354, [200, 60, 60]))
})

const laidOut = async (c: Card, s = session()) =>
  (await (await s).draw({ kind: 'front', type: 'label', card: c }, { layoutOnly: true })).diagnostics
const drawn = async (c: Card, s = session()) =>
  (await (await s).draw({ kind: 'front', type: 'label', card: c })).diagnostics
const of = (diagnostics: Diagnostic[], rule: string) => diagnostics.filter((d) => d.rule === rule)

describe('a11y/text-size', () => {
  it('warns at the card and field of text printed under 6 pt, with the size it came to, and not at 6.5 pt', async () => {
    expect(of(await laidOut(card('small', 2)), 'a11y/text-size')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        file: 'cards/readable/labels.yaml',
        line: 3,
        card: 'small',
        field: 'rule',
        message: expect.stringMatching(/^`rule` is printed at 5\.5 pt on the front of small, under the 6 pt/),
      }),
    ])
    expect(of(await laidOut(card('ok', 2)), 'a11y/text-size')).toEqual([])
  })

  it('measures text at the size FitText shrank it to', async () => {
    const [found] = of(await laidOut(card('shrunk', 2)), 'a11y/text-size')
    const size = Number(/printed at ([\d.]+) pt/.exec(found?.message ?? '')?.[1])
    expect(size).toBeGreaterThanOrEqual(4)
    expect(size).toBeLessThan(6)
  })

  it("takes a game's minimum, per type and field, and its severity", async () => {
    expect(of(await laidOut(card('ok', 2), session({ minTextPtOf: { 'label.rule': 7 } })), 'a11y/text-size')).toEqual([
      expect.objectContaining({ message: expect.stringContaining('6.5 pt on the front of ok, under the 7 pt') }),
    ])
    expect(of(await laidOut(card('small', 2), session({ minTextPt: 5 })), 'a11y/text-size')).toEqual([])
    const off = session({ severity: { 'a11y/text-size': 'off', 'a11y/contrast': 'error' } })
    expect(of(await laidOut(card('small', 2), off), 'a11y/text-size')).toEqual([])
    expect(of(await laidOut(card('grey', 2), off), 'a11y/contrast')[0]?.severity).toBe('error')
  })

  it("takes a print service's floor over a game's lower minimum", () => {
    expect(faceRulesOf({ minTextPt: 5 }, { minTextPt: 7 }).minTextPt).toBe(7)
    expect(faceRulesOf({ minTextPt: 8 }, { minTextPt: 7 }).minTextPt).toBe(8)
    expect(faceRulesOf(undefined).minArtDpi).toBe(300)
  })
})

describe('a11y/contrast', () => {
  it('warns of grey #999 on white from the declared colours, naming both', async () => {
    expect(of(await laidOut(card('grey', 2)), 'a11y/contrast')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        line: 3,
        field: 'rule',
        message: expect.stringContaining(
          'is #999999 on #ffffff (its background): a contrast of 2.8:1, under the 4.5:1',
        ),
      }),
    ])
    expect(of(await laidOut(card('ok', 2)), 'a11y/contrast')).toEqual([])
  })

  it("warns of black text on a dark photograph, measured from the drawn face's pixels", async () => {
    // Laid out, the text's declared background is the face's white: only the pixels show the art under it.
    expect(of(await laidOut(card('dark', 2, 'art/night.png')), 'a11y/contrast')).toEqual([])
    expect(of(await drawn(card('dark', 2, 'art/night.png')), 'a11y/contrast')).toEqual([
      expect.objectContaining({
        field: 'rule',
        message: expect.stringMatching(/is #000000 on #1c1e24 \(the face as drawn, under it\): a contrast of 1\.\d:1/),
      }),
    ])
    expect(of(await drawn(card('ok', 2)), 'a11y/contrast')).toEqual([])
  })
})

describe('print/art-resolution', () => {
  it("warns at the card's art: line of art printed at 150 dpi, not of 300 dpi", async () => {
    expect(of(await laidOut(card('art-low', 2, 'art/low.png')), 'print/art-resolution')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        file: 'cards/readable/labels.yaml',
        line: 4,
        card: 'art-low',
        field: 'art',
        message: expect.stringContaining(
          '(177×177 pixels) is printed 30×30 mm on the front of art-low: 150 dpi, under the 300 dpi',
        ),
      }),
    ])
    expect(of(await laidOut(card('art-high', 2, 'art/high.png')), 'print/art-resolution')).toEqual([])
    expect(
      of(await laidOut(card('art-low', 2, 'art/low.png'), session({ minArtDpi: 150 })), 'print/art-resolution'),
    ).toEqual([])
  })
})

describe('print/outside-safe-zone', () => {
  it('warns of text 1 mm into the bleed, from the drawn layout, and not of text inside the safe zone', async () => {
    expect(of(await drawn(card('bleed', 2)), 'print/outside-safe-zone')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        line: 2,
        card: 'bleed',
        message: 'the text "Draw two cards." on the front of bleed reaches 1 mm into the bleed (the trim may cut it)',
      }),
    ])
    expect(of(await drawn(card('ok', 2)), 'print/outside-safe-zone')).toEqual([])
  })

  it('checks a text turned over by rotate(180deg) where it is drawn', async () => {
    expect(of(await drawn(card('turned', 2)), 'print/outside-safe-zone')).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('"Turned over." on the front of turned reaches 3 mm into the bleed'),
      }),
    ])
  })

  it("takes a print service's safe zone (a preset's PDF minimums are the same rules' thresholds)", async () => {
    const { presetFaceRules } = await import('../../src/outputs/presets.ts')
    expect(presetFaceRules('tgc')).toBeUndefined() // a preset without minimums leaves the faces' keys as they were
    expect(of(await drawn(card('ok', 2), session(undefined, { safeMm: 30 })), 'print/outside-safe-zone')).toEqual([
      expect.objectContaining({ message: expect.stringContaining('outside the safe zone (30 mm inside the trim)') }),
    ])
  })

  it('leaves the version stamp alone, which sits outside the safe zone by design', async () => {
    const s = openSession(gamePaths(root, 'readable'), game(), {
      dpi: 100,
      bleedMm: 3,
      inkFriendly: false,
      stamp: true,
    })
    const { diagnostics } = await (await s).value.draw({ kind: 'front', type: 'label', card: card('ok', 2) })
    expect(diagnostics).toEqual([])
  })
})

describe('print in a definition', () => {
  it('is an error naming each setting it cannot use, and none for the ones it can', () => {
    const odd = game({
      minTextPt: 'seven',
      minTextPtOf: { crew: -1 },
      severity: { 'a11y/contrast': 'loud', 'a11y/colour': 'off' },
      dpi: 300,
    } as never)
    expect(checkDeck(odd, [], 'rules/readable/game.ts').map((d) => [d.rule, d.message])).toEqual([
      ['game/bad-print', expect.stringContaining('minTextPt: "seven" is not a positive number')],
      ['game/bad-print', expect.stringContaining("minTextPtOf['crew']: -1 is not a positive number")],
      [
        'game/bad-print',
        expect.stringContaining('severity: "loud" for a11y/contrast is not one of error, warning, info, off'),
      ],
      ['game/bad-print', expect.stringContaining('severity: "a11y/colour" is not one of its rules')],
      ['game/bad-print', expect.stringContaining('"dpi" is not one of its settings')],
    ])
    const good = game({
      minTextPt: 7,
      minTextPtOf: { label: 8 },
      minArtDpi: 200,
      safeMm: 4,
      severity: { 'a11y/contrast': 'off' },
    })
    expect(checkDeck(good, [], 'rules/readable/game.ts')).toEqual([])
  })
})
