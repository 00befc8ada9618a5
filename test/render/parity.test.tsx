import type { ReactNode } from 'react'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { Art, FitText } from '../../src/render/template/components/index.tsx'
import { renderFace } from '../../src/render/renderers/face.ts'
import { planFaces } from '../../src/render/template/plan.ts'
import { loadRenderer, type FaceRenderer } from '../../src/render/renderers/renderer.ts'
import { openSession } from '../../src/render/template/session.ts'
import type { FaceContext } from '../../src/render/template/template.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import { testContext, testFonts } from './face-context.ts'
import { faceDifference, type FaceDifference } from './parity-metric.ts'
import { fileThreads } from '../setup/threads.ts'

/**
 * satori + resvg and takumi draw the same faces alike. The thresholds were set from measurement (README,
 * "Renderers"): over the example games' 816 faces at 150 dpi the worst face differed by a mean of 4.6 of
 * 255, 4.6% of its pixels by more than 32 and 26 in its worst 2 mm block; the mean over a game's faces was
 * at most 2.8 (Ministries, ink-friendly: dense text), 1.4 over all.
 * What differs is text placed a pixel apart and anti-aliasing; a word on another line differs by far more
 * in its block (the last test proves the metric sees one).
 */
export const PARITY = { dpi: 150, blockMm: 2, mad: 6, off: 0.06, block: 40, meanMad: 3.5 }
const BLOCK = Math.round((PARITY.blockMm * PARITY.dpi) / 25.4)

const root = fileURLToPath(new URL('../../', import.meta.url))
const GAMES = ['maybe-missions', 'maybe-movies', 'arc-ship', 'ministries']
// The threads that load the games' cards, kept from one test to the next (the games are only read).
const threads = fileThreads()
/** Each game's cards, loaded once for both ink modes (the tests only read them). */
const loaded = new Map<string, ReturnType<typeof validateGame>>()
const validated = async (id: string) => {
  if (!loaded.has(id)) loaded.set(id, validateGame(root, id, { threads }))
  return (await loaded.get(id)!).value!
}

/** The faces whose difference passes a threshold, each with its figures: empty when all agree. */
const beyond = (faces: { name: string; diff: FaceDifference }[]) =>
  faces
    .filter(({ diff }) => diff.mad > PARITY.mad || diff.off > PARITY.off || diff.block > PARITY.block)
    .map(
      ({ name, diff }) =>
        `${name}: mean ${diff.mad.toFixed(2)}, ${(diff.off * 100).toFixed(2)}% of pixels, block ${diff.block.toFixed(1)} at ${diff.at.x},${diff.at.y} px`,
    )

let takumi: FaceRenderer
let satori: FaceRenderer

beforeAll(async () => {
  const loaded = await loadRenderer('takumi')
  // The parity test is never skipped: takumi must load here (CI's machine has its prebuilt binary).
  if ('unavailable' in loaded) throw new Error(loaded.unavailable)
  takumi = loaded.renderer
  satori = ((await loadRenderer('satori')) as { renderer: FaceRenderer }).renderer
})

