import type { FootnoteDefinition, List, Nodes, Parent, Root } from 'mdast'
import type { BlockContext } from './context.ts'
import type { FlowItem } from './flow.ts'
import { COLOUR } from './styles.ts'
import { renderBlocks } from './blocks.ts'

/**
 * Footnotes go to the end, as Hugo puts them: numbered in the order they are first referred to, each reference
 * showing its number. Takes the definitions out of the tree and returns them in that order.
 */
export const takeFootnotes = (tree: Root): FootnoteDefinition[] => {
  const definitions = new Map<string, FootnoteDefinition>()
  const order: string[] = []
  const walk = (node: Nodes) => {
    if (node.type === 'footnoteReference' && !order.includes(node.identifier)) order.push(node.identifier)
    if (!('children' in node)) return
    const parent = node as Parent
    parent.children = parent.children.filter((child) => {
      if (child.type !== 'footnoteDefinition') return true
      definitions.set(child.identifier, child)
      return false
    })
    for (const child of parent.children) walk(child as Nodes)
  }
  walk(tree)
  for (const def of definitions.values()) for (const child of def.children) walk(child as Nodes)
  const numbered = order.filter((id) => definitions.has(id))
  const walkLabels = (node: Nodes) => {
    if (node.type === 'footnoteReference') node.label = String(numbered.indexOf(node.identifier) + 1 || '?')
    if ('children' in node) for (const child of node.children) walkLabels(child as Nodes)
  }
  walkLabels(tree)
  return numbered.map((id) => definitions.get(id)!)
}

/** The footnotes at the end of the rules: a short rule, then each note, numbered, in small type. */
export const footnoteItems = (definitions: FootnoteDefinition[], ctx: BlockContext): FlowItem[] => {
  if (!definitions.length) return []
  const small: BlockContext = { ...ctx, format: { ...ctx.format, size: ctx.style.small.size } }
  const list: List = {
    type: 'list',
    ordered: true,
    start: 1,
    spread: false,
    children: definitions.map((d) => ({ type: 'listItem', spread: false, children: d.children })),
  }
  const items = renderBlocks([list], small)
  const rule: FlowItem = {
    height: ctx.style.paragraphGap,
    spaceBefore: ctx.style.paragraphGap * 2,
    keepWithNext: true,
    frames: [],
    draw: (doc, left, top) =>
      void doc
        .moveTo(left, top + 2)
        .lineTo(left + ctx.width * 0.3, top + 2)
        .lineWidth(0.5)
        .stroke(COLOUR.rule),
  }
  return [rule, ...items]
}
