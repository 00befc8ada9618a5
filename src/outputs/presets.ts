import type { FaceThresholds } from '../engine/face-rules.ts'

/**
 * Print-service presets: the resolution and bleed a service's templates ask for. A poker face comes out
 * at exactly the service's pixel size; every other size follows the same rule (300 dpi, the service's
 * bleed on each side), which is how the services size their other templates too (The Game Crafter's
 * mini 600×825, tarot 900×1500, square 1125×1125).
 *
 * A preset with `pdf` also writes the files a print service takes as PDF: one PDF/X file per deck, in
 * CMYK (see `print/service-pdfs.ts`).
 */
export interface Preset {
  title: string
  dpi: number
  bleedMm: number
  /** The service's poker face, bleed included, in pixels. */
  poker: { width: number; height: number }
  /** The PDF a service asks for, one per deck; none for the services that take one image per card. */
  pdf?: ServicePdf
  /**
   * The service's own minimums for the face rules (`minTextPt`, `minContrast`, `minLargeContrast`,
   * `minArtDpi`, `safeMm`): a build with the preset checks faces against them, or the game's where those are stricter.
   */
  faceRules?: Partial<FaceThresholds>
}

/** What a print service asks of its PDF files, and the thresholds its other demands set. */
export interface ServicePdf {
  /** The PDF/X version, written into the file (its Info and its XMP metadata). */
  standard: 'PDF/X-1a:2003' | 'PDF/X-4'
  /** The most total ink (C + M + Y + K, in %) a point of a face may carry: a face over it is a warning, and is limited. */
  inkLimit: number
  /** The pages of each card: its back then its front (DriveThruCards), or its front then its back. */
  order: 'back-front' | 'front-back'
  /** The folder of the game's outputs the PDFs go in (`out/<game>/<folder>/<game>-<deck>.pdf`). */
  folder: string
  /**
   * The service's own minimums, for the checks of what faces show: the smallest text, in points, and the
   * safe zone inside the trim, in millimetres. Thresholds of the readability rules, set per preset.
   */
  minTextPt?: number
  safeMm?: number
}

const INCH_MM = 25.4

export const presets = {
  /** The Game Crafter: 1/8 in bleed on each side (37.5 px); poker 825×1125 px. */
  tgc: { title: 'The Game Crafter', dpi: 300, bleedMm: INCH_MM / 8, poker: { width: 825, height: 1125 } },
  /** MakePlayingCards: 36 px bleed on each side at 300 dpi (3.048 mm); poker 822×1122 px. */
  mpc: { title: 'MakePlayingCards', dpi: 300, bleedMm: (36 / 300) * INCH_MM, poker: { width: 822, height: 1122 } },
  /**
   * DriveThruCards: a PDF per deck, pages alternating back and front, each a card at trim plus 1/8 in bleed
   * (poker 2.75×3.75 in), PDF/X-1a:2003, CMYK, total ink at most 240%; keep text 1/8 in inside the trim.
   */
  dtc: {
    title: 'DriveThruCards',
    dpi: 300,
    bleedMm: INCH_MM / 8,
    poker: { width: 825, height: 1125 },
    pdf: {
      standard: 'PDF/X-1a:2003',
      inkLimit: 240,
      order: 'back-front',
      folder: 'dtc',
      safeMm: INCH_MM / 8,
    },
  },
  /**
   * What European card printers ask for: PDF/X-4, CMYK, total ink at most 300%, 3 mm bleed and no crop
   * marks, text at least 6 pt and 3 mm inside the trim; each card's front then its back.
   */
  pdfx4: {
    title: 'PDF/X-4 (European printers)',
    dpi: 300,
    bleedMm: 3,
    poker: { width: 821, height: 1121 },
    pdf: { standard: 'PDF/X-4', inkLimit: 300, order: 'front-back', folder: 'pdfx4', minTextPt: 6, safeMm: 3 },
  },
} as const satisfies Record<string, Preset>

export type PresetName = keyof typeof presets

export const presetNames = Object.keys(presets) as PresetName[]

/** The PDF the preset's service asks for; none for a preset of images only. */
export const servicePdf = (name: PresetName | undefined): ServicePdf | undefined =>
  name ? (presets[name] as Preset).pdf : undefined

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
