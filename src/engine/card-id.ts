/** The longest card id: with `.front.png` after it, a file name every file system takes. */
export const MAX_ID_LENGTH = 100

/** Names Windows keeps for devices, with or without an extension (`con`, `nul.txt`). */
const WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\..*)?$/i

/**
 * Why an id cannot name a card, or undefined when it can. A card id is a file name of every face drawn for
 * it (`<id>.front.png`), on every system a collaborator may check the game out on: ASCII letters, digits,
 * `-`, `_` and `.` (not first or last), at most 100 characters, no name Windows reserves.
 */
export const idProblem = (id: string): string | undefined => {
  if (id.length > MAX_ID_LENGTH) return `it is ${id.length} characters long, the limit is ${MAX_ID_LENGTH}`
  if (!/^[A-Za-z0-9_-](?:[A-Za-z0-9_.-]*[A-Za-z0-9_-])?$/.test(id))
    return 'an id is a file name of its faces: use ASCII letters, digits, "-", "_" and "." (not first or last), e.g. mission-01'
  if (WINDOWS_RESERVED.test(id))
    return `"${id.split('.')[0]}" is a name Windows keeps for a device: no file can have it`
  return undefined
}

/** The key two ids collide under on a file system that ignores case (macOS, Windows). */
export const idKey = (id: string): string => id.toLowerCase()
