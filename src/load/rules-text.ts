import { dirname, isAbsolute, join } from 'node:path'
import type { Result } from '../diagnostics/diagnostic.ts'
import type { Root } from 'mdast'
import type { RulesNote } from './author-notes.ts'
import { relativePath } from './project.ts'
import { readTextFile } from './text-file.ts'

/** A Hugo-style rules file, read: front matter, the mdast tree (with shortcode nodes) and the author's notes. */
export interface RulesDoc {
  /** Relative to the project root, with forward slashes. */
  file: string
  frontMatter: Record<string, unknown>
  tree: Root
  notes: RulesNote[]
  /** The text the tree was parsed from (front matter and notes blanked out): offsets in the tree point into it. */
  source: string
}

/** A rules file's text, or what reading it failed with: no rules, and an error diagnostic. */
export type RulesText = { file: string; text: string } | { failed: Result<RulesDoc> }

const emptyDoc = (file: string): RulesDoc => ({
  file,
  frontMatter: {},
  tree: { type: 'root', children: [] },
  notes: [],
  source: '',
})

/** Reads a rules file's text (`file` from `root`, or absolute); a missing or unreadable file is an error diagnostic, never a throw. */
export const readRulesText = (file: string, root: string): RulesText => {
  const path = isAbsolute(file) ? file : join(root, file)
  const rel = relativePath(root, path)
  try {
    const text = readTextFile(path, rel, dirname(path))
    if (text.value === undefined) return { failed: { value: emptyDoc(rel), diagnostics: text.diagnostics } }
    return { file: rel, text: text.value }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const message =
      code === 'ENOENT'
        ? `The rules file ${rel} does not exist.`
        : `The rules file ${rel} could not be read (${code ?? (error as Error).message}).`
    const diagnostics = [{ rule: 'rules/unreadable', severity: 'error' as const, message, file: rel }]
    return { failed: { value: emptyDoc(rel), diagnostics } }
  }
}
