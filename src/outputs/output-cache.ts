import { existsSync, readFileSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { writeFileAtomic } from '../util/atomic-write.ts'

/** A file an output writes, by its name under the game's output folder. */
export interface OutputFile {
  name: string
  data: Buffer | string
}

/** What making an output gave: its files, and the problems met making them (reported again when reused). */
export interface MadeOutput {
  files: OutputFile[]
  diagnostics: Diagnostic[]
}

/**
 * Makes an output's files, or takes them from `<cacheDir>/outputs/<key>/` when the key (a digest of all
 * they are made from) was made before. The manifest is written last: an entry is complete when it is there.
 */
export const cachedOutput = async (
  cacheDir: string | undefined,
  key: string,
  make: () => Promise<MadeOutput>,
): Promise<MadeOutput> => {
  const dir = cacheDir && join(cacheDir, 'outputs', key)
  const manifest = dir && join(dir, 'files.json')
  if (dir && manifest && existsSync(manifest)) {
    try {
      const { names, diagnostics } = JSON.parse(readFileSync(manifest, 'utf8')) as {
        names: string[]
        diagnostics: Diagnostic[]
      }
      const now = new Date()
      utimesSync(manifest, now, now) // in use: kept by the cache's pruning
      return { files: names.map((name, i) => ({ name, data: readFileSync(join(dir, String(i))) })), diagnostics }
    } catch {
      // a damaged entry is made again
    }
  }
  const made = await make()
  if (dir && manifest) {
    // Inside the game's cache folder, whatever links lie under it.
    const where = { inside: cacheDir! }
    made.files.forEach((f, i) => writeFileAtomic(join(dir, String(i)), f.data, where))
    writeFileAtomic(
      manifest,
      JSON.stringify({ names: made.files.map((f) => f.name), diagnostics: made.diagnostics }),
      where,
    )
  }
  return made
}
