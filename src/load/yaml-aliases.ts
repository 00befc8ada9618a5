import type { Alias, Document, Node } from 'yaml'
import { isAlias, isMap, isPair, isScalar, isSeq, visit } from './yaml-lazy.ts'

/**
 * Aliases of a YAML document resolved in one pass, and their values made once each. `yaml`'s own
 * `Alias.resolve` walks the whole document for every alias, and `toJS` does so for every value that holds
 * one: a file of 10,000 `- *card` items took 15 s. Here each anchor's value is made once and shared (as
 * `toJS` shares it), and what each alias would expand to is counted, not copied: a "billion laughs" file is
 * measured in numbers before anything of its size exists.
 */

/** A value as the aliases in it expand: how many aliases it resolves (those inside others too), and its size in characters. */
export interface Expanded {
  value: unknown
  aliases: number
  chars: number
}

/** An alias that cannot be resolved: it names no anchor before it, or lies inside its own anchor. */
export class AliasProblem extends Error {}

const NOTHING: Expanded = { value: null, aliases: 0, chars: 4 }

/** A key as `toJS` makes it: a scalar's value as text, anything else as its JSON. */
const keyText = (value: unknown): string =>
  value === null || typeof value !== 'object' ? String(value) : JSON.stringify(value)

export const aliasExpander = (doc: Document) => {
  // Document order: an alias refers to the last anchor of its name before it (as `Alias.resolve` finds it).
  const sources = new Map<Alias, Node | undefined>()
  const anchors = new Map<string, Node>()
  visit(doc, {
    Node: (_key, node) => {
      if (isAlias(node)) sources.set(node, anchors.get(node.source))
      else if (node.anchor) anchors.set(node.anchor, node)
    },
  })
  const made = new Map<Node, Expanded>()
  const making = new Set<Node>()
  const anchored = (node: Node): Expanded => {
    let e = made.get(node)
    if (e) return e
    if (making.has(node)) throw new AliasProblem(`an alias of \`&${node.anchor}\` inside its own value`)
    making.add(node)
    e = expand(node)
    making.delete(node)
    made.set(node, e)
    return e
  }
  const expand = (node: unknown): Expanded => {
    if (isAlias(node)) {
      const source = sources.get(node)
      if (!source) throw new AliasProblem(`\`*${node.source}\` names no anchor (\`&${node.source}\`) before it`)
      const e = anchored(source)
      return { value: e.value, aliases: e.aliases + 1, chars: e.chars }
    }
    if (node !== null && typeof node === 'object' && (node as Node).anchor && !making.has(node as Node))
      return anchored(node as Node)
    if (isScalar(node)) {
      const value: unknown = node.toJS(doc)
      return { value, aliases: 0, chars: value === null ? 4 : String(value).length }
    }
    if (isSeq(node)) {
      const value: unknown[] = []
      let aliases = 0
      let chars = 2
      for (const item of node.items) {
        const e = expand(item)
        value.push(e.value)
        aliases += e.aliases
        chars += e.chars + 1
      }
      return { value, aliases, chars }
    }
    if (isMap(node)) {
      const value: Record<string, unknown> = {}
      let aliases = 0
      let chars = 2
      for (const pair of node.items) {
        if (!isPair(pair)) continue
        const key = expand(pair.key)
        const item = expand(pair.value)
        // A key from data is an own property, whatever its name (`__proto__` too).
        Object.defineProperty(value, keyText(key.value), {
          value: item.value,
          enumerable: true,
          writable: true,
          configurable: true,
        })
        aliases += key.aliases + item.aliases
        chars += key.chars + item.chars + 2
      }
      return { value, aliases, chars }
    }
    return NOTHING
  }
  return {
    /** The node an alias refers to; undefined when it names no anchor before it. */
    source: (alias: Alias): Node | undefined => sources.get(alias),
    /** A node's value with its aliases resolved (throws an AliasProblem for one that cannot be). */
    expand,
  }
}
