import { readdirSync, rmdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** How long a cached face or output is kept after a build last used it. */
export const CACHE_DAYS = 14

/**
 * Removes from a game's cache (`out/.cache/<game>/`) what no build has used for `CACHE_DAYS`: the cache
 * would otherwise keep every face every edit ever drew. A build marks what it reuses (see FaceStore.get),
 * so only what is older than that goes. The files of one entry go together: in a folder, those sharing a
 * name before the first dot (a face's .png, .svg and .json); a folder with a `files.json` manifest (an
 * output) is one entry. Returns how many files were removed.
 */
export const pruneCache = (dir: string, before: number): number => {
  let removed = 0
  const visit = (folder: string, isRoot: boolean) => {
    let entries
    try {
      entries = readdirSync(folder, { withFileTypes: true })
    } catch {
      return // no cache yet
    }
    const files = entries.filter((e) => e.isFile())
    if (!isRoot && files.some((f) => f.name === 'files.json')) {
      const newest = Math.max(...files.map((f) => statSync(join(folder, f.name)).mtimeMs))
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
    for (const group of groups.values())
      if (Math.max(...group.map((p) => statSync(p).mtimeMs)) < before) {
        for (const p of group) rmSync(p, { force: true })
        removed += group.length
      }
    for (const e of entries) if (e.isDirectory()) visit(join(folder, e.name), false)
    if (!isRoot && readdirSync(folder).length === 0) rmdirSync(folder)
  }
  visit(dir, true)
  return removed
}
