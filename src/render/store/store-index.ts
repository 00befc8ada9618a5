import { fileStamp } from '../../util/file-stamp.ts'
import { appendFileSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import { tmpTag, writeFileAtomic } from '../../util/atomic-write.ts'
import { writablePath } from '../../util/inside-folder.ts'
import type { DrawnWith } from '../template/drawn-with.ts'

/**
 * The store's folder for files being written (`<store>/staging/`): a build looks through it for what killed
 * builds left without listing every face.
 */
export const STAGING = 'staging'

/** The day a store entry was last used, in days since 1970: what the cache's pruning reads. */
export const today = (now = Date.now()): number => Math.floor(now / 86_400_000)

/** What the store knows of a face without opening its files. */
export interface IndexedFace {
  diagnostics: Diagnostic[]
  drawnWith: DrawnWith
  used: number
}

/**
 * What a game's face store knows, in one file (`index.json`) read once a build: each stored face's
 * diagnostics and what it was drawn with, the texts each face showed (by its inputs' key), and the
 * diagnostics of faces only laid out (by `validate`). Each entry has the day it was last used. It is the
 * only record of what a face met and showed: a face the index lacks is drawn again, and an entry whose
 * pictures are gone is dropped. What a build changes is appended to a log beside it (`index.log`), and the
 * file is written whole when the log grows large.
 */
export interface StoreIndex {
  faces: Map<string, IndexedFace>
  shown: Map<string, { keys: string[]; used: number }>
  layouts: Map<string, { diagnostics: Diagnostic[]; used: number }>
  /** The file as it was when read (its time and size): unchanged since, it needs no merging. */
  read?: string
}

const VERSION = 1
const FILE = 'index.json'
/** What builds learnt since the index file was last written whole: a line each, appended (see `appendIndex`). */
const LOG = 'index.log'
/** The index's files in the store's folder: the store's own, not entries of the cache to prune by their age. */
export const INDEX_FILES: readonly string[] = [FILE, LOG]

type FaceEntry = [used: number, drawnWith: number, diagnostics?: Diagnostic[]]
type ShownEntry = [used: number, keys: string[]]
type LayoutEntry = [used: number, diagnostics: Diagnostic[]]

/** On disk: what faces were drawn with, once each, and the entries pointing at it. A log line is one too, with `null` for an entry removed. */
interface IndexFile {
  version: number
  drawnWith: DrawnWith[]
  faces: Record<string, FaceEntry | null>
  shown: Record<string, ShownEntry | null>
  layouts: Record<string, LayoutEntry | null>
}

export const emptyIndex = (): StoreIndex => ({ faces: new Map(), shown: new Map(), layouts: new Map() })

/** The keys of each part of an index: those a build changed, for `appendIndex`. */
export type IndexKeys = Record<'faces' | 'shown' | 'layouts', Set<string>>

/**
 * A store's index; empty when there is none, it is damaged or of another version (its faces are drawn
 * again). `log`: where the log is read from (by default the store's own).
 */
export const readIndex = (dir: string, log = join(dir, LOG)): StoreIndex => {
  const index = emptyIndex()
  try {
    index.read = indexStamp(dir)
    const file = JSON.parse(readFileSync(join(dir, FILE), 'utf8')) as IndexFile
    if (file.version !== VERSION) return emptyIndex()
    apply(index, file)
  } catch {
    return emptyIndex()
  }
  // What builds appended since: a line each, in order (a line another build is writing now is left out).
  let lines = ''
  try {
    lines = readFileSync(log, 'utf8')
  } catch {
    return index
  }
  for (const line of lines.split('\n'))
    try {
      if (line) apply(index, JSON.parse(line) as IndexFile)
    } catch {
      // half a line
    }
  return index
}

/** Sets (or removes, for `null`) the entries an index file or log line holds. */
const apply = (index: StoreIndex, file: IndexFile): void => {
  const set = <T>(into: Map<string, T>, entries: Record<string, unknown> | undefined, entry: (value: never) => T) => {
    for (const key in entries) {
      const value = entries[key]
      if (value === null) into.delete(key)
      else into.set(key, entry(value as never))
    }
  }
  set(index.faces, file.faces, ([used, w, diagnostics = []]: FaceEntry) => ({
    used,
    drawnWith: file.drawnWith[w] ?? NOTHING,
    diagnostics,
  }))
  set(index.shown, file.shown, ([used, keys]: ShownEntry) => ({ used, keys }))
  set(index.layouts, file.layouts, ([used, diagnostics]: LayoutEntry) => ({ used, diagnostics }))
}
const NOTHING: DrawnWith = { fonts: [], icons: [] }

/**
 * An index (or the part of it `only` names) as a file or log line holds it (`IndexFile`), as JSON text in
 * pieces, an entry each: the whole index of 50,000 faces is never one object or one string in memory.
 */
function* indexText(index: StoreIndex, only?: IndexKeys): Generator<string> {
  const keysOf = (part: keyof IndexKeys): Iterable<string> => only?.[part] ?? index[part].keys()
  // What faces were drawn with, once each: most share one (the same fonts and icons), read as one object.
  const drawnWith: DrawnWith[] = []
  const seen = new Map<DrawnWith, number>()
  const withs = new Map<string, number>()
  for (const key of keysOf('faces')) {
    const face = index.faces.get(key)
    if (!face || seen.has(face.drawnWith)) continue
    const id = JSON.stringify(face.drawnWith)
    const at = withs.get(id) ?? drawnWith.push(face.drawnWith) - 1
    withs.set(id, at)
    seen.set(face.drawnWith, at)
  }
  yield `{"version":${VERSION},"drawnWith":${JSON.stringify(drawnWith)}`
  function* part<T>(
    name: keyof IndexKeys,
    entry: (value: T) => FaceEntry | ShownEntry | LayoutEntry,
  ): Generator<string> {
    const map = index[name] as Map<string, T>
    let comma = ''
    yield `,"${name}":{`
    for (const key of keysOf(name)) {
      const value = map.get(key)
      yield `${comma}${JSON.stringify(key)}:${value === undefined ? 'null' : JSON.stringify(entry(value))}`
      comma = ','
    }
    yield '}'
  }
  yield* part<IndexedFace>('faces', ({ used, drawnWith, diagnostics }) =>
    diagnostics.length ? [used, seen.get(drawnWith)!, diagnostics] : [used, seen.get(drawnWith)!],
  )
  yield* part<{ keys: string[]; used: number }>('shown', ({ used, keys }) => [used, keys])
  yield* part<{ diagnostics: Diagnostic[]; used: number }>('layouts', ({ used, diagnostics }) => [used, diagnostics])
  yield '}'
}

/**
 * Writes a store's index whole: `index` merged into the one on disk now (another build of the game may have
 * written it meanwhile; the entry used last wins), leaving out what `keep` refuses (pruned entries). What
 * builds appended is in it, so the log goes: moved aside before it is read, so that a line another build
 * appends meanwhile starts a new log rather than being removed unread (the index is the only record of the
 * faces that line lists).
 */
export const writeIndex = (dir: string, index: StoreIndex, keep: (used: number) => boolean = () => true): void => {
  // The log moved aside first: a line another build appends from now on goes to a new log, which stays.
  const taken = takeLog(dir)
  try {
    writeMerged(dir, index, keep, taken)
  } finally {
    if (taken) rmSync(taken, { force: true })
  }
}

/** The store's log renamed into its staging folder, for `writeIndex` to merge and remove; undefined when there is none. */
const takeLog = (dir: string): string | undefined => {
  const taken = join(dir, STAGING, `${LOG}.${tmpTag()}.tmp`)
  try {
    mkdirSync(writablePath(dir, join(dir, STAGING)), { recursive: true })
    renameSync(join(dir, LOG), taken)
    return taken
  } catch {
    return undefined // no log (or none that can be moved: then it stays, and is read again)
  }
}

const writeMerged = (dir: string, index: StoreIndex, keep: (used: number) => boolean, log: string | undefined) => {
  // The file as this index read it (or wrote it) needs no merging: nobody wrote it since (the log moved keeps its stamp).
  const unchanged = index.read !== undefined && index.read === indexStamp(dir, log ?? null)
  const merged = unchanged ? index : readIndex(dir, log ?? join(dir, LOG))
  for (const part of ['faces', 'shown', 'layouts'] as const) {
    const into = merged[part] as Map<string, { used: number }>
    if (!unchanged)
      for (const [key, entry] of index[part] as Map<string, { used: number }>)
        if (!into.has(key) || into.get(key)!.used <= entry.used) into.set(key, entry)
    for (const [key, entry] of into) if (!keep(entry.used)) into.delete(key)
  }
  // Written in the store's staging folder, where the faces being stored are, then renamed into place.
  writeFileAtomic(join(dir, FILE), indexText(merged), { inside: dir, staging: join(dir, STAGING) })
  // The index now holds what the file does, as it was just written, and no log: a log another build began
  // meanwhile is read when this index is next merged.
  const read = indexStamp(dir, null)
  Object.assign(index, { faces: merged.faces, shown: merged.shown, layouts: merged.layouts, read })
}

/**
 * Appends the entries of `index` that `changed` names (those a build added, used or removed) to the
 * store's log, in one line: a one-card edit of 10,000 faces writes a line, not the whole index. Returns
 * false when the log has grown to half the index's size, or the change is a quarter of the index: then
 * `writeIndex` it whole instead.
 */
export const appendIndex = (dir: string, index: StoreIndex, changed: IndexKeys): boolean => {
  const count = changed.faces.size + changed.shown.size + changed.layouts.size
  const size = index.faces.size + index.shown.size + index.layouts.size
  const base = statSync(join(dir, FILE), { throwIfNoEntry: false })?.size
  const log = statSync(join(dir, LOG), { throwIfNoEntry: false })?.size ?? 0
  if (base === undefined || count * 4 > size || log * 2 > base) return false
  // Nobody else wrote since this index was read: it holds what the files do, this line included.
  const alone = index.read !== undefined && index.read === indexStamp(dir)
  // Appending follows a link: the log is checked to lie in the store first, as every file written is.
  appendFileSync(writablePath(dir, join(dir, LOG)), `${[...indexText(index, changed)].join('')}\n`)
  if (alone) index.read = indexStamp(dir)
  return true
}

/**
 * The index file's and log's times and sizes (`log`: the log read, the store's own by default; null for none),
 * or undefined when there is no index file.
 */
export const indexStamp = (dir: string, log: string | null = join(dir, LOG)): string | undefined => {
  const file = fileStamp(join(dir, FILE))
  return file && `${file}:${(log && fileStamp(log)) ?? ''}`
}
