/** Paper sizes in millimetres, portrait. US Letter is 215.9×279.4 mm (8.5×11 in), not 216×297. */
export const PAPER_SIZES = {
  a4: { widthMm: 210, heightMm: 297 },
  letter: { widthMm: 215.9, heightMm: 279.4 },
} as const

export type PaperName = keyof typeof PAPER_SIZES

/** A sheet as it lies in the printer's output: width and height already swapped for landscape. */
export interface Paper {
  name: PaperName
  landscape: boolean
  widthMm: number
  heightMm: number
}

export const isPaperName = (name: string): name is PaperName => Object.hasOwn(PAPER_SIZES, name)

export const paper = (name: PaperName, landscape = false): Paper => {
  const { widthMm, heightMm } = PAPER_SIZES[name]
  return landscape ? { name, landscape, widthMm: heightMm, heightMm: widthMm } : { name, landscape, widthMm, heightMm }
}

/** 'a4' or 'a4 landscape': how summaries and notes name a sheet. */
export const paperLabel = (p: Paper): string => (p.landscape ? `${p.name} landscape` : p.name)
