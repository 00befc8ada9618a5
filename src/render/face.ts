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

/** satori draws the element as SVG (text as paths), resvg rasterises it at the asked dpi as an RGB PNG. */
export const renderFace = async (element: ReactNode, box: FaceBox, fonts: readonly LoadedFont[], dpi: number): Promise<RenderedFace> => {
  const start = performance.now()
  const tree = borderBox(element)
  const svg = await satori(tree as never, {
    width: box.width,
    height: box.height,
    fonts: fonts.map((f) => ({ name: f.name, data: f.data, weight: f.weight, style: f.style })),
  })
  const drawn = performance.now()
  const image = new Resvg(svg, {
    fitTo: { mode: 'width', value: Math.round((box.width * dpi) / TEMPLATE_DPI) },
    font: { loadSystemFonts: false },
    background: '#ffffff',
  }).render()
  const png = encodeRgbPng(image.pixels, image.width, image.height)
  return { svg, png, spent: { svg: drawn - start, png: performance.now() - drawn } }
}
