import { closeSync, copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, openSync, readdirSync, readlinkSync, readSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, unlinkSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { tmpTag, writeFileIfChanged } from './atomic-write.ts'
import { failWriteForTest } from './write-failure.ts'
import { madeByRunningProcess } from './temporary.ts'
import { isWithin } from './inside-folder.ts'


type Pending = { path: string } & ({ data: string | Uint8Array } | { copyOf: string } | { staged: string })

/**
 * A game's outputs (`out/<game>/`), replaced all together or not at all: a stage adds files as it makes
 * them (bytes, a file to copy, or a file it writes itself), and `commit` makes the new folder beside the old
 * one (the old one's files carried over by hard links, the new ones put in) and then swaps the two with one
 * rename of the link `out/<game>`, so that a build stopped at any moment leaves the old outputs or the new,
 * never a mix. `discard` leaves everything as it was. A file that would get the bytes it already holds is
 * carried over, modification time included: builds are deterministic, so an unchanged output is never
 * rewritten.
 */
export class OutputBatch {
  private pending: Pending[] = []

  /**
   * `scratch`: a folder on the same file system as the outputs, for the files stages write themselves.
   * `gameDir`: the game's output folder (`out/<game>`); a path outside it is refused (names come from card data).
   */
  constructor(
    private readonly scratch: string,
    private readonly gameDir: string,
  ) {}

  private inside(path: string): string {
    if (!isWithin(resolve(this.gameDir), resolve(path))) throw new Error(`refused to write ${path}: it is outside the output folder ${this.gameDir}`)
    return path
  }

  /** Bytes to write to `path`. */
  put(path: string, data: string | Uint8Array): void {
    this.pending.push({ path: this.inside(path), data })
  }

  /**
   * The file `from` (a face in the store), put in place at commit as a hard link where the file system
   * allows (1,000 faces in ~20 ms rather than ~400 ms to copy them), else as a copy. The store replaces a
   * face whole and never changes one in place, so the link holds the face's bytes for good.
   */
  copy(path: string, from: string): void {
    this.pending.push({ path: this.inside(path), copyOf: from })
  }

  /** A temporary file for a stage to write into (a PDF streamed out page by page); moved to `path` at commit. */
  stage(path: string): string {
    mkdirSync(this.scratch, { recursive: true })
    const staged = join(this.scratch, `${basename(path)}.${tmpTag()}.tmp`)
    this.pending.push({ path: this.inside(path), staged })
    return staged
  }

  /**
   * Puts every file in place at once; returns their paths, in the order they were added. `prune` may
   * remove files of the new folder before it takes the old one's place (faces of cards that are gone): it
   * gets the new folder and the files this batch put there, and returns what it removed.
   */
  commit(prune?: (next: string, written: ReadonlySet<string>) => string[]): { written: string[]; removed: string[] } {
    const game = this.gameDir
    const builds = join(dirname(game), BUILDS)
    const current = currentBuild(game)
    removeLeftovers(builds, basename(game), current)
    const next = join(builds, buildName(basename(game)))
    try {
      mkdirSync(next, { recursive: true })
      // A face from the store is linked afresh rather than carried over and compared: a store file is never
      // changed, so the link is the file the old folder had when the face did not change (its time too).
      const linked = new Set(this.pending.flatMap((item) => ('copyOf' in item ? [join(next, relative(game, item.path))] : [])))
      if (current) linkTree(current, next, (path) => !(canLink && linked.has(path)))
      const folders = new Set<string>()
      for (const item of this.pending) {
        const target = join(next, relative(game, item.path))
        if (!folders.has(dirname(target))) mkdirSync(dirname(target), { recursive: true })
        folders.add(dirname(target))
        if ('data' in item) writeFileIfChanged(target, item.data)
        else if ('copyOf' in item) {
          if (canLink && tryLink(item.copyOf, target)) continue
          canLink = false // no hard links on this file system: copies, carried over when their bytes are the same
          if (!sameFile(item.copyOf, target) && !sameBytes(item.copyOf, target)) replaceWith(target, (tmp) => linkOrCopy(item.copyOf, tmp))
        } else if (sameBytes(item.staged, target)) rmSync(item.staged, { force: true })
        else {
          failWriteForTest(target)
          renameSync(item.staged, target)
        }
      }
    } catch (error) {
      rmSync(next, { recursive: true, force: true })
      throw error
    }
    const targets = new Set(this.pending.map((item) => join(next, relative(game, item.path))))
    const removed = (prune?.(next, targets) ?? []).map((path) => join(game, relative(next, path)))
    swapIn(game, next, current)
    const written = this.pending.map((p) => p.path)
    this.pending = []
    return { written, removed }
  }

  /** Forgets every file, removing the staged ones. */
  discard(): void {
    for (const item of this.pending) if ('staged' in item) rmSync(item.staged, { force: true })
    this.pending = []
  }
}

/** The folder beside the games' output folders where each build of a game is made before it is swapped in. */
export const BUILDS = '.builds'

/** A build's folder name: `<game>.<pid>-<thread>-<n>`. */
const buildName = (game: string): string => `${game}.${tmpTag()}`
const isBuildOf = (game: string, name: string): boolean => name.startsWith(`${game}.`) && /^\d+-\d+-\d+$/.test(name.slice(game.length + 1))

/** `out/<game>` is in the way: a folder or link deckwright did not make, which it will not replace. */
export class OutputInTheWay extends Error {}

/**
 * The folder `out/<game>` stands for now: the build its link names (in `.builds/` beside it), a folder of
 * outputs made before deckwright linked its builds, or none (also for a link whose build is gone). A link
 * or folder deckwright did not make is never taken over: its contents are the designer's.
 */
const currentBuild = (game: string): string | undefined => {
  const stat = lstatSync(game, { throwIfNoEntry: false })
  if (!stat) return undefined
  const builds = join(dirname(game), BUILDS)
  if (stat.isSymbolicLink()) {
    const target = readlinkSync(game)
    const name = basename(target)
    const folder = resolve(dirname(game), dirname(target))
    const inBuilds = folder === resolve(builds) || (existsSync(folder) && existsSync(builds) && realpathSync(folder) === realpathSync(builds))
    if (!isBuildOf(basename(game), name) || !inBuilds) throw new OutputInTheWay(`${game} is a link deckwright did not make: remove it, or build into another --out`)
    return existsSync(join(builds, name)) ? join(builds, name) : undefined
  }
  const made = stat.isDirectory() && readdirSync(game).some((name) => name === 'faces' || /-(?:cards|rules)\.pdf$/.test(name) || name === 'tts')
  if (!made) throw new OutputInTheWay(`${game} is a ${stat.isDirectory() ? 'folder' : 'file'} deckwright did not make: move it, or build into another --out`)
  return game
}

/** Every file of `from` as a hard link (or a copy) at the same place in `to`, those `wanted` says. */
const linkTree = (from: string, to: string, wanted: (path: string) => boolean): void => {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [a, b] = [join(from, entry.name), join(to, entry.name)]
    if (entry.isDirectory()) {
      mkdirSync(b, { recursive: true })
      linkTree(a, b, wanted)
    } else if (entry.isFile() && wanted(b)) linkOrCopy(a, b)
  }
}

