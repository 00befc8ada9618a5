import { existsSync, realpathSync } from 'node:fs'
import { dirname, isAbsolute, relative, sep } from 'node:path'

const within = (dir: string, path: string): boolean => {
  const rel = relative(dir, path)
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
}

/**
 * Whether `path` lies inside `dir` once symlinks are resolved: files named by untrusted data (card art,
 * the rules' pictures) are read only from the game's own folders, never from elsewhere on the machine. A
 * file that does not exist is judged by the folder that would hold it (a link may lead that out), so the
 * answer never tells whether a file outside exists.
 */
export const insideFolder = (dir: string, path: string): boolean => {
  if (!within(dir, path)) return false
  if (!existsSync(dir)) return true // nothing there to read: the file is missing
  try {
    const root = realpathSync(dir)
    let found = path
    while (!existsSync(found)) found = dirname(found)
    const real = realpathSync(found)
    return real === root ? found !== path : within(root, real)
  } catch {
    return false
  }
}
