import { opendirSync, readdirSync, rmSync, statSync, writeFileSync, type Dir } from 'node:fs'
import { join } from 'node:path'
import { madeByRunningProcess } from '../util/temporary.ts'
import { writablePath } from '../util/inside-folder.ts'
import { INDEX_FILES, readIndex, today, writeIndex, type StoreIndex } from '../render/store/store-index.ts'

/** How long a cached face or output is kept after a build last used it. */
export const CACHE_DAYS = 14

/**
 * Removes from a game's cache (`out/.cache/<game>/`) what no build has used for `CACHE_DAYS`: the cache
 * would otherwise keep every face every edit ever drew. A build marks the day it used each face in the
 * store's index (see FaceStore), and what the index does not list goes by its files' times. The files of one entry go together: in a folder, those sharing a
 * name before the first dot (a face's .png and .svg); a folder with a `files.json` manifest (an
 * output) is one entry. `index`: the store's index as the caller holds it (read from the store otherwise).
 * Returns how many files were removed.
 */
export const pruneCache = (dir: string, before: number, index: StoreIndex = readIndex(dir)): number => {
  let removed = 0
  // What the store's index says a build used since `before` stays, whatever its files' times.
  const since = today(before)
  const inUse = (stem: string) =>
    [index.faces, index.shown, index.layouts].some((part) => (part.get(stem)?.used ?? -Infinity) >= since)
  // Another build may be writing here at the same time: a file gone between two looks is not a problem.
  const mtime = (path: string) => {
    try {
      return statSync(path).mtimeMs
    } catch {
      return Infinity
    }
  }
  const visit = (folder: string, isRoot: boolean) => {
    let entries: Dir
    try {
      entries = opendirSync(folder)
    } catch {
      return // no cache yet
    }
    // The folder's entries one at a time (a store of 50,000 faces holds 200,000 files): the stems with a
    // file used since `before`, and the other files; a stem goes when none of its files is recent.
    const recent = new Set<string>()
    const old: string[] = []
    const folders: string[] = []
    let manifest = false
    try {
      for (let entry = entries.readSync(); entry; entry = entries.readSync()) {
        if (entry.isDirectory()) folders.push(entry.name)
        if (!entry.isFile()) continue
        if (entry.name === 'files.json') manifest = true
        // The store's index is rewritten (less what goes) below, not removed with the entries it lists.
        if (isRoot && INDEX_FILES.includes(entry.name)) continue
        const stem = entry.name.split('.')[0]!
        if (recent.has(stem) || (isRoot && inUse(stem))) continue
        if (mtime(join(folder, entry.name)) >= before) recent.add(stem)
        else old.push(entry.name)
      }
    } finally {
      entries.closeSync()
    }
    // A folder with a `files.json` manifest (an output) is one entry: it goes when all its files are old.
    if (!isRoot && manifest) {
      if (!recent.size) {
        removed += old.length
        rmSync(folder, { recursive: true, force: true })
      }
      return
    }
    for (const name of old)
      if (!recent.has(name.split('.')[0]!)) {
        rmSync(join(folder, name), { force: true })
        removed++
      }
    for (const name of folders) visit(join(folder, name), false)
    if (!isRoot && readdirSync(folder).length === 0) rmSync(folder, { recursive: true, force: true })
  }
  visit(dir, true)
  // The index's entries no build used since `before` go from it too (it is written only when some go).
  let stale = false
  for (const part of [index.faces, index.shown, index.layouts])
    for (const entry of part.values()) stale ||= entry.used < since
  if (stale) {
    try {
      writeIndex(dir, index, (used) => used >= since)
    } catch {
      // kept as it was: its stale entries point at files that are gone, which a build finds out
    }
  }
  return removed
}

/**
 * Removes the temporary files a build writes in `out/.cache/` (a sheets PDF written page by page, a face
 * being stored) that an interrupted build left there: those of a process that has ended, and any older
 * than `before`. Another build may be writing one now.
 */
export const pruneStaged = (dir: string, before: number): void => {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return
  }
  for (const name of names)
    if (name.endsWith('.tmp'))
      try {
        if (!madeByRunningProcess(name) || statSync(join(dir, name)).mtimeMs < before)
          rmSync(join(dir, name), { force: true })
      } catch {
        // gone already
      }
}

/** How often a game's cache is looked through for what to prune: it holds a file or more a face. */
const PRUNE_EVERY_MS = 24 * 3600 * 1000

/**
 * Prunes a game's cache (`pruneCache`, and what interrupted builds left in it) at most once a day, as its
 * `.pruned` file records: looking at every file of a 10,000-face cache would cost a build a few hundred
 * milliseconds, and entries are kept for days anyway. `index`: the store's index as the build holds it (not
 * read a second time). Returns whether it pruned.
 */
export const pruneCacheDaily = (
  dir: string,
  { now = Date.now(), index }: { now?: number; index?: () => StoreIndex } = {},
): boolean => {
  const marker = join(dir, '.pruned')
  try {
    if (statSync(marker).mtimeMs > now - PRUNE_EVERY_MS) return false
  } catch {
    // never pruned
  }
  pruneCache(dir, now - CACHE_DAYS * 24 * 3600 * 1000, index?.())
  pruneStaged(dir, now - 24 * 3600 * 1000)
  try {
    writeFileSync(writablePath(dir, marker), '') // never through a link out of the cache
  } catch {
    // a cache that cannot be written is pruned next time
  }
  return true
}
