import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Resvg } from '@resvg/resvg-js'
import { requireCommonJs } from '../../util/commonjs.ts'

const satori = (requireCommonJs('satori') as typeof import('satori')).default
import type { ReactNode } from 'react'
import { installedPackages } from '../../cache/source-hash.ts'
import type { LoadedFont } from '../fonts/fonts.ts'
import { encodeRgbPng, encoderSource } from './png.ts'
import { pixelSize, type FaceBox } from './face-box.ts'
import { SATORI_LABEL, type DrawnFace, type ElementBox, type FaceRenderer } from './face-renderer.ts'

let salt: string | undefined
/** What rasterising depends on besides the SVG: resvg and zlib as installed, and this code and the PNG encoder's. */
const rasterSalt = (): string => {
  return (salt ??= createHash('sha256')
    .update(installedPackages())
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(encoderSource())
    .digest('hex'))
}

/** satori draws the element as SVG (text as paths); `rasterise` has resvg draw that SVG at the asked dpi as an RGB PNG. */
const draw = async (
  element: ReactNode,
  box: FaceBox,
  fonts: readonly LoadedFont[],
  dpi: number,
): Promise<DrawnFace> => {
  const start = performance.now()
  // Every element's box as satori lays it out, for the face checks: no second layout.
  const boxes: ElementBox[] = []
  const svg = await satori(element as never, {
    width: box.width,
    height: box.height,
    fonts: fonts.map((f) => ({ name: f.name, data: f.data, weight: f.weight, style: f.style })),
    onNodeDetected: ({ type, left, top, width, height }) => void boxes.push({ type, left, top, width, height }),
  })
  const svgMs = performance.now() - start
  const { width } = pixelSize(box, dpi)
  return {
    svg,
    picture: createHash('sha256').update(rasterSalt()).update(`${width}\0`).update(svg).digest('hex').slice(0, 40),
    svgMs,
    boxes,
    rasterise: async () => {
      const begun = performance.now()
      const image = new Resvg(svg, {
        fitTo: { mode: 'width', value: width },
        font: { loadSystemFonts: false },
        background: '#ffffff',
      }).render()
      const pixels = { data: image.pixels, width: image.width, height: image.height }
      return { png: encodeRgbPng(pixels.data, pixels.width, pixels.height), ms: performance.now() - begun, pixels }
    },
  }
}

/** satori + resvg: the default renderer and the reference the other is measured against. */
export const satoriResvg: FaceRenderer = { name: 'satori', id: 'satori+resvg', label: SATORI_LABEL, draw }
