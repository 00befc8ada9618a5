import { PNG } from 'pngjs'

/**
 * Encodes resvg's RGBA pixels as an RGB PNG on white. pdfkit embeds an RGB PNG's data as it is (fast,
 * byte-stable), while PNGs with alpha are split and recompressed (~25× slower, unstable object order).
 */
export const encodeRgbPng = (rgba: Uint8Array, width: number, height: number): Buffer => {
  const png = new PNG({ width, height, colorType: 2, inputHasAlpha: true, bgColor: { red: 255, green: 255, blue: 255 } })
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength)
  return PNG.sync.write(png, { colorType: 2, inputHasAlpha: true, bgColor: { red: 255, green: 255, blue: 255 } })
}
