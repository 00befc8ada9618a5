import { readFileSync, statSync } from 'node:fs'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { insideFolder } from '../util/inside-folder.ts'

/** The largest card or rules file read: far beyond any deck, well within memory. */
export const MAX_TEXT_BYTES = 10 * 2 ** 20

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * A text file from card data or rules, read as UTF-8 and never guessed at: a file in another encoding
 * (a spreadsheet saved as Latin-1) is an error at the line of its first byte that is not UTF-8, and
 * yields no text, rather than cards printed with boxes for letters. A byte-order mark is dropped.
 */
export const readTextFile = (path: string, file: string, folder: string): Result<string | undefined> => {
  const read = readCheckedFile(path, file, folder)
  if (!read.value) return { value: undefined, diagnostics: read.diagnostics }
  const bytes = read.value
  try {
    return { value: utf8.decode(bytes), diagnostics: [] }
  } catch {
    const at = firstInvalid(bytes)
    const before = bytes.subarray(0, at)
    const line = before.filter((b) => b === 0x0a).length + 1
    const column = at - (before.lastIndexOf(0x0a) + 1) + 1
    const message = `this file is not UTF-8 (byte 0x${bytes[at]!.toString(16).padStart(2, '0')} on line ${line} is not a UTF-8 character): save it as UTF-8 (in a spreadsheet, "CSV UTF-8")`
    const diagnostic: Diagnostic = { rule: 'load/encoding', severity: 'error', file, line, column, message }
    return { value: undefined, diagnostics: [diagnostic] }
  }
}

/**
 * A card or rules file's bytes (a workbook is read as bytes), refused before it is read when it is a link out
 * of `folder`, not a regular file, or larger than `MAX_TEXT_BYTES`.
 */
export const readCheckedFile = (path: string, file: string, folder: string): Result<Buffer | undefined> => {
  const refuse = (rule: string, message: string): Result<undefined> => ({
    value: undefined,
    diagnostics: [{ rule, severity: 'error', file, line: 1, column: 1, message }],
  })
  // Untrusted: a link out of the game's folder, a device (/dev/zero) or a huge file is refused before it is read.
  if (!insideFolder(folder, path))
    return refuse(
      'load/outside',
      "this file is a link that leads out of the game's folder: deckwright reads only the game's own files",
    )
  // A missing file is left to readFileSync below (its caller says it does not exist).
  const stat = statSync(path, { throwIfNoEntry: false })
  if (stat && !stat.isFile())
    return refuse('load/not-a-file', 'this is not a regular file (a device, a pipe or a folder): it is not read')
  const size = stat?.size ?? 0
  if (size > MAX_TEXT_BYTES)
    return refuse(
      'load/too-large',
      `this file is ${(size / 2 ** 20).toFixed(1)} MB, the limit is ${MAX_TEXT_BYTES / 2 ** 20} MB: split it into several files`,
    )
  return { value: readFileSync(path), diagnostics: [] }
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence. */
const firstInvalid = (bytes: Uint8Array): number => {
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i]!
    const length =
      b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0
    if (length === 0 || i + length > bytes.length) return i
    for (let k = 1; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i
    try {
      utf8.decode(bytes.subarray(i, i + length)) // overlong forms and surrogates
    } catch {
      return i
    }
    i += length
  }
  return Math.max(0, bytes.length - 1)
}
