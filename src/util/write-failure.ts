import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Why the file system refused a write, in a designer's words; undefined for an error that is not that. */
const REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'it is on a read-only file system',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a file stands where a folder should be',
  EISDIR: 'a folder stands where a file should be',
  EIO: 'the disk reported an input/output error',
}

export const writeFailureReason = (error: unknown): string | undefined =>
  REASONS[(error as NodeJS.ErrnoException | undefined)?.code ?? '']

/** Whether an error is the file system refusing a write (a full disk, a read-only folder…). */
export const isWriteFailure = (error: unknown): boolean => writeFailureReason(error) !== undefined

/**
 * A seam for tests of a full disk: with DECKWRIGHT_FAIL_WRITES set, a write to a path that contains its
 * value fails as a full disk would (ENOSPC), in every thread and process of the run.
 */
export const failWriteForTest = (path: string): void => {
  const match = process.env['DECKWRIGHT_FAIL_WRITES']
  if (match && path.includes(match))
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), { code: 'ENOSPC' })
}

/**
 * Whether the output folder can be written, found before any face is drawn: undefined when it can, else
 * one sentence that names it and says why not.
 */
export const outputFolderProblem = (dir: string, shown: string): string | undefined => {
  try {
    if (statSync(dir, { throwIfNoEntry: false })?.isFile()) return `the output folder ${shown} is a file`
    mkdirSync(join(dir, '.cache'), { recursive: true })
    const probe = join(dir, '.cache', `.probe-${process.pid}`)
    failWriteForTest(probe)
    writeFileSync(probe, 'deckwright')
    rmSync(probe, { force: true })
    return undefined
  } catch (error) {
    return `the output folder ${shown} cannot be written: ${writeFailureReason(error) ?? (error as Error).message}`
  }
}
