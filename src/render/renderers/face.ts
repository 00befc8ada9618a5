import type { ReactNode } from 'react'
import type { LoadedFont } from '../fonts/fonts.ts'
import { borderBox } from './border-box.ts'
import type { FaceBox } from './face-box.ts'
import type { FaceRenderer } from './face-renderer.ts'
import { satoriResvg } from './satori-resvg.ts'

export { faceBox, TEMPLATE_DPI, type FaceBox } from './face-box.ts'
export type { DrawnFace } from './face-renderer.ts'

export interface RenderedFace {
  svg: string
  png: Buffer
  /** Milliseconds spent: the SVG, and the PNG (raster and encoder). */
  spent: { svg: number; png: number }
}

/**
 * A face drawn and rasterised at once by a renderer (default satori + resvg), from an element as a template
 * gives it (`borderBox` is applied here; the session applies it once itself and calls the renderer).
 */
export const renderFace = async (
  element: ReactNode,
  box: FaceBox,
  fonts: readonly LoadedFont[],
  dpi: number,
  renderer: FaceRenderer = satoriResvg,
): Promise<RenderedFace> => {
  const drawn = await renderer.draw(borderBox(element), box, fonts, dpi)
  const { png, ms } = await drawn.rasterise()
  return { svg: drawn.svg, png, spent: { svg: drawn.svgMs, png: ms } }
}
