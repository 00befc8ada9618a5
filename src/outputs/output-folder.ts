import { lstatSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { writablePath } from '../util/inside-folder.ts'
import { failWriteForTest, writeFailureReason } from '../util/write-failure.ts'

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

/** deckwright's own folders in the output folder: the caches of games' faces and outputs, and their builds. */
const OWN_FOLDERS = ['.cache', '.builds']

/**
 * Whether the output folder, and deckwright's folders in it, lead elsewhere through links a project
 * committed: undefined when they do not, else one sentence that names the link. The output folder lies
 * inside the project unless the designer `typed` it on the command line (`--out`): a folder of theirs to
 * choose, where a link a pull request commits (a symlink named `out`) is not. The caches and the builds
 * in it, and the games' folders in them, lie inside it (the links deckwright makes itself,
 * `out/<game>` to `out/.builds/…`, do).
 */
export const outputLinksProblem = (root: string, dir: string, shown: string, typed: boolean): string | undefined => {
  const outside = (folder: string, path: string): boolean => {
    try {
      writablePath(folder, path)
      return false
    } catch {
      return true
    }
  }
  if (!typed && outside(root, dir))
    return `the output folder ${shown} is a link that leads out of the project: deckwright writes only inside the project, unless --out names another folder`
  const said = (link: string) =>
    `${join(shown, link.slice(dir.length + 1))} is a link that leads out of the output folder ${shown}: deckwright writes its caches and builds only inside it (remove the link)`
  // A file where the folder should be is outputFolderProblem's to say.
  let folderThere = false
  try {
    folderThere = statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false
  } catch {
    // a loop of links: outputFolderProblem says it cannot be written
  }
  if (!folderThere) return undefined
  for (const own of OWN_FOLDERS) {
    const folder = join(dir, own)
    if (!lstatSync(folder, { throwIfNoEntry: false })) continue
    if (outside(dir, folder)) return said(folder)
    if (!statSync(folder).isDirectory()) continue
    const link = readdirSync(folder)
      .map((name) => join(folder, name))
      .find((path) => lstatSync(path).isSymbolicLink() && outside(dir, path))
    if (link) return said(link)
  }
  return undefined
}
