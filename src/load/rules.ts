import { existsSync } from 'node:fs'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { buildTree } from '../shortcodes/tree.ts'
import { PAIRED_SHORTCODES } from '../shortcodes/vocabulary.ts'
import { gamePaths, relativePath } from './project.ts'
import { blankOut } from '../util/lines.ts'
import { readRulesText, type RulesDoc } from './rules-text.ts'
import { readFrontMatter } from './front-matter.ts'
import { collectNotes, noteDiagnostic, type RulesNote } from './author-notes.ts'
import { append } from '../util/append.ts'

export type { RulesNote } from './author-notes.ts'

export type { RulesDoc } from './rules-text.ts'

export interface LoadRulesOptions {
  /** Shortcodes that must be closed; defaults to PAIRED_SHORTCODES. */
  requireClosing?: Iterable<string>
}

/** Reads and parses a rules file. A missing or unreadable file is an error diagnostic, never a throw. */
export const loadRules = (file: string, root: string, options: LoadRulesOptions = {}): Result<RulesDoc> => {
  const read = readRulesText(file, root)
  return 'failed' in read ? read.failed : parseRules(read.text, read.file, options)
}

/**
 * Parses rules text. Front matter, comments and @TODO lines are blanked out (every character but line breaks becomes
 * a space) rather than cut, so that every position in the tree is the position in the file.
 */
export const parseRules = (text: string, file: string, options: LoadRulesOptions = {}): Result<RulesDoc> => {
  const diagnostics: Diagnostic[] = []
  // A byte-order mark would hide the front matter's opening line (dropping it moves line 1 by one column).
  let source = text.replace(/^\uFEFF/, '')
  const front = readFrontMatter(source, file)
  append(diagnostics, front.diagnostics)
  source = blankOut(source, 0, front.value.length)

  const notes = collectNotes(source)
  append(
    diagnostics,
    notes.value.map((note) => noteDiagnostic(note, file)),
  )
  append(
    diagnostics,
    notes.diagnostics.map((d) => ({ ...d, file })),
  )

  const tree = buildTree(notes.source, { file, requireClosing: options.requireClosing ?? PAIRED_SHORTCODES })
  append(diagnostics, tree.diagnostics)
  return {
    value: { file, frontMatter: front.value.data, tree: tree.value, notes: notes.value, source: notes.source },
    diagnostics,
  }
}

/**
 * The notes a game's rules file holds (HTML comments, @TODO lines) as info diagnostics, for `deckwright validate` to
 * list; [] when the game has no rules file.
 */
export const rulesNotes = (root: string, id: string): Diagnostic[] => {
  const path = gamePaths(root, id).rules
  if (!existsSync(path)) return []
  const { value } = loadRules(path, root)
  return value.notes.map((note) => noteDiagnostic(note, value.file))
}
