// takumi composites an element with any transform through a slow path: a split card's half turned upside down
// (`transform: rotate(180deg)`, 821×557 px at 300 dpi) costs it ~8 ms of a ~11 ms face, more than the rest of
// the face. A half turn of a box on whole pixels is the same picture as the box drawn upright and flipped
// (rows reversed, each row reversed): where nothing but the box's own background shows within it, takumi may
// draw it upright and the thread flips its pixels, ~0.3 ms. Only the raster goes this way; the SVG keeps the
// transform.

/** A node as takumi takes it: what this module reads of it. */
export interface TurnNode {
  type: string
  style?: Record<string, unknown>
  children?: TurnNode[]
}

/** A node as takumi measures it: its size and its transform to the face's pixels (CSS px). */
export interface MeasuredBox {
  width: number
  height: number
  transform: [number, number, number, number, number, number]
  children: MeasuredBox[]
}

/** A box in the face's device pixels: left, top, right, bottom. */
export type PixelBox = [number, number, number, number]

/** A half turn as a style writes it: `rotate(180deg)`. */
export const HALF_TURN = /^rotate\(\s*180deg\s*\)$/
const OPAQUE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i
/** What makes the pixels under or around an element show through it, or turns it: none on it or above it. */
const SEE_THROUGH = [
  'opacity',
  'filter',
  'backdropFilter',
  'mixBlendMode',
  'clipPath',
  'mask',
  'maskImage',
  'boxShadow',
]
const TURNS = ['transform', 'rotate', 'scale', 'translate', 'transformOrigin']
const ROUNDED = /^border.*Radius$/

/** A node turned half a turn, that hides all under its box (an opaque colour, square corners), at least `minArea` px². */
const turnable = (style: Record<string, unknown>, minArea: number): boolean =>
  typeof style.transform === 'string' &&
  HALF_TURN.test(style.transform) &&
  OPAQUE.test(String(style.background ?? style.backgroundColor ?? '')) &&
  (style.background === undefined || style.backgroundColor === undefined) &&
  style.backgroundImage === undefined &&
  ['rotate', 'scale', 'translate', 'transformOrigin', ...SEE_THROUGH].every((key) => style[key] === undefined) &&
  !Object.keys(style).some((key) => ROUNDED.test(key)) &&
  typeof style.width === 'number' &&
  typeof style.height === 'number' &&
  style.width * style.height >= minArea

/**
 * The paths (child indexes from the root) of the nodes that may be drawn upright and flipped: each turnable,
 * under no turned or see-through ancestor. A face's smaller turned elements (a badge) stay as they are: the
 * measuring this needs costs more than they would save.
 */
export const halfTurnCandidates = (root: TurnNode, minArea: number): number[][] => {
  const found: number[][] = []
  const walk = (node: TurnNode, path: number[]) => {
    const style = node.style ?? {}
    if (turnable(style, minArea)) return void found.push(path)
    if ([...TURNS, ...SEE_THROUGH].some((key) => style[key] !== undefined)) return
    node.children?.forEach((child, i) => walk(child, [...path, i]))
  }
  walk(root, [])
  return found
}

/** A measured node's box in the face's CSS px, whatever its transform: left, top, right, bottom. */
const boundsOf = ({ width, height, transform: [a, b, c, d, e, f] }: MeasuredBox): PixelBox => {
  const xs = [e, a * width + e, c * height + e, a * width + c * height + e]
  const ys = [f, b * width + f, d * height + f, b * width + d * height + f]
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
}

const EPSILON = 1e-6
const whole = (n: number) => Math.abs(n - Math.round(n)) < EPSILON
const inside = (inner: PixelBox, outer: PixelBox) =>
  inner[0] >= outer[0] - EPSILON &&
  inner[1] >= outer[1] - EPSILON &&
  inner[2] <= outer[2] + EPSILON &&
  inner[3] <= outer[3] + EPSILON
const overlaps = (p: PixelBox, q: PixelBox) =>
  p[0] < q[2] - EPSILON && q[0] < p[2] - EPSILON && p[1] < q[3] - EPSILON && q[1] < p[3] - EPSILON

/**
 * The device-pixel box of the candidate at `path`, when flipping its upright pixels draws it as takumi would
 * turned: a half turn exactly, on whole device pixels, its subtree within its box, and no other element (but
 * those it lies on, which it hides) over any of it.
 */
export const flipBox = (measured: MeasuredBox, path: number[], dpr: number): PixelBox | undefined => {
  const chain = [measured]
  for (const i of path) {
    const next = chain.at(-1)!.children[i]
    if (!next) return undefined
    chain.push(next)
  }
  const turned = chain.at(-1)!
  const [a, b, c, d] = turned.transform
  if (a !== -1 || d !== -1 || Math.abs(b) > EPSILON || Math.abs(c) > EPSILON) return undefined
  const box = boundsOf(turned)
  const pixels = box.map((n) => n * dpr) as PixelBox
  if (!pixels.every(whole)) return undefined
  const within = (node: MeasuredBox): boolean => inside(boundsOf(node), box) && node.children.every(within)
  if (!turned.children.every(within)) return undefined
  // Every other element: none may lie over the box (those it lies on are its ancestors, under it).
  const clear = (node: MeasuredBox): boolean =>
    node === turned || ((chain.includes(node) || !overlaps(boundsOf(node), box)) && node.children.every(clear))
  if (!clear(measured)) return undefined
  return pixels.map(Math.round) as PixelBox
}

/** The tree with the transforms at `paths` taken out (a copy of the nodes on the way; the rest shared). */
export const upright = (root: TurnNode, paths: number[][]): TurnNode => {
  const at = (node: TurnNode, path: number[]): TurnNode => {
    if (!path.length) {
      const { transform: _, ...style } = node.style ?? {}
      return { ...node, style }
    }
    const [first, ...rest] = path
    return { ...node, children: node.children!.map((child, i) => (i === first ? at(child, rest) : child)) }
  }
  return paths.reduce(at, root)
}

/**
 * Turns the RGBA pixels within `box` half a turn in place: rows reversed, and each row's pixels. A box as wide
 * as the picture (a split card's half) is one run of pixels, turned by reversing it whole.
 */
export const flipPixels = (rgba: Uint8Array, width: number, [left, top, right, bottom]: PixelBox): void => {
  const words =
    rgba.byteOffset % 4 === 0
      ? new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2)
      : new Uint32Array(new Uint8Array(rgba).buffer)
  const w = right - left
  if (w === width) words.subarray(top * width, bottom * width).reverse()
  else
    for (let y = top, y2 = bottom - 1; y <= y2; y++, y2--) {
      const p = y * width + left
      const q = y2 * width + left
      if (p === q) {
        words.subarray(p, p + w).reverse()
        continue
      }
      const upper = words.slice(p, p + w).reverse()
      words.set(words.subarray(q, q + w).reverse(), p)
      words.set(upper, q)
    }
  if (words.buffer !== rgba.buffer) rgba.set(new Uint8Array(words.buffer))
}
