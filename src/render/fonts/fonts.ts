import { readFileSync } from 'node:fs'
import { packageFile } from '../../util/packages.ts'
import { sfntFromWoff } from '../../util/woff.ts'

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
  /** The font's tables, unpacked from the WOFF file at `path` (see woff.ts). */
  data: Buffer
}

/** A font file's bytes as the renderers and fontkit read them best: its WOFF unpacked. */
export const readFont = (path: string): Buffer => sfntFromWoff(readFileSync(path))

const cache = new Map<string, LoadedFont>()

/**
 * Finds a font installed from npm (Fontsource layout: files/<family>-latin-<weight>-<style>.woff), the
 * project's install first (`projectRoot`), then deckwright's; throws a MissingFont naming the package.
 */
export const fontPath = (spec: FontSpec, projectRoot?: string): string => {
  const family = spec.package.split('/').pop()!
  const path = /^(@[a-z0-9-]+\/)?[a-z0-9.-]+$/.test(spec.package)
    ? packageFile(spec.package, `files/${family}-latin-${spec.weight}-${spec.style ?? 'normal'}.woff`, projectRoot)
    : undefined
  if (!path) throw new MissingFont(spec)
  return path
}

/** A font a template names that is not installed (or not in that weight and style). */
export class MissingFont extends Error {
  constructor(readonly spec: FontSpec) {
    super(
      `the font ${spec.name} ${spec.weight}${spec.style === 'italic' ? ' italic' : ''} is not installed: npm install ${spec.package} (a Fontsource package), or check its weight and style`,
    )
  }
}

export const loadFont = (spec: FontSpec, projectRoot?: string): LoadedFont => {
  const path = fontPath(spec, projectRoot)
  let font = cache.get(path)
  if (!font) {
    font = { ...spec, style: spec.style ?? 'normal', path, data: readFont(path) }
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

/**
 * The fonts a game's faces are drawn with: deckwright's own, then the templates' others, each file once;
 * a template's font that is not installed is left out and named in `missing`.
 */
export const faceFonts = (
  templateFonts: readonly FontSpec[] = [],
  projectRoot?: string,
): { fonts: LoadedFont[]; missing: MissingFont[] } => {
  const fonts = new Map<string, LoadedFont>()
  const missing: MissingFont[] = []
  for (const spec of [...Object.values(baseFonts), ...templateFonts]) {
    try {
      const font = loadFont(spec, projectRoot)
      if (!fonts.has(font.path)) fonts.set(font.path, font)
    } catch (error) {
      if (error instanceof MissingFont) missing.push(error)
      else throw error
    }
  }
  return { fonts: [...fonts.values()], missing }
}

type StyledNode = {
  props?: { style?: { fontFamily?: unknown; fontWeight?: unknown; fontStyle?: unknown }; children?: unknown }
}

/** A piece of text in an element tree, with the font its elements give it (inherited as in CSS). */
export interface TextRun {
  text: string
  /** The families its `fontFamily` names, in order; none: the first font's. */
  families: string[]
  weight: number
  style: 'normal' | 'italic'
}

/** The families a `fontFamily` names, in order (read once for each value: every element of a face names one of a few). */
const familiesOf = (fontFamily: string): string[] => {
  let families = familyLists.get(fontFamily)
  if (!families) {
    families = fontFamily
      .split(',')
      .map((f) => f.trim().replace(/^["']|["']$/g, ''))
      .filter(Boolean)
    if (familyLists.size < 1000) familyLists.set(fontFamily, families)
  }
  return families
}
const familyLists = new Map<string, string[]>()

/** Every piece of text in a tree of host elements (as `borderBox` leaves it), with its inherited font. */
export const textRuns = (tree: unknown): TextRun[] => {
  const runs: TextRun[] = []
  const walk = (node: unknown, font: Omit<TextRun, 'text'>): void => {
    if (Array.isArray(node)) return node.forEach((child) => walk(child, font))
    if (typeof node === 'string' || typeof node === 'number') return void runs.push({ text: String(node), ...font })
    if (!node || typeof node !== 'object') return
    const props = (node as StyledNode).props
    const style = props?.style
    const families = typeof style?.fontFamily === 'string' ? familiesOf(style.fontFamily) : font.families
    const weight =
      typeof style?.fontWeight === 'number'
        ? style.fontWeight
        : typeof style?.fontWeight === 'string' && /^\d+$/.test(style.fontWeight)
          ? Number(style.fontWeight)
          : style?.fontWeight === 'bold'
            ? 700
            : font.weight
    const italic = style?.fontStyle === 'italic' ? 'italic' : style?.fontStyle === 'normal' ? 'normal' : font.style
    walk(props?.children, { families, weight, style: italic })
  }
  walk(tree, { families: [], weight: 400, style: 'normal' })
  return runs
}
