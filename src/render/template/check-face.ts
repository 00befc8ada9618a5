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
 * The face rules on a drawn face: those of a laid-out face, with positions and pixels where the renderer
 * gave its boxes (satori does): the safe zone from each element's box, and contrast from the pixels under
 * each text (text over art measured against the art). A face whose boxes do not match its tree, element
 * for element, is checked as laid out.
 */
export const checkDrawnFace = async (f: FaceToCheck, drawn: DrawnFace): Promise<Diagnostic[]> => {
  if (!anyOn(f.rules)) return []
  const elements = faceElements(f.element)
  const inputs = inputsOf(f)
  const boxes = drawn.boxes
  const matched = boxes?.length === elements.length && boxes.every((b, i) => b.type === elements[i]!.type)
  const flat = [...textSizeProblems(elements, inputs), ...artResolutionProblems(elements, inputs)]
  if (!matched) return [...flat, ...contrastProblems(elements, inputs)]
  const wantsPixels = f.rules.severity['a11y/contrast'] && elements.some((e) => e.text && e.color && !e.exempt)
  const pixels = wantsPixels ? (await drawn.rasterise()).pixels : undefined
  const placed = drawnBoxes(elements, boxes)
  const behind = (e: FaceElement, i: number) => {
    const box = placed[i]
    const colour = pixels && e.color && box && colourBehind(pixels, f.box.width, box, e.inset, e.color, e.sizePx)
    return colour ? { colour, measured: true } : e.background && { colour: e.background, measured: false }
  }
  return [...flat, ...contrastProblems(elements, inputs, behind), ...safeZoneProblems(elements, placed, f.box, inputs)]
}

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
