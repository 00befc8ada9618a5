import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs'
import { createHash } from 'node:crypto'

/** What reading a file from untrusted data gave: its bytes, or why they were not read. */
export type RegularFile =
  | { bytes: Buffer }
  | { problem: 'missing' }
  | { problem: 'not-a-file' }
  | { problem: 'too-large'; size: number }

/**
 * A regular file's bytes, up to `maxBytes`: opened without waiting (a pipe named like a picture would wait
 * forever for a writer), its kind and size read from the opened file's metadata before any byte is (a 3 GB
 * sparse picture is refused from its size, not read), and never more than `maxBytes` read if it grows meanwhile.
 */
export const readRegularFile = (path: string, maxBytes: number): RegularFile => {
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return { problem: 'missing' }
    if (code === 'EISDIR' || code === 'ENXIO') return { problem: 'not-a-file' }
    throw error
  }
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) return { problem: 'not-a-file' }
    if (stat.size > maxBytes) return { problem: 'too-large', size: stat.size }
    const bytes = Buffer.allocUnsafe(stat.size)
    let read = 0
    while (read < bytes.length) {
      const n = readSync(fd, bytes, read, bytes.length - read, read)
      if (n === 0) break
      read += n
    }
    return { bytes: read === bytes.length ? bytes : bytes.subarray(0, read) }
  } finally {
    closeSync(fd)
  }
}

/**
 * A regular file's digest, read a megabyte at a time (a large file never held whole); undefined for anything
 * else (a pipe, a device, a folder, nothing), which is never read. A file over `maxBytes` is not read either:
 * its size and time of change stand for it (what is over a limit is refused, whatever its bytes).
 */
export const regularFileDigest = (path: string, maxBytes = Number.POSITIVE_INFINITY): string | undefined => {
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch {
    return undefined
  }
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) return undefined
    if (stat.size > maxBytes) return `too-large-${stat.size}-${stat.mtimeMs}`
    const hash = createHash('sha256')
    const chunk = Buffer.allocUnsafe(2 ** 20)
    for (let n = readSync(fd, chunk, 0, chunk.length, null); n > 0; n = readSync(fd, chunk, 0, chunk.length, null))
      hash.update(chunk.subarray(0, n))
    return hash.digest('hex')
  } finally {
    closeSync(fd)
  }
}
