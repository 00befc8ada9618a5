import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { installedPackages } from '../util/source-hash.ts'
import { Resvg } from '@resvg/resvg-js'
import satori from 'satori'
import type { ReactNode } from 'react'
import type { LoadedFont } from './fonts.ts'
import { borderBox } from './border-box.ts'
import { encodeRgbPng } from './png.ts'
import { TEMPLATE_DPI, type FaceBox } from './face-box.ts'

export { faceBox, TEMPLATE_DPI, type FaceBox } from './face-box.ts'

export interface RenderedFace {
  svg: string
  png: Buffer
  /** Milliseconds spent: satori (SVG), and resvg with the PNG encoder. */
  spent: { svg: number; png: number }
}

/**
 * A face drawn as SVG and not yet rasterised: its `picture` names what the PNG would be (the SVG and the
 * pixels it is rasterised to), so that faces whose SVGs are identical (cards that differ in their id alone)
 * are rasterised once.
 */
export interface DrawnFace {
  svg: string
  picture: string
  /** Milliseconds satori took. */
  svgMs: number
  /** resvg and the PNG encoder, now. */
  rasterise(): { png: Buffer; ms: number }
}

let salt: string | undefined
/** What rasterising depends on besides the SVG: resvg and zlib as installed, and this code and the PNG encoder's. */
const rasterSalt = (): string => {
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
  return (salt ??= createHash('sha256')
    .update(installedPackages())
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(readFileSync(fileURLToPath(new URL(`./png${ext}`, import.meta.url))))
    .digest('hex'))
}

/** satori draws the element as SVG (text as paths); `rasterise` has resvg draw it at the asked dpi as an RGB PNG. */
export const drawFace = async (element: ReactNode, box: FaceBox, fonts: readonly LoadedFont[], dpi: number): Promise<DrawnFace> => {
  const start = performance.now()
  const tree = borderBox(element)
  const svg = await satori(tree as never, {
    width: box.width,
    height: box.height,
    fonts: fonts.map((f) => ({ name: f.name, data: f.data, weight: f.weight, style: f.style })),
  })
  const svgMs = performance.now() - start
  const width = Math.round((box.width * dpi) / TEMPLATE_DPI)
  return {
    svg,
    picture: createHash('sha256').update(rasterSalt()).update(`${width}\0`).update(svg).digest('hex').slice(0, 40),
    svgMs,
    rasterise: () => {
      const begun = performance.now()
      const image = new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false }, background: '#ffffff' }).render()
      return { png: encodeRgbPng(image.pixels, image.width, image.height), ms: performance.now() - begun }
    },
  }
}

/** A face drawn and rasterised at once (see drawFace). */
export const renderFace = async (element: ReactNode, box: FaceBox, fonts: readonly LoadedFont[], dpi: number): Promise<RenderedFace> => {
  const drawn = await drawFace(element, box, fonts, dpi)
  const { png, ms } = drawn.rasterise()
  return { svg: drawn.svg, png, spent: { svg: drawn.svgMs, png: ms } }
}
