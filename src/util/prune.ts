import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** How long a cache keeps what no run has used (the runs that use an entry touch it). */
const UNUSED_MS = 24 * 3600_000

/** Removes the files of a cache folder that no run has used for a day (their modification time, see `touch`). */
export const pruneUnused = (dir: string): void => {
  const old = Date.now() - UNUSED_MS
  if (!existsSync(dir)) return
  for (const name of readdirSync(dir)) {
    try {
      if (statSync(join(dir, name)).mtimeMs < old) rmSync(join(dir, name), { force: true })
    } catch {
      // removed meanwhile by another run
    }
  }
}
