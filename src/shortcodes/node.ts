import type { Parent, RootContent } from 'mdast'
import type { Delimiter, ParamValue } from './lexer.ts'

// A shortcode node of a rules tree, and what reads one: apart from the parser (tree.ts), so that a stage
// that walks a tree read earlier (validate's booklet check, a tree taken from the cache) never loads it.

export interface Shortcode extends Parent {
  type: 'shortcode'
  name: string
  params: Record<string, ParamValue>
  positional: ParamValue[]
  delimiter: Delimiter
  /**
   * The inner content as mdast. For `{{% %}}` this is what Hugo renders; for `{{< >}}` it is what a template that
   * runs `.Inner | markdownify` would print (a template that prints `.Inner` as it is uses `value`).
   */
  children: RootContent[]
  /** `{{< >}}` inner text, raw (nested tags left out, literals resolved). */
  value?: string
  /** Set on a tag with no closing tag: it had no inner content. */
  selfClosing?: boolean
}

declare module 'mdast' {
  interface RootContentMap {
    shortcode: Shortcode
  }
  interface BlockContentMap {
    shortcode: Shortcode
  }
  interface PhrasingContentMap {
    shortcode: Shortcode
  }
}

export { isPhrasingParent } from './depth.ts'

/** A shortcode's parameter by name, else at its place among the positional ones, as text. */
export const paramOf = (node: Shortcode, name: string, position?: number): string | undefined => {
  const value = node.params[name] ?? (position !== undefined ? node.positional[position] : undefined)
  return value === undefined ? undefined : String(value)
}
