import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type * as Fontkit from 'fontkit'
import { requireCommonJs } from '../../util/commonjs.ts'
import { packageFile } from '../../util/packages.ts'
import { readFont, type LoadedFont } from './fonts.ts'

/**
 * The Noto families a character falls back to when the face's own fonts lack it, in the order they are
 * tried: Fontsource packages, used when the project (or deckwright) has them installed, and loaded a subset
 * file at a time, only for the characters a face shows.
 */
export const FALLBACK_PACKAGES = [
  '@fontsource/noto-sans',
  '@fontsource/noto-sans-arabic',
  '@fontsource/noto-sans-hebrew',
  '@fontsource/noto-sans-devanagari',
  '@fontsource/noto-sans-bengali',
  '@fontsource/noto-sans-tamil',
  '@fontsource/noto-sans-thai',
  '@fontsource/noto-sans-sc',
  '@fontsource/noto-sans-tc',
  '@fontsource/noto-sans-jp',
  '@fontsource/noto-sans-kr',
  '@fontsource/noto-sans-symbols',
  '@fontsource/noto-sans-symbols-2',
  '@fontsource/noto-emoji',
] as const

/** Which package would draw a character no installed font has, by its script: what the warning suggests. */
const SUGGESTIONS: Array<[RegExp, string]> = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, '@fontsource/noto-sans-jp'],
  [/\p{Script=Han}/u, '@fontsource/noto-sans-sc (or -tc, -jp)'],
  [/\p{Script=Hangul}/u, '@fontsource/noto-sans-kr'],
  [/\p{Script=Arabic}/u, '@fontsource/noto-sans-arabic'],
  [/\p{Script=Hebrew}/u, '@fontsource/noto-sans-hebrew'],
  [/\p{Script=Devanagari}/u, '@fontsource/noto-sans-devanagari'],
  [/\p{Script=Bengali}/u, '@fontsource/noto-sans-bengali'],
  [/\p{Script=Tamil}/u, '@fontsource/noto-sans-tamil'],
  [/\p{Script=Thai}/u, '@fontsource/noto-sans-thai'],
  [/\p{Extended_Pictographic}/u, '@fontsource/noto-emoji'],
  [/[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u, '@fontsource/noto-sans'],
]

/** The font package that would draw a character, for a warning. */
export const suggestedPackage = (char: string): string =>
  SUGGESTIONS.find(([re]) => re.test(char))?.[1] ?? '@fontsource/noto-sans-symbols'

/** Characters nothing draws: spaces, joiners, direction marks and variation selectors shape the text around them. */
export const drawsNothing = (cp: number): boolean =>
  cp <= 0x20 ||
  (cp >= 0x7f && cp <= 0xa0) ||
  cp === 0xad ||
  (cp >= 0x2000 && cp <= 0x200f) ||
  (cp >= 0x2028 && cp <= 0x202f) ||
  (cp >= 0x2060 && cp <= 0x206f) ||
  (cp >= 0xfe00 && cp <= 0xfe0f) ||
  cp === 0xfeff ||
  (cp >= 0xe0100 && cp <= 0xe01ef)

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })

/**
 * A text's grapheme clusters (a letter with its marks, an emoji with its modifiers and joiners), each as
 * satori draws it: in the font its first character picks.
 */
export const clusters = (text: string): string[] =>
  /[^\x20-\x7e]/.test(text) ? [...graphemes.segment(text)].map((s) => s.segment) : [...text]

/** One file of a Fontsource package: its family, weight and style, and the characters it holds. */
export interface FontSubset {
  package: string
  family: string
  /** The subset's name in the package ('arabic', '116'): one name for all its weights and styles. */
  id: string
  weight: number
  style: 'normal' | 'italic'
  file: string
  ranges: Array<[number, number]>
}

const subsetCache = new Map<string, FontSubset[]>()

/** A Fontsource package's files at a weight and style, from its CSS (`400.css`, `700-italic.css`): none when it has no such CSS. */
export const fontsourceSubsets = (
  pkg: string,
  weight: number,
  style: 'normal' | 'italic',
  projectRoot?: string,
): FontSubset[] => {
  const css = packageFile(pkg, `${weight}${style === 'italic' ? '-italic' : ''}.css`, projectRoot)
  if (!css) return []
  let subsets = subsetCache.get(css)
  if (!subsets) {
    subsets = []
    for (const block of readFileSync(css, 'utf8').split('@font-face').slice(1)) {
      const family = /font-family:\s*'([^']+)'/.exec(block)?.[1]
      const file = /url\(\.\/files\/([^)]+\.woff)\)\s*format\('woff'\)/.exec(block)?.[1]
      const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1]
      if (!family || !file) continue
      // noto-sans-sc-116-400-normal.woff: '116'; inter-latin-ext-400-normal.woff: 'latin-ext'.
      const id = file.replace(`${pkg.split('/').pop()}-`, '').replace(/-\d+-(?:normal|italic)\.woff$/, '')
      const ranges = (range ?? 'U+0-10FFFF').split(',').map((r): [number, number] => {
        const [a, b] = r.trim().replace(/^U\+/i, '').split('-')
        return [parseInt(a!, 16), parseInt(b ?? a!, 16)]
      })
      subsets.push({ package: pkg, family, id, weight, style, file: join(dirname(css), 'files', file), ranges })
    }
    subsetCache.set(css, subsets)
  }
  return subsets
}

