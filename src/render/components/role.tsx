import type { CSSProperties, ReactNode } from 'react'
import type { HalfRole } from '../../engine/define.ts'
import type { FaceContext } from '../template.ts'
import { roles } from './roles.ts'

export interface RoleTagProps {
  ctx: FaceContext<any>
  role: HalfRole
  /** The word that says what the colour means: 'SUCCESS', 'FAIL', 'BUDGET'. */
  label: string
  /** The text's size, in template px; the icon is a little larger. */
  size: number
  color: string
  style?: CSSProperties
}

/**
 * A colour role's second cue: its icon and a word, so the role reads in greyscale, on a black-and-white
 * printer and to a colour-blind player, whatever colour it is drawn on.
 */
export const RoleTag = ({ ctx, role, label, size, color, style }: RoleTagProps): ReactNode => (
  <div style={{ display: 'flex', alignItems: 'center', fontSize: size, fontWeight: 700, letterSpacing: size * 0.09, color, lineHeight: 1.1, ...style }}>
    <img src={ctx.icon(roles[role].icon, color)} width={size * 1.25} height={size * 1.25} style={{ marginRight: size * 0.38 }} />
    {label}
  </div>
)
