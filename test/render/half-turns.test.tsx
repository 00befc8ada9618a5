import { Renderer } from '@takumi-rs/core'
import { fromJsx } from '@takumi-rs/helpers/jsx'
import type { ReactNode } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { borderBox } from '../../src/render/renderers/border-box.ts'
import { faceBox } from '../../src/render/renderers/face-box.ts'
import { encodeRgbPng } from '../../src/render/renderers/png.ts'
import {
  flipBox,
  flipPixels,
  halfTurnCandidates,
  upright,
  type MeasuredBox,
  type TurnNode,
} from '../../src/render/renderers/half-turns.ts'
import { loadRenderer, type FaceRenderer } from '../../src/render/renderers/renderer.ts'
import { testFonts } from './face-context.ts'
import { faceDifference } from './parity-metric.ts'

const box = faceBox(63.5, 88.9, 3)
const half = { width: box.width, height: Math.floor(box.height / 2) }
const font = testFonts[0]!.name

/** A split card as Maybe Missions draws one: two halves, the second turned upside down. */
const split = (second: Record<string, unknown> = {}, extra?: ReactNode) => (
  <div style={{ display: 'flex', flexDirection: 'column', width: '100%', height: '100%', backgroundColor: '#ffffff' }}>
    <div style={{ display: 'flex', ...half, background: '#2e7d4f', color: '#ffffff', padding: 60, fontSize: 48 }}>
      <div style={{ fontFamily: font }}>Quiet Night, green side up</div>
    </div>
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        ...half,
        background: '#b3261e',
        color: '#ffffff',
        padding: 60,
        fontSize: 48,
        transform: 'rotate(180deg)',
        ...second,
      }}
    >
      <div style={{ fontFamily: font }}>Nobody collects a Mission Card this round.</div>
      <div style={{ width: 80, height: 40, background: '#ffd23f' }} />
    </div>
    {extra}
  </div>
)

let takumi: FaceRenderer
const bare = new Renderer({})
const fontFamilies = [...new Set(testFonts.map((f) => f.name))]
beforeAll(async () => {
  const loaded = await loadRenderer('takumi')
  if ('unavailable' in loaded) throw new Error(loaded.unavailable)
  takumi = loaded.renderer
  for (const f of testFonts) await bare.registerFont({ name: f.name, data: f.data, weight: f.weight, style: f.style })
})

const nodeOf = async (element: ReactNode) => (await fromJsx(borderBox(element) as never)).node as TurnNode
const measured = async (node: TurnNode) =>
  (await bare.measure(node as never, { width: box.width, height: box.height, fontFamilies })) as MeasuredBox
/** takumi's own drawing of the face, turned half included, as deckwright's PNG. */
const turnedByTakumi = async (element: ReactNode) => {
  const raw = await bare.render((await nodeOf(element)) as never, {
    width: box.width,
    height: box.height,
    format: 'raw',
    fontFamilies,
  })
  return encodeRgbPng(raw, box.width, box.height)
}

