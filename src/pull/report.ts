// What a pull says it did: for a person, each file and its cards added, removed and changed (field, old → new);
// for a machine (--format json or github), the same as info diagnostics at the cards' lines.
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { CardChanges, FieldChange } from '../engine/card-changes.ts'
import type { PulledFile } from './pull-game.ts'

/** A value as a change shows it: text quoted and cut short, no value said so. */
export const shownValue = (value: unknown): string => {
  if (value === undefined || value === null) return '(empty)'
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  const short = text.length > 60 ? `${text.slice(0, 59)}…` : text
  return typeof value === 'string' ? JSON.stringify(short) : short
}

const shownChange = (c: FieldChange) => `${c.field} ${shownValue(c.before)} → ${shownValue(c.after)}`

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** How many cards were added, removed and changed, in a few words. */
export const changeCounts = (changes: CardChanges): string => {
  const parts = [
    changes.added.length && `${changes.added.length} added`,
    changes.removed.length && `${changes.removed.length} removed`,
    changes.changed.length && `${changes.changed.length} changed`,
  ].filter(Boolean)
  return parts.length ? parts.join(', ') : 'no card changed'
}

/** The most cards of each kind listed by name for a person; the rest are counted. */
const LISTED = 50

const listed = <T>(items: readonly T[], line: (item: T) => string): string[] => [
  ...items.slice(0, LISTED).map(line),
  ...(items.length > LISTED ? [`  … and ${items.length - LISTED} more`] : []),
]

/** Each pulled file in a few lines: what it holds, and its cards added, removed and changed. */
export const pullLines = (pulled: readonly PulledFile[]): string[] =>
  pulled.flatMap((p) => {
    const from = new URL(p.url).host
    const { changes } = p
    if (p.created) return [`${p.file}: pulled from ${from}, ${plural(p.cards, 'card')} (a new file)`]
    if (!p.written) return [`${p.file}: pulled from ${from}, ${plural(p.cards, 'card')}, unchanged`]
    return [
      `${p.file}: pulled from ${from}, ${plural(p.cards, 'card')}: ${changeCounts(changes)}`,
      ...listed(changes.added, (c) => `  added    ${c.id}`),
      ...listed(changes.removed, (c) => `  removed  ${c.id}`),
      ...listed(changes.changed, (c) => `  changed  ${c.id}: ${c.fields.map(shownChange).join(', ')}`),
    ]
  })

/** The same as diagnostics (info): one a file, one a card added or removed, one a changed field. */
export const pullDiagnostics = (pulled: readonly PulledFile[]): Diagnostic[] =>
  pulled.flatMap((p): Diagnostic[] => {
    const at = (line = 1, column = 1) => ({ severity: 'info' as const, file: p.file, line, column })
    const summary: Diagnostic = {
      rule: 'pull/pulled',
      ...at(),
      message: `pulled from ${new URL(p.url).host}, ${plural(p.cards, 'card')}: ${p.created ? 'a new file' : p.written ? changeCounts(p.changes) : 'unchanged'}`,
    }
    if (p.created) return [summary]
    return [
      summary,
      ...p.changes.added.map((c) => ({ rule: 'pull/added', ...at(c.line), card: c.id, message: 'card added' })),
      ...p.changes.removed.map((c) => ({
        rule: 'pull/removed',
        ...at(),
        card: c.id,
        message: `card removed (it was on line ${c.line})`,
      })),
      ...p.changes.changed.flatMap((c) =>
        c.fields.map((f) => ({
          rule: 'pull/changed',
          // At the new value's cell; a value no longer there, at the card.
          ...(c.after.places?.[f.field]
            ? at(c.after.places[f.field]!.line, c.after.places[f.field]!.column)
            : at(c.after.line)),
          card: c.id,
          field: f.field,
          message: shownChange(f),
        })),
      ),
    ]
  })
