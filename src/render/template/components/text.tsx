import type { CSSProperties, ReactNode } from 'react'
import type { FieldName, GameDef, VocabularyWord } from '../../../engine/define.ts'
import { didYouMean } from '../../../util/suggest.ts'
import type { FaceContext } from '../template.ts'
import { fitText, hasIcons, ICON_EM, ICON_GAP_EM, type Fitted } from '../../text/fit.ts'
import { hasRtl, levelsOf, paragraphDirection, reorder, visualOrder } from '../../text/bidi.ts'
import { plainText, type Word } from '../../../engine/inline-text.ts'
import { MISSING_ICON } from '../../text/missing-icon.ts'
import { fieldMark } from '../element-marks.ts'

/** Points (1/72 in) to template pixels: type sizes as printers speak of them. */
export const pt = (ctx: FaceContext<any>, points: number): number => (points * 25.4 * ctx.box.pxPerMm) / 72

/** The smallest body text a card may shrink to and still read at arm's length. */
export const MIN_TEXT_PT = 6.5

/** Words a template adds to the game's vocabularies for inline icons: an icon name or a whole word. */
export type InlineWords = Readonly<Record<string, string | VocabularyWord>>

export interface TextStyle {
  /** Default: Inter. */
  family?: string
  weight?: 400 | 500 | 600 | 700 | 800 | 900
  italic?: boolean
  color?: string
  /** A multiple of the font size; default 1.25. */
  lineHeight?: number
  align?: 'left' | 'center' | 'right'
  /** Inline icons: their colour (default: the vocabulary word's, else the text's). */
  iconColor?: string
  /** Inline icons: a disc of this colour behind each, so that they read on a coloured background. */
  disc?: string
  /** Inline words beyond the game's vocabularies. */
  words?: InlineWords
}

export interface FitTextProps<G extends GameDef<any, any, any> = GameDef> extends TextStyle {
  ctx: FaceContext<G>
  text: string
  /** The card field the text comes from: a problem points at its line. */
  field?: FieldName<G>
  /** The box, in template px: the text shrinks until it fits, then is reported and clipped. */
  width: number
  height: number
  size: number
  /** Default: 6.5 pt. */
  minSize?: number
  valign?: 'top' | 'center' | 'bottom'
  /** The box takes the text's own height (at most `height`) instead of all of `height`. */
  hug?: boolean
  style?: CSSProperties
}

interface Resolved {
  src: string
  label: string
}

/** The icon an inline `[name]` stands for: a vocabulary word (`intel`, `resources:intel`), a template's word, or an icon (`game-icons:spy`). */
const resolveInline = (
  ctx: FaceContext<any>,
  name: string,
  color: string,
  style: TextStyle,
  field?: string,
): Resolved => {
  const vocabularies: Record<string, Record<string, VocabularyWord>> = ctx.game.vocabularies ?? {}
  const [prefix, rest] = name.includes(':') ? (name.split(':', 2) as [string, string]) : [undefined, name]
  const extra = style.words?.[name]
  const word: VocabularyWord | undefined =
    typeof extra === 'string'
      ? { label: name, icon: extra }
      : (extra ?? (prefix ? vocabularies[prefix]?.[rest] : Object.values(vocabularies).find((v) => v[name])?.[name]))
  const tint = (w?: VocabularyWord) => (style.disc ? (w?.color ?? color) : (style.iconColor ?? w?.color ?? color))
  if (word) return { src: ctx.icon(word.icon, tint(word), field), label: word.label }
  if (prefix && !vocabularies[prefix]) return { src: ctx.icon(name, tint(), field), label: rest }
  const known = [...Object.keys(style.words ?? {}), ...Object.values(vocabularies).flatMap((v) => Object.keys(v))]
  const where = field ? `\`${field}\`` : 'the text'
  ctx.report({
    rule: 'render/missing-icon',
    field,
    message: `${where} names the inline icon [${name}], which is no word of this game's vocabularies${didYouMean(name, known)}: write a word (${
      known
        .slice(0, 6)
        .map((k) => `[${k}]`)
        .join(', ') || 'none yet'
    }) or an icon such as [game-icons:spy]`,
  })
  return { src: MISSING_ICON, label: name }
}

const faceName = (ctx: FaceContext<any>) => (ctx.card ? `the ${ctx.face} of ${ctx.card.id}` : `the shared ${ctx.face}`)

