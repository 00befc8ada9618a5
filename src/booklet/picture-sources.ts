import { existsSync } from 'node:fs'
import { join, normalize } from 'node:path'
import type { Nodes } from 'mdast'
import { insideFolder } from '../util/inside-folder.ts'

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
