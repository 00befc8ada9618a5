import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

let counter = 0

/** Writes to a temporary file beside the target, then renames it into place: a failed build never leaves half a file. */
export const writeFileAtomic = (path: string, data: string | Uint8Array): void => {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = `${path}.${process.pid}.${counter++}.tmp`
  writeFileSync(tmp, data)
  renameSync(tmp, path)
}
