import type { Result } from '../diagnostics/diagnostic.ts'
import type { RawCardFile } from './raw-card.ts'

/** A card file as it was last read: its text and what was read from it. */
export interface ReadCardFile {
  text: string
  parsed: Result<RawCardFile>
  /** A workbook's card sheets, each a card file. */
  sheets?: Result<RawCardFile[]>
}

/**
 * What a game thread read of each card file (by path), for its next read: a watch's next build, where a
 * designer changed one card of 10,000. A file whose text is the same is not read again; a YAML file changed
 * inside one card only is read again for that card alone (see `reparseOneCard`).
 */
export type CardFileCache = Map<string, ReadCardFile>

/** An anchor (`&name`) or a merge key: one card's text that other cards may share, or that takes another's. */
const SHARES = /(?:^|[\s,[{:-])&[^\s,[\]{}]|<<\s*:/

/**
 * A YAML card file read again after an edit inside one card, reading only that card: the lines before it
 * kept as blank lines, so that every position is where the whole file puts it. Undefined (read the whole
 * file) unless the file read cleanly before, has as many lines, differs only within one card's lines, that
 * card shares nothing with others (anchors, merge keys) and reads cleanly on its own as one card.
 */
export const reparseOneCard = (
  before: ReadCardFile,
  text: string,
  parse: (source: string, file: string) => Result<RawCardFile>,
): Result<RawCardFile> | undefined => {
  const old = before.parsed
  if (old.diagnostics.length || old.value.unreadable) return undefined
  const [was, now] = [before.text.split('\n'), text.split('\n')]
  if (was.length !== now.length) return undefined
  let first = 0
  while (first < now.length && was[first] === now[first]) first++
  if (first === now.length) return old
  let last = now.length - 1
  while (was[last] === now[last]) last--
  // The card whose lines hold every changed line (1-based lines).
  const index = old.value.cards.findIndex((c) => c.pos.line <= first + 1 && (c.pos.endLine ?? c.pos.line) >= last + 1)
  const card = old.value.cards[index]
  if (!card) return undefined
  const [from, to] = [card.pos.line - 1, card.pos.endLine ?? card.pos.line]
  if ([was, now].some((lines) => SHARES.test(lines.slice(from, to).join('\n')))) return undefined
  const alone = parse('\n'.repeat(from) + now.slice(from, to).join('\n') + '\n', old.value.file)
  if (alone.diagnostics.length || alone.value.unreadable || alone.value.defaults.size || alone.value.cards.length !== 1)
    return undefined
  const cards = [...old.value.cards]
  cards[index] = alone.value.cards[0]!
  return { value: { ...old.value, cards }, diagnostics: [] }
}
