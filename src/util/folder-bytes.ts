import { lstatSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Whether the files in a folder and its sub-folders hold fewer than `limit` bytes in all. It stops as soon as
 * they reach it (or at more than `limit` entries), so a large folder costs no more than a small one; links are
 * not followed (their own size counts). A folder that cannot be read counts as large.
 */
export const folderBytesBelow = (dir: string, limit: number): boolean => {
  let bytes = 0
  let entries = 0
  const walk = (at: string): boolean => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (++entries > limit) return false
      const path = join(at, entry.name)
      if (entry.isDirectory()) {
        if (!walk(path)) return false
      } else if ((bytes += lstatSync(path).size) >= limit) return false
    }
    return true
  }
  try {
    return walk(dir)
  } catch {
    return false
  }
}
