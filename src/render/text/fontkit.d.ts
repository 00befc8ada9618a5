// The part of fontkit (a dependency of pdfkit, without its own types) that text measuring uses.
declare module 'fontkit' {
  export interface GlyphRun {
    advanceWidth: number
    /** In visual order (right to left text reversed), after shaping. */
    glyphs: { id: number; name: string }[]
  }
  export interface Font {
    unitsPerEm: number
    ascent: number
    descent: number
    capHeight: number
    xHeight: number
    layout(text: string): GlyphRun
    hasGlyphForCodePoint(codePoint: number): boolean
  }
  export function create(buffer: Buffer | Uint8Array): Font
}
