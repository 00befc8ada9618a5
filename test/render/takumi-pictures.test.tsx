import { Renderer } from '@takumi-rs/core'
import { fromJsx } from '@takumi-rs/helpers/jsx'
import { describe, expect, it } from 'vitest'
import { borderBox } from '../../src/render/renderers/border-box.ts'
import { faceBox, pixelSize } from '../../src/render/renderers/face-box.ts'
import { encodeRgbPng } from '../../src/render/renderers/png.ts'
import { loadRenderer } from '../../src/render/renderers/renderer.ts'
import { testFonts } from './face-context.ts'

const svgUri = (colour: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="${colour}"/></svg>`).toString('base64')}`

/** A PNG of noise whose URI is over the 1 MB up to which pictures are handed to takumi by key. */
const largeUri = (() => {
  let seed = 11
  const side = 620
  const rgba = new Uint8Array(side * side * 4).map((_, i) =>
    i % 4 === 3 ? 255 : ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 16) & 0xff,
  )
  return `data:image/png;base64,${encodeRgbPng(rgba, side, side).toString('base64')}`
})()

const face = (colour: string) => (
  <div
    style={{
      display: 'flex',
      flexWrap: 'wrap',
      width: '100%',
      height: '100%',
      backgroundColor: '#f4efe4',
      gap: 8,
      padding: 12,
    }}
  >
    <img src={svgUri(colour)} width={60} height={60} />
    <img src={svgUri(colour)} width={30} height={30} />
    <img src={largeUri} width={120} height={120} />
    <div style={{ fontFamily: testFonts[0]!.name, fontSize: 18 }}>Quiet Night</div>
  </div>
)

/** takumi given the data URIs themselves, as deckwright handed them before it keyed them. */
const drawnFromUris = async (element: ReturnType<typeof face>, box: ReturnType<typeof faceBox>) => {
  const renderer = new Renderer({})
  for (const f of testFonts)
    await renderer.registerFont({ name: f.name, data: f.data, weight: f.weight, style: f.style })
  const { node } = await fromJsx(borderBox(element) as never)
  const fontFamilies = [...new Set(testFonts.map((f) => f.name))]
  const size = pixelSize(box, 150)
  const raw = await renderer.render(node, {
    width: size.width,
    height: size.height,
    format: 'raw',
    devicePixelRatio: size.width / box.width,
    fontFamilies,
  })
  return {
    svg: await renderer.renderSvg(node, { width: box.width, height: box.height, fontFamilies }),
    png: encodeRgbPng(raw, size.width, size.height),
  }
}

describe('takumi and the pictures of a face', () => {
  it('draws pictures handed to it by key as it draws their data URIs, and its SVG embeds them, never the key', async () => {
    const loaded = await loadRenderer('takumi')
    if ('unavailable' in loaded) throw new Error(loaded.unavailable)
    const { renderer } = loaded
    const box = faceBox(63, 88, 3)
    for (const colour of ['#c0392b', '#2e86c1', '#c0392b']) {
      // The third face shows the first one's pictures again: takumi has them by key from the first.
      const drawn = await renderer.draw(borderBox(face(colour)), box, testFonts, 150)
      const { png } = await drawn.rasterise()
      const expected = await drawnFromUris(face(colour), box)
      expect(drawn.svg).toBe(expected.svg)
      expect(png.equals(expected.png)).toBe(true)
      expect(drawn.svg).not.toContain('deckwright:')
      expect(drawn.svg).toContain(svgUri(colour).slice(0, 60))
    }
  })
})
