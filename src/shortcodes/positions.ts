import type { Nodes, RootContent, Text } from 'mdast'
import type { Point, Position } from 'unist'

// mdast nodes placed where their text is in the file.

export const textNode = (value: string, start: Point | undefined, end: Point | undefined): Text => {
  const node: Text = { type: 'text', value }
  if (start && end) node.position = { start: { ...start }, end: { ...end } }
  return node
}

/** Joins neighbouring text nodes, as remark itself would have produced them. */
export const mergeText = (nodes: RootContent[]): RootContent[] => {
  const out: RootContent[] = []
  for (const node of nodes) {
    const prev = out[out.length - 1]
    if (prev?.type === 'text' && node.type === 'text') {
      prev.value += node.value
      if (prev.position && node.position) prev.position.end = node.position.end
    } else out.push(node)
  }
  return out
}

/** Moves positions from segment coordinates to file coordinates; only the first line has a column offset. */
export const shift = (node: Nodes, base: Point) => {
  const move = (p: Point): Point => ({
    line: base.line + p.line - 1,
    column: p.line === 1 ? base.column + p.column - 1 : p.column,
    offset: (base.offset ?? 0) + (p.offset ?? 0),
  })
  if (node.position)
    node.position = { start: move(node.position.start), end: move(node.position.end) } satisfies Position
  if ('children' in node) for (const child of node.children) shift(child, base)
}
