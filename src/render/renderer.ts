import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { FaceRenderer, LoadedRenderer, RendererName } from './face-renderer.ts'

export { RENDERERS, type DrawnFace, type FaceRenderer, type LoadedRenderer, type RendererName } from './face-renderer.ts'

const loaded = new Map<RendererName, Promise<LoadedRenderer>>()

/** The renderer of a name, loaded once per thread. */
export const loadRenderer = (name: RendererName): Promise<LoadedRenderer> => {
  let found = loaded.get(name)
  if (!found) {
    found = name === 'takumi' ? import('./takumi.ts').then((m) => m.loadTakumi()) : import('./satori-resvg.ts').then((m) => ({ renderer: m.satoriResvg }))
    loaded.set(name, found)
  }
  return found
}

/** The renderer a run draws with: the one asked for, or satori + resvg where it cannot load (`fallback` says why, in one line). */
export interface ChosenRenderer {
  name: RendererName
  /** `name@version` of what draws. */
  id: string
  fallback?: string
}

/** Chooses a run's renderer once, before any face is drawn: takumi where it loads, else satori + resvg and why. */
export const chooseRenderer = async (asked: RendererName = 'satori'): Promise<ChosenRenderer> => {
  const loaded = await loadRenderer(asked)
  if ('renderer' in loaded) return { name: loaded.renderer.name, id: loaded.renderer.id }
  const { renderer } = (await loadRenderer('satori')) as { renderer: FaceRenderer }
  return { name: renderer.name, id: renderer.id, fallback: `${loaded.unavailable}: the faces are drawn with satori + resvg` }
}

/** The reference renderer's name where faces are shown. */
export const SATORI_LABEL = 'satori + resvg'

/** How a renderer is named where faces are shown ('takumi 2.16.3'). */
export const rendererLabel = (chosen: Pick<ChosenRenderer, 'name' | 'id'>): string => (chosen.name === 'takumi' ? chosen.id.split(' ')[0]!.replace('@takumi-rs/core@', 'takumi ') : SATORI_LABEL)

/** The one warning of a run whose renderer could not load, at the package that would have drawn. */
export const rendererFallback = (why: string): Diagnostic => ({ rule: 'render/renderer-unavailable', severity: 'warning', file: 'node_modules/@takumi-rs/core', message: why })
