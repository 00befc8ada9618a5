import { statSync } from 'node:fs'

/**
 * A file as the file it is: its device, inode, size and time. For files written once and never changed
 * (renamed into place, linked, removed), it names their content as cheaply as a stat: a hard link of a file
 * has its identity. `fallback` when the file cannot be read.
 */
export const fileIdentity = (path: string, fallback: string): string => {
  try {
    const stat = statSync(path, { bigint: true })
    return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}`
  } catch {
    return fallback
  }
}
