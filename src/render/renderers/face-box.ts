// A face's geometry, apart from the renderer: what lays faces out (sheets, the overview) needs it without satori.

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
  return {
    width: px(widthMm + 2 * bleedMm),
    height: px(heightMm + 2 * bleedMm),
    bleed: px(bleedMm),
    safe: px(safeMm),
    pxPerMm,
  }
}

/** A face's PNG size at a dpi: its width rounded, its height in proportion, rounded (as resvg scales to a width). */
export const pixelSize = (box: FaceBox, dpi: number): { width: number; height: number } => {
  const width = Math.round((box.width * dpi) / TEMPLATE_DPI)
  return { width, height: Math.round((width * box.height) / box.width) }
}
