import type { DefaultRole, GameDef, RoleDef } from '../../../engine/define.ts'

/** A colour role with every part settled. */
export type Role = Required<RoleDef>

/** The colour roles every game has, and the icon that carries each where colour does not (greyscale, colour-blind readers). */
export const defaultRoles: Record<DefaultRole, Role> = {
  green: { color: '#2e7d4f', light: '#e3f1e8', ink: '#ffffff', word: 'GREEN', symbol: 'game-icons:check-mark' },
  red: { color: '#b3261e', light: '#f8e1df', ink: '#ffffff', word: 'RED', symbol: 'game-icons:cancel' },
  orange: { color: '#d9730d', light: '#fbe9d6', ink: '#ffffff', word: 'ORANGE', symbol: 'game-icons:two-coins' },
  blue: { color: '#1f5fa8', light: '#dde9f7', ink: '#ffffff', word: 'BLUE', symbol: 'game-icons:water-drop' },
  yellow: { color: '#c99a06', light: '#fbf1cf', ink: '#1b1b1b', word: 'YELLOW', symbol: 'game-icons:sun' },
  purple: { color: '#6b3fa0', light: '#ece2f6', ink: '#ffffff', word: 'PURPLE', symbol: 'game-icons:crystal-ball' },
}

/** `#rrggbb` mixed with white: the light tint of a role that names none. */
const tint = (hex: string, white: number): string => {
  const m = /^#([0-9a-f]{6})$/i.exec(hex)
  if (!m) return '#ffffff'
  const n = parseInt(m[1]!, 16)
  const mix = (c: number) =>
    Math.round(c + (255 - c) * white)
      .toString(16)
      .padStart(2, '0')
  return `#${mix(n >> 16)}${mix((n >> 8) & 255)}${mix(n & 255)}`
}

/** The names of the game's colour roles: the defaults and its own. */
export const roleNames = (game: Pick<GameDef, 'roles'>): string[] => [
  ...new Set([...Object.keys(defaultRoles), ...Object.keys(game.roles ?? {})]),
]

/**
 * A colour role of the game: its own declaration over the default of that name. Undefined for a name that
 * is neither (the definition check reports it).
 */
export const roleOf = (game: Pick<GameDef, 'roles'>, name: string): Role | undefined => {
  const base: Partial<RoleDef> | undefined = (defaultRoles as Record<string, Role>)[name]
  const own = game.roles?.[name]
  if (!base && !own?.color) return undefined
  const role = { ...base, ...own } as RoleDef
  // A colour of the game's own gets its own light tint, unless it names one.
  const light = own?.light ?? (own?.color ? undefined : base?.light)
  return {
    color: role.color,
    symbol: role.symbol ?? 'game-icons:circle',
    ink: role.ink ?? '#ffffff',
    light: light ?? tint(role.color, 0.88),
    word: role.word ?? name.toUpperCase(),
  }
}
