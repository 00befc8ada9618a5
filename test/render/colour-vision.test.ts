// a11y/colour-vision: colours that tell a card's parts apart, compared as players with protanopia, deuteranopia
// and tritanopia and in greyscale see them (Machado 2009 in linear light, CIEDE2000), a warning at the
// definition's line where a face shows no second cue; and the threshold, measured.
import { describe, expect, it } from 'vitest'
import type { GameDef } from '../../src/engine/define.ts'
import { gamePaths } from '../../src/load/project.ts'
import { COLOUR_VISION, colourVisionProblems, type ColourFace } from '../../src/render/template/colour-check.ts'
import {
  colourDifference,
  CONFUSABLE_BELOW,
  confusions,
  machadoMatrix,
  type Vision,
} from '../../src/render/template/colour-vision.ts'
import { faceMarks } from '../../src/render/template/face-marks.ts'
import { openSession } from '../../src/render/template/session.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import { fixture, projectCopy, root } from '../helpers.ts'
import { fileThreads } from '../setup/threads.ts'

const threads = fileThreads()

// Pairs that confuse red-green-blind readers (palettes their makers mark as not colour-blind safe), and the vision.
const CONFUSABLE: [string, string, Vision, string][] = [
  ['#d62728', '#2ca02c', 'deuteranopia', "matplotlib tab10's red and green"],
  ['#e41a1c', '#4daf4a', 'deuteranopia', "ColorBrewer Set1's red and green"],
  ['#8b0000', '#006400', 'deuteranopia', 'dark red and dark green'],
  ['#ff0000', '#008000', 'protanopia', 'red and CSS green'],
  ['#cc0000', '#669900', 'deuteranopia', 'red and olive'],
]
// Okabe and Ito's palette, made so that colour-blind readers tell every colour from every other.
const OKABE_ITO = ['#000000', '#e69f00', '#56b4e9', '#009e73', '#f0e442', '#0072b2', '#d55e00', '#cc79a7']

describe('the simulation and the threshold', () => {
  it('puts every pair known to confuse under the threshold, and keeps every Okabe–Ito pair over it', () => {
    for (const [a, b, vision, what] of CONFUSABLE)
      expect(colourDifference(a, b, vision), what).toBeLessThan(CONFUSABLE_BELOW)
    const pairs = OKABE_ITO.flatMap((a, i) => OKABE_ITO.slice(i + 1).map((b) => [a, b] as const))
    const least = Math.min(
      ...pairs.flatMap(([a, b]) =>
        (['protanopia', 'deuteranopia', 'tritanopia'] as const).map((v) => colourDifference(a, b, v)!),
      ),
    )
    expect(least).toBeGreaterThanOrEqual(CONFUSABLE_BELOW)
    expect(least).toBeCloseTo(10.9, 1)
  })

  it("applies Machado 2009's published matrices (severity 1.0), in linear light", () => {
    expect(machadoMatrix('deuteranopia')[0]).toEqual([0.367322, 0.860646, -0.227968])
    expect(machadoMatrix('protanopia')[1]).toEqual([0.114503, 0.786281, 0.099216])
    expect(machadoMatrix('tritanopia')[2]).toEqual([0.004733, 0.691367, 0.3039])
    // In gamma-encoded sRGB (as culori applies them), tab10's red and green would be 13.9 apart with deuteranopia.
    expect(colourDifference('#d62728', '#2ca02c', 'deuteranopia')).toBeCloseTo(4.6, 1)
  })

  it("finds Maybe Missions' green and red alike in greyscale, and Maybe Movies' orange and green alike in none", () => {
    expect(confusions('#2e7d4f', '#b3261e').map((c) => c.vision)).toEqual(['greyscale'])
    expect(confusions('#d9730d', '#2e7d4f')).toEqual([])
  })
})

type Found = { rule: string; severity: string; file: string; line?: number; card?: string; message: string }

