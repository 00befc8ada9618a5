import type { CSSProperties, ReactNode } from 'react'
import type { GameDef, HalfRole, VocabularyName, FieldName } from '../../../engine/define.ts'
import type { FaceContext } from '../template.ts'
import { gameRole, RoleTag } from './role.tsx'
import { artMark, exemptMark, fieldMark } from '../element-marks.ts'
import { pt } from './text.tsx'

export { defaultRoles, roleNames, roleOf, type Role } from './roles.ts'
export { gameRole, RoleTag, type RoleTagProps } from './role.tsx'
export {
  FitText,
  MIN_TEXT_PT,
  measureText,
  pt,
  Title,
  type FitTextProps,
  type InlineWords,
  type TextStyle,
  type TitleProps,
} from './text.tsx'
export { CostStrip, tally, type CostStripProps } from './cost.tsx'
export { turnsAmbiguous, ValueBadge, type ValueBadgeProps } from './badge.tsx'

/** The safe zone's size: what a `Face`'s content may fill, in template px. */
export const safeArea = (ctx: FaceContext<any>): { width: number; height: number } => {
  const inset = 2 * (ctx.box.bleed + ctx.box.safe)
  return { width: ctx.box.width - inset, height: ctx.box.height - inset }
}

/** The whole canvas, bleed included; the background runs into the bleed, the content keeps to the safe zone. */
export const Face = ({
  ctx,
  background,
  children,
  style,
}: {
  ctx: FaceContext<any>
  background: string
  children?: ReactNode
  style?: CSSProperties
}) => (
  <div
    style={{
      width: ctx.box.width,
      height: ctx.box.height,
      display: 'flex',
      flexDirection: 'column',
      background,
      padding: ctx.box.bleed + ctx.box.safe,
      fontFamily: 'Inter',
      ...style,
    }}
  >
    {children}
  </div>
)

/** The content box of a half of a split front: what its children may fill, in template px. */
export interface HalfArea {
  width: number
  height: number
  /** The half's text colour and background, for content drawn on it. */
  ink: string
  background: string
}

/** A half of a split front; its colour role is the card type's (`halves` in the definition). */
export interface HalfProps {
  /** The word that names the half's meaning, beside the role's symbol; default the role's `word` ('SUCCESS'). */
  label?: string
  /** The content, or a function of the room it has (to fit text to it). */
  children?: ReactNode | ((area: HalfArea) => ReactNode)
}

const halfGeometry = (ctx: FaceContext<any>) => {
  const line = Math.max(2, Math.round(ctx.mm(0.6)))
  const height = Math.floor((ctx.box.height - line) / 2)
  const pad = ctx.box.bleed + ctx.box.safe
  // The header (the role's icon and word), and the room under it down to the middle rule.
  const header = ctx.mm(4.5)
  const bottom = ctx.mm(2)
  return {
    line,
    height,
    pad,
    header,
    bottom,
    content: { width: ctx.box.width - 2 * pad, height: height - pad - header - ctx.mm(1) - bottom },
  }
}

/** The room a half's content has, and its colours. */
export const halfArea = (ctx: FaceContext<any>, role: HalfRole): HalfArea => {
  const r = gameRole(ctx, role)
  return {
    ...halfGeometry(ctx).content,
    ink: ctx.inkFriendly ? r.color : r.ink,
    background: ctx.inkFriendly ? r.light : r.color,
  }
}

/** The colour roles of the card being drawn: its type's `halves`; a type without them is reported. */
export const halvesOf = (ctx: FaceContext<any>): readonly [HalfRole, HalfRole] => {
  const type = ctx.card && ctx.game.types[ctx.card.type]
  if (type?.halves) return type.halves
  ctx.report({
    rule: 'render/not-split',
    message: `SplitFront draws a card type with \`halves\` in the definition; ${ctx.card ? `"${ctx.card.type}"` : 'a shared back'} has none (green and red are drawn)`,
  })
  return ['green', 'red']
}

const Half = ({
  ctx,
  half,
  role,
  turned,
  height,
}: {
  ctx: FaceContext<any>
  half: HalfProps
  role: HalfRole
  turned: boolean
  height: number
}) => {
  const g = halfGeometry(ctx)
  const area = halfArea(ctx, role)
  const children = typeof half.children === 'function' ? half.children(area) : half.children
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        width: ctx.box.width,
        height,
        background: area.background,
        color: area.ink,
        padding: g.pad,
        paddingBottom: g.bottom,
        transform: turned ? 'rotate(180deg)' : undefined,
      }}
    >
      <div style={{ display: 'flex', height: g.header, marginBottom: ctx.mm(1), alignItems: 'center', flexShrink: 0 }}>
        <RoleTag ctx={ctx} role={role} label={half.label} size={ctx.mm(3.2)} color={area.ink} />
      </div>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          flexGrow: 1,
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {children}
      </div>
    </div>
  )
}

export interface SplitFrontProps {
  ctx: FaceContext<any>
  first: HalfProps
  second: HalfProps
  /** The rule between the halves. */
  divider?: string
}

/**
 * A split front: two halves on one face, the second turned 180°, so that whichever half points away
 * from its owner reads upright. A thin rule marks the middle. Each half's colour role is the card
 * type's `halves` in the definition.
 */
