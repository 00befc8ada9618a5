import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { relativePath, type GamePaths } from './project.ts'
import type { RawCardFile } from './raw-card.ts'
import { parseCsvCards } from './csv.ts'
import { parseYamlCards } from './yaml.ts'
import { readTextFile } from './text-file.ts'
import { insideFolder } from '../util/inside-folder.ts'

/** The card files under a folder, in a stable order; links are followed only while they stay inside `within` (each folder once). */
const listFiles = (dir: string, exts: string[], within = dir, seen = new Set<string>()): string[] => {
  if (!existsSync(dir) || !insideOrSelf(within, dir)) return []
  const real = realpathSync(dir)
  if (seen.has(real)) return [] // a link back up the tree
  seen.add(real)
  const out: string[] = []
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) {
      // schema/ holds the JSON Schemas, lang/ (at the top) the translations: neither holds cards.
      if (name !== 'schema' && !(name === 'lang' && dir === within)) out.push(...listFiles(path, exts, within, seen))
    } else if (exts.some((e) => name.endsWith(e))) out.push(path)
  }
  return out
}

const insideOrSelf = (within: string, dir: string): boolean => dir === within || insideFolder(within, dir)

const parsers = { '.yaml': parseYamlCards, '.yml': parseYamlCards, '.csv': parseCsvCards }

/** Reads every card file of a game (YAML, or CSV exported from a spreadsheet), in a stable order. */
export const loadCardFiles = (paths: GamePaths): Result<RawCardFile[]> => {
  const diagnostics: Diagnostic[] = []
  const files: RawCardFile[] = []
  for (const path of listFiles(paths.cardsDir, Object.keys(parsers))) {
    const file = relativePath(paths.root, path)
    const parse = parsers[path.slice(path.lastIndexOf('.')) as keyof typeof parsers]
    const text = readTextFile(path, file, paths.cardsDir)
    diagnostics.push(...text.diagnostics)
    if (text.value === undefined) continue
    const parsed = parse(text.value, file)
    diagnostics.push(...parsed.diagnostics)
    files.push(parsed.value)
  }
  return { value: files, diagnostics }
}
