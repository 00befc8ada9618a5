// The part of linebreak (the Unicode line-breaking algorithm, UAX #14; a dependency of pdfkit and satori, without types of its own) that card text uses.
declare module 'linebreak' {
  export default class LineBreaker {
    constructor(text: string)
    nextBreak(): { position: number; required: boolean } | null
  }
}
