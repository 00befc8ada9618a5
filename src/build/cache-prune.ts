import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { madeByRunningProcess } from '../util/temporary.ts'
import { emptyIndex, readIndex, today, writeIndex } from '../render/store-index.ts'

/** How long a cached face or output is kept after a build last used it. */
export const CACHE_DAYS = 14

/**
 * Removes from a game's cache (`out/.cache/<game>/`) what no build has used for `CACHE_DAYS`: the cache
 * would otherwise keep every face every edit ever drew. A build marks the day it used each face in the
 * store's index (see FaceStore), and what the index does not list goes by its files' times. The files of one entry go together: in a folder, those sharing a
 * name before the first dot (a face's .png, .svg and .json); a folder with a `files.json` manifest (an
 * output) is one entry. Returns how many files were removed.
 */
export const pruneCache = (dir: string, before: number): number => {
  let removed = 0
  // What the store's index says a build used since `before` stays, whatever its files' times.
  const index = readIndex(dir)
  const since = today(before)
  const inUse = new Set([...index.faces, ...index.shown, ...index.layouts].filter(([, entry]) => entry.used >= since).map(([key]) => key))
  // Another build may be writing here at the same time: a file gone between two looks is not a problem.
  const mtime = (path: string) => {
    try {
      return statSync(path).mtimeMs
    } catch {
      return Infinity
    }
  }
  const visit = (folder: string, isRoot: boolean) => {
    let entries
    try {
      entries = readdirSync(folder, { withFileTypes: true })
    } catch {
      return // no cache yet
    }
    const files = entries.filter((e) => e.isFile())
    if (!isRoot && files.some((f) => f.name === 'files.json')) {
      const newest = Math.max(...files.map((f) => mtime(join(folder, f.name))))
      if (newest < before) {
        removed += files.length
        rmSync(folder, { recursive: true, force: true })
      }
      return
    }
    const groups = new Map<string, string[]>()
    for (const f of files) {
      const stem = f.name.split('.')[0]!
      groups.set(stem, [...(groups.get(stem) ?? []), join(folder, f.name)])
    }
    for (const [stem, group] of groups)
      if (!(isRoot && inUse.has(stem)) && Math.max(...group.map(mtime)) < before) {
        for (const p of group) rmSync(p, { force: true })
        removed += group.length
      }
    for (const e of entries) if (e.isDirectory()) visit(join(folder, e.name), false)
    if (!isRoot && readdirSync(folder).length === 0) rmSync(folder, { recursive: true, force: true })
  }
  visit(dir, true)
  if (index.faces.size || index.shown.size || index.layouts.size) {
    try {
      writeIndex(dir, emptyIndex(), (used) => used >= since)
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
        if (!madeByRunningProcess(name) || statSync(join(dir, name)).mtimeMs < before) rmSync(join(dir, name), { force: true })
      } catch {
        // gone already
      }
}

/** How often a game's cache is looked through for what to prune: it holds a file or more a face. */
const PRUNE_EVERY_MS = 24 * 3600 * 1000

/**
 * Prunes a game's cache (`pruneCache`, and what interrupted builds left in it) at most once a day, as its
 * `.pruned` file records: looking at every file of a 10,000-face cache would cost a build a few hundred
 * milliseconds, and entries are kept for days anyway. Returns whether it pruned.
 */
export const pruneCacheDaily = (dir: string, now = Date.now()): boolean => {
  const marker = join(dir, '.pruned')
  try {
    if (statSync(marker).mtimeMs > now - PRUNE_EVERY_MS) return false
  } catch {
    // never pruned
  }
  pruneCache(dir, now - CACHE_DAYS * 24 * 3600 * 1000)
  pruneStaged(dir, now - 24 * 3600 * 1000)
  try {
    writeFileSync(marker, '')
  } catch {
    // a cache that cannot be written is pruned next time
  }
  return true
}
