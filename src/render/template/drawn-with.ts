/**
 * What a face or a page was drawn with, for its credits: the font packages whose fonts drew text on it
 * ('@fontsource/inter') and the icons of installed Iconify sets it shows ('game-icons:spy'). A game's own
 * art and icons are its designer's, and are not listed.
 */
export interface DrawnWith {
  fonts: string[]
  icons: string[]
}

export const NOTHING_DRAWN: DrawnWith = { fonts: [], icons: [] }

/** An icon's full name: game-icons when it names no set ('spy' is 'game-icons:spy'). */
export const fullIconName = (name: string): string => (name.includes(':') ? name : `game-icons:${name}`)
