import { crc32 } from 'node:zlib'

/** What the bytes are, by their signature rather than the file's extension. */
export const sniffImage = (bytes: Buffer): 'png' | 'jpeg' | 'svg' | 'webp' | 'gif' | undefined => {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47) return 'png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp'
  if (bytes.length >= 6 && bytes.toString('latin1', 0, 4) === 'GIF8') return 'gif'
  if (/<svg[\s>]/.test(bytes.toString('utf8', 0, Math.min(bytes.length, 4096)))) return 'svg'
  return undefined
}

/**
 * Limits on an image from untrusted data (card art, the rules' pictures), checked from its bytes before
 * anything decodes it: a small file may declare billions of pixels.
 */
export interface ImageLimits {
  /** Pixels (width × height) of a PNG or JPEG. */
  maxPixels: number
  /** Bytes of any image file. */
  maxBytes: number
}

/** 50 megapixels: a full-bleed tarot card at 600 dpi is 4 MP; the cards' faces are drawn at 300 dpi. */
export const DEFAULT_MAX_PIXELS = 50_000_000
export const DEFAULT_LIMITS: ImageLimits = { maxPixels: DEFAULT_MAX_PIXELS, maxBytes: 50 * 2 ** 20 }

/** An SVG's own limits: its size and its number of elements, which a renderer walks one by one. */
const MAX_SVG_BYTES = 5 * 2 ** 20
const MAX_SVG_ELEMENTS = 50_000
const MAX_SVG_USES = 500

