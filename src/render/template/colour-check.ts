import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import { thrownAt } from '../../diagnostics/thrown.ts'
import type { GameDef } from '../../engine/define.ts'
import { keyLine } from '../../util/lines.ts'
import { roleOf } from './components/roles.ts'
import { CONFUSABLE_BELOW, confusions, type Vision } from './colour-vision.ts'
import { hexColour, showsWord, type FaceMarks } from './face-marks.ts'
import { collapseCards } from '../../diagnostics/collapse-cards.ts'

export const COLOUR_VISION = 'a11y/colour-vision'

/** A face as the colour-vision check sees it: what it is, what it drew and which vocabulary words it read. */
export interface ColourFace {
  game: GameDef
  kind: 'front' | 'back'
  type: string
  card?: string
  /** What the face draws, read from its element tree when first needed (a face with no two colours alike needs none). */
  marks: () => FaceMarks
  /** The vocabulary words the template read (`ctx.word`), as `[vocabulary, word]`. */
  wordsRead: ReadonlyArray<readonly [string, string]>
  /** A text of the game in the face's language (a role's word, a word's label), by its translation key. */
  text(key: string, original: string): string
}

/** Where the definition is: its file (relative to the project), its text, and the project (to read a type's declared place). */
export interface DefinitionSource {
  file: string
  text: string
  root: string
}

const VISION_WORDS: Record<Vision, string> = {
  protanopia: 'protanopia',
  deuteranopia: 'deuteranopia',
  tritanopia: 'tritanopia',
  greyscale: 'greyscale',
}

/** "with deuteranopia (ΔE00 4.6) and in greyscale (6.5)". */
const alikeIn = (found: ReturnType<typeof confusions>): string => {
  const parts = found.map(({ vision, difference }, i) => {
    const figure = i === 0 ? `ΔE00 ${difference.toFixed(1)}` : difference.toFixed(1)
    return `${vision === 'greyscale' ? 'in ' : i === 0 ? 'with ' : ''}${VISION_WORDS[vision]} (${figure})`
  })
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

const pairs = new Map<string, ReturnType<typeof confusions>>()
const alike = (a: string, b: string, below: number) => {
  const key = `${a}|${b}|${below}`
  if (!pairs.has(key)) pairs.set(key, confusions(a, b, below))
  return pairs.get(key)!
}

/** The line of `name` as a key at or after `from` (1-based); 0 when there is none. */
const keyLineFrom = (text: string, name: string, from: number): number => {
  const rest = text
    .split('\n')
    .slice(from - 1)
    .join('\n')
  const line = keyLine(rest, name)
  return line ? line + from - 1 : 0
}

/** The line of a type's `halves`: after where the type is declared (its `cardType(` call), else its key. */
const halvesLine = (game: GameDef, typeId: string, source: DefinitionSource): number => {
  const declared = (game.types[typeId] as { declared?: unknown } | undefined)?.declared
  const from = (declared instanceof Error && thrownAt(declared, source.root)?.line) || keyLine(source.text, typeId) || 1
  return keyLineFrom(source.text, 'halves', from) || from
}

/**
 * `a11y/colour-vision` on one face: the colours that tell its parts apart, compared as players with
 * protanopia, deuteranopia and tritanopia and in greyscale see them (colour-vision.ts); two that look alike,
 * where the face shows no second cue, are a problem at the definition's line. A split front's halves: both
 * roles' colours drawn, and not each role's word or symbol. A vocabulary word whose colour the face draws:
 * neither its label nor its icon (one the other word does not share). Problems of many faces are one, with
 * the cards named (collapseColourVision).
 */
export const colourVisionProblems = (face: ColourFace, source: DefinitionSource): Diagnostic[] => {
  const setting = face.game.accessibility?.colourVision
  const severity = setting?.severity ?? 'warning'
  if (severity === 'off') return []
  let read: FaceMarks | undefined
  const check: Checking = {
    face,
    source,
    below: setting?.below ?? CONFUSABLE_BELOW,
    marks: () => (read ??= face.marks()),
    at: (line) => ({
      rule: COLOUR_VISION,
      severity,
      file: source.file,
      line,
      column: 1,
      ...(face.card && { card: face.card }),
    }),
  }
  return [...halvesProblems(check), ...wordProblems(check)]
}

/** What the checks of one face share: the face's marks read once, when a pair of its colours is alike. */
interface Checking {
  face: ColourFace
  source: DefinitionSource
  below: number
  marks: () => FaceMarks
  at: (line: number) => Omit<Diagnostic, 'message'>
}

/** A split front's two roles: alike, both drawn, and not each shown by its word or symbol. */
const halvesProblems = ({ face, source, below, marks, at }: Checking): Diagnostic[] => {
  const type = face.game.types[face.type]
  if (face.kind !== 'front' || !type?.halves) return []
  const [a, b] = type.halves.map((name) => ({ name, role: roleOf(face.game, name) }))
  const colours = [a!, b!].map((r) => r.role && hexColour(r.role.color))
  const found = colours[0] && colours[1] ? alike(colours[0], colours[1], below) : []
  if (!found.length || !colours.every((c) => marks().colours.has(c!))) return []
  const cued = ({ name, role }: typeof a & {}) =>
    role && (marks().icons.has(role.symbol) || showsWord(marks(), face.text(`roles.${name}`, role.word)))
  if (cued(a!) && cued(b!)) return []
  return [
    {
      ...at(halvesLine(face.game, face.type, source)),
      message: `the halves of ${type.name} (${face.type}), ${a!.name} ${colours[0]} and ${b!.name} ${colours[1]}, look alike ${alikeIn(found)}, and its front does not show each role's word or symbol: draw the halves with SplitFront, or a RoleTag on each, or each role's word or symbol (a pattern of it)`,
    },
  ]
}

/** Each vocabulary word the face read and draws the colour of, alike another word's, shown by neither its label nor an icon of its own. */
const wordProblems = ({ face, source, below, marks, at }: Checking): Diagnostic[] => {
  const out: Diagnostic[] = []
  for (const [vocabulary, name] of face.wordsRead) {
    const words = face.game.vocabularies?.[vocabulary] ?? {}
    const word = words[name]
    const colour = word?.color && hexColour(word.color)
    if (!colour) continue
    for (const [otherName, other] of Object.entries(words)) {
      const otherColour = otherName !== name && other.color && hexColour(other.color)
      const found = otherColour ? alike(colour, otherColour, below) : []
      if (!found.length || !marks().colours.has(colour)) continue
      if (marks().icons.has(word.icon) && word.icon !== other.icon) continue
      if (showsWord(marks(), face.text(`vocabularies.${vocabulary}.${name}`, word.label))) continue
      const line = keyLine(source.text, name, /\bvocabularies\s*:/) || keyLine(source.text, name) || 1
      out.push({
        ...at(line),
        message: `the ${vocabulary} words ${name} ${colour} and ${otherName} ${otherColour} look alike ${alikeIn(found)}, and a ${face.kind} that shows ${name} in its colour shows neither its label nor its icon: draw the word's icon (IconRow) or label beside its colour`,
      })
    }
  }
  return out
}

/** One `a11y/colour-vision` problem per place and message, however many faces have it: the first card named, and how many more. */
export const collapseColourVision = (diagnostics: readonly Diagnostic[]): Diagnostic[] =>
  collapseCards(diagnostics, COLOUR_VISION, (d) => `${d.file}|${d.line}|${d.message}`, 'on')
