import satori from 'satori'
import { describe, expect, it } from 'vitest'
import { FitText, measureText } from '../../src/render/template/components/text.tsx'
import { borderBox } from '../../src/render/renderers/border-box.ts'
import { breakLines, fitText } from '../../src/render/text/fit.ts'
import { parseInline, plainText } from '../../src/engine/inline-text.ts'
import { createMeasure, pickFont } from '../../src/render/text/measure.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import { testContext, testFonts } from './face-context.ts'
import { fileThreads } from '../setup/threads.ts'

const root = new URL('../../', import.meta.url).pathname
// One set of threads loads the four games (they are only read).
const threads = fileThreads()

describe('inline markup', () => {
  it('splits text into paragraphs of words, each word of text and icons that touch', () => {
    expect(parseInline('Pay [spy][spy] to draw,\nthen [resources:intel].')).toEqual([
      [
        [{ kind: 'text', text: 'Pay' }],
        [
          { kind: 'icon', name: 'spy' },
          { kind: 'icon', name: 'spy' },
        ],
        [{ kind: 'text', text: 'to' }],
        [{ kind: 'text', text: 'draw,' }],
      ],
      [
        [{ kind: 'text', text: 'then' }],
        [
          { kind: 'icon', name: 'resources:intel' },
          { kind: 'text', text: '.' },
        ],
      ],
    ])
  })

  it('keeps brackets that name nothing as text, and collapses spaces', () => {
    expect(parseInline('a [not an icon]  b [x]')).toEqual([
      [
        [{ kind: 'text', text: 'a' }],
        [{ kind: 'text', text: '[not' }],
        [{ kind: 'text', text: 'an' }],
        [{ kind: 'text', text: 'icon]' }],
        [{ kind: 'text', text: 'b' }],
        [{ kind: 'icon', name: 'x' }],
      ],
    ])
    expect(plainText('Pay [intel] now', (n) => n.toUpperCase())).toBe('Pay INTEL now')
  })
})

describe('measuring and breaking text', () => {
  const measure = createMeasure(testFonts)

  it('picks the font satori would: family, style, nearest weight', () => {
    expect(pickFont(testFonts, { family: 'Inter', weight: 600 })).toMatchObject({
      name: 'Inter',
      weight: 700,
      style: 'normal',
    })
    expect(pickFont(testFonts, { family: 'Inter', weight: 400, style: 'italic' })).toMatchObject({
      weight: 400,
      style: 'italic',
    })
    expect(pickFont(testFonts, { family: 'Nope' })).toMatchObject({ name: 'Inter' })
  })

  it('measures words as satori does, to the fraction of a pixel', async () => {
    const text = 'The Quartermaster collects “AVA” first, before the YES-voters.'
    const svg = await satori(<div style={{ display: 'flex', fontFamily: 'Inter', fontSize: 40 }}>{text}</div>, {
      width: 2000,
      height: 100,
      fonts: testFonts.map((f) => ({ name: f.name, data: f.data, weight: f.weight, style: f.style })),
      embedFont: false,
    })
    const words = [...svg.matchAll(/<text [^>]*width="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].filter((m) => m[2]!.trim())
    expect(words.length).toBeGreaterThan(8)
    for (const [, width, word] of words)
      expect(measure.width(word!.replace('&quot;', '"'), { family: 'Inter', size: 40 })).toBeCloseTo(Number(width), 2)
  })

  it('breaks lines where a wrapping row of words would', () => {
    expect(breakLines([30, 30, 30, 30], 100, 5)).toEqual({ lines: [[0, 1, 2], [3]], widest: 100 })
    expect(breakLines([120, 10], 100, 5)).toEqual({ lines: [[0], [1]], widest: 120 })
  })

  it('shrinks text to fit its box, down to the minimum and no further', () => {
    const req = {
      text: 'Once per round, after the votes are revealed, you may swap your Vote with the top Vote of the deck.',
      width: 300,
      size: 40,
      minSize: 20,
      lineHeight: 1.25,
      font: { family: 'Inter' },
    }
    const roomy = fitText(measure, { ...req, height: 1000 })
    expect(roomy).toMatchObject({ fits: true, size: 40 })
    const tight = fitText(measure, { ...req, height: 160 })
    expect(tight.fits).toBe(true)
    expect(tight.size).toBeLessThan(40)
    expect(tight.size).toBeGreaterThanOrEqual(20)
    expect(tight.height).toBeLessThanOrEqual(160.5)
    const tiny = fitText(measure, { ...req, height: 40 })
    expect(tiny).toMatchObject({ fits: false, size: 20 })
    expect(tiny.fitsShare).toBeGreaterThan(0)
    expect(tiny.fitsShare).toBeLessThan(0.5)
  })
})

describe('fitted text drawn by satori', () => {
  it('never takes more lines than measured, for every text of the four games', async () => {
    const texts = new Set<string>()
    for (const game of ['maybe-missions', 'maybe-movies', 'arc-ship', 'ministries']) {
      const { value } = await validateGame(root, game, { threads })
      for (const card of value!.cards)
        for (const v of Object.values(card.fields)) if (typeof v === 'string' && v.length > 15) texts.add(v)
    }
    expect(texts.size).toBeGreaterThan(150)
    const { ctx } = testContext(80, 80)
    const fonts = testFonts.map((f) => ({ name: f.name, data: f.data, weight: f.weight, style: f.style }))
    let same = 0
    let total = 0
    for (const text of texts)
      for (const [widthMm, family, weight] of [
        [22, 'Inter', 400],
        [40, 'Bitter', 700],
      ] as const) {
        const props = {
          ctx,
          text,
          width: ctx.mm(widthMm),
          height: 10_000,
          size: ctx.mm(3.2),
          family,
          weight,
          align: 'left',
          valign: 'top',
        } as const
        const lines = measureText(props)
          .lines.flat()
          .filter((line) => line.length).length
        const svg = await satori(borderBox(<FitText {...props} />) as never, {
          width: 1000,
          height: 10_000,
          fonts,
          embedFont: false,
        })
        const drawn = new Set([...svg.matchAll(/<text x="[\d.]+" y="([\d.]+)"/g)].map((m) => m[1])).size
        expect(drawn, `${text} at ${widthMm} mm`).toBeLessThanOrEqual(lines)
        total++
        if (drawn === lines) same++
      }
    expect(same / total).toBeGreaterThan(0.95)
  })
})
