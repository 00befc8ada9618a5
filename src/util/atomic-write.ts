import { threadId } from 'node:worker_threads'
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { failWriteForTest } from './write-failure.ts'

let counter = 0

/** A temporary file's tag, unique across processes and the threads of one: `<pid>-<thread>-<n>`. */
export const tmpTag = (): string => `${process.pid}-${threadId}-${counter++}`

/** Writes to a temporary file beside the target, then renames it into place: a failed build never leaves half a file. */
export const writeFileAtomic = (path: string, data: string | Uint8Array): void => {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = `${path}.${tmpTag()}.tmp`
  try {
    failWriteForTest(path)
    writeFileSync(tmp, data)
    renameSync(tmp, path)
  } catch (error) {
    rmSync(tmp, { force: true }) // a full disk leaves no half-written file behind
    throw error
  }
}

/**
 * Writes atomically unless the file already holds these bytes: builds are deterministic, so a rebuild
 * leaves unchanged outputs (and their modification times) alone. Returns whether it wrote.
 */
export const writeFileIfChanged = (path: string, data: string | Uint8Array): boolean => {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data
  try {
    if (statSync(path).size === bytes.byteLength && readFileSync(path).equals(bytes)) return false
  } catch {
    // no file yet
  }
  writeFileAtomic(path, bytes)
  return true
}
