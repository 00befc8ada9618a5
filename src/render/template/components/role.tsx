import type { CSSProperties, ReactNode } from 'react'
import { DEFAULT_ROLES, type HalfRole } from '../../../engine/define.ts'
import type { FaceContext } from '../template.ts'
import { roleOf, type Role } from './roles.ts'

export interface RoleTagProps {
  ctx: FaceContext<any>
  role: HalfRole
  /** The word that says what the colour means: 'SUCCESS', 'FAIL', 'BUDGET'; default the role's `word`. */
  label?: string
  /** The text's size, in template px; the icon is a little larger. */
  size: number
  color: string
  style?: CSSProperties
}

/**
 * A colour role's second cue: its icon and a word, so the role reads in greyscale, on a black-and-white
 * printer and to a colour-blind player, whatever colour it is drawn on.
 */
export const RoleTag = ({ ctx, role, label, size, color, style }: RoleTagProps): ReactNode => {
  const r = gameRole(ctx, role)
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        fontSize: size,
        fontWeight: 700,
        letterSpacing: size * 0.09,
        color,
        lineHeight: 1.1,
        ...style,
      }}
    >
      <img
        src={ctx.icon(r.symbol, color)}
        width={size * 1.25}
        height={size * 1.25}
        style={{ marginRight: size * 0.38 }}
      />
      {label ?? r.word}
    </div>
  )
}

const UNKNOWN_ROLE: Role = { color: '#777777', light: '#eeeeee', ink: '#ffffff', word: '?', symbol: 'game-icons:help' }

/** A role of the face's game; one it does not have is reported on the face and drawn grey. */
export const gameRole = (ctx: FaceContext<any>, name: string): Role => {
  const role = roleOf(ctx.game, name)
  if (role) return role
  const reported = unknownReported.get(ctx) ?? new Set<string>()
  unknownReported.set(ctx, reported)
  if (!reported.has(name))
    ctx.report({
      rule: 'render/unknown-role',
      message: `the colour role "${name}" is neither a default (${DEFAULT_ROLES.join(', ')}) nor one of the game's \`roles\``,
    })
  reported.add(name)
  return UNKNOWN_ROLE
}

/** The unknown roles already reported on a face: once each. */
const unknownReported = new WeakMap<object, Set<string>>()
