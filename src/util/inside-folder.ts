import { existsSync, lstatSync, readlinkSync, realpathSync, statSync, type Stats } from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'

/** Whether `path` lies strictly inside `dir`, by their names alone (no link followed). */
export const isWithin = (dir: string, path: string): boolean => {
  const rel = relative(dir, path)
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
}

/** A path's own stats (a link's, not its target's); undefined when nothing is there, a file standing where a folder would be included. */
const there = (path: string) => {
  try {
    return lstatSync(path, { throwIfNoEntry: false })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined
    throw error
  }
}

/** Where a path leads once every link on it is followed, as far as the file system says (a dangling link's target included). */
const followed = (path: string): string => {
  let found = path
  const rest: string[] = []
  // The part that exists (links resolved by realpath), then what follows it.
  while (!there(found)) {
    rest.unshift(found.slice(dirname(found).length + 1))
    found = dirname(found)
  }
  let hops = 0
  for (;;) {
    const stat = lstatSync(found)
    if (!stat.isSymbolicLink()) return resolve(realpathSync(found), ...rest)
    if (++hops > 40) throw new Error('too many links')
    // A link whose target does not exist: judged by where it points.
    const target = resolve(dirname(found), readlinkSync(found))
    if (existsSync(target)) return resolve(realpathSync(target), ...rest)
    found = target
    while (!there(found)) {
      rest.unshift(found.slice(dirname(found).length + 1))
      found = dirname(found)
    }
  }
}

/**
 * Whether `path` lies inside `dir` once links are followed: files named by untrusted data (card files,
 * art, the rules and their pictures) are read only from the game's own folders, never from elsewhere on
 * the machine. A link is judged by where it points, whether its target exists or not, so the answer never
 * tells whether a file outside exists.
 */
export const insideFolder = (dir: string, path: string): boolean => {
  if (!isWithin(dir, path)) return false
  if (!existsSync(dir)) return true // nothing there to read: the file is missing
  try {
    return isWithin(realpathSync(dir), followed(path))
  } catch {
    return false
  }
}

/**
 * Where a path leads (as `followed`), in three system calls when its folder exists and it is not itself a
 * link, as for nearly every file a build writes (a face's files: 20,000 in a large build).
 */
const resolved = (path: string): string => {
  let folder: string
  try {
    folder = realpathSync.native(dirname(path))
  } catch {
    return followed(path) // a folder not made yet, a loop
  }
  return there(path)?.isSymbolicLink() ? followed(path) : join(folder, basename(path))
}

/** A write refused: a link on the path leads out of the folder deckwright writes in there. */
export class OutsideFolderError extends Error {
  /** Read as a write failure's reason (see write-failure.ts). */
  readonly code = 'EOUTSIDE'
  constructor(
    readonly path: string,
    readonly folder: string,
  ) {
    super(`refused to write ${path}: a link on its way leads out of ${folder}`)
  }
}

/**
 * `path`, once checked to lie inside `folder` when every link on both is followed; else an
 * `OutsideFolderError`. Every path deckwright writes is checked so, as every path it reads is: a link
 * committed to a project (`out`, `cards/<game>/lang`) never makes it write, or make folders, elsewhere on
 * the machine. Unlike reading, a folder that does not exist yet is judged by where it would be made.
 */
export const writablePath = (folder: string, path: string): string => {
  let inside = false
  try {
    inside = isWithin(folder, path) && isWithin(resolved(folder), resolved(path))
  } catch (error) {
    // A loop of links is no place to write; a file where a folder should be is the write's own failure to say.
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ELOOP' && error instanceof Error && !/too many links/.test(error.message)) throw error
  }
  if (!inside) throw new OutsideFolderError(path, folder)
  return path
}

/**
 * Whether `path` lies inside `folder` once links are followed (see `writablePath`): a project's cache in its
 * node_modules/.cache is written only when no committed link (`node_modules` elsewhere) leads out of it.
 */
export const isWritableInside = (folder: string, path: string): boolean => {
  try {
    writablePath(folder, path)
    return true
  } catch {
    return false
  }
}

/**
 * What a path is once its links are followed: its stats, undefined when nothing is there, or `'loop'` when
 * its links lead round in a circle (ELOOP). A loop of links committed to a folder holds no file: it is
 * skipped, and said at the link, rather than ending the run.
 */
export const statFollowed = (path: string): Stats | 'loop' | undefined => {
  try {
    return statSync(path, { throwIfNoEntry: false })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return 'loop'
    throw error
  }
}