describe('a half turned upside down, drawn upright and flipped for takumi', () => {
  it('draws what takumi draws turning it, within the parity thresholds, and the SVG keeps the turn', async () => {
    const node = await nodeOf(split())
    const [path] = halfTurnCandidates(node, (box.width * box.height) / 8)
    expect(path).toEqual([1])
    expect(flipBox(await measured(node), path!, 1)).toEqual([0, half.height, box.width, 2 * half.height])
    const drawn = await takumi.draw(borderBox(split()), box, testFonts, 300)
    expect(drawn.svg).toMatch(/matrix\(-1[ ,]|rotate\(180/)
    const diff = await faceDifference((await drawn.rasterise()).png, await turnedByTakumi(split()), 24)
    // Text placed a fraction of a pixel apart, nothing more: far inside what satori and takumi may differ by (6 and 40).
    expect(diff.mad).toBeLessThan(0.2)
    expect(diff.block).toBeLessThan(10)
  })

  it('leaves a turned element as it is where the flip would draw another picture', async () => {
    const minArea = (box.width * box.height) / 8
    const candidates = async (element: ReactNode) => halfTurnCandidates(await nodeOf(element), minArea)
    // Rounded, see-through, an image behind it, turned another way, or too small to pay for measuring.
    expect(await candidates(split({ borderRadius: 20 }))).toEqual([])
    expect(await candidates(split({ opacity: 0.5 }))).toEqual([])
    expect(await candidates(split({ background: 'rgba(179, 38, 30, 0.5)' }))).toEqual([])
    expect(await candidates(split({ transform: 'rotate(90deg)' }))).toEqual([])
    expect(await candidates(split({ width: 100, height: 100 }))).toEqual([])
    // Another element over the half, or the half off whole pixels: measured, then refused.
    const over = await nodeOf(
      split(
        {},
        <div style={{ position: 'absolute', left: 20, top: 700, width: 60, height: 60, background: '#000' }} />,
      ),
    )
    expect(flipBox(await measured(over), halfTurnCandidates(over, minArea)[0]!, 1)).toBeUndefined()
    const offGrid = await nodeOf(split({ marginTop: 0.5 }))
    expect(flipBox(await measured(offGrid), halfTurnCandidates(offGrid, minArea)[0]!, 1)).toBeUndefined()
  })

  it('draws a face whose half it may not flip as takumi turns it, the upright drawing asked alongside thrown away', async () => {
    // A square over the turned half: flipped with the half, it would move to the other corner.
    const over = split(
      {},
      <div style={{ position: 'absolute', left: 20, top: 700, width: 60, height: 60, background: '#000' }} />,
    )
    const drawn = await takumi.draw(borderBox(over), box, testFonts, 300)
    const diff = await faceDifference((await drawn.rasterise()).png, await turnedByTakumi(over), 24)
    expect(diff.mad).toBeLessThan(0.2)
    expect(diff.block).toBeLessThan(10)
  })

  it('asks for the pixels with the SVG only while the faces before were rasterised', async () => {
    // takumi's native renderer (`inner`), whose drawings of pixels are counted.
    const native = Object.getPrototypeOf((bare as unknown as { inner: object }).inner) as {
      render: (...args: unknown[]) => Promise<unknown>
    }
    const render = native.render
    let drawings = 0
    native.render = function (this: unknown, ...args: unknown[]) {
      drawings++
      return render.apply(this, args)
    }
    try {
      const face = (colour: string) => (
        <div style={{ display: 'flex', width: '100%', height: '100%', background: colour }} />
      )
      // The store holds these two faces' pictures: neither is rasterised. The first was asked for anyway.
      await takumi.draw(face('#102030'), box, testFonts, 300)
      expect(drawings).toBe(1)
      await takumi.draw(face('#203040'), box, testFonts, 300)
      expect(drawings).toBe(1)
      // One rasterised now; the face after it is asked for with its SVG again.
      await (await takumi.draw(face('#304050'), box, testFonts, 300)).rasterise()
      expect(drawings).toBe(2)
      const next = await takumi.draw(face('#405060'), box, testFonts, 300)
      expect(drawings).toBe(3)
      await next.rasterise()
      expect(drawings).toBe(3)
    } finally {
      native.render = render
    }
  })

  it('flips a box of pixels in place, rows and columns, the rest untouched', () => {
    // A 4×3 image, each pixel's red its index; the box is columns 1–3 of rows 0–2.
    const rgba = new Uint8Array(4 * 3 * 4).map((_, i) => (i % 4 === 0 ? i / 4 : 255))
    flipPixels(rgba, 4, [1, 0, 4, 3])
    expect([...rgba].filter((_, i) => i % 4 === 0)).toEqual([0, 11, 10, 9, 4, 7, 6, 5, 8, 3, 2, 1])
    // A box as wide as the picture (rows 1–2 of 4 × 4), reversed as one run; one byte past a word boundary too.
    for (const offset of [0, 1]) {
      const wide = new Uint8Array(4 * 4 * 4 + offset).subarray(offset)
      wide.forEach((_, i) => (wide[i] = i % 4 === 0 ? i / 4 : 255))
      flipPixels(wide, 4, [0, 1, 4, 3])
      expect(
        [...wide].filter((_, i) => i % 4 === 0),
        `offset ${offset}`,
      ).toEqual([0, 1, 2, 3, 11, 10, 9, 8, 7, 6, 5, 4, 12, 13, 14, 15])
    }
  })

  it('takes out only the transforms it flips', async () => {
    const node = await nodeOf(split())
    const turned = upright(node, [[1]])
    expect(turned.children![1]!.style!.transform).toBeUndefined()
    expect(node.children![1]!.style!.transform).toBe('rotate(180deg)')
    expect(turned.children![0]).toBe(node.children![0])
  })
})
