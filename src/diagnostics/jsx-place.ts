import type { CodePlace } from './thrown.ts'

/**
 * Where the JSX that made an element is in the game's code, as esbuild's development JSX gives it
 * (`__source`: the file relative to the project, 1-based line and column). Kept beside the element, never
 * in it: the tree a renderer draws is the same with or without it.
 */
const places = new WeakMap<object, CodePlace>()

export interface JsxSource {
  fileName?: string
  lineNumber?: number
  columnNumber?: number
}

/** Notes where an element was written (by `deckwright/jsx-dev-runtime`). */
export const noteJsxPlace = (element: unknown, source: JsxSource | undefined): void => {
  if (!source?.fileName || !source.lineNumber || element === null || typeof element !== 'object') return
  places.set(element, { file: source.fileName, line: source.lineNumber, column: source.columnNumber ?? 1 })
}

/** Where an element was written, when the game's code was compiled with development JSX. */
export const jsxPlaceOf = (element: object): CodePlace | undefined => places.get(element)

/**
 * A component that threw while a face was drawn (components run after the template returns, so no stack
 * holds the designer's line): the component the game's code used, where, and its props that were undefined.
 */
export class ComponentError extends Error {
  constructor(
    readonly thrown: unknown,
    readonly component: string,
    readonly place: CodePlace | undefined,
    readonly undefinedProps: readonly string[],
  ) {
    super(String((thrown as Error | undefined)?.message ?? thrown))
  }

  /** What the designer reads: the component and its undefined props, then what it threw. */
  describe(message: string): string {
    const names = this.undefinedProps.map((p) => `\`${p}\``)
    const what = names.length
      ? `\`${this.component}\`'s ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`} ${names.length === 1 ? 'is' : 'are'} undefined`
      : `\`${this.component}\` failed`
    return `${what} (${message})`
  }
}
