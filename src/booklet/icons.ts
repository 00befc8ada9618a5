import { iconData } from '../render/fonts/icons.ts'

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

/** The paths of a theme icon name or an Iconify `set:name`; undefined for names we do not know. */
export const iconPaths = (name: unknown): IconPaths | undefined => {
  if (typeof name !== 'string' || !name.trim()) return undefined
  const key = name.trim().toLowerCase()
  // A bare name is a game-icons icon, as on a card (icon="crossed-swords").
  const full = THEME_ICONS[key] ?? (key.includes(':') ? key : `game-icons:${key}`)
  const data = iconData(full)
  if (!data) return undefined
  const paths = [...data.body.matchAll(/<path\b[^>]*\sd="([^"]+)"/g)].map((m) => m[1]!)
  if (!paths.length) return undefined
  return { name: full, set: full.split(':')[0]!, width: data.width, height: data.height, paths }
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
