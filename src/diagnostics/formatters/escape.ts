/**
 * Text from card data shown in a terminal or a CI log: control characters (an escape sequence would clear
 * the screen or recolour it, a line break would start a line a CI reads as a command) and bidirectional
 * marks (they reorder what follows) written as `\u{…}`. The data keeps them; only what is printed changes.
 */
export const escapeControls = (text: string): string =>
  text.replace(
    /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`,
  )
