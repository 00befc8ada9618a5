import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'

/**
 * Card art: an image a card names in its data (`art: art/hacker.svg`), a path relative to the game's
 * templates folder (`templates/<game>/`). PNG, JPEG and SVG are drawn; anything else (WebP, which resvg
 * does not draw, GIF, a typo) is drawn as a labelled placeholder, like a missing file, so that a
 * prototype prints before its art exists.
 */

export type ArtKind = 'png' | 'jpeg' | 'svg'

export type LoadedArt = { ok: true; uri: string; kind: ArtKind } | { ok: false; problem: 'missing' | 'format'; found?: string }

const MIME: Record<ArtKind, string> = { png: 'image/png', jpeg: 'image/jpeg', svg: 'image/svg+xml' }

/** The absolute path of an art file named relative to the templates folder. */
export const artPath = (templatesDir: string, file: string): string => (isAbsolute(file) ? file : join(templatesDir, file))

/** What the bytes are, by their signature rather than the file's extension. */
export const sniffImage = (bytes: Buffer): ArtKind | 'webp' | 'gif' | undefined => {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47) return 'png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp'
  if (bytes.length >= 6 && bytes.toString('latin1', 0, 4) === 'GIF8') return 'gif'
  if (/<svg[\s>]/.test(bytes.toString('utf8', 0, Math.min(bytes.length, 4096)))) return 'svg'
  return undefined
}

const readArt = (path: string): Buffer | undefined => (existsSync(path) && statSync(path).isFile() ? readFileSync(path) : undefined)

/** An art file as a data URI satori can draw (it loads no paths or URLs), or why it cannot be drawn. */
export const loadArt = (path: string): LoadedArt => {
  const bytes = readArt(path)
  if (!bytes) return { ok: false, problem: 'missing' }
  const kind = sniffImage(bytes)
  if (kind !== 'png' && kind !== 'jpeg' && kind !== 'svg') return { ok: false, problem: 'format', found: kind }
  return { ok: true, kind, uri: `data:${MIME[kind]};base64,${bytes.toString('base64')}` }
}

/** A digest of an art file's bytes for the face cache ('missing' when there is none): new art, a new face. */
export const artDigest = (path: string): string => {
  const bytes = readArt(path)
  return bytes ? createHash('sha256').update(bytes).digest('hex').slice(0, 16) : 'missing'
}
