import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import { touch, writeFileAtomic } from '../util/atomic-write.ts'
import { isWritableInside } from '../util/inside-folder.ts'
import { OWN_CODE } from '../util/packages.ts'
import { pruneUnused } from '../util/prune.ts'
import { packageVersions } from '../cache/source-hash.ts'

/**
 * What reading a file found (a rules file's tree, its front matter and notes, with their diagnostics), kept
 * by the file's content in the project's node_modules/.cache, beside its compiled modules: the next run
 * takes it without loading the parser. Reading the rules loads ~0.5 MB of parsers (micromark, gray-matter)
 * and takes ~100–200 ms of CPU, where taking it back takes ~1 ms.
 */
const cacheDir = (root: string): string => join(root, 'node_modules', '.cache', 'deckwright', 'parsed')

/** deckwright's code that reads files, and the parsers it does not bundle: a change to either reads every file again. */
const PARSER_FOLDERS = ['load', 'shortcodes', 'util', 'vendor']
const PARSER_PACKAGES = [
  'yaml',
  'js-yaml',
  'csv-parse',
  'unified',
  'remark-parse',
  'remark-gfm',
  'gray-matter',
  'smol-toml',
]

/** The code files under a folder (not its .d.ts or source maps), in a fixed order. */
const codeFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .sort((a, b) => (a.name < b.name ? -1 : 1))
        .flatMap((e) =>
          e.isDirectory() ? codeFiles(join(dir, e.name)) : /(?<!\.d)\.[jt]sx?$/.test(e.name) ? [join(dir, e.name)] : [],
        )
    : []

let parserCode: string | undefined
/**
 * A digest of the parsing code (its files' bytes) and packages, worked out once a thread (~4 ms; Node 20's
 * recursive readdirSync alone took 12–25 ms on its first call, so the folders are walked here).
 */
const parserDigest = (): string => {
  if (parserCode) return parserCode
  const hash = createHash('sha256')
  for (const file of PARSER_FOLDERS.flatMap((folder) => codeFiles(join(OWN_CODE, folder))))
    hash.update(`${file.slice(OWN_CODE.length)}\0`).update(readFileSync(file))
  hash.update(PARSER_PACKAGES.flatMap((name) => packageVersions(name)).join('\n'))
  // The values are kept in V8's own format, which a Node of another version may not read back.
  hash.update(`\0node@${process.versions.node}`)
  return (parserCode = hash.digest('hex'))
}

/**
 * The longest key (a file's text, mostly) whose value is kept. What a file reads as takes ~5× its text in
 * V8's format, and taking 10,000 cards back (7 MB) took ~140 ms against ~185 ms to parse them (CSV 115
 * against 180), and keeping them ~70 ms more: the cache pays for small files, whose parser it spares loading.
 */
const MAX_KEY_CHARS = 256 * 1024

/** Where a key's value is kept; undefined when it is not (a long file; the project's cache lies outside it through a committed link). */
const entryFile = (root: string, key: readonly string[]): string | undefined => {
  const dir = cacheDir(root)
  if (key.reduce((n, part) => n + part.length, 0) > MAX_KEY_CHARS || !isWritableInside(root, dir)) return undefined
  const digest = createHash('sha256').update(parserDigest()).update(key.join('\0')).digest('hex').slice(0, 32)
  return join(dir, `${digest}.v8`)
}

/** What the cache keeps under a key, marked as used; none when nothing is kept or it cannot be read. */
const takeKept = (file: string): { value: unknown } | undefined => {
  let value: unknown
  try {
    value = deserialize(readFileSync(file))
  } catch {
    return undefined
  }
  try {
    touch(file)
  } catch {
    // a cache that cannot be written (a read-only project) is still read
  }
  return { value }
}

/** The cache folders this thread has pruned: once a run, not once a file (a game of 200 card files kept 200). */
const pruned = new Set<string>()

const keep = (root: string, file: string, value: unknown): void => {
  try {
    const dir = join(file, '..')
    if (!pruned.has(dir)) pruneUnused(dir)
    pruned.add(dir)
    writeFileAtomic(file, serialize(value), { inside: root })
  } catch {
    // a read-only project or a full disk: the next run reads the file again
  }
}

/**
 * What `read` returns for a file, taken from the project's cache when an earlier run read the same `key`
 * (the file's name and text, and whatever else decides what is read) with the same code; else read now
 * and kept. The value is kept with V8's serializer: plain data only (objects, arrays, Maps, Dates…), no
 * functions or class instances. A cache that cannot be read or written is no error: the file is read.
 */
export const readThroughCache = async <T>(root: string, key: readonly string[], read: () => Promise<T>): Promise<T> => {
  const file = entryFile(root, key)
  if (!file) return read()
  const kept = takeKept(file)
  if (kept) return kept.value as T
  const value = await read()
  keep(root, file, value)
  return value
}

/** `readThroughCache` for a reader that needs no module loaded first. */
export const readThroughCacheSync = <T>(root: string, key: readonly string[], read: () => T): T => {
  const file = entryFile(root, key)
  if (!file) return read()
  const kept = takeKept(file)
  if (kept) return kept.value as T
  const value = read()
  keep(root, file, value)
  return value
}
