import { fstatSync, lstatSync, type Stats } from 'node:fs'

/**
 * A file's time, size and inode as one string, or undefined when there is no file: what tells a file this
 * process read or wrote from one written or replaced since (a manifest, the store's index, a sheets PDF).
 */
export const fileStamp = (path: string): string | undefined => {
  const stat = lstatSync(path, { throwIfNoEntry: false })
  return stat && stampOf(stat)
}

/** The same of a file open as `fd`. */
export const openFileStamp = (fd: number): string => stampOf(fstatSync(fd))

const stampOf = (stat: Stats): string => `${stat.mtimeMs}:${stat.size}:${stat.ino}`
