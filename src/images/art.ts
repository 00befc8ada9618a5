import { join } from 'node:path'
import { insideFolder } from '../util/inside-folder.ts'
import { readRegularFile, type RegularFile } from '../util/regular-file.ts'
import { checkImage, DEFAULT_LIMITS, rasterSize, sniffImage, tooManyBytes, type ImageLimits } from './image-check.ts'

export { sniffImage }

/**
 * Card art: an image a card names in its data (`art: art/hacker.svg`), a path relative to the game's
 * templates folder (`templates/<game>/`). PNG, JPEG and SVG are drawn; anything else (WebP, which resvg
 * does not draw, GIF, a typo) is drawn as a labelled placeholder, like a missing file, so that a
 * prototype prints before its art exists.
 */

export type ArtKind = 'png' | 'jpeg' | 'svg'

export type LoadedArt =
  /** `pixels`: a PNG's or JPEG's size (an SVG has none: it prints sharp at any size). */
  | { ok: true; uri: string; kind: ArtKind; pixels?: { width: number; height: number } }
  | { ok: false; problem: 'missing' | 'format' | 'outside'; found?: string }
  | { ok: false; problem: 'too-large' | 'corrupt' | 'unsafe'; message: string }

const MIME: Record<ArtKind, string> = { png: 'image/png', jpeg: 'image/jpeg', svg: 'image/svg+xml' }

const NOT_A_FILE = 'it is not a regular file (a pipe, a device or a folder), so it is not read'

/** The absolute path of an art file named relative to the templates folder. */
export const artPath = (templatesDir: string, file: string): string => join(templatesDir, file)

/**
 * An art file's bytes, or why they are not read: nothing there, not a regular file (a pipe, a device, a
 * folder: missing to the card), or over the size limit, told from the file's size before a byte is read.
 */
export const readArt = (path: string, maxBytes: number = DEFAULT_LIMITS.maxBytes): RegularFile =>
  readRegularFile(path, maxBytes)

/**
 * An art file (`file`, relative to the templates folder) as a data URI satori can draw (it loads no paths
 * or URLs), or why it cannot be drawn: outside the folder (told before anything is read), missing, or no
 * image deckwright draws.
 */
export const loadArt = (templatesDir: string, file: string, limits: ImageLimits = DEFAULT_LIMITS): LoadedArt => {
  const path = artPath(templatesDir, file)
  if (!insideFolder(templatesDir, path)) return { ok: false, problem: 'outside' }
  const read = readArt(path, limits.maxBytes)
  if ('problem' in read) {
    if (read.problem === 'too-large') return tooManyBytes(read.size, limits)
    if (read.problem === 'not-a-file') return { ok: false, problem: 'unsafe', message: NOT_A_FILE }
    return { ok: false, problem: 'missing' }
  }
  const { bytes } = read
  const kind = sniffImage(bytes)
  if (kind !== 'png' && kind !== 'jpeg' && kind !== 'svg') return { ok: false, problem: 'format', found: kind }
  const checked = checkImage(bytes, kind, limits)
  if (!checked.ok) return checked
  const pixels = kind === 'svg' ? undefined : rasterSize(bytes, kind)
  return { ok: true, kind, uri: `data:${MIME[kind]};base64,${bytes.toString('base64')}`, ...(pixels && { pixels }) }
}
