import { over, parseColor, type Rgba } from '../../util/contrast.ts'
import { ART_MARK, EXEMPT_MARK, FIELD_MARK } from './element-marks.ts'
import { HALF_TURN } from '../renderers/half-turns.ts'

/**
 * One host element of a face, as the face checks see it: what it inherits (as CSS does) and what it
 * shows. The elements come in document order, the order satori lays them out and reports their boxes in.
 */
export interface FaceElement {
  type: string
  /** Its own text (its string children, joined), when it has any besides white space. */
  text?: string
  /** Its font size in template px (inherited; satori's default 16). */
  sizePx: number
  weight: number
  /** Its text colour, opaque (inherited; default black). Undefined when it cannot be told (`currentColor`). */
  color?: Rgba
  /** The nearest solid background declared behind it, opaque; undefined when none, or when it is an image or gradient. */
  background?: Rgba
  /** The card field it shows (marked by deckwright's components, inherited). */
  field?: string
  /** Inside the version stamp: left alone. */
  exempt: boolean
  /**
   * The elements (by index) that turn it over by `rotate(180deg)`, innermost first: its drawn box is its
   * laid-out box mirrored about each one's. Undefined when another transform moves it: where it is drawn is not known.
   */
  turnedBy?: number[]
  /** The elements (by index) that clip it (`overflow: hidden`): it is drawn only inside their boxes. */
  clippedBy: number[]
  /** An image: the art file it draws (`Art`), and its declared box and fit. */
  art?: string
  width?: number
  height?: number
  fit?: string
  /** Its own padding and border in px (numbers only), to find its content's box from its laid-out one. */
  inset: number
}

/** What an element passes down to the elements inside it. */
type Inherited = Pick<
  FaceElement,
  'turnedBy' | 'clippedBy' | 'sizePx' | 'weight' | 'color' | 'background' | 'field' | 'exempt'
>

type Props = Record<string | symbol, unknown> & { style?: Record<string, unknown>; children?: unknown }

const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 }
const FRAGMENT = Symbol.for('react.fragment')

/** Every host element of a face's tree (as `borderBox` leaves it), in document order, with what it inherits. */
export const faceElements = (tree: unknown): FaceElement[] => {
  const found: FaceElement[] = []
  const walk = (node: unknown, up: Inherited): void => {
    if (Array.isArray(node)) return node.forEach((child) => walk(child, up))
    if (!node || typeof node !== 'object' || !('type' in node)) return
    const { type } = node as { type: unknown }
    const props = ((node as { props?: Props }).props ?? {}) as Props
    if (typeof type !== 'string' && type !== FRAGMENT) return
    const here = inherit(up, props, found.length)
    found.push(describe(type === FRAGMENT ? 'div' : type, props, here))
    // What it holds is clipped to its box when it hides its overflow.
    const clips = props.style?.overflow === 'hidden'
    walk(props.children, clips ? { ...here, clippedBy: [...here.clippedBy, found.length - 1] } : here)
  }
  walk(tree, { sizePx: 16, weight: 400, color: BLACK, exempt: false, turnedBy: [], clippedBy: [] })
  return found
}

const inherit = (up: Inherited, props: Props, index: number): Inherited => {
  const style = props.style ?? {}
  const transform = typeof style.transform === 'string' ? style.transform.trim() : style.transform
  const turned =
    !transform || transform === 'none'
      ? up.turnedBy
      : HALF_TURN.test(String(transform)) && up.turnedBy
        ? [index, ...up.turnedBy]
        : undefined
  const fieldHere = props[FIELD_MARK]
  const color = style.color === undefined ? up.color : opaque(parseColor(style.color), up.background)
  return {
    sizePx: pxOf(style.fontSize) ?? up.sizePx,
    weight: weightOf(style.fontWeight) ?? up.weight,
    color,
    background: backgroundOf(style, up.background),
    field: typeof fieldHere === 'string' ? fieldHere : up.field,
    exempt: up.exempt || props[EXEMPT_MARK] === true,
    turnedBy: turned,
    clippedBy: up.clippedBy,
  }
}

const describe = (type: string, props: Props, here: Inherited): FaceElement => {
  const style = props.style ?? {}
  const text = ownText(props.children)
  const art = props[ART_MARK]
  return {
    type,
    ...here,
    ...(text && { text }),
    ...(typeof art === 'string' && {
      art,
      width: pxOf(props.width ?? style.width),
      height: pxOf(props.height ?? style.height),
      fit: typeof style.objectFit === 'string' ? style.objectFit : 'fill',
    }),
    inset: (pxOf(style.padding) ?? 0) + (pxOf(style.borderWidth) ?? 0),
  }
}

/** An element's own text: its string and number children, joined; none when only white space. */
const ownText = (children: unknown): string | undefined => {
  const list = Array.isArray(children) ? children.flat(Infinity) : [children]
  const text = list
    .filter((c) => typeof c === 'string' || typeof c === 'number')
    .join('')
    .trim()
  return text || undefined
}

/** A length in px: a number, or a string of px; anything else (%, em, several values) is not known. */
const pxOf = (value: unknown): number | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'string') {
    const m = /^\s*(-?\d+(?:\.\d+)?)(px)?\s*$/.exec(value)
    if (m) return Number(m[1])
  }
  return undefined
}

const weightOf = (value: unknown): number | undefined =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && /^\d+$/.test(value)
      ? Number(value)
      : value === 'bold'
        ? 700
        : value === 'normal'
          ? 400
          : undefined

/**
 * The solid colour behind an element's text: its own background when it declares one (blended over what is
 * behind when see-through), else what it inherits. A gradient or an image behind it: not known.
 */
const backgroundOf = (style: Record<string, unknown>, below: Rgba | undefined): Rgba | undefined => {
  if (style.backgroundImage !== undefined && style.backgroundImage !== 'none') return undefined
  const declared = style.backgroundColor ?? style.background
  if (declared === undefined || declared === 'transparent' || declared === 'none') return below
  const colour = parseColor(declared)
  if (!colour) return undefined
  if (colour.a >= 1) return colour
  return below && over(colour, below)
}

/** A colour as seen over what is behind it; a see-through colour over an unknown background is not known. */
const opaque = (colour: Rgba | undefined, below: Rgba | undefined): Rgba | undefined =>
  !colour ? undefined : colour.a >= 1 ? colour : below && over(colour, below)
