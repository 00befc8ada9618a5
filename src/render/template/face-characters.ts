import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import type { Card } from '../../engine/define.ts'
import { clusters, drawsNothing, suggestedPackage, type FontBook } from '../fonts/font-book.ts'
import { textRuns, type LoadedFont } from '../fonts/fonts.ts'
import { pickFont } from '../text/measure.ts'

/** What a face's text is drawn with: see faceCharacters. */
export interface FaceCharacters {
  /** The fallback subsets it needs, in the order every face registers them. */
  fallbacks: LoadedFont[]
  /** The font packages that draw its text, for the credits. */
  drawnBy: string[]
  /** Characters no installed font has. */
  undrawable: string[]
  /** Characters satori 0.63 would confuse in one text (render/font-clash). */
  clashes: string[][]
}

/**
 * Characters no installed font has, in words: each with its code point (six at most), what they show as, and
 * the package to install. `where`: ' in the booklet', or nothing for a face.
 */
export const undrawableMessage = (chars: readonly string[], where: string, packages: readonly string[]): string => {
  const many = chars.length > 1
  const named = chars
    .slice(0, 6)
    .map((ch) => `"${ch}" (U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`)
    .join(', ')
  const more = chars.length > 6 ? ` and ${chars.length - 6} more` : ''
  return `${many ? 'the characters' : 'the character'} ${named}${more} cannot be drawn${where}: no installed font has ${many ? 'them' : 'it'}, so ${many ? 'they show' : 'it shows'} as ${many ? 'boxes' : 'a box'}; npm install ${packages.join(', ')}`
}

/**
 * The fonts a face's text is drawn with and what they lack, from the text of its element tree and the font
 * each piece of it is set in, a grapheme cluster at a time as satori chooses: the fallback subsets it needs,
 * the packages that draw it (its credits), and the characters no installed font has.
 */
export const faceCharacters = (tree: unknown, fonts: readonly LoadedFont[], book: FontBook): FaceCharacters => {
  const fallbacks = new Set<LoadedFont>()
  const drawnBy = new Set<string>()
  const undrawable = new Set<string>()
  const clashes: string[][] = []
  for (const run of textRuns(tree)) {
    const family =
      run.families.find((f) => fonts.some((font) => font.name.toLowerCase() === f.toLowerCase())) ??
      fonts[0]?.name ??
      ''
    const picked = pickFont(fonts, { family, weight: run.weight, style: run.style })
    if (!picked) continue
    // satori 0.63 remembers the font of a character beyond the Basic Multilingual Plane by its first UTF-16
    // unit: within one text, two such characters that share it must come from one font file.
    const byUnit = new Map<number, Map<LoadedFont, string>>()
    for (const ch of clusters(run.text)) {
      const cp = ch.codePointAt(0)!
      if (drawsNothing(cp)) continue
      const font = book.fontFor(cp, picked)
      if (!font) undrawable.add(ch)
      else {
        drawnBy.add(font.package)
        if (!fonts.includes(font)) fallbacks.add(font)
      }
      if (font && cp > 0xffff) {
        const unit = ch.charCodeAt(0)
        const seen = byUnit.get(unit) ?? new Map<LoadedFont, string>()
        if (!seen.has(font)) seen.set(font, ch)
        byUnit.set(unit, seen)
      }
    }
    for (const seen of byUnit.values()) if (seen.size > 1) clashes.push([...seen.values()])
  }
  return { fallbacks: book.order(fallbacks), drawnBy: [...drawnBy].sort(), undrawable: [...undrawable], clashes }
}

/**
 * A warning per font package that would draw characters of a face no installed font has (they would show as
 * boxes), at the card's field that holds them when one does.
 */
export const undrawableWarnings = (
  chars: readonly string[],
  card: Card | undefined,
  at: { file: string; line: number; column: number; card?: string },
): Diagnostic[] => {
  const byPackage = new Map<string, string[]>()
  for (const ch of chars) byPackage.set(suggestedPackage(ch), [...(byPackage.get(suggestedPackage(ch)) ?? []), ch])
  return [...byPackage].map(([pkg, list]) => {
    const field =
      card &&
      Object.keys(card.fields).find((name) => list.some((ch) => JSON.stringify(card.fields[name] ?? '').includes(ch)))
    const pos = field ? card.source.fields[field] : undefined
    return {
      rule: 'render/undrawable-text',
      severity: 'warning' as const,
      ...at,
      ...(pos && { ...(pos.file && { file: pos.file }), line: pos.line, column: pos.column, field }),
      message: undrawableMessage(list, '', [pkg]),
    }
  })
}
