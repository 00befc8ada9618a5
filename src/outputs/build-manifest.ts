import { lstatSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs'
import { fileStamp } from '../util/file-stamp.ts'
import { dirname, join, relative, sep } from 'node:path'
import { writeFileAtomic } from '../util/atomic-write.ts'

/**
 * What a build folder of a game's outputs (`out/.builds/<game>.<tag>`) holds: each file that is a hard
 * link of a file of the face store (its path in the folder → the store's file), and every other file.
 */
export interface BuildContents {
  linked: Map<string, string>
  other: Set<string>
}

export const noContents = (): BuildContents => ({ linked: new Map(), other: new Set() })

/**
 * A build's manifest, beside its folder: `<build>.json` while it is being put in place or is the game's
 * outputs, `<build>.spare.json` once a newer build replaced it and it waits to be made into the next one
 * (see OutputBatch.commit). With the contents, the modification time of each of its folders when the
 * manifest was written: a file added or removed since by anyone else changes one, and the manifest is not
 * trusted then.
 */
interface ManifestFile {
  linked: [string, string][]
  other: string[]
  folders: [string, string][]
}

export const manifestPath = (build: string, spare: boolean): string => `${build}${spare ? '.spare' : ''}.json`

/** Every folder of a build that holds its files (its own folder too), as paths relative to it. */
const foldersOf = (contents: BuildContents): string[] => {
  const folders = new Set([''])
  for (const rel of [...contents.linked.keys(), ...contents.other])
    for (let dir = dirname(rel); dir !== '.' && !folders.has(dir); dir = dirname(dir)) folders.add(dir)
  return [...folders]
}

const stampOf = (path: string): string | undefined =>
  lstatSync(path, { bigint: true, throwIfNoEntry: false })?.mtimeNs.toString()

/**
 * Manifests this process wrote or read, by path, with the time and size of their file: a watch's next build
 * finds them here rather than parsing 20,000 entries again. The contents are never changed once made.
 */
const known = new Map<string, { stamp: string; contents: BuildContents; folders: [string, string][] }>()

/** Writes a build's manifest (its folders' times as they are now: call it after its last change). */
export const writeManifest = (build: string, contents: BuildContents, spare: boolean): void => {
  const folders: ManifestFile['folders'] = foldersOf(contents).map((rel) => [rel, stampOf(join(build, rel)) ?? ''])
  const path = manifestPath(build, spare)
  writeFileAtomic(path, manifestText(contents, folders), { inside: dirname(build) })
  known.set(path, { stamp: fileStamp(path)!, contents, folders })
}

/** A manifest (`ManifestFile`) as JSON text in pieces, an entry each: 100,000 files' are never one string in memory. */
function* manifestText(contents: BuildContents, folders: ManifestFile['folders']): Generator<string> {
  function* list(entries: Iterable<unknown>): Generator<string> {
    let comma = ''
    for (const entry of entries) {
      yield `${comma}${JSON.stringify(entry)}`
      comma = ','
    }
  }
  yield '{"linked":['
  yield* list(contents.linked)
  yield '],"other":['
  yield* list(contents.other)
  yield `],"folders":${JSON.stringify(folders)}}`
}

/**
 * A build's contents as its manifest says, when it has one and none of its folders changed since it was
 * written; undefined otherwise (no manifest, a damaged one, a file added or removed by hand).
 */
export const readManifest = (build: string, spare: boolean): BuildContents | undefined => {
  const path = manifestPath(build, spare)
  const stamp = fileStamp(path)
  if (!stamp) return undefined
  let found = known.get(path)
  if (found?.stamp !== stamp)
    try {
      const manifest = JSON.parse(readFileSync(path, 'utf8')) as ManifestFile
      if (!Array.isArray(manifest.linked) || !Array.isArray(manifest.other) || !Array.isArray(manifest.folders))
        return undefined
      found = {
        stamp,
        contents: { linked: new Map(manifest.linked), other: new Set(manifest.other) },
        folders: manifest.folders,
      }
      known.set(path, found)
    } catch {
      return undefined
    }
  for (const [rel, folder] of found.folders) if (!folder || stampOf(join(build, rel)) !== folder) return undefined
  return found.contents
}

/** Removes a build's manifests (both unless `which` says; none there is fine). */
export const removeManifests = (build: string, which: readonly boolean[] = [false, true]): void => {
  for (const spare of which) {
    rmSync(manifestPath(build, spare), { force: true })
    known.delete(manifestPath(build, spare))
  }
}

/** Every file under a build folder, as paths relative to it (a build without a manifest, or one changed by hand). */
export const foundIn = (folder: string): BuildContents => {
  const other = new Set<string>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile()) other.add(relative(folder, path))
    }
  }
  walk(folder)
  return { linked: new Map(), other }
}

/** Removes the folders of `build` that removing `files` (relative paths) left empty, deepest first. */
export const removeEmptiedFolders = (build: string, files: Iterable<string>): void => {
  const folders = new Set<string>()
  for (const rel of files) for (let dir = dirname(rel); dir !== '.'; dir = dirname(dir)) folders.add(dir)
  for (const dir of [...folders].sort((a, b) => b.split(sep).length - a.split(sep).length))
    try {
      rmdirSync(join(build, dir))
    } catch {
      // not empty: it holds files still
    }
}
