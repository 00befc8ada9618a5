import type { ReactNode } from 'react'

/**
 * SVG elements satori cannot draw (it throws on them), which takumi draws: found in the element tree before
 * either renderer runs, so that a face that `deckwright build` (satori + resvg) would fail on fails the
 * same way in a takumi preview, instead of looking fine there.
 */
const SATORI_REFUSES = new Set(['text', 'tspan', 'textPath'])

/** The names of the elements of a tree (as `borderBox` leaves it) that satori cannot draw, each once. */
export const unsupportedElements = (tree: ReactNode): string[] => {
  const found = new Set<string>()
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk)
    if (!node || typeof node !== 'object' || !('type' in node)) return
    const { type, props } = node as { type: unknown; props?: { children?: unknown } }
    if (typeof type === 'string' && SATORI_REFUSES.has(type)) found.add(type)
    walk(props?.children)
  }
  walk(tree)
  return [...found]
}
