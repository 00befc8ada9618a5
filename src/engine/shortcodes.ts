import type { Fields, FieldValues } from './fields.ts'

/**
 * A shortcode of a game's own, for its rules booklet: the parameters it takes (field kinds, as a card's
 * fields: `text()`, `int({ optional: true })`…) and what it stands for, as markdown. Hugo draws the
 * shortcode with the game's site template; the booklet draws the markdown `render` gives, in its place.
 */
export interface ShortcodeDef<P extends Fields = Fields> {
  /** Its parameters, by name; a positional parameter takes the name at its place. */
  params?: P
  /**
   * The markdown the shortcode stands for. `inner` is the markdown between its tags ('' for one that has
   * none). It may hold the booklet's own shortcodes (`{{% remark %}}`), not the game's.
   */
  render(params: FieldValues<P>, inner: string): string
}

/** One shortcode, its parameters typed: `shortcode({ params: { heading: text() }, render: ({ heading }, inner) => … })`. */
export const shortcode = <const P extends Fields = {}>(def: ShortcodeDef<P>): ShortcodeDef<P> => def

/**
 * A game's shortcodes, the default export of `rules/<game>/shortcodes.ts`: name → `shortcode(…)`.
 *
 * ```ts
 * export default defineShortcodes({
 *   'rules-table-entry': shortcode({ params: { heading: text() }, render: ({ heading }, inner) => `#### ${heading}\n\n${inner}` }),
 * })
 * ```
 */
export const defineShortcodes = <const S extends Record<string, ShortcodeDef<any>>>(shortcodes: S): S => shortcodes
