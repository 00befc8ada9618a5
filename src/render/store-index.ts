import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { writeFileAtomic } from '../util/atomic-write.ts'
import type { DrawnWith } from '../util/credits.ts'

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
 * diagnostics of faces only laid out (by `validate`). Each entry has the day it was last used. The faces'
 * own files stay the truth: an entry the index lacks is read from them.
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

/** On disk: what faces were drawn with, once each, and the entries pointing at it. */
interface IndexFile {
  version: number
  drawnWith: DrawnWith[]
  faces: Record<string, [used: number, drawnWith: number, diagnostics?: Diagnostic[]]>
  shown: Record<string, [used: number, keys: string[]]>
  layouts: Record<string, [used: number, diagnostics: Diagnostic[]]>
}

export const emptyIndex = (): StoreIndex => ({ faces: new Map(), shown: new Map(), layouts: new Map() })

/** A store's index; empty when there is none, it is damaged or of another version (the faces' files are read instead). */
export const readIndex = (dir: string): StoreIndex => {
  try {
    const read = stampOf(dir)
    const file = JSON.parse(readFileSync(join(dir, FILE), 'utf8')) as IndexFile
    if (file.version !== VERSION) return emptyIndex()
    return {
      read,
      faces: new Map(Object.entries(file.faces).map(([key, [used, w, diagnostics = []]]) => [key, { used, drawnWith: file.drawnWith[w] ?? { fonts: [], icons: [] }, diagnostics }])),
      shown: new Map(Object.entries(file.shown).map(([key, [used, keys]]) => [key, { used, keys }])),
      layouts: new Map(Object.entries(file.layouts).map(([key, [used, diagnostics]]) => [key, { used, diagnostics }])),
    }
  } catch {
    return emptyIndex()
  }
}

/**
 * Writes a store's index: `index` merged into the one on disk now (another build of the game may have
 * written it meanwhile; the entry used last wins), leaving out what `keep` refuses (pruned entries).
 */
export const writeIndex = (dir: string, index: StoreIndex, keep: (used: number) => boolean = () => true): void => {
  // The file as this index read it (or wrote it) needs no merging: nobody wrote it since.
  const unchanged = index.read !== undefined && index.read === stampOf(dir)
  const merged = unchanged ? index : readIndex(dir)
  for (const part of ['faces', 'shown', 'layouts'] as const) {
    const into = merged[part] as Map<string, { used: number }>
    if (!unchanged) for (const [key, entry] of index[part] as Map<string, { used: number }>) if (!into.has(key) || into.get(key)!.used <= entry.used) into.set(key, entry)
    for (const [key, entry] of into) if (!keep(entry.used)) into.delete(key)
  }
  // What faces were drawn with, once each: most share one (the same fonts and icons), read as one object.
  const seen = new Map<DrawnWith, number>()
  const withs = new Map<string, number>()
  const file: IndexFile = { version: VERSION, drawnWith: [], faces: {}, shown: {}, layouts: {} }
  const withOf = (drawnWith: DrawnWith): number => {
    let at = seen.get(drawnWith)
    if (at === undefined) {
      const id = JSON.stringify(drawnWith)
      at = withs.get(id) ?? file.drawnWith.push(drawnWith) - 1
      withs.set(id, at)
      seen.set(drawnWith, at)
    }
    return at
  }
  for (const [key, { used, drawnWith, diagnostics }] of merged.faces) file.faces[key] = diagnostics.length ? [used, withOf(drawnWith), diagnostics] : [used, withOf(drawnWith)]
  for (const [key, { used, keys }] of merged.shown) file.shown[key] = [used, keys]
  for (const [key, { used, diagnostics }] of merged.layouts) file.layouts[key] = [used, diagnostics]
  // Written in the store's staging folder, where the faces being stored are, then renamed into place.
  writeFileAtomic(join(dir, FILE), JSON.stringify(file), join(dir, STAGING))
  // The index now holds what the file does, as it was just written.
  Object.assign(index, { faces: merged.faces, shown: merged.shown, layouts: merged.layouts, read: stampOf(dir) })
}

/** The index file's time and size, or undefined when there is none. */
const stampOf = (dir: string): string | undefined => {
  const stat = statSync(join(dir, FILE), { throwIfNoEntry: false })
  return stat && `${stat.mtimeMs}:${stat.size}`
}
