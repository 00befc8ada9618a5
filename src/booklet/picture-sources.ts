import { existsSync } from 'node:fs'
import { extname, join, normalize } from 'node:path'
import type { Nodes } from 'mdast'
import { insideFolder } from '../util/inside-folder.ts'
import { checkImage, DEFAULT_LIMITS, sniffImage, tooManyBytes } from '../images/image-check.ts'
import { readRegularFile } from '../util/regular-file.ts'

// Which pictures a rules file shows, and where they are: light enough for a build to key its cached booklet on.

/** The image sources a tree names: shortcode `src` parameters and markdown images, in order, without repeats. */
export const imageSources = (tree: Nodes): string[] => {
  const found = new Set<string>()
  const walk = (node: Nodes) => {
    if (node.type === 'image' && node.url) found.add(node.url)
    if (node.type === 'shortcode' && (node.name === 'rules-image' || node.name === 'rules-double-view')) {
      const src = node.params['src'] ?? node.positional[0]
      if (typeof src === 'string' && src) found.add(src)
    }
    if ('children' in node) for (const child of node.children) walk(child as Nodes)
  }
  walk(tree)
  return [...found]
}

/** Where a source points in the rules folder: relative, or absolute from the folder (Hugo's page bundle). */
export const resolveSource = (src: string, baseDir: string): string | undefined => {
  if (/^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('//')) return undefined
  // An absolute path is taken from the rules folder, as Hugo takes it from the page bundle or site root.
  const path = src.split(/[?#]/)[0]!
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    decoded = path // a `%` that starts no escape names itself
  }
  return normalize(join(baseDir, decoded))
}

/** The files of the pictures a rules tree shows that exist (what a booklet made from it reads besides the text). */
export const picturePaths = (tree: Nodes, baseDir: string): string[] =>
  imageSources(tree).flatMap((src) => {
    const path = resolveSource(src, baseDir)
    return path && insideFolder(baseDir, path) && existsSync(path) ? [path] : []
  })

const READABLE = new Set(['.png', '.jpg', '.jpeg', '.webp', '.gif', '.avif', '.tif', '.tiff'])

/**
 * A picture's bytes, checked before they are decoded (inside the rules folder, a kind pdfkit can print, within
 * the limits), or why it cannot be printed: what `validate` checks without drawing the booklet.
 */
export const readPicture = (src: string, baseDir: string | undefined): { bytes: Buffer } | { problem: string } => {
  if (!baseDir) return { problem: 'this rules file has no folder to read pictures from' }
  const path = resolveSource(src, baseDir)
  if (!path) return { problem: 'pictures on the web are not fetched; put the file in the rules folder' }
  if (!insideFolder(baseDir, path)) return { problem: 'pictures are read only from the rules folder (links followed)' }
  if (!READABLE.has(extname(path).toLowerCase())) {
    return existsSync(path)
      ? { problem: 'only PNG, JPEG and WebP pictures can be printed' }
      : { problem: 'there is no such file in the rules folder' }
  }
  try {
    // Its kind and size from the file's metadata first: a pipe named map.png would wait forever for a writer.
    const read = readRegularFile(path, DEFAULT_LIMITS.maxBytes)
    if ('problem' in read)
      return {
        problem:
          read.problem === 'missing'
            ? 'there is no such file in the rules folder'
            : read.problem === 'not-a-file'
              ? 'it is not a regular file (a pipe, a device or a folder)'
              : tooManyBytes(read.size).message,
      }
    const { bytes } = read
    const kind = sniffImage(bytes)
    // Whatever its name says: an SVG saved as map.png is an SVG to the decoder.
    const checked =
      kind === 'png' || kind === 'jpeg' || kind === 'svg' ? checkImage(bytes, kind) : { ok: true as const }
    return checked.ok ? { bytes } : { problem: checked.message }
  } catch (error) {
    return { problem: `it could not be read as a picture (${(error as Error).message.split('\n')[0]})` }
  }
}
