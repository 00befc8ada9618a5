import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import { SATORI_LABEL, type FaceRenderer, type LoadedRenderer, type RendererName } from './face-renderer.ts'

export {
  RENDERERS,
  SATORI_LABEL,
  type DrawnFace,
  type FaceRenderer,
  type LoadedRenderer,
  type RendererName,
} from './face-renderer.ts'

const loaded = new Map<RendererName, Promise<LoadedRenderer>>()

/** The renderer of a name, loaded once per thread. */
export const loadRenderer = (name: RendererName): Promise<LoadedRenderer> => {
  let found = loaded.get(name)
  if (!found) {
    found =
      name === 'takumi'
        ? import('./takumi.ts').then((m) => m.loadTakumi())
        : import('./satori-resvg.ts').then((m) => ({ renderer: m.satoriResvg }))
    loaded.set(name, found)
  }
  return found
}

/** The renderer a run draws with: the one asked for, or satori + resvg where it cannot load (`fallback` says why, in one line). */
export interface ChosenRenderer {
  name: RendererName
  /** `name@version` of what draws. */
  id: string
  /** How outputs name it ('takumi 2.16.3'). */
  label: string
  fallback?: string
}

/** Chooses a run's renderer once, before any face is drawn: takumi where it loads, else satori + resvg and why. */
export const chooseRenderer = async (asked: RendererName = 'satori'): Promise<ChosenRenderer> => {
  const loaded = await loadRenderer(asked)
  if ('renderer' in loaded) return { name: loaded.renderer.name, id: loaded.renderer.id, label: loaded.renderer.label }
  const { renderer } = (await loadRenderer('satori')) as { renderer: FaceRenderer }
  return {
    name: renderer.name,
    id: renderer.id,
    label: renderer.label,
    fallback: `${loaded.unavailable}: the faces are drawn with satori + resvg`,
  }
}

/** The renderer to name in outputs made from faces: none for the reference (satori + resvg), whose outputs say nothing of it. */
export const drawnByOf = (label: string): string | undefined => (label === SATORI_LABEL ? undefined : label)

/** The one warning of a run whose renderer could not load, at the package that would have drawn. */
export const rendererFallback = (why: string): Diagnostic => ({
  rule: 'render/renderer-unavailable',
  severity: 'warning',
  file: 'node_modules/@takumi-rs/core',
  message: why,
})
