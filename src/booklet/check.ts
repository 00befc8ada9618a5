import type { Nodes } from 'mdast'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { RulesDoc } from '../load/rules.ts'
import type { Shortcode } from '../shortcodes/tree.ts'
import { readPicture } from './picture-sources.ts'

/**
 * The shortcodes the booklet draws (its renderers in shortcodes.ts are typed against this list). Light on
 * purpose: `validate` checks a rules file against it without loading the booklet's renderer.
 */
export const BOOKLET_SHORTCODES = ['rules-block', 'remark', 'rules-double-view', 'rules-image', 'rules-example'] as const
export type BookletShortcode = (typeof BOOKLET_SHORTCODES)[number]

const PICTURES = new Set(['rules-image', 'rules-double-view'])
const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'emphasis', 'strong', 'delete', 'link', 'tableCell'])

const param = (node: Shortcode, name: string, position: number): string | undefined => {
  const value = node.params[name] ?? node.positional[position]
  return value === undefined ? undefined : String(value)
}

/** The words the booklet uses for what it cannot draw: one place, for the booklet and for this check. */
export const bookletWords = {
  noSource: 'This picture names no file (src="…"); a placeholder is printed.',
  missingPicture: (src: string, why: string) => `The picture "${src}" is not printed: ${why}. A labelled placeholder stands in its place.`,
  unknownExample: (id: string, ids: readonly string[] | undefined) =>
    ids
      ? `The game defines no example "${id}" (its examples: ${ids.join(', ') || 'none'}); a placeholder is printed.`
      : `"${id}" names an example, but this rules file belongs to no game; a placeholder is printed.`,
  unknownShortcode: (name: string) =>
    name.endsWith('.inline')
      ? `"${name}" is an inline shortcode (a template written in the page); Hugo prints nothing for it unless inline shortcodes are enabled, and neither does the booklet.`
      : `The booklet does not know the shortcode "${name}"; its content is printed without its styling.`,
}

/**
 * What the booklet would warn about, found without drawing it (`validate` runs this; `build` draws the
 * booklet, which says the same): shortcodes it does not know, examples the game does not define, and
 * pictures it cannot print (missing, outside the rules folder, of a kind or size it refuses).
 */
export const checkBooklet = (doc: RulesDoc, { baseDir, examples }: { baseDir: string; examples: readonly string[] }): Diagnostic[] => {
  const diagnostics: Diagnostic[] = []
  const report = (rule: string, message: string, node: Nodes) =>
    diagnostics.push({ rule, severity: 'warning', message, file: doc.file, line: node.position?.start.line, column: node.position?.start.column })
  const problems = new Map<string, string | undefined>()
  const picture = (src: string | undefined, node: Nodes) => {
    if (!src) return report('rules/missing-image', bookletWords.noSource, node)
    if (!problems.has(src)) {
      const found = readPicture(src, baseDir)
      problems.set(src, 'problem' in found ? found.problem : undefined)
    }
    const problem = problems.get(src)
    if (problem) report('rules/missing-image', bookletWords.missingPicture(src, problem), node)
  }
  const walk = (node: Nodes, inText: boolean) => {
    if (node.type === 'image') picture(node.url, node)
    if (node.type === 'shortcode') {
      // Inside a paragraph a picture or an example is a bracketed label: nothing is read.
      if (!(BOOKLET_SHORTCODES as readonly string[]).includes(node.name)) report('rules/unknown-shortcode', bookletWords.unknownShortcode(node.name), node)
      else if (!inText && PICTURES.has(node.name)) picture(param(node, 'src', 0), node)
      else if (!inText && node.name === 'rules-example') {
        const id = param(node, 'id', 0) ?? ''
        if (!examples.includes(id)) report('rules/unknown-example', bookletWords.unknownExample(id, examples), node)
      }
    }
    if ('children' in node) for (const child of node.children) walk(child as Nodes, inText || PHRASING_PARENTS.has(node.type))
  }
  walk(doc.tree, false)
  return diagnostics
}
