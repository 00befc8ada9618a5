import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** deckwright's own folder: the package root, whether it runs from dist/ (installed) or src/ (this repository). */
export const OWN_ROOT = fileURLToPath(new URL('../../', import.meta.url))
/** deckwright's running code: dist/ in the package, src/ when it runs from its sources. */
export const OWN_CODE = fileURLToPath(new URL('../', import.meta.url))

const read = (file: string): { name?: string; version?: string } =>
  JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }

type OwnPackage = { name: string; version: string; exports: Record<string, string | { default: string }> }
let own: OwnPackage | undefined
/** deckwright's own package.json. */
export const ownPackage = (): OwnPackage => (own ??= read(join(OWN_ROOT, 'package.json')) as OwnPackage)

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

/**
 * A file of a package, found first from the project's folder (what the designer installed: their fonts
 * and icon sets, wherever npm or pnpm put them), then from deckwright's own; undefined when neither has it.
 */
export const packageFile = (name: string, subpath: string, projectRoot?: string): string | undefined => {
  for (const from of projectRoot ? [projectRoot, OWN_ROOT] : [OWN_ROOT]) {
    const dir = existsSync(from) ? packageDir(name, from) : undefined
    const file = dir && join(dir, subpath)
    if (file && existsSync(file)) return file
  }
  return undefined
}

/** When a file under `dir` (its folders walked) last changed, in ms; 0 for an empty folder. */
const newestChange = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (t, e) => Math.max(t, e.isDirectory() ? newestChange(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs),
    0,
  )

/**
 * Whether deckwright's compiled code (`dist/`, built by `npm run build`) is newer than its every source file
 * (`src/` and package.json): what its tests and bench, which run from the sources, ask before they run the
 * compiled command or thread. False when either is missing.
 */
export const compiledIsCurrent = (): boolean => {
  try {
    const built = statSync(join(OWN_ROOT, 'dist', 'cli.js')).mtimeMs
    return built > Math.max(newestChange(join(OWN_ROOT, 'src')), statSync(join(OWN_ROOT, 'package.json')).mtimeMs)
  } catch {
    return false
  }
}
