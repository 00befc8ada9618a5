import type { Severity } from '../diagnostics/diagnostic.ts'

/**
 * The rules that check what a face shows a player and a printer: text too small to read, text too close in
 * colour to what is behind it, art printed blurred, text or icons the trim may cut. Each is an ordinary rule
 * with a severity a game may change (or turn off) and thresholds a game, or a print service's preset, may set.
 */
export const FACE_RULES = {
  textSize: 'a11y/text-size',
  contrast: 'a11y/contrast',
  artResolution: 'print/art-resolution',
  safeZone: 'print/outside-safe-zone',
} as const

export type FaceRule = (typeof FACE_RULES)[keyof typeof FACE_RULES]

/** The numbers the face rules measure against. */
export interface FaceThresholds {
  /** `a11y/text-size`: the smallest text, in points, at its printed size (after `FitText` shrank it). */
  minTextPt: number
  /** `a11y/contrast`: the smallest contrast ratio (WCAG 2.x) of normal text against what is behind it. */
  minContrast: number
  /** `a11y/contrast`: the same for large text (18 pt and over, or 14 pt and over in bold). */
  minLargeContrast: number
  /** `print/art-resolution`: the fewest pixels per inch art may have at its printed size. */
  minArtDpi: number
  /** `print/outside-safe-zone`: how far inside the trim text and icons keep, in millimetres. */
  safeMm: number
}

export const DEFAULT_FACE_THRESHOLDS: FaceThresholds = {
  minTextPt: 6,
  minContrast: 4.5,
  minLargeContrast: 3,
  minArtDpi: 300,
  safeMm: 3,
}

/** What a game's definition may say of the face rules (`print` in `defineGame`). */
export interface FaceRulesDef extends Partial<FaceThresholds> {
  /**
   * `a11y/text-size` for some card types or fields: keys are a type (`'crew'`), a field of every type
   * (`'rule'`) or a type's field (`'crew.loyal'`); the most specific wins over `minTextPt`.
   */
  minTextPtOf?: Record<string, number>
  /** Each rule's severity (default `'warning'`): `'error'` fails the run, `'off'` does not check at all. */
  severity?: Partial<Record<FaceRule, Severity | 'off'>>
}

/** The face rules as one face is checked: thresholds resolved, each rule's severity (none: off). */
export interface FaceRules extends FaceThresholds {
  minTextPtOf: Record<string, number>
  severity: Record<FaceRule, Severity | undefined>
}

/**
 * The face rules of a game, with a print service's thresholds over them (a preset's `faceRules`): the
 * stricter of the game's and the service's minimum wins, so that a preset's floor holds whatever the game says.
 */
export const faceRulesOf = (def: FaceRulesDef | undefined, preset?: Partial<FaceThresholds>): FaceRules => {
  const own = { ...DEFAULT_FACE_THRESHOLDS, ...pickNumbers(def) }
  const floor = (key: keyof FaceThresholds) => Math.max(own[key], preset?.[key] ?? -Infinity)
  const severity = Object.fromEntries(
    Object.values(FACE_RULES).map((rule) => {
      const set = def?.severity?.[rule] ?? 'warning'
      return [rule, set === 'off' ? undefined : set]
    }),
  ) as Record<FaceRule, Severity | undefined>
  return {
    minTextPt: floor('minTextPt'),
    minContrast: floor('minContrast'),
    minLargeContrast: floor('minLargeContrast'),
    minArtDpi: floor('minArtDpi'),
    safeMm: floor('safeMm'),
    minTextPtOf: Object.fromEntries(
      Object.entries(def?.minTextPtOf ?? {}).map(([k, v]) => [k, Math.max(v, preset?.minTextPt ?? -Infinity)]),
    ),
    severity,
  }
}

const pickNumbers = (def: FaceRulesDef | undefined): Partial<FaceThresholds> =>
  Object.fromEntries(
    (Object.keys(DEFAULT_FACE_THRESHOLDS) as (keyof FaceThresholds)[])
      .filter((k) => typeof def?.[k] === 'number' && Number.isFinite(def[k]))
      .map((k) => [k, def![k]]),
  )

/** The smallest text a type's field may have: `type.field`, then the field, then the type, then the game's. */
export const minTextPtFor = (rules: FaceRules, type: string, field?: string): number =>
  (field !== undefined ? (rules.minTextPtOf[`${type}.${field}`] ?? rules.minTextPtOf[field]) : undefined) ??
  rules.minTextPtOf[type] ??
  rules.minTextPt
