import type { ReactNode } from 'react'
import type { FaceBox } from './face-box.ts'
import type { LoadedFont } from '../fonts/fonts.ts'

/** The renderers deckwright draws faces with (`--renderer`): satori + resvg, the reference, and takumi. */
export const RENDERERS = ['satori', 'takumi'] as const
export type RendererName = (typeof RENDERERS)[number]

/**
 * A face drawn as SVG and not yet rasterised: its `picture` names what the PNG would be (the renderer, the
 * SVG and the pixel width), so that faces whose SVGs are identical (cards that differ in their id alone)
 * are rasterised once.
 */
export interface DrawnFace {
  svg: string
  picture: string
  /** Milliseconds the SVG took. */
  svgMs: number
  /** The PNG (RGB, deterministic bytes) at the asked dpi, now; with its pixels when the renderer has them. */
  rasterise(): Promise<{ png: Buffer; ms: number; pixels?: FacePixels }>
  /**
   * Each host element's laid-out box (template px), in document order, with its type, when the renderer
   * reports them (satori does): what the face checks measure positions and pixels with.
   */
  boxes?: ElementBox[]
}

/** An element's box as laid out, in template px. */
export interface ElementBox {
  type: string
  left: number
  top: number
  width: number
  height: number
}

/** A face's pixels as drawn: RGBA, `width` × `height`. */
export interface FacePixels {
  data: Uint8Array
  width: number
  height: number
}

/**
 * One way of drawing a face: the element (a tree of host elements, as `borderBox` leaves it), the face's
 * box in template pixels, the fonts in fallback order and the dpi of the PNG. Both renderers lay out the
 * same tree; the SVG and the PNG of one face always come from the same renderer's layout.
 */
export interface FaceRenderer {
  name: RendererName
  /** `name@version` of what draws (the native binary's too): part of every face's key. */
  id: string
  /** How outputs name it: 'satori + resvg', 'takumi 2.16.3'. */
  label: string
  draw(element: ReactNode, box: FaceBox, fonts: readonly LoadedFont[], dpi: number): Promise<DrawnFace>
}

/** The reference renderer's label: outputs drawn with it say nothing of their renderer. */
export const SATORI_LABEL = 'satori + resvg'

/** A renderer, or why it cannot draw on this machine (takumi without a prebuilt binary for it). */
export type LoadedRenderer = { renderer: FaceRenderer } | { unavailable: string }