/** Whether this process's outputs can be hard links of the store's files; false once one could not. */
let canLink = true

/** `to` (a path in a build's own new folder, not there yet) made a hard link of `from`; false when it cannot be. */
const tryLink = (from: string, to: string): boolean => {
  try {
    failWriteForTest(to)
    linkSync(from, to)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error // the store lost the face: an error, not a copy
    return false
  }
}

/**
 * Makes `out/<game>` the link to `next` with one rename (atomic), then removes the build it replaced (a
 * build that cannot be removed now, a file open elsewhere, is removed by a later build). A game folder made
 * before deckwright linked its builds is moved aside first (once: the only moment `out/<game>` is missing).
 */
const swapIn = (game: string, next: string, current: string | undefined): void => {
  const link = `${game}.${tmpTag()}.link`
  symlinkSync(process.platform === 'win32' ? next : relative(dirname(game), next), link, process.platform === 'win32' ? 'junction' : 'dir')
  try {
    if (current === game) renameSync(game, join(dirname(next), buildName(basename(game))))
    else if (process.platform === 'win32' && lstatSync(game, { throwIfNoEntry: false })) unlinkSync(game) // a junction is not replaced by a rename
    renameSync(link, game)
  } catch (error) {
    rmSync(link, { force: true })
    rmSync(next, { recursive: true, force: true })
    throw error
  }
  try {
    if (current && current !== game) rmSync(current, { recursive: true, force: true })
  } catch {
    // in use: a later build removes it
  }
}

/** Builds of this game that are not `out/<game>` and whose process has ended (a build stopped midway): removed. */
const removeLeftovers = (builds: string, game: string, current: string | undefined): void => {
  const parent = dirname(builds)
  const live = current && basename(current)
  if (existsSync(builds))
    for (const name of readdirSync(builds))
      if (isBuildOf(game, name) && name !== live && !madeByRunningProcess(name))
        try {
          rmSync(join(builds, name), { recursive: true, force: true })
        } catch {
          // in use: a later build removes it
        }
  // Links made for a swap that never happened.
  for (const name of readdirSync(parent))
    if (name.endsWith('.link') && isBuildOf(game, name.slice(0, -'.link'.length)) && !madeByRunningProcess(name)) rmSync(join(parent, name), { force: true })
}

const replaceWith = (path: string, write: (tmp: string) => void): void => {
  mkdirSync(dirname(path), { recursive: true }) // a no-op for a folder that is there
  const tmp = `${path}.${tmpTag()}.tmp`
  try {
    failWriteForTest(path)
    write(tmp)
    renameSync(tmp, path)
  } catch (error) {
    rmSync(tmp, { force: true })
    throw error
  }
}

const linkOrCopy = (from: string, to: string): void => {
  try {
    linkSync(from, to)
  } catch {
    copyFileSync(from, to) // no hard links here (another device, a file system without them)
  }
}

/** Whether two paths are one file (a hard link made by an earlier build). */
const sameFile = (a: string, b: string): boolean => {
  try {
    const [sa, sb] = [statSync(a), statSync(b)]
    return sa.ino === sb.ino && sa.dev === sb.dev
  } catch {
    return false
  }
}

const CHUNK = 1 << 20

/** Whether two files hold the same bytes (false when either is missing), read a megabyte at a time. */
export const sameBytes = (a: string, b: string): boolean => {
  let size: number
  try {
    size = statSync(a).size
    if (statSync(b).size !== size) return false
  } catch {
    return false
  }
  const fa = openSync(a, 'r')
  const fb = openSync(b, 'r')
  try {
    const ba = Buffer.allocUnsafe(Math.min(CHUNK, size))
    const bb = Buffer.allocUnsafe(Math.min(CHUNK, size))
    for (let at = 0; at < size; at += CHUNK) {
      const n = readSync(fa, ba, 0, ba.length, at)
      if (readSync(fb, bb, 0, bb.length, at) !== n || !ba.subarray(0, n).equals(bb.subarray(0, n))) return false
    }
    return true
  } finally {
    closeSync(fa)
    closeSync(fb)
  }
}
