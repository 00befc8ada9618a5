import type { CSSProperties, ReactNode } from 'react'
import type { HalfRole } from '../../engine/define.ts'
import type { FaceContext } from '../template.ts'
import { roles } from './roles.ts'

export { roles }

/** The whole canvas, bleed included; the background runs into the bleed, the content keeps to the safe zone. */
export const Face = ({ ctx, background, children, style }: { ctx: FaceContext<any>; background: string; children?: ReactNode; style?: CSSProperties }) => (
  <div style={{ width: ctx.box.width, height: ctx.box.height, display: 'flex', flexDirection: 'column', background, padding: ctx.box.bleed + ctx.box.safe, fontFamily: 'Inter', ...style }}>
    {children}
  </div>
)

export interface HalfProps {
  role: HalfRole
  /** The word that names the half's meaning, printed beside the role icon ('SUCCESS'). */
  label: string
  children?: ReactNode
}

const Half = ({ ctx, half, turned, height }: { ctx: FaceContext<any>; half: HalfProps; turned: boolean; height: number }) => {
  const role = roles[half.role]
  const bg = ctx.inkFriendly ? role.light : role.fill
  const ink = ctx.inkFriendly ? role.fill : role.ink
  const pad = ctx.box.bleed + ctx.box.safe
  return (
    <div style={{ display: 'flex', flexDirection: 'column', width: ctx.box.width, height, background: bg, color: ink, padding: pad, paddingBottom: ctx.mm(2), transform: turned ? 'rotate(180deg)' : undefined }}>
      <div style={{ display: 'flex', alignItems: 'center', fontSize: ctx.mm(3.2), fontWeight: 700, letterSpacing: ctx.mm(0.3) }}>
        <img src={ctx.icon(role.icon, ink)} width={ctx.mm(4)} height={ctx.mm(4)} style={{ marginRight: ctx.mm(1.2) }} />
        {half.label}
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, alignItems: 'center', justifyContent: 'center' }}>{half.children}</div>
    </div>
  )
}

/**
 * A split front: two halves on one face, the second turned 180°, so that whichever half points away
 * from its owner reads upright. A thin rule marks the middle.
 */
export const SplitFront = ({ ctx, first, second, divider = '#ffffff' }: { ctx: FaceContext<any>; first: HalfProps; second: HalfProps; divider?: string }) => {
  const line = Math.max(2, Math.round(ctx.mm(0.6)))
  const half = Math.floor((ctx.box.height - line) / 2)
  return (
    <div style={{ width: ctx.box.width, height: ctx.box.height, display: 'flex', flexDirection: 'column', fontFamily: 'Inter', background: divider }}>
      <Half ctx={ctx} half={first} turned={false} height={half} />
      <div style={{ height: ctx.box.height - 2 * half, width: ctx.box.width, background: divider }} />
      <Half ctx={ctx} half={second} turned={true} height={half} />
    </div>
  )
}

/** A row of icons, each a vocabulary word's icon, on a light disc so that it reads on any background. */
export const IconRow = ({ ctx, vocabulary, words, size, disc = '#ffffff' }: { ctx: FaceContext<any>; vocabulary: string; words: readonly string[]; size: number; disc?: string }) => (
  <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', alignItems: 'center' }}>
    {words.map((w, i) => {
      const word = ctx.word(vocabulary, w)
      return (
        <div key={i} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', margin: size * 0.08 }}>
          <div style={{ display: 'flex', width: size, height: size, borderRadius: size / 2, background: disc, alignItems: 'center', justifyContent: 'center' }}>
            <img src={ctx.icon(word.icon, word.color ?? '#222')} width={size * 0.72} height={size * 0.72} />
          </div>
        </div>
      )
    })}
  </div>
)

/** Text that wraps inside its box. */
export const TextBox = ({ children, size, style }: { children: ReactNode; size: number; style?: CSSProperties }) => (
  <div style={{ display: 'flex', textAlign: 'center', fontSize: size, lineHeight: 1.25, ...style }}>{children}</div>
)
