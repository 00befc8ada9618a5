// The part of bidi-js (the Unicode bidirectional algorithm, UAX #9; no types of its own) that card text uses.
declare module 'bidi-js' {
  interface Bidi {
    getEmbeddingLevels(
      text: string,
      direction?: 'ltr' | 'rtl',
    ): { levels: Uint8Array; paragraphs: { start: number; end: number; level: number }[] }
  }
  export default function bidiFactory(): Bidi
}
