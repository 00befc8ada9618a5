/** PDF points per millimetre (72 pt per inch, 25.4 mm per inch). */
export const PT_PER_MM = 72 / 25.4
export const mmToPt = (mm: number): number => mm * PT_PER_MM
export const ptToMm = (pt: number): number => pt / PT_PER_MM
export const mmToPx = (mm: number, dpi: number): number => Math.round((mm / 25.4) * dpi)