const round = (n: number) => Math.round(n * 10) / 10

/** Reports text that does not fit even at its smallest size, naming the card, the field and the face. */
const reportOverflow = (
  ctx: FaceContext<any>,
  fitted: Fitted,
  props: { text: string; field?: string; height?: number; maxLines?: number; lineHeight: number },
) => {
  const plain = plainText(props.text, () => 'XX')
  const cut = Math.max(1, Math.ceil(plain.length * (1 - fitted.fitsShare)))
  const lines = fitted.lines.reduce((n, p) => n + p.length, 0)
  const fit =
    props.maxLines ??
    (props.height === undefined
      ? lines
      : Math.max(0, Math.floor((props.height + 0.5) / (fitted.size * props.lineHeight))))
  const wide = fitted.tooWide?.map((p) => (p.kind === 'text' ? p.text : `[${p.name}]`)).join('')
  const what = props.field ? `\`${props.field}\`` : `the text "${plain.length > 30 ? `${plain.slice(0, 28)}…` : plain}"`
  const at = `even at ${round((fitted.size * 72) / (25.4 * ctx.box.pxPerMm))} pt`
  const problem =
    lines > fit
      ? `${at} it needs ${lines} lines where ${fit} fit; shorten it by about ${cut} character${cut === 1 ? '' : 's'}`
      : `${at} "${wide}" is wider than the box; break or shorten that word`
  ctx.report({
    rule: 'render/text-overflow',
    field: props.field,
    message: `${what} does not fit its box on ${faceName(ctx)}: ${problem}`,
  })
}

interface Measured extends TextStyle {
  ctx: FaceContext<any>
  text: string
  field?: string
  width: number
  height?: number
  maxLines?: number
  size: number
  minSize?: number
}

/** Fits a text to its box with the face's fonts and reports it when even the smallest size does not fit. */
export const measureText = (props: Measured): Fitted => {
  const { ctx } = props
  const lineHeight = props.lineHeight ?? 1.25
  const fitted = fitText(ctx.measure, {
    text: props.text,
    width: props.width,
    height: props.height,
    maxLines: props.maxLines,
    size: props.size,
    minSize: Math.min(props.size, props.minSize ?? pt(ctx, MIN_TEXT_PT)),
    lineHeight,
    font: { family: props.family ?? 'Inter', weight: props.weight ?? 400, style: props.italic ? 'italic' : 'normal' },
  })
  if (!fitted.fits) reportOverflow(ctx, fitted, { ...props, lineHeight })
  return fitted
}

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const

/** A word's pieces (text and icons) in the order they are seen, in a paragraph of `direction` (UAX #9, L2). */
const inReadingOrder = (w: Word, direction: 'ltr' | 'rtl'): Word => {
  if (w.length < 2) return w
  const ordered = reorder(
    w,
    levelsOf(
      w.map((p) => (p.kind === 'text' ? p.text : '\ufffc')),
      direction,
    ),
  )
  return w.glued ? Object.assign(ordered, { glued: true as const }) : ordered
}

/** What the fitted text's lines are drawn with: the style at the fitted size, and the lines' measures. */
interface LineSetting {
  ctx: FaceContext<any>
  style: TextStyle
  field?: string
  size: number
  /** A line's height. */
  line: number
  /** A space's width. */
  space: number
  /** An inline icon's side, and its top in the line. */
  icon: number
  iconTop: number
  color: string
  /**
   * Each text as wide as the measurement made it (satori's width, rounded up to whole pixels): a renderer
   * that measures a fraction narrower would move the words after it along the line.
   */
  textWidth: (text: string) => number
}

const lineSetting = (ctx: FaceContext<any>, fitted: Fitted, style: TextStyle, field?: string): LineSetting => {
  const size = fitted.size
  const lineHeight = style.lineHeight ?? 1.25
  const line = size * lineHeight
  const family = style.family ?? 'Inter'
  const fontStyle = style.italic ? 'italic' : 'normal'
  const metrics = ctx.measure.metrics({ family, weight: style.weight ?? 400, style: fontStyle })
  // Where satori puts the baseline in a line box; the icon is centred on the capitals' middle.
  const baseline = (line - (metrics.ascent + metrics.descent) * size) / 2 + metrics.ascent * size
  const icon = size * ICON_EM
  const iconTop = baseline - (metrics.capHeight * size) / 2 - icon / 2
  const space = ctx.measure.width(' ', { family, weight: style.weight ?? 400, style: fontStyle, size })
  const color = style.color ?? '#1b1b1b'
  const textWidth = (text: string) =>
    Math.ceil(ctx.measure.width(text, { family, weight: style.weight ?? 400, style: fontStyle, size }) - 1e-9)
  return { ctx, style, field, size, line, space, icon, iconTop, color, textWidth }
}

