// Which sections of a rules file changed between two versions of it: the file cut at its headings, each
// section (its heading and what follows, up to the next heading) compared by its heading's words.
import type { RootContent } from 'mdast'
import type { RulesDoc } from './rules.ts'

/** A part of a rules file: its heading's words ('' for what comes before the first heading), its line, its text. */
export interface RulesSection {
  heading: string
  line: number
  text: string
}

/** A section added, removed or changed; `line` is where it is in the new version (in the old, for a removed one). */
export interface RulesChange {
  heading: string
  change: 'added' | 'removed' | 'changed'
  line: number
}

/** A node's words, as a heading shows them. */
const wordsOf = (node: RootContent): string =>
  'value' in node && typeof node.value === 'string'
    ? node.value
    : 'children' in node
      ? (node.children as RootContent[]).map(wordsOf).join('')
      : ''

/** Each line trimmed and blank lines dropped: a re-wrapped blank line or trailing space is no change. */
const normalized = (text: string): string =>
  text
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter(Boolean)
    .join('\n')

/** A rules file's sections, in order; the front matter is a section of its own, `(front matter)`. */
export const rulesSections = (doc: RulesDoc): RulesSection[] => {
  const sections: RulesSection[] = [{ heading: '(front matter)', line: 1, text: JSON.stringify(doc.frontMatter) }]
  const starts = doc.tree.children
    .filter((n) => n.type === 'heading' && n.position)
    .map((n) => ({ heading: wordsOf(n).trim(), line: n.position!.start.line, offset: n.position!.start.offset! }))
  const first = starts[0]?.offset ?? doc.source.length
  const before = normalized(doc.source.slice(0, first))
  if (before) sections.push({ heading: '', line: 1, text: before })
  starts.forEach((s, i) =>
    sections.push({
      heading: s.heading,
      line: s.line,
      text: normalized(doc.source.slice(s.offset, starts[i + 1]?.offset ?? doc.source.length)),
    }),
  )
  return sections
}

/** Sections by name: a heading's words, numbered from its second use (`Setup (2)`). */
const named = (sections: readonly RulesSection[]): Map<string, RulesSection> => {
  const map = new Map<string, RulesSection>()
  for (const s of sections) {
    let name = s.heading
    for (let n = 2; map.has(name); n++) name = `${s.heading} (${n})`
    map.set(name, s)
  }
  return map
}

/** The sections added, changed (in the new version's order) and removed between two versions of a rules file. */
export const compareRules = (before: readonly RulesSection[], after: readonly RulesSection[]): RulesChange[] => {
  const old = named(before)
  const now = named(after)
  const changes: RulesChange[] = []
  for (const [heading, s] of now) {
    const was = old.get(heading)
    if (!was) changes.push({ heading, change: 'added', line: s.line })
    else if (was.text !== s.text) changes.push({ heading, change: 'changed', line: s.line })
  }
  for (const [heading, s] of old) if (!now.has(heading)) changes.push({ heading, change: 'removed', line: s.line })
  return changes
}
