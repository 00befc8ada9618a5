import type { ReactElement, ReactNode } from 'react'

type Element = ReactElement<{ style?: Record<string, unknown>; children?: ReactNode }>

/**
 * satori lays boxes out as `content-box`, so a face of `width: W` with padding overflows its canvas.
 * Designers expect the web's usual `* { box-sizing: border-box }`: this applies it to every element
 * that does not choose otherwise, calling function components first so their elements get it too. So
 * does `min-width: 0` and `min-height: 0`: satori lets a flex item shrink below its content (as if they
 * were set), takumi keeps the web's `auto` (never below its content); set, an overflowing row shrinks
 * alike under both.
 */
export const borderBox = (node: ReactNode): ReactNode => {
  if (Array.isArray(node)) return node.map(borderBox)
  if (node === null || typeof node !== 'object' || !('type' in node)) return node
  const el = node as Element
  if (typeof el.type === 'function') return borderBox((el.type as (p: unknown) => ReactNode)(el.props))
  const { style, children } = el.props
  return {
    ...el,
    props: {
      ...el.props,
      style: { boxSizing: 'border-box', minWidth: 0, minHeight: 0, ...style },
      ...(children !== undefined ? { children: borderBox(children) } : {}),
    },
  } as Element
}
