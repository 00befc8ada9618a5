import type { ReactElement, ReactNode } from 'react'
import { ComponentError, jsxPlaceOf } from '../../diagnostics/jsx-place.ts'
import type { CodePlace } from '../../diagnostics/thrown.ts'

type Element = ReactElement<{ style?: Record<string, unknown>; children?: ReactNode }>

/**
 * satori lays boxes out as `content-box`, so a face of `width: W` with padding overflows its canvas.
 * Designers expect the web's usual `* { box-sizing: border-box }`: this applies it to every element
 * that does not choose otherwise, calling function components first so their elements get it too. An
 * image keeps its size in a row too narrow for it (`flex-shrink: 0` unless it sets its own), as in a
 * browser and under takumi; satori alone would squeeze it.
 */
export const borderBox = (node: ReactNode, user?: Used): ReactNode => {
  if (Array.isArray(node)) return node.map((n) => borderBox(n, user))
  if (node === null || typeof node !== 'object' || !('type' in node)) return node
  const el = node as Element
  if (typeof el.type === 'function') {
    // The element the game's code wrote (its JSX's place known), or the one that made this inside deckwright.
    const place = jsxPlaceOf(el)
    const used = place ? { el, place } : user
    return borderBox(callComponent(el, used), used)
  }
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
      ...(children !== undefined ? { children: borderBox(children, user) } : {}),
    },
  } as Element
}

/** A component element the game's code wrote, and where. */
type Used = { el: Element; place: CodePlace }

const nameOf = (el: Element): string => {
  const type = el.type as { displayName?: string; name?: string }
  return type.displayName || type.name || 'a component'
}

/**
 * Calls a function component; what it throws becomes a ComponentError naming the component the game's code
 * used (this one, or the one whose code made it), the place of its JSX and its props that are undefined.
 */
const callComponent = (el: Element, used: Used | undefined): ReactNode => {
  try {
    return (el.type as (p: unknown) => ReactNode)(el.props)
  } catch (error) {
    if (error instanceof ComponentError) throw error
    const named = used?.el ?? el
    const props = named.props as Record<string, unknown>
    const undefinedProps = Object.keys(props).filter((k) => k !== 'children' && props[k] === undefined)
    throw new ComponentError(error, nameOf(named), used?.place, undefinedProps)
  }
}
