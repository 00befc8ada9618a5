import {
  closeSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
} from 'node:fs'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { tmpTag, writeFileIfChanged } from '../util/atomic-write.ts'
import { failWriteForTest } from '../util/write-failure.ts'
import { madeByRunningProcess } from '../util/temporary.ts'
import { isWithin, writablePath } from '../util/inside-folder.ts'
import {
  foundIn,
  noContents,
  readManifest,
  removeEmptiedFolders,
  removeManifests,
  writeManifest,
  type BuildContents,
} from './build-manifest.ts'
import { append } from '../util/append.ts'

/** A file of the batch: its path, and the same relative to the game's folder. */
type Pending = { path: string; rel: string } & (
  | { data: string | Uint8Array }
  | { copyOf: string }
  | { staged: string; placed?: () => void }
)

/**
 * A game's outputs (`out/<game>/`), replaced all together or not at all: a stage adds files as it makes
 * them (bytes, a file to copy, or a file it writes itself), and `commit` makes the new folder beside the old
 * one (the build before it, kept as a spare, brought up to date: the old one's files carried over by hard
 * links, the new ones put in) and then swaps the two with one
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

  /** `path` and its name relative to the folder; a path outside it is refused. */
  private inside(path: string): { path: string; rel: string } {
    // Most paths are the folder's own followed by plain names (20,000 faces' files): no need to resolve those.
    const prefix = `${this.gameDir}${sep}`
    const plain =
      path.length > prefix.length &&
      path.startsWith(prefix) &&
      !/(?:^|[\\/])\.\.?(?:[\\/]|$)|[\\/]{2}/.test(path.slice(prefix.length))
    if (plain) return { path, rel: path.slice(prefix.length) }
    if (!isWithin(resolve(this.gameDir), resolve(path)))
      throw new Error(`refused to write ${path}: it is outside the output folder ${this.gameDir}`)
    return { path, rel: relative(this.gameDir, path) }
  }

  /** Bytes to write to `path`. */
  put(path: string, data: string | Uint8Array): void {
    this.pending.push({ ...this.inside(path), data })
  }

  /**
   * The file `from` (a face in the store), put in place at commit as a hard link where the file system
   * allows (1,000 faces in ~20 ms rather than ~400 ms to copy them), else as a copy. The store replaces a
   * face whole and never changes one in place, so the link holds the face's bytes for good.
   */
  copy(path: string, from: string): void {
    this.pending.push({ ...this.inside(path), copyOf: from })
  }

  /**
   * A temporary file for a stage to write into (a PDF streamed out page by page); moved to `path` at commit
   * (or dropped there for the file `path` holds when that has the same bytes). `placed` is called once the
   * new outputs are in place, when `path` holds what was staged.
   */
  stage(path: string, placed?: () => void): string {
    // Inside the output folder, as every file written is (the scratch folder is its .cache).
    mkdirSync(writablePath(dirname(this.gameDir), this.scratch), { recursive: true })
    const staged = join(this.scratch, `${basename(path)}.${tmpTag()}.tmp`)
    this.pending.push({ ...this.inside(path), staged, ...(placed && { placed }) })
    return staged
  }

  /**
   * Puts every file in place at once; returns their paths, in the order they were added, and those removed.
   * What the old outputs had that this batch does not replace is carried over, except the files `owns`
   * claims (a build of every card owns its faces: those of cards that are gone are removed).
   *
   * The new folder is the build before the current one when there is one (kept as a spare when the current
   * one was put in place), brought up to date: a face linked from the same store file is left as it is, so
   * a one-card edit of 10,000 faces changes a few files rather than linking 20,000 and removing 20,000. Each
   * build folder's manifest says what it holds; a spare changed by hand is not used. The store keeps a face's
   * bytes under its name, except in a build that draws every face anew: `recycle: false` makes its folder
   * afresh, drops the spares, and writes no manifest, so that no later build is made from its folder.
   */
  commit(
    owns?: (path: string) => boolean,
    { recycle = true }: { recycle?: boolean } = {},
  ): { written: string[]; removed: string[] } {
    const game = this.gameDir
    const builds = join(dirname(game), BUILDS)
    const current = currentBuild(game)
    // The current outputs, as their manifest says (or as found, for a folder without one or one changed by hand).
    const listed = current && current !== game ? readManifest(current, false) : undefined
    const was = listed ?? (current ? foundIn(current) : noContents())
    const spare = recycle && canLink ? claimSpare(builds, basename(game), current) : undefined
    removeLeftovers(builds, basename(game), current)
    const next = spare?.folder ?? join(builds, buildName(basename(game)))
    const had = spare?.contents ?? noContents()
    const rels = new Map(this.pending.map((item) => [item.rel, item]))
    // What the new folder is to hold: the current files this batch does not replace (bar those it owns), and the batch's.
    const will: BuildContents = noContents()
    const removed: string[] = []
    for (const [rel, from] of was.linked)
      if (!rels.has(rel)) owns?.(join(game, rel)) ? removed.push(rel) : will.linked.set(rel, from)
    for (const rel of was.other) if (!rels.has(rel)) owns?.(join(game, rel)) ? removed.push(rel) : will.other.add(rel)
    try {
      mkdirSync(writablePath(builds, next), { recursive: true })
      const folders = new Set<string>([next])
      const place = (rel: string): string => {
        const path = join(next, rel)
        // Each folder checked once: no link in a build folder leads the outputs elsewhere.
        if (!folders.has(dirname(path))) mkdirSync(writablePath(next, dirname(path)), { recursive: true })
        folders.add(dirname(path))
        return path
      }
      // The spare's files that are not the new build's (a face linked from another store file, every other file).
      const gone: string[] = []
      for (const [rel, from] of had.linked)
        if ((rels.get(rel) as { copyOf?: string } | undefined)?.copyOf !== from && will.linked.get(rel) !== from)
          gone.push(rel)
      append(gone, had.other)
      for (const rel of gone) rmSync(join(next, rel), { force: true })
      // Files carried over from the current outputs (a partial build's other faces, a file no stage wrote this time).
      const carry = (rel: string): boolean => linkIfThere(join(current!, rel), place(rel))
      for (const [rel, from] of will.linked) if (had.linked.get(rel) !== from && !carry(rel)) will.linked.delete(rel)
      for (const rel of will.other) if (!carry(rel)) will.other.delete(rel)
      for (const [rel, item] of rels) {
        const target = place(rel)
        if ('copyOf' in item) {
          if (canLink && had.linked.get(rel) === item.copyOf) {
            will.linked.set(rel, item.copyOf) // the spare's link of the same store file
            continue
          }
          if (canLink && tryLink(item.copyOf, target)) {
            will.linked.set(rel, item.copyOf)
            continue
          }
          canLink = false // no hard links on this file system: copies, carried over when their bytes are the same
          if (was.linked.has(rel) || was.other.has(rel)) carry(rel)
          if (!sameFile(item.copyOf, target) && !sameBytes(item.copyOf, target))
            replaceWith(target, (tmp) => linkOrCopy(item.copyOf, tmp))
          will.other.add(rel)
          continue
        }
        // A file that gets the bytes it had keeps the current one (its time too).
        if (was.linked.has(rel) || was.other.has(rel)) carry(rel)
        will.other.add(rel)
        if ('data' in item) writeFileIfChanged(target, item.data, { inside: next })
        else if (sameBytes(item.staged, target)) rmSync(item.staged, { force: true })
        else {
          failWriteForTest(target)
          renameSync(item.staged, target)
        }
      }
      removeEmptiedFolders(next, gone)
      // A build that drew every face anew may have replaced store files under the names they had: it has no
      // manifest, so no later build takes its links for those of the same names.
      if (recycle) writeManifest(next, will, false)
    } catch (error) {
      removeManifests(next)
      rmSync(next, { recursive: true, force: true })
      throw error
    }
    swapIn(game, next, current)
    // The build replaced is kept to be made into the next one (its own files removed: sheets can be large),
    // unless this build drew every face anew; one made before builds had manifests goes.
    if (current && current !== game)
      try {
        if (recycle && canLink && listed) makeSpare(current, listed)
        else dropBuild(current)
      } catch {
        dropBuild(current)
      }
    if (!recycle) for (const spare of sparesOf(builds, basename(game))) dropBuild(spare)
    // The outputs are in place: what a stage does once they are (a record of a file) cannot undo that.
    for (const item of this.pending)
      if ('staged' in item)
        try {
          item.placed?.()
        } catch {
          // a stage's own bookkeeping; the outputs are written
        }
    const written = this.pending.map((p) => p.path)
    this.pending = []
    return { written, removed: removed.map((rel) => join(game, rel)) }
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
const isBuildOf = (game: string, name: string): boolean =>
  name.startsWith(`${game}.`) && /^\d+-\d+-\d+$/.test(name.slice(game.length + 1))

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
    const inBuilds =
      folder === resolve(builds) ||
      (existsSync(folder) && existsSync(builds) && realpathSync(folder) === realpathSync(builds))
    if (!isBuildOf(basename(game), name) || !inBuilds)
      throw new OutputInTheWay(`${game} is a link deckwright did not make: remove it, or build into another --out`)
    return existsSync(join(builds, name)) ? join(builds, name) : undefined
  }
  const made =
    stat.isDirectory() &&
    readdirSync(game).some((name) => name === 'faces' || /-(?:cards|rules)\.pdf$/.test(name) || name === 'tts')
  if (!made)
    throw new OutputInTheWay(
      `${game} is a ${stat.isDirectory() ? 'folder' : 'file'} deckwright did not make: move it, or build into another --out`,
    )
  return game
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
 * Makes `out/<game>` the link to `next` with one rename (atomic). A game folder made before deckwright
 * linked its builds is moved aside first (once: the only moment `out/<game>` is missing), and removed by
 * the next build.
 */
