import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

export interface FontSpec {
  /** The family name a template's `fontFamily` names. */
  name: string
  /** An npm package of the Fontsource project, e.g. '@fontsource/bitter'. */
  package: string
  weight: 400 | 500 | 600 | 700 | 800 | 900
  style?: 'normal' | 'italic'
}

export interface LoadedFont extends Required<FontSpec> {
  path: string
  data: Buffer
}

const cache = new Map<string, LoadedFont>()

/** Resolves a font installed from npm (Fontsource layout: files/<family>-latin-<weight>-<style>.woff). */
export const fontPath = (spec: FontSpec): string => {
  const family = spec.package.split('/').pop()!
  return require.resolve(`${spec.package}/files/${family}-latin-${spec.weight}-${spec.style ?? 'normal'}.woff`)
}

export const loadFont = (spec: FontSpec): LoadedFont => {
  const path = fontPath(spec)
  let font = cache.get(path)
  if (!font) {
    font = { ...spec, style: spec.style ?? 'normal', path, data: readFileSync(path) }
    cache.set(path, font)
  }
  return font
}

/** The fonts deckwright itself uses for generic faces and the rules booklet (SIL Open Font License). */
export const baseFonts = {
  body: { name: 'Inter', package: '@fontsource/inter', weight: 400 },
  bodyItalic: { name: 'Inter', package: '@fontsource/inter', weight: 400, style: 'italic' },
  bodyBold: { name: 'Inter', package: '@fontsource/inter', weight: 700 },
  bodyBoldItalic: { name: 'Inter', package: '@fontsource/inter', weight: 700, style: 'italic' },
  heading: { name: 'Bitter', package: '@fontsource/bitter', weight: 700 },
} as const satisfies Record<string, FontSpec>

/** The fonts a game's faces are drawn with: deckwright's own, then the templates' others, each file once. */
export const faceFonts = (templateFonts: readonly FontSpec[] = []): LoadedFont[] => {
  const fonts = new Map<string, LoadedFont>()
  for (const spec of [...Object.values(baseFonts), ...templateFonts]) {
    const font = loadFont(spec)
    if (!fonts.has(font.path)) fonts.set(font.path, font)
  }
  return [...fonts.values()]
}