const covers = (subset: FontSubset, cp: number): boolean => subset.ranges.some(([a, b]) => cp >= a && cp <= b)

const WEIGHTS = [400, 500, 300, 600, 700, 200, 800, 100, 900]
const nearestCache = new Map<string, FontSubset[]>()
/** A package's subsets at the weight nearest the one asked for (Fontsource packages of a script font often have fewer). */
const nearestSubsets = (
  pkg: string,
  weight: number,
  style: 'normal' | 'italic',
  projectRoot?: string,
): FontSubset[] => {
  const key = `${projectRoot ?? ''}\0${pkg}\0${weight}\0${style}`
  let found = nearestCache.get(key)
  if (!found) nearestCache.set(key, (found = findNearest(pkg, weight, style, projectRoot)))
  return found
}
const findNearest = (pkg: string, weight: number, style: 'normal' | 'italic', projectRoot?: string): FontSubset[] => {
  for (const w of [weight, ...[...WEIGHTS].sort((a, b) => Math.abs(a - weight) - Math.abs(b - weight))]) {
    for (const s of style === 'italic' ? (['italic', 'normal'] as const) : (['normal'] as const)) {
      const found = fontsourceSubsets(pkg, w, s, projectRoot)
      if (found.length) return found
    }
  }
  return []
}

const glyphs = new Map<string, Fontkit.Font>()
const fontkitOf = (font: LoadedFont): Fontkit.Font => {
  let f = glyphs.get(font.path)
  if (!f) glyphs.set(font.path, (f = (requireCommonJs('fontkit') as typeof Fontkit).create(font.data)))
  return f
}

/**
 * The fonts a face's text is drawn with, as satori chooses them: for each character, the font the style
 * picks when it has the glyph; else the first of the face's other fonts that has it (each at the weight and
 * style nearest the text's); else a subset of the first fallback family whose subsets hold it. Fallback
 * subsets are named `<family>~<subset>`, one name for all their weights, so that satori keeps them apart and
 * picks a weight among them as it does for any family.
 */
export class FontBook {
  private readonly loaded = new Map<string, LoadedFont>()
  private readonly memo = new Map<string, LoadedFont | null>()

  /** The fallback packages, in the order they are tried: the game's own (`fallbacks` of its templates), then Noto's. */
  private readonly packages: readonly string[]

  constructor(
    /** The face's own fonts, in the order satori is given them. */
    readonly base: readonly LoadedFont[],
    private readonly projectRoot?: string,
    own: readonly string[] = [],
  ) {
    this.packages = [...new Set([...own, ...FALLBACK_PACKAGES])]
  }

  hasGlyph(font: LoadedFont, cp: number): boolean {
    try {
      return fontkitOf(font).hasGlyphForCodePoint(cp)
    } catch {
      // A file whose character map fontkit cannot read (some emoji subsets have none it knows): it draws nothing here.
      return false
    }
  }

  /** The font that draws `cp` in text whose style picked `picked`; undefined when no installed font has it. */
  fontFor(cp: number, picked: LoadedFont): LoadedFont | undefined {
    if (this.hasGlyph(picked, cp)) return picked
    const key = `${picked.path}\0${cp}`
    let found = this.memo.get(key)
    if (found === undefined) {
      found = this.otherBase(cp, picked) ?? this.fallback(cp, picked) ?? null
      this.memo.set(key, found)
    }
    return found ?? undefined
  }

  /** Fallback subsets in the order every face registers them: their packages' order, then their files'. */
  order(fallbacks: Iterable<LoadedFont>): LoadedFont[] {
    const rank = (f: LoadedFont) => this.packages.indexOf(f.package)
    return [...new Set(fallbacks)].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path))
  }

  private otherBase(cp: number, picked: LoadedFont): LoadedFont | undefined {
    const names = [...new Set(this.base.map((f) => f.name))].filter((n) => n !== picked.name)
    for (const name of names) {
      const family = this.base.filter((f) => f.name === name)
      const nearest = [...family].sort(
        (a, b) =>
          Number(a.style !== picked.style) - Number(b.style !== picked.style) ||
          Math.abs(a.weight - picked.weight) - Math.abs(b.weight - picked.weight),
      )[0]!
      if (this.hasGlyph(nearest, cp)) return nearest
    }
    return undefined
  }

  private fallback(cp: number, picked: LoadedFont): LoadedFont | undefined {
    for (const pkg of this.packages) {
      if (!/^(@[a-z0-9-]+\/)?[a-z0-9.-]+$/.test(pkg)) continue
      const subset = nearestSubsets(pkg, picked.weight, picked.style, this.projectRoot).find((s) => covers(s, cp))
      if (!subset) continue
      let font = this.loaded.get(subset.file)
      if (!font) {
        font = {
          name: `${subset.family}~${subset.id}`,
          package: pkg,
          weight: subset.weight as LoadedFont['weight'],
          style: subset.style,
          path: subset.file,
          data: readFont(subset.file),
        }
        this.loaded.set(subset.file, font)
      }
      if (this.hasGlyph(font, cp)) return font
    }
    return undefined
  }
}
