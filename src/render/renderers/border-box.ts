import type { ReactElement, ReactNode } from 'react'

type Element = ReactElement<{ style?: Record<string, unknown>; children?: ReactNode }>

/**
 * satori lays boxes out as `content-box`, so a face of `width: W` with padding overflows its canvas.
 * Designers expect the web's usual `* { box-sizing: border-box }`: this applies it to every element
 * that does not choose otherwise, calling function components first so their elements get it too. An
 * image keeps its size in a row too narrow for it (`flex-shrink: 0` unless it sets its own), as in a
 * browser and under takumi; satori alone would squeeze it.
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
      style:
        el.type === 'img'
          ? { boxSizing: 'border-box', flexShrink: 0, ...style }
          : style && 'boxSizing' in style
            ? style
            : { ...style, boxSizing: 'border-box' },
      ...(children !== undefined ? { children: borderBox(children) } : {}),
    },
  } as Element
}
