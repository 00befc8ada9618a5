import { readFileSync } from 'node:fs'
import { packageFile } from '../../util/packages.ts'
import { insideFolder } from '../../util/inside-folder.ts'
import { readRegularFile } from '../../util/regular-file.ts'

interface IconifySet {
  prefix: string
  width?: number
  height?: number
  icons: Record<string, { body: string; width?: number; height?: number }>
  aliases?: Record<string, { parent: string }>
}

const sets = new Map<string, IconifySet | null>()

/** The file of an installed Iconify JSON set (`@iconify-json/<prefix>`), the project's own install first. */
export const iconSetFile = (prefix: string, projectRoot?: string): string | undefined =>
  /^[a-z0-9-]+$/.test(prefix) ? packageFile(`@iconify-json/${prefix}`, 'icons.json', projectRoot) : undefined

/** The set an icon name ('set:name', or a game-icons name) is in, and its name there. */
export const iconSetAndName = (name: string): [string, string] =>
  name.includes(':') ? (name.split(':', 2) as [string, string]) : ['game-icons', name]

/** An installed Iconify JSON set (`@iconify-json/<prefix>`), the project's own install first; null when there is none. */
const loadSet = (prefix: string, projectRoot?: string): IconifySet | null => {
  const key = `${projectRoot ?? ''}\0${prefix}`
  if (!sets.has(key)) {
    const file = iconSetFile(prefix, projectRoot)
    try {
      sets.set(key, file ? (JSON.parse(readFileSync(file, 'utf8')) as IconifySet) : null)
    } catch {
      sets.set(key, null)
    }
  }
  return sets.get(key)!
}

/**
 * An icon named 'set:name' (game-icons when no set is named) from an Iconify JSON set installed from npm,
 * in the project (`projectRoot`) or with deckwright.
 */
export const iconData = (
  name: string,
  projectRoot?: string,
): { body: string; width: number; height: number } | undefined => {
  const [prefix, icon] = iconSetAndName(name)
  const set = loadSet(prefix, projectRoot)
  const data = set && (set.icons[icon] ?? set.icons[set.aliases?.[icon]?.parent ?? ''])
  return data
    ? { body: data.body, width: data.width ?? set.width ?? 16, height: data.height ?? set.height ?? 16 }
    : undefined
}

/** The SVG of an icon named 'set:name', or undefined if it does not exist. */
export const iconSvg = (name: string, color = '#000', projectRoot?: string): string | undefined => {
  const data = iconData(name, projectRoot)
  if (!data) return undefined
  const { width: w, height: h } = data
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${data.body.replaceAll('currentColor', color)}</svg>`
}

export const iconExists = (name: string): boolean => iconSvg(name) !== undefined

/** A data URI satori can draw with <img>: satori loads no URLs, and a missing image would vanish silently. */
export const iconDataUri = (name: string, color?: string, projectRoot?: string): string | undefined => {
  // Made once for each icon and colour: every face of a type asks for the same few (the sets are read once too).
  const key = `${projectRoot ?? ''}\0${name}\0${color ?? ''}`
  if (uris.has(key)) return uris.get(key)
  const svg = iconSvg(name, color, projectRoot)
  const uri = svg && `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
  // A few thousand at most: colours a deck's data chooses card by card would otherwise keep one each.
  if (uris.size < 2000) uris.set(key, uri)
  return uri
}
const uris = new Map<string, string | undefined>()

/** The largest SVG file a game's own icon may be (as SVG art). */
const MAX_ICON_BYTES = 5 * 2 ** 20

/**
 * A game's own icon, an SVG file (`templates/<game>/icons/<name>.svg`), as a data URI; its `currentColor`
 * takes the colour asked for, as Iconify's icons do. Undefined when there is no such file in `folder`, or
 * it is no regular file (a pipe would be waited on forever) or over 5 MB, told before it is read.
 */
export const svgDataUri = (path: string, color = '#000', folder?: string): string | undefined => {
  if (folder && !insideFolder(folder, path)) return undefined
  const read = readRegularFile(path, MAX_ICON_BYTES)
  if (!('bytes' in read)) return undefined
  const svg = read.bytes.toString('utf8').replaceAll('currentColor', color)
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
