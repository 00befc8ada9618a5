// A game's files as they were at a git revision, read from git's object store into a folder of their own
// (`deckwright changes`): never checked out over the designer's work, and nothing written outside that folder.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { isWithin } from '../util/inside-folder.ts'

/** Why a revision cannot be read: one line for the designer (the command exits 2). */
export class RevisionProblem extends Error {}

/** A revision as asked for, and the commit it names. */
export interface Revision {
  ref: string
  commit: string
}

const git = (root: string, args: string[], input?: string) => {
  const run = spawnSync('git', args, { cwd: root, input, maxBuffer: 2 ** 31 - 1 })
  if (run.error)
    throw new RevisionProblem(
      `could not run git (${(run.error as NodeJS.ErrnoException).code ?? run.error.message}): comparing with a revision needs git installed`,
    )
  return { ok: run.status === 0, out: run.stdout, err: run.stderr.toString('utf8').trim() }
}

/** The commit `ref` names in the repository `root` is in; a RevisionProblem when there is none. */
export const findRevision = (root: string, ref: string): Revision => {
  if (!ref || ref.startsWith('-'))
    throw new RevisionProblem(`"${ref}" is not a revision: expected e.g. HEAD, v1.2, main`)
  if (!git(root, ['rev-parse', '--git-dir']).ok)
    throw new RevisionProblem(`${root} is not in a git repository: changes are compared with a git revision`)
  const found = git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])
  if (found.ok) return { ref, commit: found.out.toString('utf8').trim() }
  if (git(root, ['rev-parse', '--is-shallow-repository']).out.toString('utf8').trim() === 'true')
    throw new RevisionProblem(
      `no revision "${ref}" in this shallow clone: fetch its history first (git fetch --unshallow, or fetch-depth: 0 with actions/checkout)`,
    )
  if (ref === 'HEAD' && !git(root, ['rev-parse', '--verify', '--quiet', 'HEAD']).ok)
    throw new RevisionProblem('no revision HEAD: this repository has no commit yet')
  throw new RevisionProblem(`no revision "${ref}" in this repository`)
}

/** A tree entry: a file's mode, its object and its path (relative to `root`). */
interface Entry {
  mode: string
  object: string
  path: string
}

/** The files under `folders` (relative to `root`) at the commit: regular files only (no links, no submodules). */
const filesAt = (root: string, commit: string, folders: readonly string[]): Entry[] => {
  const listed = git(root, ['ls-tree', '-r', '-z', commit, '--', ...folders])
  if (!listed.ok) throw new RevisionProblem(`could not list the files of ${commit.slice(0, 12)}: ${listed.err}`)
  return listed.out
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t')
      const [mode, type, object] = line.slice(0, tab).split(' ')
      return { mode: mode!, type, object: object!, path: line.slice(tab + 1) }
    })
    .filter((e) => e.type === 'blob' && (e.mode === '100644' || e.mode === '100755'))
}

/** The objects' bytes, read at once (`git cat-file --batch`). */
const readObjects = (root: string, objects: readonly string[]): Buffer[] => {
  if (!objects.length) return []
  const read = git(root, ['cat-file', '--batch'], `${objects.join('\n')}\n`)
  if (!read.ok) throw new RevisionProblem(`could not read the files of a revision from git: ${read.err}`)
  const out = read.out
  const blobs: Buffer[] = []
  let at = 0
  for (const _ of objects) {
    const end = out.indexOf(10, at)
    const size = Number(out.toString('utf8', at, end).split(' ')[2])
    if (!Number.isInteger(size)) throw new RevisionProblem('git gave an object deckwright could not read')
    blobs.push(out.subarray(end + 1, end + 1 + size))
    at = end + 1 + size + 1
  }
  return blobs
}

/**
 * Writes the files of `folders` (paths relative to `root`, such as `rules/<game>`) at the commit into
 * `dest`, as they sit under `root`: once per commit (a folder there already is taken as it is). The
 * folder's `node_modules` is a link to the project's, so that the game's code imports today's packages.
 * Written into a temporary folder first, then renamed into place: an interrupted copy is never taken.
 */
export const extractRevision = (root: string, commit: string, folders: readonly string[], dest: string): void => {
  if (existsSync(dest)) return
  const entries = filesAt(root, commit, folders)
  const blobs = readObjects(
    root,
    entries.map((e) => e.object),
  )
  mkdirSync(dirname(dest), { recursive: true })
  const staging = mkdtempSync(`${dest}.tmp-`)
  try {
    entries.forEach((entry, i) => {
      const file = join(staging, entry.path)
      // git keeps no `..` in a path; a tree made by hand might.
      if (!isWithin(staging, file)) return
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, blobs[i]!, { mode: entry.mode === '100755' ? 0o755 : 0o644 })
    })
    const modules = join(root, 'node_modules')
    if (existsSync(modules)) symlinkSync(modules, join(staging, 'node_modules'), 'junction')
    renameSync(staging, dest)
  } catch (error) {
    rmSync(staging, { recursive: true, force: true })
    // Another run put the same commit in place first: its copy is as good.
    if (existsSync(dest)) return
    throw error
  }
}
