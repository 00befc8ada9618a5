import type { CSSProperties, ReactNode } from 'react'
import type { FaceContext } from '../template.ts'
import { pt } from './text.tsx'

const TURNED: Record<string, string> = { '0': '0', '1': '1', '6': '9', '8': '8', '9': '6' }

/** A number that reads as another number upside down (6 and 9, 68 and 89): it needs a mark under it. */
export const turnsAmbiguous = (value: number | string): boolean => {
  const s = String(value)
  if (!/^\d+$/.test(s) || ![...s].every((d) => d in TURNED)) return false
  const turned = [...s]
    .reverse()
    .map((d) => TURNED[d])
    .join('')
  return turned !== s && !turned.startsWith('0')
}

export interface ValueBadgeProps {
  ctx: FaceContext<any>
  value: number | string
  /** The badge's diameter, in template px. */
  size: number
  fill: string
  ink: string
  shape?: 'disc' | 'square'
  /** A ring around the badge, e.g. the background's colour on an ink-friendly face. */
  ring?: string
  /** A word under the value ('POINTS'), for a reader who cannot tell what the number counts. */
  caption?: string
  captionColor?: string
  family?: string
  style?: CSSProperties
  /**
   * The value may be read upside down: a card held either way up (a turned corner, a split card's turned
   * half) or read from across the table. A number that reads as another upside down (6, 9, 68…) is then
   * underlined. Default false: a badge read one way up is drawn as it is.
   */
  readUpsideDown?: boolean
}

/**
 * A value in a disc: a cost, a score, a vote's number. With `readUpsideDown`, numbers that read as another
 * upside down (6, 9, 68…) are underlined, so that a card read the other way up is not misread.
 */
export const ValueBadge = ({
  ctx,
  value,
  size,
  fill,
  ink,
  shape = 'disc',
  ring,
  caption,
  captionColor,
  family = 'Bitter',
  style,
  readUpsideDown = false,
}: ValueBadgeProps): ReactNode => {
  const digits = String(value).length
  const fontSize = size * (digits <= 1 ? 0.62 : digits === 2 ? 0.5 : 0.38)
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', flexShrink: 0, ...style }}>
      <div
        style={{
          display: 'flex',
          width: size,
          height: size,
          borderRadius: shape === 'disc' ? size / 2 : size * 0.18,
          background: fill,
          color: ink,
          border: ring ? `${Math.max(2, size * 0.06)}px solid ${ring}` : undefined,
          alignItems: 'center',
          justifyContent: 'center',
          fontFamily: family,
          fontWeight: 700,
          fontSize,
          lineHeight: 1,
          textDecoration: readUpsideDown && turnsAmbiguous(value) ? 'underline' : undefined,
        }}
      >
        {String(value)}
      </div>
      {caption ? (
        <div
          style={{
            display: 'flex',
            marginTop: ctx.mm(0.6),
            // Never under the 6 pt `a11y/text-size` asks for.
            fontSize: Math.max(size * 0.22, pt(ctx, 6)),
            fontWeight: 700,
            letterSpacing: ctx.mm(0.2),
            color: captionColor ?? fill,
          }}
        >
          {caption}
        </div>
      ) : null}
    </div>
  )
}
