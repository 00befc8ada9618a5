// What `deckwright changes` says: for a person, each game's cards added, removed and changed (fields old →
// new, or which faces look different) and the rules' sections that changed; for a machine (--format json or
// github), the same as info diagnostics at the cards' lines and the sections' headings.
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { shownValue } from '../pull/report.ts'
import type { CardChange, EditionChanges, GameChanges, RulesChange } from './changes.ts'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** The revision as said: what was asked for, and its commit's short name when that differs. */
const since = ({ revision }: GameChanges): string => {
  const short = revision.commit.slice(0, 12)
  return revision.ref === revision.commit || revision.ref === short ? short : `${revision.ref} (${short})`
}

/** How a changed card changed: its fields old → new, then which faces look different. */
export const cardChangeText = (c: CardChange): string => {
  if (c.change !== 'changed') return `card ${c.change}`
  const faces = c.look.front && c.look.back ? 'front and back' : c.look.front ? 'front' : c.look.back ? 'back' : ''
  const fields = c.fields.map((f) => `${f.field} ${shownValue(f.before)} → ${shownValue(f.after)}`)
  if (!fields.length) return `looks different: ${faces} (its data is the same)`
  return `${fields.join(', ')}${faces ? `; looks different: ${faces}` : '; looks the same'}`
}

/** An edition's changes in a few words. */
const editionCounts = (changes: EditionChanges): string => {
  const count = (kind: CardChange['change']) => changes.cards.filter((c) => c.change === kind).length
  const parts = [
    count('added') && `${count('added')} added`,
    count('removed') && `${count('removed')} removed`,
    count('changed') && `${count('changed')} changed`,
    changes.rules.length && `rules: ${plural(changes.rules.length, 'section')} changed`,
  ].filter(Boolean)
  return parts.length ? parts.join(', ') : 'nothing changed'
}

/** A game's changes in a few words: its default language's, then each other language's that changed. */
export const changeCounts = (changes: GameChanges): string =>
  [editionCounts(changes), ...changes.editions.map((e) => `${e.lang}: ${editionCounts(e)}`)].join('; ')

/** The section a rules change is about, as said. */
const section = (r: RulesChange) => (r.heading ? `"${r.heading}"` : '(before the first heading)')

/** Each game in a few lines: its counts, then each card and rules section that changed, each language's after the default's. */
export const changesLines = (games: readonly GameChanges[]): string[] =>
  games.flatMap((g) => [
    `${g.game}: since ${since(g)}, ${changeCounts(g)}`,
    ...[g, ...g.editions].flatMap((e) => {
      const lang = e === g ? '' : ` (${e.lang})`
      return [
        ...e.cards.map(
          (c) => `  ${c.change.padEnd(8)} ${c.id}${lang}${c.change === 'changed' ? `: ${cardChangeText(c)}` : ''}`,
        ),
        ...e.rules.map((r) => `  rules    ${section(r)}${lang} ${r.change}`),
      ]
    }),
  ])

/** The same as info diagnostics: one a card and one a rules section, each where it is written. */
export const changesDiagnostics = (games: readonly GameChanges[]): Diagnostic[] =>
  games.flatMap((g) =>
    [g, ...g.editions].flatMap((e): Diagnostic[] => {
      const lang = e === g ? '' : ` (${e.lang})`
      return [
        ...e.cards.map((c) => ({
          rule: `changes/${c.change}`,
          severity: 'info' as const,
          file: c.file ?? '',
          line: c.line ?? 1,
          column: 1,
          card: c.id,
          message: `since ${since(g)}${lang}: ${cardChangeText(c)}`,
        })),
        ...e.rules.map((r) => ({
          rule: 'changes/rules',
          severity: 'info' as const,
          file: e.rulesFile,
          line: r.change === 'removed' ? 1 : r.line,
          column: 1,
          message: `since ${since(g)}: the section ${section(r)} ${r.change === 'removed' ? `was removed (it was on line ${r.line})` : r.change}`,
        })),
      ]
    }),
  )

/** Text put in a markdown table's cell: its pipes escaped, on one line, no HTML. */
const cell = (text: string) =>
  text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[|\\]/g, '\\$&')
    .replace(/</g, '&lt;')

/**
 * The changes as markdown, fit for a pull request or a CI run's page (`$GITHUB_STEP_SUMMARY`): a heading
 * per game with its counts, a table of its cards (each language's after the default's), its rules sections.
 */
export const changesMarkdown = (games: readonly GameChanges[]): string =>
  games
    .map((g) => {
      const rows = [g, ...g.editions].flatMap((e) =>
        e.cards.map((c) => {
          const id = `\`${cell(c.id)}\`${e === g ? '' : ` (${cell(e.lang)})`}`
          return `| ${id} | ${c.change} | ${c.change === 'changed' ? cell(cardChangeText(c)) : ''} |`
        }),
      )
      const rules = [g, ...g.editions].flatMap((e) =>
        e.rules.map((r) => `- ${cell(`${section(r)}${e === g ? '' : ` (${e.lang})`} ${r.change}`)}`),
      )
      return [
        `### ${cell(g.game)}: since ${cell(since(g))}, ${cell(changeCounts(g))}`,
        ...(rows.length ? ['', '| card | change | how |', '| --- | --- | --- |', ...rows] : []),
        ...(rules.length ? ['', 'Rules:', '', ...rules] : []),
      ].join('\n')
    })
    .map((text) => `${text}\n`)
    .join('\n')
