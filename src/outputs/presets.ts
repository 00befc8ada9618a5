import type { FaceThresholds } from '../engine/face-rules.ts'

/**
 * Print-service presets: the resolution and bleed a service's templates ask for. A poker face comes out
 * at exactly the service's pixel size; every other size follows the same rule (300 dpi, the service's
 * bleed on each side), which is how the services size their other templates too (The Game Crafter's
 * mini 600×825, tarot 900×1500, square 1125×1125).
 */
export interface Preset {
  title: string
  dpi: number
  bleedMm: number
  /** The service's poker face, bleed included, in pixels. */
  poker: { width: number; height: number }
  /**
   * The service's own minimums for the face rules (`minTextPt`, `minContrast`, `minLargeContrast`,
   * `minArtDpi`, `safeMm`): a build with the preset checks faces against them, or the game's where those are stricter.
   */
  faceRules?: Partial<FaceThresholds>
}

export const presets = {
  /** The Game Crafter: 1/8 in bleed on each side (37.5 px); poker 825×1125 px. */
  tgc: { title: 'The Game Crafter', dpi: 300, bleedMm: 25.4 / 8, poker: { width: 825, height: 1125 } },
  /** MakePlayingCards: 36 px bleed on each side at 300 dpi (3.048 mm); poker 822×1122 px. */
  mpc: { title: 'MakePlayingCards', dpi: 300, bleedMm: (36 / 300) * 25.4, poker: { width: 822, height: 1122 } },
} as const satisfies Record<string, Preset>

export type PresetName = keyof typeof presets

export const presetNames = Object.keys(presets) as PresetName[]

/** The options a preset sets, over the ones given: a preset decides the resolution and the bleed. */
export const applyPreset = <O extends { preset?: PresetName; dpi?: number; bleedMm?: number }>(options: O): O =>
  options.preset ? { ...options, dpi: presets[options.preset].dpi, bleedMm: presets[options.preset].bleedMm } : options

/**
 * A preset's thresholds for the face rules, if it has any: its `faceRules`, and the minimums a service's PDF
 * states (`pdf.minTextPt`, `pdf.safeMm`, where a preset has them) as the same rules' thresholds.
 */
export const presetFaceRules = (name: PresetName | undefined): Partial<FaceThresholds> | undefined => {
  if (!name) return undefined
  const preset = presets[name] as Preset & { pdf?: { minTextPt?: number; safeMm?: number } }
  const rules = {
    ...preset.faceRules,
    ...(preset.pdf?.minTextPt !== undefined && { minTextPt: preset.pdf.minTextPt }),
    ...(preset.pdf?.safeMm !== undefined && { safeMm: preset.pdf.safeMm }),
  }
  return Object.keys(rules).length ? rules : undefined
}
