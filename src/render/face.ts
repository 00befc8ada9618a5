import type { ReactNode } from 'react'
import type { LoadedFont } from './fonts.ts'
import { borderBox } from './border-box.ts'
import type { FaceBox } from './face-box.ts'
import type { DrawnFace, FaceRenderer } from './face-renderer.ts'
import { satoriResvg } from './satori-resvg.ts'

export { faceBox, TEMPLATE_DPI, type FaceBox } from './face-box.ts'
export type { DrawnFace } from './face-renderer.ts'

export interface RenderedFace {
  svg: string
  png: Buffer
  /** Milliseconds spent: the SVG, and the PNG (raster and encoder). */
  spent: { svg: number; png: number }
}

/** Draws a face as SVG with a renderer (default satori + resvg), its PNG left for `rasterise` (see DrawnFace). */
export const drawFace = (element: ReactNode, box: FaceBox, fonts: readonly LoadedFont[], dpi: number, renderer: FaceRenderer = satoriResvg): Promise<DrawnFace> =>
  renderer.draw(borderBox(element), box, fonts, dpi)

/** A face drawn and rasterised at once (see drawFace). */
export const renderFace = async (element: ReactNode, box: FaceBox, fonts: readonly LoadedFont[], dpi: number, renderer?: FaceRenderer): Promise<RenderedFace> => {
  const drawn = await drawFace(element, box, fonts, dpi, renderer)
  const { png, ms } = await drawn.rasterise()
  return { svg: drawn.svg, png, spent: { svg: drawn.svgMs, png: ms } }
}