const swapIn = (game: string, next: string, current: string | undefined): void => {
  const link = `${game}.${tmpTag()}.link`
  symlinkSync(
    process.platform === 'win32' ? next : relative(dirname(game), next),
    link,
    process.platform === 'win32' ? 'junction' : 'dir',
  )
  try {
    if (current === game) renameSync(game, join(dirname(next), buildName(basename(game))))
    else if (process.platform === 'win32' && lstatSync(game, { throwIfNoEntry: false })) unlinkSync(game) // a junction is not replaced by a rename
    renameSync(link, game)
  } catch (error) {
    rmSync(link, { force: true })
    removeManifests(next)
    rmSync(next, { recursive: true, force: true })
    throw error
  }
}

/** A build and its manifests removed (one that cannot be, a file open elsewhere, is removed by a later build). */
const dropBuild = (build: string): void => {
  try {
    removeManifests(build)
    rmSync(build, { recursive: true, force: true })
  } catch {
    // in use: a later build removes it
  }
}

/**
 * Keeps the build just replaced as the spare the next build is made from: its faces (links of the store's
 * files, which cost nothing) stay, its other files (sheets, booklet) go.
 */
const makeSpare = (build: string, contents: BuildContents): void => {
  for (const rel of contents.other) rmSync(join(build, rel), { force: true })
  removeEmptiedFolders(build, contents.other)
  writeManifest(build, { linked: contents.linked, other: new Set() }, true)
  removeManifests(build, [false])
}