describe('takumi draws what satori + resvg draw', () => {
  it('really draws with takumi: its own SVG, and pixels of the face', async () => {
    const { ctx, box } = testContext(30, 20)
    const element = (
      <div
        style={{
          display: 'flex',
          width: box.width,
          height: box.height,
          background: '#1f6fb2',
          color: '#ffffff',
          fontFamily: 'Inter',
          fontSize: ctx.mm(4),
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        Quiet Night
      </div>
    )
    const [a, b] = await Promise.all([
      renderFace(element, box, testFonts, PARITY.dpi, satori),
      renderFace(element, box, testFonts, PARITY.dpi, takumi),
    ])
    expect(b.svg).not.toEqual(a.svg)
    expect(b.svg).toMatch(/^<svg[^>]*width="354"/)
    const diff = await faceDifference(a.png, b.png, BLOCK)
    expect(diff.mad).toBeLessThan(PARITY.mad)
    expect(diff.mad).toBeGreaterThan(0)
  })

  describe.each(GAMES)('%s', (id) => {
    it.each([false, true])(
      'every face, ink-friendly %s, within the thresholds',
      { timeout: 300_000 },
      async (inkFriendly) => {
        const { game, paths, cards } = await validated(id)
        const options = { dpi: PARITY.dpi, bleedMm: 3, inkFriendly }
        const [a, b] = await Promise.all([
          openSession(paths, game, { ...options, renderer: 'satori' }),
          openSession(paths, game, { ...options, renderer: 'takumi' }),
        ])
        const faces: { name: string; diff: FaceDifference }[] = []
        for (const { name, job } of planFaces(game, cards)) {
          const [x, y] = await Promise.all([a.value.draw(job), b.value.draw(job)])
          expect(x.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
          // Contrast and the safe zone are measured from satori's boxes and pixels once a face is drawn; takumi
          // reports no boxes, so its faces are checked as laid out (docs/accessibility.md): the rest must agree.
          const same = (d: { rule: string }) => d.rule !== 'a11y/contrast' && d.rule !== 'print/outside-safe-zone'
          expect(y.diagnostics.filter(same)).toEqual(x.diagnostics.filter(same))
          const [px, py] = await Promise.all([x.face!.rasterise(), y.face!.rasterise()])
          faces.push({ name, diff: await faceDifference(px.png, py.png, BLOCK) })
        }
        expect(beyond(faces)).toEqual([])
        const mean = faces.reduce((n, f) => n + f.diff.mad, 0) / faces.length
        expect(mean).toBeLessThan(PARITY.meanMad)
      },
    )
  })

  /** Draws one component on a white card with both renderers and compares them. */
  const both = async (widthMm: number, heightMm: number, draw: (ctx: FaceContext) => ReactNode) => {
    const { ctx, box, diagnostics } = testContext(widthMm, heightMm)
    const element = (
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          width: box.width,
          height: box.height,
          background: '#ffffff',
          fontFamily: 'Inter',
          padding: ctx.mm(2),
        }}
      >
        {draw(ctx)}
      </div>
    )
    const [a, b] = await Promise.all([
      renderFace(element, box, testFonts, PARITY.dpi, satori),
      renderFace(element, box, testFonts, PARITY.dpi, takumi),
    ])
    return { diff: await faceDifference(a.png, b.png, BLOCK), diagnostics }
  }

  it('the missing-art placeholder: a long file name wraps inside its label under both', async () => {
    // The test context has no art at all: every file is missing.
    const { diff } = await both(40, 30, (ctx) => (
      <Art
        ctx={ctx}
        file="art/characters/the-quartermaster-with-a-very-long-name.png"
        width={ctx.mm(36)}
        height={ctx.mm(26)}
      />
    ))
    expect(beyond([{ name: 'placeholder', diff }])).toEqual([])
  })

  it('a row of icons too wide for its box lays out alike under both: each icon keeps its size, as in a browser', async () => {
    const { diff } = await both(40, 20, (ctx) => (
      <div style={{ display: 'flex', width: ctx.mm(30), background: '#f4efe1' }}>
        {Array.from({ length: 7 }, (_, i) => (
          <img
            key={i}
            src={ctx.icon('game-icons:files', '#1f6fb2')}
            width={ctx.mm(8)}
            height={ctx.mm(8)}
            style={{ marginLeft: ctx.mm(1) }}
          />
        ))}
      </div>
    ))
    expect(beyond([{ name: 'overflowing row', diff }])).toEqual([])
  })

  const TEXT = 'Each [intel] YES-voter may collect one extra Mission Card from the market, and then [money] again.'
  it('a text that just fits its box, and one a line too long (clipped and reported), agree', async () => {
    // The text takes 5 lines of 3 mm type (line height 1.25): a box just 5 lines high, and one 2 px less.
    const text = (ctx: FaceContext, spare: number) => (
      <FitText
        ctx={ctx}
        text={TEXT}
        width={ctx.mm(30)}
        height={Math.ceil(ctx.mm(3) * 1.25 * 5) + spare}
        size={ctx.mm(3)}
        minSize={ctx.mm(3)}
        align="left"
      />
    )
    const fits = await both(40, 30, (ctx) => text(ctx, 0))
    expect(fits.diagnostics).toEqual([])
    const tooLong = await both(40, 30, (ctx) => text(ctx, -2))
    // Reported by each renderer's drawing: the same problem.
    expect(new Set(tooLong.diagnostics.map((d) => d.message)).size).toBe(1)
    expect(tooLong.diagnostics[0]).toMatchObject({
      rule: 'render/text-overflow',
      message: expect.stringContaining('needs 5 lines where 4 fit'),
    })
    expect(
      beyond([
        { name: 'fits', diff: fits.diff },
        { name: 'a line too long', diff: tooLong.diff },
      ]),
    ).toEqual([])
  })

  it('the metric sees a word moved to another line, a change of a few tenths of a percent of the face', async () => {
    const line = (words: string) => <div style={{ display: 'flex', height: 40, fontSize: 30 }}>{words}</div>
    const face = (first: string, second: string) => (
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          width: 744,
          height: 1039,
          background: '#ffffff',
          color: '#1b1b1b',
          fontFamily: 'Inter',
          padding: 80,
        }}
      >
        {line(first)}
        {line(second)}
      </div>
    )
    const box = testContext(63, 88).box
    const [a, b] = await Promise.all([
      renderFace(face('Each YES-voter may collect one', 'extra Mission Card.'), box, testFonts, PARITY.dpi, satori),
      renderFace(face('Each YES-voter may collect', 'one extra Mission Card.'), box, testFonts, PARITY.dpi, satori),
    ])
    const diff = await faceDifference(a.png, b.png, BLOCK)
    // Too small a change for the whole face's figures to notice…
    expect(diff.mad).toBeLessThan(PARITY.mad)
    expect(diff.off).toBeLessThan(PARITY.off)
    // …but its blocks do.
    expect(diff.block).toBeGreaterThan(PARITY.block)
    expect(beyond([{ name: 'moved', diff }])).toHaveLength(1)
  })
})
