import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readThroughCacheSync } from '../load/parsed-cache.ts'
import { iconData, iconSetAndName, iconSetFile } from '../render/fonts/icons.ts'

/**
 * Icons the booklet draws (rules-block headings, the cover's vitals), as vector paths from an Iconify JSON set
 * installed from npm (game-icons.net, CC BY 3.0). The Hugo theme names its icons by role (`icon="setup"`); the
 * usual roles map to game-icons, an `icon="game-icons:name"` names one directly and a bare name is a game-icons
 * icon, as on a card; one that is not found is skipped (and a warning: see check.ts).
 */
export const THEME_ICONS: Record<string, string> = {
  setup: 'game-icons:card-pickup',
  objective: 'game-icons:trophy-cup',
  goal: 'game-icons:trophy-cup',
  action: 'game-icons:card-play',
  gameplay: 'game-icons:card-play',
  play: 'game-icons:card-play',
  turn: 'game-icons:card-play',
  expansion: 'game-icons:puzzle',
  expansions: 'game-icons:puzzle',
  variant: 'game-icons:card-exchange',
  variants: 'game-icons:card-exchange',
  scoring: 'game-icons:podium-winner',
  end: 'game-icons:flag-objective',
  story: 'game-icons:scroll-unfurled',
  intro: 'game-icons:scroll-unfurled',
  components: 'game-icons:stack',
  tips: 'game-icons:light-bulb',
  info: 'game-icons:info',
  players: 'game-icons:three-friends',
  time: 'game-icons:sands-of-time',
  ages: 'game-icons:cake-slice',
}

export interface IconPaths {
  /** The full name, `set:icon`. */
  name: string
  set: string
  width: number
  height: number
  /** SVG path data, drawn filled. */
  paths: string[]
}

/** The `set:name` a theme icon name, an Iconify `set:name` or a bare game-icons name stands for. */
const fullName = (name: string): string => {
  const key = name.trim().toLowerCase()
  // A bare name is a game-icons icon, as on a card (icon="crossed-swords").
  return THEME_ICONS[key] ?? (key.includes(':') ? key : `game-icons:${key}`)
}

/** The paths of a theme icon name or an Iconify `set:name`; undefined for names we do not know. */
export const iconPaths = (name: unknown): IconPaths | undefined => {
  if (typeof name !== 'string' || !name.trim()) return undefined
  const full = fullName(name)
  const data = iconData(full)
  if (!data) return undefined
  const paths = [...data.body.matchAll(/<path\b[^>]*\sd="([^"]+)"/g)].map((m) => m[1]!)
  if (!paths.length) return undefined
  return { name: full, set: full.split(':')[0]!, width: data.width, height: data.height, paths }
}

let iconCode: string | undefined
/** This module's and the icon sets' module's code: what decides whether a name is found. */
const iconsCode = (): string =>
  (iconCode ??= createHash('sha256')
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(readFileSync(fileURLToPath(new URL(`../render/fonts/icons${import.meta.url.slice(-3)}`, import.meta.url))))
    .digest('hex'))

/**
 * Whether `iconPaths` finds an icon. With `root` (a project), the answer is kept in its cache of parsed
 * files, keyed on the name, the set's file and its package's version (npm never changes a version's
 * files): the next run does not read the set (game-icons' is 6.4 MB of JSON, ~30 ms of CPU to parse).
 */
export const iconFound = (name: unknown, root?: string): boolean => {
  const find = () => iconPaths(name) !== undefined
  if (!root || typeof name !== 'string' || !name.trim()) return find()
  const full = fullName(name)
  const file = iconSetFile(iconSetAndName(full)[0])
  if (!file) return find()
  let version: string
  try {
    version = String(
      (JSON.parse(readFileSync(join(dirname(file), 'package.json'), 'utf8')) as { version?: unknown }).version,
    )
  } catch {
    return find()
  }
  return readThroughCacheSync(root, ['icon', full, file, version, iconsCode()], find)
}

/** Draws an icon filled with `color` in the square (x, y, size). */
export const drawIcon = (
  doc: PDFKit.PDFDocument,
  icon: IconPaths,
  x: number,
  y: number,
  size: number,
  color: string,
): void => {
  const scale = size / Math.max(icon.width, icon.height)
  doc.save()
  doc.translate(x + (size - icon.width * scale) / 2, y + (size - icon.height * scale) / 2).scale(scale)
  for (const d of icon.paths) doc.path(d).fill(color)
  doc.restore()
}
