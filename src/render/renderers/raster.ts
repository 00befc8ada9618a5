import { Resvg } from '@resvg/resvg-js'
import { encodeRgbPng } from './png.ts'

/** RGBA pixels, as resvg gives them (on an opaque background). */
export interface Pixels {
  data: Uint8Array
  width: number
  height: number
}

/** Draws an SVG on white, at its own size or scaled to a width. */
export const draw = (svg: string, width?: number): Pixels => {
  const image = new Resvg(svg, {
    font: { loadSystemFonts: false },
    background: '#ffffff',
    ...(width && { fitTo: { mode: 'width', value: width } }),
  }).render()
  return { data: image.pixels, width: image.width, height: image.height }
}

/** Draws an SVG at its own size as an RGB PNG (deterministic bytes). */
export const rasterize = (svg: string): Buffer => {
  const image = draw(svg)
  return encodeRgbPng(image.data, image.width, image.height)
}
