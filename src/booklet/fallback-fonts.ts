import { clusters, drawsNothing, FontBook } from '../render/fonts/font-book.ts'
import { loadFont, type LoadedFont } from '../render/fonts/fonts.ts'
import { FONT, ROLES, type FontName } from './styles.ts'

/**
 * The booklet's fonts for characters its own lack (Chinese, Arabic, an emoji…): the same Noto families of
 * Fontsource the faces fall back to, registered with the document as they are first needed. `split` cuts a
 * text into runs of one font each; what no installed font has is kept (and drawn as a box) and listed.
 */
export interface BookletFonts {
  split(text: string, font: string): Array<{ text: string; font: string }>
  /** The font packages of the fallback fonts used, for the credits. */
  used: Set<string>
  /** Characters no installed font has. */
  undrawable: Set<string>
}

export const bookletFonts = (doc: PDFKit.PDFDocument, projectRoot?: string): BookletFonts => {
  const roles = new Map<string, LoadedFont>(
    (Object.keys(ROLES) as (keyof typeof ROLES)[]).map((role) => [FONT[role], loadFont(ROLES[role])]),
  )
  const nameOf = new Map<LoadedFont, string>([...roles].map(([name, font]) => [font, name]))
  const book = new FontBook([...roles.values()], projectRoot)
  const used = new Set<string>()
  const undrawable = new Set<string>()
  const fallbackName = (font: LoadedFont): string => {
    let name = nameOf.get(font)
    if (!name) {
      name = `booklet-fallback-${nameOf.size}`
      doc.registerFont(name, font.data)
      nameOf.set(font, name)
    }
    if (!roles.has(name)) used.add(font.package)
    return name
  }
  return {
    used,
    undrawable,
    split(text, font) {
      const picked = roles.get(font)
      if (!picked) return [{ text, font }]
      const runs: Array<{ text: string; font: string }> = []
      for (const ch of clusters(text)) {
        const cp = ch.codePointAt(0)!
        const last = runs[runs.length - 1]
        let name = font
        if (drawsNothing(cp)) name = last?.font ?? font
        else {
          const found = book.fontFor(cp, picked)
          if (!found) undrawable.add(ch)
          else if (found !== picked) name = fallbackName(found)
        }
        if (last && last.font === name) last.text += ch
        else runs.push({ text: ch, font: name })
      }
      return runs
    },
  }
}
