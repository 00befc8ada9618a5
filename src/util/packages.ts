import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** deckwright's own folder: the package root, whether it runs from dist/ (installed) or src/ (this repository). */
export const OWN_ROOT = fileURLToPath(new URL('../../', import.meta.url))

const read = (file: string): { name?: string; version?: string } => JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }

/** deckwright's own package.json. */
export const ownPackage = (): { name: string; version: string } => read(join(OWN_ROOT, 'package.json')) as { name: string; version: string }

/**
 * The folder of a package as Node finds it from `from` (default: deckwright's own folder, so an `npm link`ed
 * or `file:` deckwright sees its own dependencies): the nearest node_modules/<name> above it. Found by its
 * package.json, which a package's `exports` often hide from `require.resolve`.
 */
export const packageDir = (name: string, from: string = OWN_ROOT): string | undefined => {
  for (let dir = realpathSync(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate)
    if (dirname(dir) === dir) return undefined
  }
}

/** The installed version of a package (see packageDir); 'missing' when there is none. */
export const installedVersion = (name: string, from?: string): string => {
  const dir = packageDir(name, from)
  return dir ? (read(join(dir, 'package.json')).version ?? 'unknown') : 'missing'
}
