import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import type { Card } from '../../engine/define.ts'
import type { FaceRules } from '../../engine/face-rules.ts'
import type { DrawnFace } from '../renderers/face-renderer.ts'
import type { FaceBox } from '../renderers/face-box.ts'
import { placeOf, type FacePlace } from './face-context.ts'
import { faceElements, type FaceElement } from './face-facts.ts'
import {
  artResolutionProblems,
  contrastProblems,
  safeZoneProblems,
  textSizeProblems,
  type FaceCheckInputs,
  type LaidOut,
} from './face-checks.ts'
import { colourBehind } from './face-pixels.ts'
import type { Rgba } from '../../util/contrast.ts'

/** A face to check: its tree, its card (none: a shared back), where its problems go, and its art's sizes. */
export interface FaceToCheck {
  element: unknown
  rules: FaceRules
  type: string
  kind: 'front' | 'back'
  typeName: string
  card?: Card
  at: Omit<FacePlace, 'field'>
  /** Where art a template names itself (not the card's) is reported. */
  templatesFile: string
  box: FaceBox
  artPixels(file: string): { width: number; height: number } | undefined
}

const inputsOf = (f: FaceToCheck): FaceCheckInputs => {
  const place = placeOf(f.at, f.card)
  return {
    rules: f.rules,
    type: f.type,
    face: f.card ? `the ${f.kind} of ${f.card.id}` : `the shared ${f.kind} of ${f.typeName}`,
    place,
    artPlace: (file) =>
      f.card?.art === file ? place('art') : f.card ? f.at : { file: f.templatesFile, line: 1, column: 1 },
    artPixels: f.artPixels,
  }
}

const anyOn = (rules: FaceRules) => Object.values(rules.severity).some(Boolean)

/**
 * The face rules that need only the face's tree (validate lays faces out without drawing them): text
 * sizes, contrast with declared backgrounds, art's resolution. Runs on the tree the template gave: no layout.
 */
export const checkLaidOutFace = (f: FaceToCheck): Diagnostic[] => {
  if (!anyOn(f.rules)) return []
  const elements = faceElements(f.element)
  const inputs = inputsOf(f)
  return [
    ...textSizeProblems(elements, inputs),
    ...contrastProblems(elements, inputs),
    ...artResolutionProblems(elements, inputs),
  ]
}

/**
 * What the face rules read of a drawn face, each a list by element (in `faceElements` order): where the
 * renderer laid it out (none: the renderer gives no boxes, or they do not match the tree element for
 * element) and, for a text, the colour measured behind it in the face's pixels (`measured`: whether the
 * pixels were looked at). Plain data: a face drawn again the same way (its look: see lookKey) is checked
 * from what was kept of the first.
 */
export interface DrawnMeasures {
  boxes?: LaidOut[]
  behind: (Rgba | null)[]
  measured: boolean
}

/** Whether the face rules want the pixels behind a face's texts (contrast, with a text of a colour). */
const wantsPixels = (f: FaceToCheck, elements: readonly FaceElement[]): boolean =>
  Boolean(f.rules.severity['a11y/contrast']) && elements.some((e) => e.text && e.color && !e.exempt)

/** What the face rules read of a drawn face (see DrawnMeasures): rasterised here when they need its pixels. */
export const measureDrawnFace = async (f: FaceToCheck, drawn: DrawnFace): Promise<DrawnMeasures> => {
  const elements = faceElements(f.element)
  const boxes = drawn.boxes
  const matched = boxes?.length === elements.length && boxes.every((b, i) => b.type === elements[i]!.type)
  if (!matched) return { behind: [], measured: false }
  // The boxes are kept whatever the rules: a face that takes this look later may be checked with rules on.
  const measured = wantsPixels(f, elements)
  const pixels = measured ? (await drawn.rasterise()).pixels : undefined
  const placed = pixels ? drawnBoxes(elements, boxes) : []
  const behind = elements.map((e, i) => {
    const box = placed[i]
    return (pixels && e.color && box && colourBehind(pixels, f.box.width, box, e.inset, e.color, e.sizePx)) || null
  })
  return { boxes: boxes.map(({ left, top, width, height }) => ({ left, top, width, height })), behind, measured }
}

/** Whether measures kept of a face drawn the same way serve these face rules (they looked at the pixels if these want them). */
export const measuresServe = (f: FaceToCheck, measures: DrawnMeasures): boolean =>
  measures.measured || !measures.boxes || !wantsPixels(f, faceElements(f.element))

/**
 * The face rules on a drawn face, from its measures: those of a laid-out face, with positions and pixels
 * where the renderer gave its boxes (satori does): the safe zone from each element's box, and contrast from
 * the pixels under each text (text over art measured against the art). A face whose boxes do not match its
 * tree, element for element, is checked as laid out.
 */
export const checkMeasuredFace = (f: FaceToCheck, measures: DrawnMeasures): Diagnostic[] => {
  if (!anyOn(f.rules)) return []
  const elements = faceElements(f.element)
  const inputs = inputsOf(f)
  const flat = [...textSizeProblems(elements, inputs), ...artResolutionProblems(elements, inputs)]
  if (!measures.boxes) return [...flat, ...contrastProblems(elements, inputs)]
  const placed = drawnBoxes(elements, measures.boxes)
  const behind = (e: FaceElement, i: number) => {
    const colour = measures.behind[i]
    return colour ? { colour, measured: true } : e.background && { colour: e.background, measured: false }
  }
  return [...flat, ...contrastProblems(elements, inputs, behind), ...safeZoneProblems(elements, placed, f.box, inputs)]
}

/** The face rules on a drawn face (see checkMeasuredFace). */
export const checkDrawnFace = async (f: FaceToCheck, drawn: DrawnFace): Promise<Diagnostic[]> =>
  checkMeasuredFace(f, await measureDrawnFace(f, drawn))

/**
 * Where each element is drawn: its laid-out box, turned over with each element that rotates it by 180°
 * (a split card's second half), innermost first, and cut to the boxes of the elements that clip it (text
 * that overflowed its box is drawn clipped); undefined when another transform moves it, or nothing is left.
 */
const drawnBoxes = (elements: readonly FaceElement[], boxes: readonly LaidOut[]): (LaidOut | undefined)[] => {
  const placed: (LaidOut | undefined)[] = []
  elements.forEach((e, i) => {
    let box: LaidOut | undefined = e.turnedBy ? boxes[i]! : undefined
    for (const t of e.turnedBy ?? []) {
      const by = boxes[t]!
      box = {
        ...box!,
        left: 2 * by.left + by.width - box!.left - box!.width,
        top: 2 * by.top + by.height - box!.top - box!.height,
      }
    }
    for (const c of e.clippedBy) box = box && within(box, placed[c])
    placed.push(box)
  })
  return placed
}

/** The part of a box inside another; none when they do not meet (or the other is not known). */
const within = (box: LaidOut, clip: LaidOut | undefined): LaidOut | undefined => {
  if (!clip) return undefined
  const left = Math.max(box.left, clip.left)
  const top = Math.max(box.top, clip.top)
  const width = Math.min(box.left + box.width, clip.left + clip.width) - left
  const height = Math.min(box.top + box.height, clip.top + clip.height) - top
  return width > 0 && height > 0 ? { left, top, width, height } : undefined
}
