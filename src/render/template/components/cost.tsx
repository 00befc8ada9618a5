import type { CSSProperties, ReactNode } from 'react'
import type { FieldName, GameDef, VocabularyName } from '../../../engine/define.ts'
import type { FaceContext } from '../template.ts'
import { Title } from './text.tsx'

export interface CostStripProps<G extends GameDef<any, any, any> = GameDef> {
  ctx: FaceContext<G>
  vocabulary: VocabularyName<G>
  /** The words of the cost, a word once per unit: [materials, materials, funds]. */
  cost: readonly string[]
  /** The icons' size at most, in template px: they shrink so that the strip fits `width`. */
  size: number
  width: number
  /** Each icon sits on a disc of this colour. */
  disc?: string
  /** Counts and words under the icons ("2 Materials · 1 Funds"), in this colour: the cost without its icons. */
  spelled?: string
  /** Repeated words as one icon with its count ("2×") instead of one icon each; default: more than 5 icons. */
  grouped?: boolean
  /** The card field the cost comes from: a problem points at its line. */
  field?: FieldName<G>
  style?: CSSProperties
}

/** Counts of each word, in the order they first appear. */
export const tally = (words: readonly string[]): [string, number][] => {
  const counts = new Map<string, number>()
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1)
  return [...counts]
}

/**
 * A cost: a vocabulary's icons on discs in one row that fits its width (or each word once with its
 * count), and optionally the same cost spelled out under it.
 */
export const CostStrip = <G extends GameDef<any, any, any>>({
  ctx,
  vocabulary,
  cost,
  size,
  width,
  disc = '#ffffff',
  spelled,
  grouped,
  field,
  style,
}: CostStripProps<G>): ReactNode => {
  const counts = tally(cost)
  const group = grouped ?? cost.length > 5
  const slots = group ? counts.length : cost.length
  const margin = 0.1
  // Grouped, each slot also holds its count, about 0.8 icon wide.
  const slotWidth = (group ? 1.8 : 1) + 2 * margin
  const icon = Math.min(size, width / (slots * slotWidth))
  const disc_ = (w: string, key: string | number) => {
    const word = ctx.word(vocabulary, w)
    return (
      <div
        key={key}
        style={{
          display: 'flex',
          width: icon,
          height: icon,
          borderRadius: icon / 2,
          background: disc,
          alignItems: 'center',
          justifyContent: 'center',
          flexShrink: 0,
        }}
      >
        <img src={ctx.icon(word.icon, word.color ?? '#222222', field)} width={icon * 0.72} height={icon * 0.72} />
      </div>
    )
  }
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width, ...style }}>
      <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', width }}>
        {group
          ? counts.map(([w, n]) => (
              <div key={w} style={{ display: 'flex', alignItems: 'center', margin: `0 ${icon * margin}px` }}>
                <div
                  style={{
                    display: 'flex',
                    fontFamily: 'Bitter',
                    fontWeight: 700,
                    fontSize: icon * 0.55,
                    marginRight: icon * 0.08,
                    color: spelled ?? '#1b1b1b',
                  }}
                >{`${n}×`}</div>
                {disc_(w, w)}
              </div>
            ))
          : cost.map((w, i) => (
              <div key={i} style={{ display: 'flex', margin: `0 ${icon * margin}px` }}>
                {disc_(w, i)}
              </div>
            ))}
      </div>
      {spelled ? (
        <Title
          ctx={ctx}
          field={field}
          family="Inter"
          weight={400}
          lineHeight={1.2}
          maxLines={2}
          color={spelled}
          width={width}
          size={ctx.mm(2.4)}
          style={{ marginTop: ctx.mm(0.8) }}
          text={counts.map(([w, n]) => `${n}\u00a0${ctx.word(vocabulary, w).label}`).join(' · ')}
        />
      ) : null}
    </div>
  )
}
