// takumi's three calls (its SVG, a layout, its pixels) made on the tree as JSON turned once, straight to its
// native renderer when the installed takumi has it as `inner`; through its wrapper otherwise.
type Takumi = typeof import('@takumi-rs/core')
type TakumiRenderer = InstanceType<Takumi['Renderer']>
type TakumiNode = import('@takumi-rs/helpers').Node
type RenderOptions = import('@takumi-rs/core').RenderOptions
type SvgRenderOptions = import('@takumi-rs/core').SvgRenderOptions

/** takumi's native renderer, which reads a tree given as JSON (`@takumi-rs/core`'s `Renderer.inner`). */
interface Native {
  render(source: string, options: RenderOptions): Promise<Buffer>
  renderSvg(source: string, options: SvgRenderOptions): Promise<string>
  measure(source: string, options: RenderOptions): Promise<unknown>
}

/** The calls a face needs. */
export interface TakumiCalls {
  render(node: TakumiNode, options: RenderOptions): Promise<Buffer>
  renderSvg(node: TakumiNode, options: SvgRenderOptions): Promise<string>
  measure(node: TakumiNode, options: RenderOptions): Promise<unknown>
}

/**
 * What JSON cannot carry as takumi's wrapper would: a lone surrogate (written as an escape its JSON reader
 * refuses), a number that is not finite (written as null), an undefined in an array (null too). A tree whose
 * JSON holds any of these, or the word null anywhere (a card's text: told apart from the others by no test
 * worth its cost), is given to the wrapper, which hands takumi the tree itself.
 */
const UNSAFE = /\\ud[89a-f][0-9a-f]{2}|null/i
/** The deepest a tree goes (in nodes) to be given as JSON: takumi's reader takes 127 levels of nesting, a node ~2–3. */
const MAX_NODE_DEPTH = 40

const depthOf = (node: TakumiNode): number =>
  node.type === 'container' && node.children?.length ? 1 + Math.max(...node.children.map(depthOf)) : 1

/**
 * takumi's wrapper turns the tree into JSON for each call through a replacer that checks every value (~0.1
 * ms a call, three calls a face: its SVG, the layout a half turn needs, its pixels). Here a tree is turned
 * into JSON once (kept for the tree's next call) and handed to the native renderer with the options as the
 * wrapper would pass them (no fonts to load, pictures given as bytes). The same SVG and pixels either way:
 * the renderers test holds them alike. When the installed takumi has no `inner` of that shape, every call
 * goes through the wrapper.
 */
export const takumiCalls = (renderer: TakumiRenderer): TakumiCalls => {
  const inner = (renderer as unknown as { inner?: Partial<Native> }).inner
  const native =
    inner &&
    typeof inner.render === 'function' &&
    typeof inner.renderSvg === 'function' &&
    typeof inner.measure === 'function'
      ? (inner as Native)
      : undefined
  const sources = new WeakMap<TakumiNode, string | null>()
  const sourceOf = (node: TakumiNode): string | undefined => {
    if (!native) return undefined
    let source = sources.get(node)
    if (source === undefined) {
      const json = depthOf(node) <= MAX_NODE_DEPTH ? JSON.stringify(node) : undefined
      source = json && !UNSAFE.test(json) ? json : null
      sources.set(node, source)
    }
    return source ?? undefined
  }
  return {
    render: (node, options) => {
      const source = sourceOf(node)
      return source ? native!.render(source, options) : renderer.render(node, options)
    },
    renderSvg: (node, options) => {
      const source = sourceOf(node)
      return source ? native!.renderSvg(source, options) : renderer.renderSvg(node, options)
    },
    measure: (node, options) => {
      const source = sourceOf(node)
      return source ? native!.measure(source, options) : renderer.measure(node, options)
    },
  }
}
