import type { Diagnostic, Severity } from '../../diagnostics/diagnostic.ts'
import { FACE_RULES, minTextPtFor, type FaceRule, type FaceRules } from '../../engine/face-rules.ts'
import { contrastRatio, hex, type Rgba } from '../../util/contrast.ts'
import type { FaceBox } from '../renderers/face-box.ts'
import { TEMPLATE_DPI } from '../renderers/face-box.ts'
import type { FacePlace } from './face-context.ts'
import type { FaceElement } from './face-facts.ts'

/** What the face checks need of a face besides its elements. */
export interface FaceCheckInputs {
  rules: FaceRules
  /** The card type, for per-type minimums. */
  type: string
  /** 'the front of ship-cog', for messages. */
  face: string
  /** Where a problem at a field (or at the card) is reported. */
  place(field?: string): FacePlace
  /** Where a problem with an art file is reported: the card's `art:` line for its own art. */
  artPlace(file: string): FacePlace
  /** An art file's size in pixels (none for SVG or art that is not drawn). */
  artPixels(file: string): { width: number; height: number } | undefined
}

const round1 = (n: number) => Math.round(n * 10) / 10
const ptOf = (px: number) => (px * 72) / TEMPLATE_DPI
const quote = (text: string) => `"${text.length > 24 ? `${text.slice(0, 22)}…` : text}"`

/** What a finding is about: a field, or the texts without one (a template's own words), named. */
const what = (field: string | undefined, texts: readonly string[]) => {
  if (field) return `\`${field}\``
  const named = texts.slice(0, 3).map(quote)
  const more = texts.length > 3 ? ` and ${texts.length - 3} more` : ''
  return texts.length === 1 ? `the text ${named[0]}` : `the texts ${named.join(', ')}${more}`
}

/**
 * One diagnostic a field (or the texts without one that share it) and rule on a face: the worst, so that
 * a long text's lines, or a template's many small labels, are said once.
 */
class Findings {
  private worst = new Map<string, { score: number; texts: string[]; say: (texts: string[]) => Diagnostic }>()
  add(key: string, score: number, text: string | undefined, say: (texts: string[]) => Diagnostic): void {
    const known = this.worst.get(key)
    const texts = [...(known?.texts ?? [])]
    if (text && !texts.includes(text)) texts.push(text)
    this.worst.set(key, !known || score < known.score ? { score, texts, say } : { ...known, texts })
  }
  get list(): Diagnostic[] {
    return [...this.worst.values()].map((w) => w.say(w.texts))
  }
}

const at = (rule: FaceRule, severity: Severity, where: FacePlace, message: string): Diagnostic => ({
  rule,
  severity,
  ...where,
  message,
})

/** `a11y/text-size`: every text at its printed size against the smallest its type and field may have. */
export const textSizeProblems = (elements: readonly FaceElement[], i: FaceCheckInputs): Diagnostic[] => {
  const severity = i.rules.severity[FACE_RULES.textSize]
  if (!severity) return []
  const found = new Findings()
  for (const e of elements) {
    if (!e.text || e.exempt) continue
    const size = ptOf(e.sizePx)
    const min = minTextPtFor(i.rules, i.type, e.field)
    if (size >= min - 0.05) continue
    found.add(e.field ?? '', size, e.field ? undefined : e.text, (texts) =>
      at(
        FACE_RULES.textSize,
        severity,
        i.place(e.field),
        `${what(e.field, texts)} ${e.field || texts.length === 1 ? 'is' : 'are'} printed at ${round1(size)} pt on ${i.face}, under the ${min} pt a player can read: make it shorter, its box larger, or its smallest size larger`,
      ),
    )
  }
  return found.list
}

/** Whether text counts as large for WCAG 2.x: 18 pt and over, or 14 pt and over in bold. */
const isLarge = (e: FaceElement) => ptOf(e.sizePx) >= 18 || (ptOf(e.sizePx) >= 14 && e.weight >= 700)

/**
 * `a11y/contrast`: each text's colour against what is behind it: the colour `behind` gives (the face's
 * pixels under it), else the background its elements declare; none known, not checked.
 */
