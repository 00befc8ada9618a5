import { didYouMean } from '../util/suggest.ts'

// The shortcodes deckwright itself knows, and the words for those it does not: read by the rules' loader,
// the booklet, `validate` and a game's own shortcodes alike, and light, so that checking a rules file
// loads no renderer.

/**
 * The shortcodes the booklet draws and the parameters each reads (its renderers in shortcodes.ts are typed
 * against this list). Light on purpose: `validate` checks a rules file against it without loading the
 * booklet's renderer. Any shortcode may also carry `HTML_PARAMS`.
 */
export const BOOKLET_PARAMS = {
  'rules-block': ['heading', 'icon', 'icontint'],
  remark: [],
  'rules-double-view': ['src', 'alt', 'split'],
  'rules-image': ['src', 'alt'],
  'rules-example': ['id'],
} as const satisfies Record<string, readonly string[]>
export type BookletShortcode = keyof typeof BOOKLET_PARAMS

/** Parameters that name what a shortcode shows: an unknown shortcode's are printed as its heading, and `rules-block` takes them for `heading`. */
export const HEADING_PARAMS = ['heading', 'title', 'label', 'caption', 'name'] as const

/** HTML's `class` and `id`, read by a site's CSS: any shortcode may carry them. */
export const HTML_PARAMS: readonly string[] = ['class', 'id']

/** The words for a parameter a shortcode does not read: the booklet's and a game's own shortcodes say it alike. */
export const unknownParamMessage = (
  shortcode: string,
  param: string,
  reads: readonly string[],
  meant = didYouMean(param, reads),
): string =>
  `${shortcode} has no parameter "${param}"${meant}; it reads ${reads.length ? reads.map((k) => `"${k}"`).join(', ') : 'none'}`

/**
 * Shortcodes of deckwright's rules vocabulary whose templates use .Inner, so a missing closing tag is an error
 * (Hugo learns this from the template; we have no templates, so we say it here).
 */
export const PAIRED_SHORTCODES: readonly string[] = ['rules-block', 'remark', 'rules-double-view']