describe('a11y/colour-vision', () => {
  it('warns at the definition for halves or words painted by colour alone, not where the face draws a word or symbol; again from the cache', async () => {
    const project = projectCopy(fixture('colour-vision'))
    for (const run of ['first', 'cached']) {
      const { diagnostics } = await validateGame(project, 'g', { faces: true, threads })
      const found = (diagnostics as Found[])
        .filter((d) => d.rule === 'a11y/colour-vision')
        .sort((x, y) => x.line! - y.line!)
      expect(
        found.map((d) => ({ run, file: d.file, line: d.line, card: d.card, severity: d.severity })),
        run,
      ).toEqual([
        // The gems vocabulary's ruby, drawn as a disc of its colour alone.
        { run, file: 'rules/g/game.ts', line: 20, card: 'r1', severity: 'warning' },
        // Plain's `halves` (red and green): both its cards, one warning.
        { run, file: 'rules/g/game.ts', line: 27, card: 'p1', severity: 'warning' },
        // Tides' `halves` (a blue and a green).
        { run, file: 'rules/g/game.ts', line: 42, card: 's1', severity: 'warning' },
      ])
      const [ruby, plain, tides] = found.map((d) => d.message)
      // Red and green: with deuteranopia only (protanopia 24.9, greyscale 10.9).
      expect(plain).toMatch(
        /^the halves of Plain \(plain\), red #d62728 and green #2ca02c, look alike with deuteranopia \(ΔE00 4\.6\), and its front does not show each role's word or symbol/,
      )
      expect(plain).toMatch(/\(on p1 and 1 more card\)$/)
      expect(ruby).toMatch(/^the gems words ruby #d62728 and jade #2ca02c look alike with deuteranopia \(ΔE00 4\.6\)/)
      // The blue and the green: with tritanopia, not with protanopia or deuteranopia (and in greyscale:
      // tritanopes keep the cones that make lightness, so a pair alike to them is alike in grey too).
      expect(tides).toMatch(/look alike with tritanopia \(ΔE00 8\.0\) and in greyscale \(4\.5\)/)
      expect(tides).not.toMatch(/protanopia|deuteranopia/)
      // SplitFront (RoleTag's word and symbol), a template's own role words, and IconRow's icons are second cues.
      expect(found.filter((d) => ['t1', 'w1', 'g1'].includes(d.card!))).toEqual([])
    }
  }, 60_000)

  it("finds the cue on Maybe Missions' split fronts, which SplitFront draws with each role's word and symbol", async () => {
    const { value } = await validateGame(root, 'maybe-missions', { threads })
    const { cards } = value!
    // Every colour alike to every vision (ΔE00 under 100): only the cue keeps a warning away.
    const alike = { ...value!.game, accessibility: { colourVision: { below: 100 } } }
    // The same, with roles that have no word and a symbol that does not exist: SplitFront then shows no cue.
    const bare = {
      ...alike,
      roles: { green: { word: '', symbol: 'none:none' }, red: { word: '', symbol: 'none:none' } },
    }
    const options = { dpi: 30, bleedMm: 3, inkFriendly: false }
    const paths = gamePaths(root, 'maybe-missions')
    const [cued, uncued] = await Promise.all([openSession(paths, alike, options), openSession(paths, bare, options)])
    for (const type of ['mission', 'master', 'shop']) {
      const job = { kind: 'front' as const, type, card: cards.find((c) => c.type === type)! }
      const found = async (session: typeof cued) =>
        (await session.value.draw(job, { layoutOnly: true })).diagnostics
          .filter((d) => d.rule === 'a11y/colour-vision')
          .map((d) => d.message.replace(/ look alike .*/, ''))
      expect(await found(cued), type).toEqual([])
      expect(await found(uncued), type).toEqual([
        expect.stringMatching(new RegExp(`^the halves of .* \\(${type}\\), green #2e7d4f and red #b3261e,$`)),
      ])
    }
  }, 60_000)
})

describe('colourVisionProblems', () => {
  const game = (setting?: object) =>
    ({
      types: { duo: { name: 'Duo', halves: ['red', 'green'], fields: {} } },
      roles: { red: { color: '#d62728' }, green: { color: '#2ca02c' } },
      ...(setting && { accessibility: { colourVision: setting } }),
    }) as unknown as GameDef
  const marks = { texts: [] as string[], icons: new Set<string>(), colours: new Set(['#d62728', '#2ca02c']) }
  const face = (g: GameDef, drawn = marks): ColourFace => ({
    game: g,
    kind: 'front',
    type: 'duo',
    card: 'd1',
    marks: () => drawn,
    wordsRead: [],
    text: (_key, original) => original,
  })
  const source = { file: 'rules/g/game.ts', text: "types: {\n  duo: {\n    halves: ['red', 'green'],\n", root }
  const problems = (setting?: object) => colourVisionProblems(face(game(setting)), source)

  it('takes the severity and threshold the game sets', () => {
    expect(problems().map((d) => [d.rule, d.severity, d.line, d.card])).toEqual([[COLOUR_VISION, 'warning', 3, 'd1']])
    expect(problems({ severity: 'error' }).map((d) => d.severity)).toEqual(['error'])
    expect(problems({ severity: 'off' })).toEqual([])
    // Under 4: tab10's red and green (4.6 with deuteranopia) count as told apart.
    expect(problems({ below: 4 })).toEqual([])
  })

  it('counts a role word in any text, or its symbol, on the face; not colours it does not draw', () => {
    const drawing = (more: Partial<typeof marks>) => colourVisionProblems(face(game(), { ...marks, ...more }), source)
    expect(drawing({})).toHaveLength(1)
    expect(drawing({ texts: ['RED', 'go: GREEN!'] })).toEqual([])
    expect(drawing({ texts: ['REDUCED', 'GREEN'] })).toHaveLength(1)
    expect(drawing({ icons: new Set(['game-icons:check-mark', 'game-icons:cancel']) })).toEqual([])
    expect(drawing({ colours: new Set(['#d62728']) })).toEqual([])
  })
})

describe('faceMarks', () => {
  it("reads a face's texts, the icons its images and backgrounds show, and the colours it paints", () => {
    const looked = new Map([
      ['data:image/svg+xml;a', { name: 'game-icons:cancel', color: '#FFFFFF' }],
      ['data:image/svg+xml;b', { name: 'game-icons:check-mark' }],
    ])
    const tree = {
      type: 'div',
      props: {
        style: { display: 'flex', background: '#2E7D4F', borderBottom: '2px solid crimson', fontFamily: 'Inter' },
        children: [
          'FAIL',
          { type: 'img', props: { src: 'data:image/svg+xml;a', style: {} } },
          {
            type: 'div',
            props: { style: { backgroundImage: 'url("data:image/svg+xml;b")', color: 'rgb(0, 0, 255)' } },
          },
          { type: 'img', props: { src: 'data:image/png;art' } },
          [7, null, false],
        ],
      },
    }
    const marks = faceMarks(tree, looked)
    expect(marks.texts).toEqual(['FAIL', '7'])
    expect([...marks.icons]).toEqual(['game-icons:cancel', 'game-icons:check-mark'])
    expect([...marks.colours].sort()).toEqual(['#0000ff', '#2e7d4f', '#dc143c', '#ffffff'])
  })
})
