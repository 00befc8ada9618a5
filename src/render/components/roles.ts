import type { HalfRole } from '../../engine/define.ts'

/** Each colour role's colours, and the icon that carries it where colour does not (greyscale, colour-blind readers). */
export const roles: Record<HalfRole, { fill: string; light: string; ink: string; icon: string }> = {
  green: { fill: '#2e7d4f', light: '#e3f1e8', ink: '#ffffff', icon: 'game-icons:check-mark' },
  red: { fill: '#b3261e', light: '#f8e1df', ink: '#ffffff', icon: 'game-icons:cancel' },
  orange: { fill: '#d9730d', light: '#fbe9d6', ink: '#ffffff', icon: 'game-icons:two-coins' },
  blue: { fill: '#1f5fa8', light: '#dde9f7', ink: '#ffffff', icon: 'game-icons:water-drop' },
  yellow: { fill: '#c99a06', light: '#fbf1cf', ink: '#1b1b1b', icon: 'game-icons:sun' },
  purple: { fill: '#6b3fa0', light: '#ece2f6', ink: '#ffffff', icon: 'game-icons:crystal-ball' },
}
