import { Resvg } from '@resvg/resvg-js'
import satori from 'satori'
import type { ReactNode } from 'react'
import type { LoadedFont } from './fonts.ts'
import { borderBox } from './border-box.ts'
import { encodeRgbPng } from './png.ts'

/** The geometry of a face, in template pixels: 300 per inch, trim plus bleed on every side. */
export interface FaceBox {
  /** Full canvas, bleed included. */
  width: number
  height: number
  bleed: number
  /** Distance from the trim edge that text and icons keep clear of. */
  safe: number
  /** Template pixels per millimetre. */
  pxPerMm: number
}

export const TEMPLATE_DPI = 300

export const faceBox = (widthMm: number, heightMm: number, bleedMm: number, safeMm = 3): FaceBox => {
  const pxPerMm = TEMPLATE_DPI / 25.4
  const px = (mm: number) => Math.round(mm * pxPerMm)
  return { width: px(widthMm + 2 * bleedMm), height: px(heightMm + 2 * bleedMm), bleed: px(bleedMm), safe: px(safeMm), pxPerMm }
}

export interface RenderedFace {
  svg: string
  png: Buffer
  /** Milliseconds spent: satori (SVG), and resvg with the PNG encoder. */
  spent: { svg: number; png: number }
}

/** satori draws the element as SVG (text as paths), resvg rasterises it at the asked dpi as an RGB PNG. */
export const renderFace = async (element: ReactNode, box: FaceBox, fonts: readonly LoadedFont[], dpi: number): Promise<RenderedFace> => {
  const start = performance.now()
  const svg = await satori(borderBox(element) as never, {
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
