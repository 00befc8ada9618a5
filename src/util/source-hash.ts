import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const SRC = fileURLToPath(new URL('../', import.meta.url))
const LOCKFILE = fileURLToPath(new URL('../../package-lock.json', import.meta.url))

/** Every file under a folder, in a fixed order. */
export const filesUnder = (dir: string): string[] =>
  !existsSync(dir)
    ? []
    : readdirSync(dir)
        .sort()
        .flatMap((name) => {
          const path = join(dir, name)
          return statSync(path).isDirectory() ? filesUnder(path) : [path]
        })

/** A file a game loads as a module (its definition, templates, and what they import: code and JSON), not as data. */
export const isModuleFile = (file: string): boolean => /\.(?:[cm]?[jt]sx?|json)$/.test(file)

const known = new Map<string, string>()

/**
 * A digest of deckwright's own code in these folders of `src/` (e.g. 'render', 'booklet') and of the
 * installed packages (the lockfile: satori, resvg, pdfkit, fonts, icons): what a cached output made by
 * that code depends on besides its inputs. Worked out once per process.
 */
export const sourceHash = (...folders: string[]): string => {
  const id = folders.join('\0')
  let digest = known.get(id)
  if (!digest) {
    const hash = createHash('sha256')
    for (const file of [...folders.flatMap((f) => filesUnder(join(SRC, f))), LOCKFILE]) if (existsSync(file)) hash.update(file.slice(SRC.length)).update('\0').update(readFileSync(file))
    known.set(id, (digest = hash.digest('hex')))
  }
  return digest
}
