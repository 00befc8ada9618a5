import { threadId } from 'node:worker_threads'
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { failWriteForTest } from './write-failure.ts'
import { writablePath } from './inside-folder.ts'

let counter = 0

/** Marks a file as used now (its modification time): what the caches' pruning keeps. */
export const touch = (file: string): void => {
  const now = new Date()
  utimesSync(file, now, now)
}

/** A folder of this process's own in the system's temporary folder, removed when the process exits. */
export const processTempDir = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A temporary file's tag, unique across processes and the threads of one: `<pid>-<thread>-<n>`. */
export const tmpTag = (): string => `${process.pid}-${threadId}-${counter++}`

/** How much text `writeFileAtomic` gathers from its pieces before it writes them. */
const PIECES_BATCH = 1 << 20

/** Writes text given in pieces (a large JSON file made entry by entry), a batch of pieces at a time. */
const writePieces = (file: string, pieces: Iterable<string>): void => {
  const fd = openSync(file, 'w')
  try {
    let batch = ''
    for (const piece of pieces) {
      batch += piece
      if (batch.length >= PIECES_BATCH) {
        writeSync(fd, batch)
        batch = ''
      }
    }
    if (batch) writeSync(fd, batch)
  } finally {
    closeSync(fd)
  }
}

/** Where a file is written: the folder it must lie in once links are followed, and a folder to stage it in. */
export interface WriteIn {
  /** The folder deckwright writes in there (the output folder, the game's `cards/<game>/`…): see `writablePath`. */
  inside: string
  /** A folder on the same file system, inside `inside`, to write the temporary file in (default: beside the target). */
  staging?: string
}

/**
 * Writes to a temporary file beside the target (or in `staging`), then renames it into place: a failed
 * build never leaves half a file. The target, checked first, lies inside `inside` once links are followed.
 * `data` may come in pieces (text made entry by entry): a file of 100,000 entries is then never one string
 * in memory.
 */
export const writeFileAtomic = (path: string, data: string | Uint8Array | Iterable<string>, where: WriteIn): void => {
  const { inside, staging } = where
  writablePath(inside, path)
  if (staging) writablePath(inside, staging)
  mkdirSync(dirname(path), { recursive: true })
  if (staging) mkdirSync(staging, { recursive: true })
  writeStaged(path, data, staging)
}

/**
 * The write of `writeFileAtomic` alone, for a caller that checked `path` and `staging` and made their
 * folders already (the face store, once a face rather than once a file): a temporary file in `staging`
 * (default: beside the target), renamed into place.
 */
export const writeStaged = (path: string, data: string | Uint8Array | Iterable<string>, staging?: string): void => {
  const tmp = staging ? join(staging, `${basename(path)}.${tmpTag()}.tmp`) : `${path}.${tmpTag()}.tmp`
  try {
    failWriteForTest(path)
    if (typeof data === 'string' || data instanceof Uint8Array) writeFileSync(tmp, data)
    else writePieces(tmp, data)
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
export const writeFileIfChanged = (path: string, data: string | Uint8Array, where: WriteIn): boolean => {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data
  writablePath(where.inside, path) // before the file there is read
  try {
    if (statSync(path).size === bytes.byteLength && readFileSync(path).equals(bytes)) return false
  } catch {
    // no file yet
  }
  writeFileAtomic(path, bytes, where)
  return true
}