export const SplitFront = ({ ctx, first, second, divider = '#ffffff' }: SplitFrontProps) => {
  const { height: half } = halfGeometry(ctx)
  const [a, b] = halvesOf(ctx)
  return (
    <div
      style={{
        width: ctx.box.width,
        height: ctx.box.height,
        display: 'flex',
        flexDirection: 'column',
        fontFamily: 'Inter',
        background: divider,
      }}
    >
      <Half ctx={ctx} half={first} role={a} turned={false} height={half} />
      <div style={{ height: ctx.box.height - 2 * half, width: ctx.box.width, background: divider }} />
      <Half ctx={ctx} half={second} role={b} turned={true} height={half} />
    </div>
  )
}

export interface IconRowProps<G extends GameDef<any, any, any> = GameDef> {
  ctx: FaceContext<G>
  vocabulary: VocabularyName<G>
  words: readonly string[]
  size: number
  disc?: string
  /** Each icon's word under it, in this colour: a second cue where icons differ mostly by colour. */
  labels?: string
  /** The card field the words come from: a missing icon points at its line. */
  field?: FieldName<G>
}

/** A row of icons, each a vocabulary word's icon, on a light disc so that it reads on any background. */
export const IconRow = <G extends GameDef<any, any, any>>({
  ctx,
  vocabulary,
  words,
  size,
  disc = '#ffffff',
  labels,
  field,
}: IconRowProps<G>) => (
  <div
    {...fieldMark(field)}
    style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', alignItems: 'flex-start' }}
  >
    {words.map((w, i) => {
      const word = ctx.word(vocabulary, w)
      return (
        <div key={i} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', margin: size * 0.08 }}>
          <div
            style={{
              display: 'flex',
              width: size,
              height: size,
              borderRadius: size / 2,
              background: disc,
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <img src={ctx.icon(word.icon, word.color ?? '#222', field)} width={size * 0.72} height={size * 0.72} />
          </div>
          {labels ? (
            <div
              style={{
                display: 'flex',
                marginTop: size * 0.06,
                fontSize: Math.max(pt(ctx, 6), size * 0.2),
                fontWeight: 700,
                letterSpacing: ctx.mm(0.15),
                color: labels,
              }}
            >
              {word.label.toUpperCase()}
            </div>
          ) : null}
        </div>
      )
    })}
  </div>
)

/** A template's own short words that wrap (a label, a reminder): a card's text goes in `FitText`, which fits it and reports it. */
export const TextBox = ({ children, size, style }: { children: ReactNode; size: number; style?: CSSProperties }) => (
  <div style={{ display: 'flex', textAlign: 'center', fontSize: size, lineHeight: 1.25, ...style }}>{children}</div>
)

export interface ArtProps {
  ctx: FaceContext<any>
  /** The card whose `art:` is drawn; by default the card being drawn. */
  card?: { art?: string }
  /** Or an art file named here, relative to the templates folder (a back's picture). */
  file?: string
  width: number
  height: number
  /** 'cover' (the default) fills the box and crops the image; 'contain' shows all of it. */
  fit?: 'cover' | 'contain'
  style?: CSSProperties
  /** Drawn when the card names no art at all (a missing file gets the placeholder instead). */
  children?: ReactNode
}

/**
 * A card's art, or, while the file does not exist yet, a hatched placeholder that names it (and a
 * `render/missing-art` warning at the card's `art:` line), so that a prototype prints before its art.
 */
export const Art = ({
  ctx,
  card = ctx.card,
  file = card?.art,
  width,
  height,
  fit = 'cover',
  style,
  children,
}: ArtProps): ReactNode => {
  if (!file) return children ?? null
  const src = ctx.art(file)
  if (src)
    return <img {...artMark(file)} src={src} width={width} height={height} style={{ objectFit: fit, ...style }} />
  const stripe = Math.max(2, ctx.mm(0.8))
  // A placeholder, reported as missing art: not also as small text or a safe-zone finding.
  return (
    <div
      {...exemptMark()}
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width,
        height,
        backgroundColor: '#eeeeee',
        backgroundImage: `repeating-linear-gradient(45deg, #d4d4d4 0px, #d4d4d4 ${stripe}px, #eeeeee ${stripe}px, #eeeeee ${2 * stripe}px)`,
        border: `${Math.max(1, ctx.mm(0.3))}px solid #9a9a9a`,
        color: '#444444',
        fontFamily: 'Inter',
        ...style,
      }}
    >
      {/* The label's lines stretch to its width, so that a long file name wraps inside it (a centred line would take its whole text's width). */}
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          maxWidth: '90%',
          background: '#ffffff',
          borderRadius: ctx.mm(1),
          padding: `${ctx.mm(0.8)}px ${ctx.mm(1.5)}px`,
        }}
      >
        <div
          style={{
            display: 'flex',
            justifyContent: 'center',
            fontSize: ctx.mm(2.2),
            fontWeight: 700,
            letterSpacing: ctx.mm(0.2),
          }}
        >
          MISSING ART
        </div>
        <div
          style={{
            display: 'flex',
            justifyContent: 'center',
            fontSize: ctx.mm(2),
            textAlign: 'center',
            wordBreak: 'break-all',
          }}
        >
          {file}
        </div>
      </div>
    </div>
  )
}
