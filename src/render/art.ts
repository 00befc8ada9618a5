import { createHash } from 'node:crypto'
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'

/**
 * Card art: an image a card names in its data (`art: art/hacker.svg`), a path relative to the game's
 * templates folder (`templates/<game>/`). PNG, JPEG and SVG are drawn; anything else (WebP, which resvg
 * does not draw, GIF, a typo) is drawn as a labelled placeholder, like a missing file, so that a
 * prototype prints before its art exists.
 */

export type ArtKind = 'png' | 'jpeg' | 'svg'

export type LoadedArt = { ok: true; uri: string; kind: ArtKind } | { ok: false; problem: 'missing' | 'format' | 'outside'; found?: string }

const MIME: Record<ArtKind, string> = { png: 'image/png', jpeg: 'image/jpeg', svg: 'image/svg+xml' }

/** The absolute path of an art file named relative to the templates folder. */
export const artPath = (templatesDir: string, file: string): string => join(templatesDir, file)

const within = (dir: string, path: string): boolean => {
  const rel = relative(dir, path)
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel)
}

/**
 * Whether an art path stays inside the templates folder once symlinks are resolved: art is untrusted
 * data, and may never draw a file from elsewhere on the machine.
 */
export const insideTemplates = (templatesDir: string, path: string): boolean => {
  if (!within(templatesDir, path)) return false
  if (!existsSync(templatesDir)) return true // nothing there to read: the art is missing
  try {
    const root = realpathSync(templatesDir)
    // A file that does not exist yet is judged by the folder that holds it (which a link may lead out).
    let found = path
    while (!existsSync(found)) found = dirname(found)
    const real = realpathSync(found)
    return real === root ? found !== path : within(root, real)
  } catch {
    return false
  }
}

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

/**
 * An art file (`file`, relative to the templates folder) as a data URI satori can draw (it loads no paths
 * or URLs), or why it cannot be drawn: outside the folder (told before anything is read), missing, or no
 * image deckwright draws.
 */
export const loadArt = (templatesDir: string, file: string): LoadedArt => {
  const path = artPath(templatesDir, file)
  if (!insideTemplates(templatesDir, path)) return { ok: false, problem: 'outside' }
  const bytes = readArt(path)
  if (!bytes) return { ok: false, problem: 'missing' }
  const kind = sniffImage(bytes)
  if (kind !== 'png' && kind !== 'jpeg' && kind !== 'svg') return { ok: false, problem: 'format', found: kind }
  return { ok: true, kind, uri: `data:${MIME[kind]};base64,${bytes.toString('base64')}` }
}

/** A digest of an art file's bytes for the face cache ('missing' when there is none): new art, a new face. */
export const artDigest = (templatesDir: string, path: string): string => {
  if (!insideTemplates(templatesDir, path)) return 'outside'
  const bytes = readArt(path)
  return bytes ? createHash('sha256').update(bytes).digest('hex').slice(0, 16) : 'missing'
}
