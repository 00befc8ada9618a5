import type { Nodes, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast'
import type { Point } from 'unist'

/**
 * Limits on how deep a rules file's structure goes, so that no stage that walks it (the booklet's layout is
 * recursive) runs out of stack or time on a hostile file: each a `rules/too-deep` error at its line.
 */

/** Columns of indentation, `>` and list markers before a line's text: beyond it, markdown's nested lists parse in quadratic time. */
export const MAX_INDENT = 64
/** Levels of the mdast tree: blocks in blocks, emphasis in emphasis. */
export const MAX_DEPTH = 96

type Reporter = (message: string, at: Point) => void

/** What may open blocks at the start of a line: spaces, tabs, `>`, and list markers (`-`, `*`, `+`, `1.`, `1)`) before a space. */
const BLOCK_PREFIX = /^(?:[ \t>]|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))*/

/**
 * Blanks lines indented deeper than MAX_INDENT (every character but the line break becomes a space, so
 * positions stay true), reporting each. Returns the source to parse.
 */
export const blankDeepLines = (source: string, report: Reporter): string => {
  let out = ''
  let line = 1
  let run: { from: number; to: number; columns: number } | undefined
  const flush = () => {
    if (!run) return
    const lines = run.to > run.from ? `Lines ${run.from}–${run.to} are` : 'This line is'
    report(`${lines} indented, quoted or listed ${run.columns} columns deep or more, beyond ${MAX_INDENT}: left out.`, {
      line: run.from,
      column: 1,
    })
    run = undefined
  }
  for (const text of source.split(/(?<=\n)/)) {
    // Indentation, quote markers and list markers before the text: each opens a block inside the one before.
    const prefix = BLOCK_PREFIX.exec(text)![0]
    const columns = prefix.length + 3 * (prefix.match(/\t/g)?.length ?? 0)
    if (columns > MAX_INDENT && text.trim() !== '') {
      if (run) run.to = line
      else run = { from: line, to: line, columns }
      out += text.replace(/[^\r\n]/g, ' ')
    } else {
      if (text.trim() !== '') flush()
      out += text
    }
    line++
  }
  flush()
  return out
}

/** The text under a node, gathered without recursion (the node may be thousands of levels deep). */
const plainText = (node: Nodes): string => {
  let out = ''
  const stack: Nodes[] = [node]
  while (stack.length) {
    const n = stack.pop()!
    if ('value' in n && typeof n.value === 'string' && n.type !== 'shortcode') out += n.value
    if ('children' in n) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as Nodes)
  }
  return out
}

/**
 * Cuts the tree at MAX_DEPTH: a node that deep becomes the plain text it holds (its words stay, its
 * structure goes), with one error at the first such node.
 */
export const pruneDeep = (root: Root, report: Reporter): void => {
  let reported = false
  const walk = (parent: Parent, depth: number) => {
    parent.children = parent.children.map((child) => {
      if (!('children' in child)) return child
      if (depth + 1 < MAX_DEPTH) {
        walk(child as Parent, depth + 1)
        return child
      }
      if (!reported && child.position)
        report(
          `The text here is nested more than ${MAX_DEPTH} levels deep (quotes, lists or emphasis inside each other): what lies deeper is printed as plain text.`,
          child.position.start,
        )
      reported = true
      const text: Text = {
        type: 'text',
        value: plainText(child as Nodes),
        ...(child.position && { position: child.position }),
      }
      return (
        isPhrasing(parent) ? text : { type: 'paragraph', children: [text as PhrasingContent], position: child.position }
      ) as RootContent
    }) as typeof parent.children
  }
  walk(root, 0)
}

/** Nodes whose children are text: a shortcode inside one stands in a paragraph, not as a block. */
const PHRASING_PARENTS = new Set([
  'paragraph',
  'heading',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'tableCell',
])
export const isPhrasingParent = (type: string): boolean => PHRASING_PARENTS.has(type)
const isPhrasing = (parent: Parent): boolean => isPhrasingParent(parent.type)