export const contrastProblems = (
  elements: readonly FaceElement[],
  i: FaceCheckInputs,
  behind: (e: FaceElement, index: number) => { colour: Rgba; measured: boolean } | undefined = (e) =>
    e.background && { colour: e.background, measured: false },
): Diagnostic[] => {
  const severity = i.rules.severity[FACE_RULES.contrast]
  if (!severity) return []
  const found = new Findings()
  elements.forEach((e, index) => {
    if (!e.text || e.exempt || !e.color) return
    const back = behind(e, index)
    if (!back) return
    const ratio = contrastRatio(e.color, back.colour)
    const min = isLarge(e) ? i.rules.minLargeContrast : i.rules.minContrast
    if (ratio >= min) return
    const source = back.measured ? 'the face as drawn, under it' : 'its background'
    const colours = `${hex(e.color)} on ${hex(back.colour)}`
    const key = `${e.field ?? ''}|${colours}`
    found.add(key, ratio, e.field ? undefined : e.text, (texts) =>
      at(
        FACE_RULES.contrast,
        severity,
        i.place(e.field),
        `${what(e.field, texts)} on ${i.face} ${e.field || texts.length === 1 ? 'is' : 'are'} ${colours} (${source}): a contrast of ${Math.floor(ratio * 10) / 10}:1, under the ${min}:1 ${isLarge(e) ? 'large ' : ''}text needs to be read (WCAG 2.x)`,
      ),
    )
  })
  return found.list
}

/** `print/art-resolution`: art's pixels per inch where it is printed, from its declared box and fit. */
export const artResolutionProblems = (elements: readonly FaceElement[], i: FaceCheckInputs): Diagnostic[] => {
  const severity = i.rules.severity[FACE_RULES.artResolution]
  if (!severity) return []
  const found = new Findings()
  for (const e of elements) {
    const { art, width, height } = e
    if (!art || !width || !height) continue
    const pixels = i.artPixels(art)
    if (!pixels) continue
    // Template px per image px: `contain` fits the image inside the box, `cover` and `fill` stretch it to cover it.
    const scales = [width / pixels.width, height / pixels.height]
    const scale = e.fit === 'contain' || e.fit === 'scale-down' ? Math.min(...scales) : Math.max(...scales)
    const dpi = TEMPLATE_DPI / scale
    if (dpi >= i.rules.minArtDpi - 0.5) continue
    const mm = (px: number) => round1(px / (TEMPLATE_DPI / 25.4))
    found.add(art, dpi, undefined, () =>
      at(
        FACE_RULES.artResolution,
        severity,
        i.artPlace(art),
        `the art "${art}" (${pixels.width}×${pixels.height} pixels) is printed ${mm(width)}×${mm(height)} mm on ${i.face}: ${Math.round(dpi)} dpi, under the ${i.rules.minArtDpi} dpi that prints sharp; use a larger image`,
      ),
    )
  }
  return found.list
}

/** An element's box as laid out, in template px. */
export interface LaidOut {
  left: number
  top: number
  width: number
  height: number
}

/**
 * `print/outside-safe-zone`: text and icons (images that are not art) whose laid-out box, less its padding,
 * passes into the bleed (the trim may cut it) or out of the safe zone. The version stamp is exempt.
 */
export const safeZoneProblems = (
  elements: readonly FaceElement[],
  boxes: readonly (LaidOut | undefined)[],
  face: FaceBox,
  i: FaceCheckInputs,
): Diagnostic[] => {
  const severity = i.rules.severity[FACE_RULES.safeZone]
  if (!severity) return []
  const found = new Findings()
  const inside = i.rules.safeMm * face.pxPerMm
  const safe = face.bleed + inside
  elements.forEach((e, index) => {
    const shows = e.text || (e.type === 'img' && !e.art)
    const box = boxes[index]
    if (!shows || e.exempt || !box || box.width <= 0 || box.height <= 0) return
    const inset = e.text ? e.inset : 0
    // How far its content reaches past the safe zone's edge on each side, in px.
    const past = Math.max(
      safe - (box.left + inset),
      safe - (box.top + inset),
      box.left + box.width - inset - (face.width - safe),
      box.top + box.height - inset - (face.height - safe),
    )
    if (past <= 0.5) return
    const mm = round1(past / face.pxPerMm)
    const bleed = past > inside + 0.5
    const thing = (texts: string[]) =>
      e.text ? what(e.field, texts) : e.field ? `an icon of \`${e.field}\`` : 'an icon'
    const where = bleed
      ? `${round1((past - inside) / face.pxPerMm)} mm into the bleed (the trim may cut it)`
      : `${mm} mm outside the safe zone (${round1(i.rules.safeMm)} mm inside the trim)`
    found.add(`${e.field ?? ''}|${e.text ? 'text' : 'icon'}`, -past, e.field ? undefined : e.text, (texts) =>
      at(FACE_RULES.safeZone, severity, i.place(e.field), `${thing(texts)} on ${i.face} reaches ${where}`),
    )
  })
  return found.list
}