// A paragraph with words glued to the one before them (Chinese, a hyphen's break) spaces its other words by a margin.
const margin = (s: LineSetting, w: Word, key: number, glue: boolean) =>
  glue && key > 0 && !w.glued ? { marginLeft: s.space } : {}

/** A piece of text, as wide as it measured. */
const textPiece = (s: LineSetting, text: string, key: number, extra: CSSProperties = {}) => (
  <div
    key={key}
    style={{
      display: 'flex',
      flexShrink: 0,
      width: s.textWidth(text),
      height: s.line,
      whiteSpace: 'pre',
      ...extra,
    }}
  >
    {text}
  </div>
)

/** An inline icon, on a disc when the style has one; a little apart from an icon before it. */
const iconPiece = (s: LineSetting, name: string, key: number, afterIcon: boolean) => {
  const { icon, iconTop, style } = s
  const { src } = resolveInline(s.ctx, name, s.color, style, s.field)
  const gap = afterIcon ? s.size * ICON_GAP_EM : 0
  return (
    <div
      key={key}
      style={{
        display: 'flex',
        flexDirection: 'column',
        flexShrink: 0,
        width: icon,
        height: s.line,
        marginLeft: gap,
      }}
    >
      {style.disc ? (
        <div
          style={{
            display: 'flex',
            width: icon,
            height: icon,
            marginTop: iconTop,
            borderRadius: icon / 2,
            background: style.disc,
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <img src={src} width={icon * 0.74} height={icon * 0.74} />
        </div>
      ) : (
        <img src={src} width={icon} height={icon} style={{ marginTop: iconTop }} />
      )}
    </div>
  )
}

/** A word of a line with icons: one text, or a row of its texts and icons. */
const wordOf = (s: LineSetting, w: Word, key: number, glue = false) =>
  w.length === 1 && w[0]!.kind === 'text' ? (
    textPiece(s, w[0].text, key, margin(s, w, key, glue))
  ) : (
    <div key={key} style={{ display: 'flex', flexShrink: 0, height: s.line, ...margin(s, w, key, glue) }}>
      {w.map((piece, i) =>
        piece.kind === 'text'
          ? textPiece(s, piece.text, i)
          : iconPiece(s, piece.name, i, i > 0 && w[i - 1]!.kind === 'icon'),
      )}
    </div>
  )

/** The fitted text: a row per measured line, a word per item where it has icons, inline icons sized to the text and set on its baseline. */
const Lines = ({
  ctx,
  fitted,
  style,
  field,
}: {
  ctx: FaceContext<any>
  fitted: Fitted
  style: TextStyle
  field?: string
}) => {
  const s = lineSetting(ctx, fitted, style, field)
  const { line, space } = s
  // Each measured line is a row of its own, so that every renderer breaks the lines where the measurement
  // did (satori and takumi each wrap a row of words a pixel differently): a line of plain text is one text,
  // a line with icons a row of words.
  const justify = JUSTIFY[style.align ?? 'center']
  return fitted.paragraphs.map((paragraph, p) => {
    const glue = paragraph.some((w) => w.glued)
    const icons = hasIcons(paragraph)
    const direction = icons && hasRtl(paragraph) ? paragraphDirection(paragraph) : undefined
    return (
      <div
        key={p}
        style={{
          display: 'flex',
          flexDirection: 'column',
          width: '100%',
          flexShrink: 0,
          marginTop: p ? 0.35 * line : 0,
        }}
      >
        {(fitted.lines[p] ?? []).map((words, l) =>
          !icons ? (
            <div
              key={l}
              style={{
                display: 'flex',
                width: '100%',
                height: line,
                flexShrink: 0,
                justifyContent: justify,
                whiteSpace: 'pre',
              }}
            >
              {words
                .map((i, n) => (n > 0 && !paragraph[i]!.glued ? ' ' : '') + (paragraph[i]![0] as { text: string }).text)
                .join('')}
            </div>
          ) : (
            // Right-to-left text among icons: the line's words in the order they are read (the Unicode
            // bidirectional algorithm, word by word); a row of words would run left to right.
            <div
              key={l}
              style={{
                display: 'flex',
                width: '100%',
                height: line,
                flexShrink: 0,
                ...(glue ? {} : { columnGap: space }),
                justifyContent: justify,
              }}
            >
              {direction
                ? visualOrder(paragraph, words, direction).map((i, n) =>
                    wordOf(s, inReadingOrder(paragraph[i]!, direction), n, glue),
                  )
                : words.map((i, n) => wordOf(s, paragraph[i]!, n, glue))}
            </div>
          ),
        )}
      </div>
    )
  })
}

// Clipped only when it overflows: satori masks every element inside a clipped box, which costs time.
const clip = (fitted: Fitted): CSSProperties => (fitted.fits ? {} : { overflow: 'hidden' })

const textStyle = (style: TextStyle, size: number): CSSProperties => ({
  fontFamily: style.family ?? 'Inter',
  fontWeight: style.weight ?? 400,
  fontStyle: style.italic ? 'italic' : 'normal',
  fontSize: size,
  lineHeight: style.lineHeight ?? 1.25,
  color: style.color ?? '#1b1b1b',
})

/**
 * Text in a box of a fixed size: it wraps, may embed icons (`Pay [intel][intel] to …`), and shrinks
 * to fit, down to a readable minimum (6.5 pt). Text that does not fit even then is reported
 * (`render/text-overflow`, at the field's line) and drawn clipped, so the designer sees it.
 */
export const FitText = <G extends GameDef<any, any, any>>(props: FitTextProps<G>): ReactNode => {
  const { ctx, width, height, valign = 'center', style } = props
  const fitted = measureText(props)
  const justify = { top: 'flex-start', center: 'center', bottom: 'flex-end' }[valign]
  return (
    <div
      {...fieldMark(props.field)}
      style={{
        display: 'flex',
        flexDirection: 'column',
        flexShrink: 0,
        width,
        height: props.hug && fitted.fits ? Math.min(height, Math.ceil(fitted.height)) : height,
        ...clip(fitted),
        justifyContent: fitted.fits ? justify : 'flex-start',
        ...textStyle(props, fitted.size),
        ...style,
      }}
    >
      <Lines ctx={ctx} fitted={fitted} style={props} field={props.field} />
    </div>
  )
}

export interface TitleProps<G extends GameDef<any, any, any> = GameDef> extends TextStyle {
  ctx: FaceContext<G>
  /** The title (a prop, not children: it is measured to fit one line, or `maxLines`). */
  text: string
  /** The card field the text comes from: a problem points at its line. */
  field?: FieldName<G>
  width: number
  size: number
  /** Default: 70% of `size`, never below 6.5 pt. */
  minSize?: number
  /** Default: 1. */
  maxLines?: number
  style?: CSSProperties
}

/** A heading: Bitter bold on at most `maxLines` lines, shrunk to fit its width; reported when even its smallest size does not fit. */
export const Title = <G extends GameDef<any, any, any>>(props: TitleProps<G>): ReactNode => {
  const { ctx, width, style } = props
  const { family = 'Bitter', weight = 700, lineHeight = 1.15, italic, color, align, iconColor, disc, words } = props
  const text: TextStyle = { family, weight, lineHeight, italic, color, align, iconColor, disc, words }
  const fitted = measureText({
    ...text,
    ctx,
    text: props.text,
    field: props.field,
    width,
    size: props.size,
    maxLines: props.maxLines ?? 1,
    minSize: props.minSize ?? Math.max(pt(ctx, MIN_TEXT_PT), props.size * 0.7),
  })
  return (
    <div
      {...fieldMark(props.field)}
      style={{
        display: 'flex',
        flexDirection: 'column',
        flexShrink: 0,
        width,
        ...clip(fitted),
        ...textStyle(text, fitted.size),
        ...style,
      }}
    >
      <Lines ctx={ctx} fitted={fitted} style={text} field={props.field} />
    </div>
  )
}
