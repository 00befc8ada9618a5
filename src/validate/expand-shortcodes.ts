import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Nodes, Parent, RootContent } from 'mdast'
import { diagnosticKey, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { BOOKLET_PARAMS, PAIRED_SHORTCODES } from '../shortcodes/vocabulary.ts'
import { compileGameModule } from '../load/game-modules.ts'
import type { GamePaths } from '../load/project.ts'
import type { RulesDoc } from '../load/rules.ts'
import type { GameThreads } from '../threads/threads.ts'
import { stoppedDiagnostic } from '../threads/stopped.ts'
import { SHORTCODES_FILE } from '../load/project.ts'
import type { ShortcodeCall } from '../engine/run-shortcodes.ts'
import { buildTree, isPhrasingParent, type Shortcode } from '../shortcodes/tree.ts'
import { append } from '../util/append.ts'

/** A game's shortcodes may use one another: this many passes at most, then the rest is left as it is. */
const MAX_PASSES = 8

interface Use {
  node: Shortcode
  parent: Parent
  inText: boolean
}

/** The markdown between a shortcode's tags, from the text the tree was parsed from. */
const innerOf = (node: Shortcode, source: string): string => {
  if (node.value !== undefined) return node.value
  const first = node.children[0]?.position?.start.offset
  const last = node.children.at(-1)?.position?.end.offset
  return first !== undefined && last !== undefined ? source.slice(first, last) : ''
}

/** Every node of a replacement points at the shortcode it came from: diagnostics in it point at its use. */
const placeAt = (node: Nodes, position: Shortcode['position']): void => {
  node.position = position
  if ('children' in node) for (const child of node.children as Nodes[]) placeAt(child, position)
}

/**
 * Puts in place of each use of the game's own shortcodes (`rules/<game>/shortcodes.ts`) the markdown it
 * stands for, rendered on the game's thread: the booklet, and `validate`'s check of it, then see plain
 * markdown and the booklet's vocabulary. A use whose parameters are wrong keeps its inner content. Gives
 * a new document; the one given is left as it was.
 */
export const expandGameShortcodes = async (
  rules: RulesDoc,
  paths: GamePaths,
  threads: GameThreads,
): Promise<{ rules: RulesDoc; diagnostics: Diagnostic[] }> => {
  const file = join(paths.rulesDir, SHORTCODES_FILE)
  if (!existsSync(file)) return { rules, diagnostics: [] }
  await compileGameModule(file, paths.root).catch(() => undefined) // a compile error is reported where it loads
  const tree = structuredClone(rules.tree)
  const diagnostics: Diagnostic[] = []
  const notOurs = new Set<Shortcode>()
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const uses: Use[] = []
    const walk = (node: Nodes, inText: boolean) => {
      if (!('children' in node)) return
      for (const child of node.children as Nodes[]) {
        if (child.type === 'shortcode' && !Object.hasOwn(BOOKLET_PARAMS, child.name) && !notOurs.has(child))
          uses.push({ node: child, parent: node as Parent, inText })
        walk(child, inText || isPhrasingParent(node.type))
      }
    }
    walk(tree, false)
    if (!uses.length) break
    const calls: ShortcodeCall[] = uses.map(({ node }) => ({
      name: node.name,
      params: node.params,
      positional: node.positional,
      // The rendered markdown of an earlier pass has no source of its own: its inner text is its value.
      inner: pass === 0 ? innerOf(node, rules.source) : (node.value ?? ''),
      at: { file: rules.file, line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 },
    }))
    const made = await threads.call(paths, { game: paths.id, do: 'shortcodes', calls })
    if (!made.ok) {
      diagnostics.push(stoppedDiagnostic(paths, made, threads.limitMs / 1000))
      break
    }
    // The file's own errors (it does not compile) once, whatever the passes.
    for (const d of made.value.diagnostics)
      if (!diagnostics.some((seen) => diagnosticKey(seen) === diagnosticKey(d))) diagnostics.push(d)
    let expanded = 0
    made.value.outputs.forEach((output, i) => {
      const { node, parent, inText } = uses[i]!
      if (!output.defined) return void notOurs.add(node)
      append(diagnostics, output.diagnostics)
      expanded++
      let replacement: RootContent[] = node.children
      if (output.markdown !== undefined) {
        const parsed = buildTree(output.markdown, { file: rules.file, requireClosing: PAIRED_SHORTCODES })
        for (const d of parsed.diagnostics)
          diagnostics.push({
            ...d,
            line: node.position?.start.line,
            column: node.position?.start.column,
            message: `the markdown ${node.name} stands for: ${d.message}`,
          })
        replacement = parsed.value.children
        // Its markdown's own shortcodes know their inner text only as rendered: kept as their value.
        const keepInner = (n: Nodes) => {
          if (n.type === 'shortcode' && n.value === undefined) n.value = innerOf(n, output.markdown!)
          if ('children' in n) for (const c of n.children as Nodes[]) keepInner(c)
        }
        replacement.forEach((n) => keepInner(n))
      }
      // In a paragraph, the words of its first paragraph take its place.
      if (inText) replacement = replacement.flatMap((n) => (n.type === 'paragraph' ? n.children : []))
      for (const n of replacement) placeAt(n, node.position)
      const at = parent.children.indexOf(node as never)
      if (at >= 0) parent.children.splice(at, 1, ...(replacement as never[]))
    })
    if (!expanded) break
    if (pass === MAX_PASSES - 1)
      diagnostics.push({
        rule: 'rules/too-deep',
        severity: 'warning',
        file: rules.file,
        line: 1,
        column: 1,
        message: `the game's shortcodes still stand for shortcodes of their own after ${MAX_PASSES} passes: the rest is printed as it is`,
      })
  }
  return { rules: { ...rules, tree }, diagnostics }
}
