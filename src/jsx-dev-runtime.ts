// The development JSX runtime (`jsxDEV`), which game modules are compiled with (esbuild's `jsxDev`): the
// elements are React's, as jsx-runtime makes them; where each was written (`__source`) is kept beside it,
// so that a component that throws is reported at the JSX that used it. Tools that compile a game's
// templates in development mode (a test runner, an editor's preview) reach it too.
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import type { ElementType } from 'react'
import { noteJsxPlace, type JsxSource } from './diagnostics/jsx-place.ts'

export { Fragment }
export type { JSX } from 'react/jsx-runtime'

export const jsxDEV = (
  type: ElementType,
  props: Record<string, unknown>,
  key: string | undefined,
  isStaticChildren: boolean,
  source?: JsxSource,
) => {
  const element = isStaticChildren ? jsxs(type, props, key) : jsx(type, props, key)
  noteJsxPlace(element, source)
  return element
}
