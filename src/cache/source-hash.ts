import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { installedVersion, OWN_CODE, packageDir } from '../util/packages.ts'
import { insideFolder, statFollowed } from '../util/inside-folder.ts'

const CODE = OWN_CODE

/**
 * Every regular file under a folder, in a fixed order. Links are followed only while they stay inside the
 * folder (each folder once): a game's folders hold untrusted files, and a link to /dev/zero or out of the
 * project is never read. A loop of links holds nothing: it is skipped, and added to `loops` when given.
 */
export const filesUnder = (dir: string, within = dir, seen = new Set<string>(), loops?: string[]): string[] => {
  if (!existsSync(dir) || (dir !== within && !insideFolder(within, dir))) return []
  const real = realpathSync(dir)
  if (seen.has(real)) return []
  seen.add(real)
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name)
      const stat = statFollowed(path)
      if (stat === 'loop') return (loops?.push(path), [])
      if (stat?.isDirectory()) return filesUnder(path, within, seen, loops)
      return stat?.isFile() && insideFolder(within, path) ? [path] : []
    })
}

/** A file a game loads as a module (its definition, templates, and what they import: code and JSON), not as data. */
export const isModuleFile = (file: string): boolean => /\.(?:[cm]?[jt]sx?|json)$/.test(file)

/**
 * The packages whose code or data decide what deckwright draws and writes: the renderers, the PDF writer,
 * the fonts and icons. Their installed versions (and those of their native binaries) are part of every
 * cache key, so that an upgrade draws again and nothing else does.
 */
export const DRAWING_PACKAGES = [
  'satori',
  '@resvg/resvg-js',
  'sharp',
  'pdfkit',
  'fontkit',
  'react',
  '@fontsource/inter',
  '@fontsource/bitter',
  '@iconify-json/game-icons',
  'unified',
  'remark-parse',
  'remark-gfm',
] as const

/** `name@version` of a package and of the native binaries installed with it (its optional dependencies). */
export const packageVersions = (name: string): string[] => {
  const dir = packageDir(name)
  if (!dir) return [`${name}@missing`]
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    version?: string
    optionalDependencies?: Record<string, string>
  }
  const native = Object.keys(pkg.optionalDependencies ?? {})
    .filter((dep) => packageDir(dep, dir))
    .map((dep) => `${dep}@${installedVersion(dep, dir)}`)
  return [`${name}@${pkg.version}`, ...native]
}

let installed: string | undefined

/** The installed drawing packages, and node's zlib (which compresses the PNGs), as one line of text. */
export const installedPackages = (): string =>
  (installed ??= [...DRAWING_PACKAGES.flatMap((name) => packageVersions(name)), `zlib@${process.versions.zlib}`].join(
    '\n',
  ))

const known = new Map<string, string>()

/**
 * A digest of deckwright's own shipped code in these folders (e.g. 'render', 'booklet') and of the
 * installed drawing packages: what a cached output made by that code depends on besides its inputs.
 * Worked out once per process.
 */
export const sourceHash = (...folders: string[]): string => {
  const id = folders.join('\0')
  let digest = known.get(id)
  if (!digest) {
    const hash = createHash('sha256')
    for (const file of folders.flatMap((f) => filesUnder(join(CODE, f))))
      hash.update(file.slice(CODE.length)).update('\0').update(readFileSync(file))
    hash.update(installedPackages())
    known.set(id, (digest = hash.digest('hex')))
  }
  return digest
}

/**
 * The fonts and icon sets installed in a designer's project (`@fontsource/*`, `@iconify-json/*`), as
 * `name@version` lines: templates draw with them, so an upgrade draws again.
 */
export const projectDrawingPackages = (root: string): string => {
  const lines: string[] = []
  for (const scope of ['@fontsource', '@iconify-json']) {
    const dir = join(root, 'node_modules', scope)
    if (!existsSync(dir)) continue
    for (const name of readdirSync(dir).sort()) {
      try {
        lines.push(
          `${scope}/${name}@${(JSON.parse(readFileSync(join(dir, name, 'package.json'), 'utf8')) as { version?: string }).version}`,
        )
      } catch {
        lines.push(`${scope}/${name}@unreadable`)
      }
    }
  }
  return lines.join('\n')
}
