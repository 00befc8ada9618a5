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
  EOUTSIDE:
    'a link on its way leads out of the folder deckwright writes in (a link a project commits is never written through)',
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