/**
 * The game's spare build, taken for this one (renamed to this build's name, so that no other build takes it
 * too), with what it holds; none when there is none or it was changed by hand (then it goes). Other spares
 * go too.
 */
const claimSpare = (
  builds: string,
  game: string,
  current: string | undefined,
): { folder: string; contents: BuildContents } | undefined => {
  let claimed: { folder: string; contents: BuildContents } | undefined
  for (const spare of sparesOf(builds, game)) {
    if (spare === current) continue
    const contents = !claimed && readManifest(spare, true)
    if (contents) {
      const folder = join(builds, buildName(game))
      try {
        renameSync(spare, folder)
      } catch {
        continue // another build took it
      }
      removeManifests(spare)
      claimed = { folder, contents }
    } else dropBuild(spare) // changed by hand, damaged, or one spare too many: a spare is never in use
  }
  return claimed
}

/** The game's spare builds (folders in `builds` with a spare manifest beside them), never another game's. */
const sparesOf = (builds: string, game: string): string[] =>
  (existsSync(builds) ? readdirSync(builds) : [])
    .filter((name) => name.endsWith('.spare.json'))
    .map((name) => name.slice(0, -'.spare.json'.length))
    .filter((name) => isBuildOf(game, name))
    .map((name) => join(builds, name))

/**
 * Builds of this game that are neither `out/<game>` nor its spare and whose process has ended (a build
 * stopped midway): removed, with manifests whose build is gone.
 */
const removeLeftovers = (builds: string, game: string, current: string | undefined): void => {
  const parent = dirname(builds)
  const live = current && basename(current)
  if (existsSync(builds)) {
    const names = new Set(readdirSync(builds))
    for (const name of names) {
      if (isBuildOf(game, name) && name !== live && !names.has(`${name}.spare.json`) && !madeByRunningProcess(name))
        dropBuild(join(builds, name))
      const of = /^(.*?)(?:\.spare)?\.json$/.exec(name)?.[1]
      if (of && isBuildOf(game, of) && !names.has(of) && !madeByRunningProcess(of))
        rmSync(join(builds, name), { force: true })
    }
  }
  // Links made for a swap that never happened.
  for (const name of existsSync(parent) ? readdirSync(parent) : [])
    if (name.endsWith('.link') && isBuildOf(game, name.slice(0, -'.link'.length)) && !madeByRunningProcess(name))
      rmSync(join(parent, name), { force: true })
}

/** `from` linked (or copied) to `to`; false when there is no `from` (a file removed from the outputs by hand). */
const linkIfThere = (from: string, to: string): boolean => {
  try {
    linkOrCopy(from, to)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
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
