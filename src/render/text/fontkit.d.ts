// The part of fontkit (a dependency of pdfkit, without its own types) that text measuring uses.
declare module 'fontkit' {
  export interface GlyphRun {
    advanceWidth: number
  }
  export interface Font {
    unitsPerEm: number
    ascent: number
    descent: number
    capHeight: number
    xHeight: number
    layout(text: string): GlyphRun
  }
  export function create(buffer: Buffer | Uint8Array): Font
}