export type ImageCheck = { ok: true } | { ok: false; problem: 'too-large' | 'corrupt' | 'unsafe'; message: string }

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`
const SHRINK = 'save it smaller (a poker card drawn at 300 dpi is 822×1122 pixels with its bleed)'

const tooMany = (width: number, height: number, limits: ImageLimits): ImageCheck =>
  width * height > limits.maxPixels
    ? {
        ok: false,
        problem: 'too-large',
        message: `it is ${width}×${height} pixels (${((width * height) / 1e6).toFixed(0)} megapixels), the limit is ${(limits.maxPixels / 1e6).toFixed(0)}: ${SHRINK}, or raise the limit with --max-image-pixels`,
      }
    : { ok: true }

/** A PNG's size from its header, and whether its chunks run whole, with good checksums, to its end. */
const checkPng = (bytes: Buffer, limits: ImageLimits): ImageCheck => {
  if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR')
    return { ok: false, problem: 'corrupt', message: 'it has no PNG header' }
  const size = tooMany(bytes.readUInt32BE(16), bytes.readUInt32BE(20), limits)
  if (!size.ok) return size
  for (let at = 8; ; ) {
    if (at + 12 > bytes.length)
      return { ok: false, problem: 'corrupt', message: 'it ends before its last chunk (a file cut short?)' }
    const length = bytes.readUInt32BE(at)
    const end = at + 12 + length
    if (end > bytes.length)
      return { ok: false, problem: 'corrupt', message: 'it ends in the middle of a chunk (a file cut short?)' }
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length))
      return {
        ok: false,
        problem: 'corrupt',
        message: `its ${bytes.toString('latin1', at + 4, at + 8)} chunk is damaged`,
      }
    if (bytes.toString('latin1', at + 4, at + 8) === 'IEND') return { ok: true }
    at = end
  }
}

/** A JPEG's size from its frame header, and whether its image data reaches the end marker. */
const checkJpeg = (bytes: Buffer, limits: ImageLimits): ImageCheck => {
  for (let at = 2; at + 4 <= bytes.length; ) {
    if (bytes[at] !== 0xff) return { ok: false, problem: 'corrupt', message: 'its headers are damaged' }
    const marker = bytes[at + 1]!
    if (marker === 0xff) {
      at++
      continue
    }
    const length = bytes.readUInt16BE(at + 2)
    // SOF0–SOF15, but DHT (C4), JPG (C8) and DAC (CC): the frame header, with the image's size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > bytes.length) break
      const size = tooMany(bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5), limits)
      if (!size.ok) return size
    }
    if (marker === 0xda) {
      // The image data runs to the end marker; a file cut short has none.
      let end = bytes.length
      while (end > at && bytes[end - 1] === 0) end--
      return bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9
        ? { ok: true }
        : { ok: false, problem: 'corrupt', message: 'its image data has no end (a file cut short?)' }
    }
    at += 2 + length
  }
  return { ok: false, problem: 'corrupt', message: 'it ends before its image data' }
}

/** A PNG's or JPEG's size in pixels from its header (a file `checkImage` passed), for its resolution where it is printed. */
export const rasterSize = (bytes: Buffer, kind: 'png' | 'jpeg'): { width: number; height: number } | undefined => {
  if (kind === 'png') return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
  for (let at = 2; at + 9 <= bytes.length; ) {
    const marker = bytes[at + 1]!
    if (bytes[at] !== 0xff || marker === 0xda) return undefined
    if (marker === 0xff) {
      at++
      continue
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) }
    at += 2 + bytes.readUInt16BE(at + 2)
  }
  return undefined
}

/**
 * An SVG drawn into a face is embedded in the face's SVG, which others open: no scripts, event handlers,
 * entities (a "billion laughs" file) or references to anything outside it.
 */
const checkSvg = (bytes: Buffer): ImageCheck => {
  if (bytes.length > MAX_SVG_BYTES)
    return {
      ok: false,
      problem: 'too-large',
      message: `it is ${mb(bytes.length)}, the limit for SVG art is ${mb(MAX_SVG_BYTES)}: simplify it, or save it as PNG`,
    }
  const text = bytes.toString('utf8')
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    return {
      ok: false,
      problem: 'unsafe',
      message: 'it declares a DOCTYPE or entities, which deckwright does not expand: remove them',
    }
  if (/<script\b|<foreignObject\b|\son[a-z]+\s*=/i.test(text))
    return { ok: false, problem: 'unsafe', message: 'it holds scripts or event handlers: art must be a picture only' }
  if (
    /(?:href|src)\s*=\s*["']\s*(?!#|data:)/i.test(text) ||
    /url\(\s*["']?\s*(?!#|data:)/i.test(text) ||
    /@import/i.test(text)
  )
    return {
      ok: false,
      problem: 'unsafe',
      message: 'it refers to files or addresses outside itself: embed what it shows',
    }
  // Filters and reuse multiply a renderer's work far beyond the file's size (a kilobyte can take minutes).
  if (/<filter\b|<fe[A-Z]/i.test(text))
    return {
      ok: false,
      problem: 'unsafe',
      message: 'it uses SVG filters, which can take minutes to draw: flatten them, or save the art as PNG',
    }
  if ((text.match(/<use\b/gi)?.length ?? 0) > MAX_SVG_USES)
    return {
      ok: false,
      problem: 'too-large',
      message: `it reuses elements more than ${MAX_SVG_USES} times (<use>): save it as PNG`,
    }
  if ((text.match(/<[a-zA-Z]/g)?.length ?? 0) > MAX_SVG_ELEMENTS)
    return {
      ok: false,
      problem: 'too-large',
      message: `it has more than ${MAX_SVG_ELEMENTS.toLocaleString('en')} elements: simplify it, or save it as PNG`,
    }
  return { ok: true }
}

/** An image file over the size limit, told from its size (read from its metadata, before its bytes are). */
export const tooManyBytes = (size: number, limits: ImageLimits = DEFAULT_LIMITS): ImageCheck & { ok: false } => ({
  ok: false,
  problem: 'too-large',
  message: `the file is ${mb(size)}, the limit is ${mb(limits.maxBytes)}: ${SHRINK}`,
})

/** Checks an image's bytes against the limits, and that it is whole, without decoding it. */
export const checkImage = (
  bytes: Buffer,
  kind: 'png' | 'jpeg' | 'svg',
  limits: ImageLimits = DEFAULT_LIMITS,
): ImageCheck => {
  if (bytes.length > limits.maxBytes) return tooManyBytes(bytes.length, limits)
  return kind === 'png' ? checkPng(bytes, limits) : kind === 'jpeg' ? checkJpeg(bytes, limits) : checkSvg(bytes)
}
