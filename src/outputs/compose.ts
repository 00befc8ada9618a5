import { createHash } from 'node:crypto'
import { existsSync, readFileSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import { fileIdentity } from '../util/file-identity.ts'
import { deflateSync, inflateSync } from 'node:zlib'
import type { GameDef } from '../engine/define.ts'
import { typeSize, type CardSize } from '../engine/card-sizes.ts'
import { faceBox } from '../render/renderers/face-box.ts'
import type { StoredFace } from '../render/store/face-store.ts'
import { encodeRgbPng } from '../render/renderers/png.ts'
import { draw, type Pixels } from '../render/renderers/raster.ts'

export { draw, type Pixels } from '../render/renderers/raster.ts'
import { writeFileAtomic } from '../util/atomic-write.ts'

/**
 * Pieces shared by the outputs drawn from finished faces (the overview, Tabletop Simulator sheets): a face
 * cut to its trim and drawn again from its SVG at the size the output needs, and RGB PNGs.
 */

/** A face's SVG (satori's, in template px at 300 dpi, bleed included) cut to the trim: its bleed falls outside the view. */
export const trimmedSvg = (svg: string, size: CardSize, bleedMm: number): string => {
  const box = faceBox(size.widthMm, size.heightMm, bleedMm)
  const w = box.width - 2 * box.bleed
  const h = box.height - 2 * box.bleed
  const head = svg.slice(0, svg.indexOf('>') + 1)
  const root = head
    .replace(/\swidth="[^"]*"/, ` width="${w}"`)
    .replace(/\sheight="[^"]*"/, ` height="${h}"`)
    .replace(/\sviewBox="[^"]*"/, ` viewBox="${box.bleed} ${box.bleed} ${w} ${h}"`)
  return root + svg.slice(head.length)
}

/**
 * A face cut to its trim and drawn anew from its SVG at a width in pixels (kept by the face's key): sharp at any size, whatever
 * resolution the face's PNG has. (An SVG face placed inside another SVG would lose its icons: resvg draws
 * no images inside an SVG image.)
 */
export const drawTrimmed = (
  face: StoredFace,
  size: CardSize,
  bleedMm: number,
  width: number,
  cacheDir?: string,
): Pixels =>
  cachedPixels(
    cacheDir,
    pixelKey('trimmed', fileIdentity(face.svg, face.key), size.widthMm, size.heightMm, bleedMm, width),
    () => draw(trimmedSvg(readFileSync(face.svg, 'utf8'), size, bleedMm), width),
  )

export const pngOf = (p: Pixels): Buffer => encodeRgbPng(p.data, p.width, p.height)

/** A card type's trim size (validation has already refused unknown sizes). */
export const sizeOf = (game: GameDef, type: string): CardSize => typeSize(game, type)!

/** Escapes text for an SVG or XML attribute. */
export const xml = (s: string): string =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/**
 * Sets an image into a larger one at (x, y), its corners rounded to `radius` px: corner pixels are mixed
 * with what lies below them by how much of the pixel the rounded shape covers.
 */
export const blit = (target: Pixels, image: Pixels, x: number, y: number, radius = 0): void => {
  const { width: w, height: h } = image
  for (let row = 0; row < h; row++) {
    const ty = y + row
    if (ty < 0 || ty >= target.height) continue
    for (let col = 0; col < w; col++) {
      const tx = x + col
      if (tx < 0 || tx >= target.width) continue
      const src = (row * w + col) * 4
      const dst = (ty * target.width + tx) * 4
      let cover = 1
      if (radius > 0) {
        // Distance past the corner's circle, for pixels in a corner square only.
        const cx = col < radius ? radius - col - 0.5 : col >= w - radius ? col - (w - radius) + 0.5 : 0
        const cy = row < radius ? radius - row - 0.5 : row >= h - radius ? row - (h - radius) + 0.5 : 0
        if (cx > 0 && cy > 0) cover = Math.min(1, Math.max(0, radius - Math.hypot(cx, cy) + 0.5))
      }
      if (cover === 1) {
        target.data[dst] = image.data[src]!
        target.data[dst + 1] = image.data[src + 1]!
        target.data[dst + 2] = image.data[src + 2]!
      } else if (cover > 0) {
        for (let c = 0; c < 3; c++)
          target.data[dst + c] = Math.round(image.data[src + c]! * cover + target.data[dst + c]! * (1 - cover))
      }
    }
  }
}

/**
 * Pixels kept in a folder by a key (a face's thumbnail, the overview's words): an output made again after
 * a few faces changed draws only those. Stored as width, height and the deflated RGBA; none without a folder.
 */
export const readPixels = (dir: string | undefined, key: string): Pixels | undefined => {
  const file = dir && join(dir, `${key}.rgba`)
  if (!file || !existsSync(file)) return undefined
  try {
    const bytes = readFileSync(file)
    const now = new Date()
    utimesSync(file, now, now) // in use: kept by the cache's pruning
    return { width: bytes.readUInt32BE(0), height: bytes.readUInt32BE(4), data: inflateSync(bytes.subarray(8)) }
  } catch {
    return undefined // a damaged entry is drawn again
  }
}

export const keepPixels = (dir: string | undefined, key: string, pixels: Pixels): Pixels => {
  if (dir) {
    const head = Buffer.alloc(8)
    head.writeUInt32BE(pixels.width, 0)
    head.writeUInt32BE(pixels.height, 4)
    writeFileAtomic(join(dir, `${key}.rgba`), Buffer.concat([head, deflateSync(pixels.data, { level: 1 })]), {
      inside: dir,
    })
  }
  return pixels
}

export const cachedPixels = (dir: string | undefined, key: string, make: () => Pixels): Pixels =>
  readPixels(dir, key) ?? keepPixels(dir, key, make())

/** A key for pixels made from these inputs. */
export const pixelKey = (...parts: (string | number)[]): string => {
  const hash = createHash('sha256')
  for (const p of parts) hash.update(String(p)).update('\0')
  return hash.digest('hex').slice(0, 32)
}
