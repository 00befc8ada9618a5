import { existsSync, readdirSync, realpathSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { relativePath, type GamePaths } from './project.ts'
import type { RawCardFile } from './raw-card.ts'
import { parseCsvCards } from './csv.ts'
import { parseYamlCards } from './yaml.ts'
import { readCheckedFile, readTextFile } from './text-file.ts'
import { parseWorkbookCards } from './workbook-cards.ts'
import { WORKBOOK_EXTENSIONS } from './workbook/workbook.ts'
import { insideFolder, statFollowed } from '../util/inside-folder.ts'
import { reparseOneCard, type CardFileCache } from './card-file-cache.ts'
import { append } from '../util/append.ts'
import { linkLoops } from './link-loops.ts'
import { readThroughCacheSync } from './parsed-cache.ts'

/**
 * The card files under a folder, in a stable order; links are followed only while they stay inside `within`
 * (each folder once). A loop of links is skipped, and added to `loops`.
 */
const listFiles = (dir: string, exts: string[], loops: string[], within = dir, seen = new Set<string>()): string[] => {
  if (!existsSync(dir) || !insideOrSelf(within, dir)) return []
  const real = realpathSync(dir)
  if (seen.has(real)) return [] // a link back up the tree
  seen.add(real)
  const out: string[] = []
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    const stat = statFollowed(path)
    if (stat === 'loop') loops.push(path)
    else if (stat?.isDirectory()) {
      // schema/ holds the JSON Schemas, lang/ (at the top) the translations: neither holds cards.
      if (name !== 'schema' && !(name === 'lang' && dir === within))
        append(out, listFiles(path, exts, loops, within, seen))
    } else if (exts.some((e) => name.endsWith(e))) out.push(path)
  }
  return out
}

const insideOrSelf = (within: string, dir: string): boolean => dir === within || insideFolder(within, dir)

const parsers = { '.yaml': parseYamlCards, '.yml': parseYamlCards, '.csv': parseCsvCards }

/**
 * A workbook's card sheets, each a card file of its own; read again only when its bytes changed (`cache`).
 * A workbook that cannot be read is one unreadable card file.
 */
const loadWorkbook = (path: string, file: string, cardsDir: string, cache?: CardFileCache): Result<RawCardFile[]> => {
  const bytes = readCheckedFile(path, file, cardsDir)
  if (!bytes.value)
    return { value: [{ file, defaults: new Map(), cards: [], unreadable: true }], diagnostics: bytes.diagnostics }
  // The cache keeps a file's text: a workbook's bytes, one character a byte.
  const text = bytes.value.toString('latin1')
  const before = cache?.get(path)
  const sheets = before?.text === text && before.sheets ? before.sheets : parseWorkbookCards(bytes.value, file)
  const first = sheets.value[0] ?? { file, defaults: new Map(), cards: [] }
  cache?.set(path, { text, parsed: { value: first, diagnostics: [] }, sheets })
  return sheets
}

/**
 * Reads every card file of a game (YAML, CSV, or the sheets of an .xlsx or .ods workbook), in a stable order. With
 * `cache` (what an earlier read found), a file whose text did not change is not read again, and a YAML file
 * changed inside one card is read again for that card alone; the cache is brought up to date.
 */
export const loadCardFiles = (paths: GamePaths, cache?: CardFileCache): Result<RawCardFile[]> => {
  const diagnostics: Diagnostic[] = []
  const files: RawCardFile[] = []
  const loops: string[] = []
  const listed = listFiles(paths.cardsDir, [...Object.keys(parsers), ...WORKBOOK_EXTENSIONS], loops)
  append(diagnostics, linkLoops(paths.root, loops))
  for (const path of listed) {
    const file = relativePath(paths.root, path)
    if (WORKBOOK_EXTENSIONS.some((e) => path.endsWith(e))) {
      // Excel's note that a workbook is open (`~$data.xlsx`) is no workbook.
      if (basename(path).startsWith('~$')) continue
      const sheets = loadWorkbook(path, file, paths.cardsDir, cache)
      append(diagnostics, sheets.diagnostics)
      append(files, sheets.value)
      continue
    }
    const ext = path.slice(path.lastIndexOf('.')) as keyof typeof parsers
    const parse = parsers[ext]
    const text = readTextFile(path, file, paths.cardsDir)
    append(diagnostics, text.diagnostics)
    // A file that could not be read holds cards no one knows: the deck checks of the types it may hold wait for it.
    if (text.value === undefined) {
      files.push({ file, defaults: new Map(), cards: [], unreadable: true })
      continue
    }
    const before = cache?.get(path)
    const source = text.value
    const parsed =
      (before &&
        (before.text === source
          ? before.parsed
          : ext !== '.csv'
            ? reparseOneCard(before, source, parse)
            : undefined)) ||
      // Kept by its text in the project's cache: a file no run has changed is not parsed again (nor its parser loaded).
      readThroughCacheSync(paths.root, ['cards', ext, file, source], () => parse(source, file))
    cache?.set(path, { text: text.value, parsed })
    append(diagnostics, parsed.diagnostics)
    files.push(parsed.value)
  }
  const kept = new Set(listed)
  if (cache) for (const path of cache.keys()) if (!kept.has(path)) cache.delete(path)
  return { value: files, diagnostics }
}
