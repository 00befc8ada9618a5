import type { Nodes } from 'mdast'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { RulesDoc } from '../load/rules.ts'
import { isPhrasingParent, paramOf, type Shortcode } from '../shortcodes/node.ts'
import { readPicture } from './picture-sources.ts'
import { iconFound } from './icons.ts'
import { refusedLinkMessage, refusedLinks } from './links.ts'
import {
  BOOKLET_PARAMS,
  HEADING_PARAMS,
  HTML_PARAMS,
  unknownParamMessage,
  type BookletShortcode,
} from '../shortcodes/vocabulary.ts'

/** The heading a shortcode names: its first heading-like parameter. */
export const headingOf = (node: Shortcode): string | undefined => {
  for (const name of HEADING_PARAMS)
    if (typeof node.params[name] === 'string' && String(node.params[name]).trim()) return String(node.params[name])
  return undefined
}

const isKnown = (name: string): name is BookletShortcode => Object.hasOwn(BOOKLET_PARAMS, name)

/**
 * What the booklet says of a known shortcode's parameters: one it does not read (`title=` for `heading=`)
 * is a warning with a "did you mean", and an icon it cannot find is a warning at the shortcode. Both the
 * booklet and `validate` ask this.
 */
export const shortcodeProblems = (node: Shortcode, root?: string): { rule: string; message: string }[] => {
  if (!isKnown(node.name)) return []
  const known: readonly string[] = BOOKLET_PARAMS[node.name]
  const problems: { rule: string; message: string }[] = []
  for (const param of Object.keys(node.params)) {
    if (known.includes(param) || HTML_PARAMS.includes(param)) continue
    const meant =
      node.name === 'rules-block' && (HEADING_PARAMS as readonly string[]).includes(param)
        ? ' (did you mean "heading"? It is printed as the heading)'
        : undefined
    problems.push({ rule: 'rules/unknown-param', message: unknownParamMessage(node.name, param, known, meant) })
  }
  const icon = node.name === 'rules-block' ? node.params['icon'] : undefined
  if (typeof icon === 'string' && icon.trim() && !iconFound(icon, root)) {
    problems.push({
      rule: 'rules/unknown-icon',
      message: `the icon "${icon}" is not found: name a game-icons icon (crossed-swords), an installed Iconify set's (game-icons:crossed-swords), or a theme role (setup, objective, scoring…); no icon is drawn`,
    })
  }
  return problems
}

const PICTURES = new Set(['rules-image', 'rules-double-view'])

/** The words the booklet uses for what it cannot draw: one place, for the booklet and for this check. */
export const bookletWords = {
  noSource: 'This picture names no file (src="…"); a placeholder is printed.',
  missingPicture: (src: string, why: string) =>
    `The picture "${src}" is not printed: ${why}. A labelled placeholder stands in its place.`,
  unknownExample: (id: string, ids: readonly string[] | undefined) =>
    ids
      ? `The game defines no example "${id}" (its examples: ${ids.join(', ') || 'none'}); a placeholder is printed.`
      : `"${id}" names an example, but this rules file belongs to no game; a placeholder is printed.`,
  unknownShortcode: (name: string) =>
    name.endsWith('.inline')
      ? `"${name}" is an inline shortcode (a template written in the page); Hugo prints nothing for it unless inline shortcodes are enabled, and neither does the booklet.`
      : `The booklet does not know the shortcode "${name}"; its content is printed without its styling (and its heading, title, label or caption as a heading).`,
}

/**
 * What the booklet would warn about, found without drawing it (`validate` runs this; `build` draws the
 * booklet, which says the same): shortcodes it does not know, examples the game does not define, and
 * pictures it cannot print (missing, outside the rules folder, of a kind or size it refuses).
 */
export const checkBooklet = (
  doc: RulesDoc,
  { baseDir, examples, root }: { baseDir: string; examples: readonly string[]; root?: string },
): Diagnostic[] => {
  const diagnostics: Diagnostic[] = []
  const report = (rule: string, message: string, node: Nodes) =>
    diagnostics.push({
      rule,
      severity: 'warning',
      message,
      file: doc.file,
      line: node.position?.start.line,
      column: node.position?.start.column,
    })
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
      for (const p of shortcodeProblems(node, root)) report(p.rule, p.message, node)
      // Inside a paragraph a picture or an example is a bracketed label: nothing is read.
      if (!isKnown(node.name)) report('rules/unknown-shortcode', bookletWords.unknownShortcode(node.name), node)
      else if (!inText && PICTURES.has(node.name)) picture(paramOf(node, 'src', 0), node)
      else if (!inText && node.name === 'rules-example') {
        const id = paramOf(node, 'id', 0) ?? ''
        if (!examples.includes(id)) report('rules/unknown-example', bookletWords.unknownExample(id, examples), node)
      }
    }
    if ('children' in node)
      for (const child of node.children) walk(child as Nodes, inText || isPhrasingParent(node.type))
  }
  walk(doc.tree, false)
  for (const link of refusedLinks(doc.tree))
    diagnostics.push({
      rule: 'rules/link-not-made',
      severity: 'warning',
      message: refusedLinkMessage(link.url, link.scheme),
      file: doc.file,
      line: link.position?.start.line,
      column: link.position?.start.column,
    })
  return diagnostics
}
