// A game's licence (`license` in its definition): an SPDX licence id, whose name, address and text come from
// the `spdx-license-list` package (SPDX's own list, CC0), or a file of the game's rules folder.
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { insideFolder } from '../util/inside-folder.ts'
import { packageDir } from '../util/packages.ts'
import { pathProblem } from './safe-path.ts'

/** A licence as the release writes it: its name, where it is published, and its text. */
export interface License {
  /** The SPDX id (`CC-BY-4.0`), or the file's path in the rules folder. */
  id: string
  kind: 'spdx' | 'file'
  /** "Creative Commons Attribution 4.0 International"; a file's own path. */
  name: string
  url?: string
  text: string
}

interface SpdxEntry {
  name: string
  url: string
  licenseText?: string
}

let ids: Map<string, string> | undefined
/** SPDX's licence ids, by their lower case (SPDX ids match whatever their case). */
const spdxIds = (): Map<string, string> => {
  if (!ids) {
    const dir = packageDir('spdx-license-list')
    const list = dir ? (JSON.parse(readFileSync(join(dir, 'spdx.json'), 'utf8')) as Record<string, SpdxEntry>) : {}
    ids = new Map(Object.keys(list).map((id) => [id.toLowerCase(), id]))
  }
  return ids
}

/** The SPDX id as SPDX spells it (`cc-by-4.0` → `CC-BY-4.0`), or undefined when SPDX lists no such licence. */
export const spdxId = (id: string): string | undefined => spdxIds().get(id.trim().toLowerCase())

/** An SPDX licence with its full text (one file of the package, read when a release needs it). */
const spdxLicense = (id: string): License => {
  const entry = JSON.parse(
    readFileSync(join(packageDir('spdx-license-list')!, 'licenses', `${id}.json`), 'utf8'),
  ) as SpdxEntry
  return { id, kind: 'spdx', name: entry.name, url: entry.url, text: entry.licenseText ?? '' }
}

/** The largest licence file read (the longest licence SPDX lists is under 50 KB). */
const MAX_LICENSE_BYTES = 1 << 20

/** What a `license` of the definition names, or why it names nothing: an SPDX id, or a file inside `rulesDir`. */
export const resolveLicense = (
  license: unknown,
  rulesDir: string,
): { license: License; problem?: undefined } | { license?: undefined; problem: string } => {
  if (typeof license !== 'string' || !license.trim())
    return { problem: `\`license\` must be an SPDX licence id such as "CC-BY-4.0", or a file in the rules folder` }
  const id = spdxId(license)
  if (id) return { license: spdxLicense(id) }
  const badPath = pathProblem(license)
  const file = join(rulesDir, ...license.split('/'))
  if (!badPath && insideFolder(rulesDir, file))
    try {
      // The rules folder comes in pull requests: a licence is a few pages, never a file to fill the memory.
      if (statSync(file).size > MAX_LICENSE_BYTES)
        return { problem: `\`license\` names ${license}, which is larger than a licence (over 1 MB)` }
      return { license: { id: license, kind: 'file', name: license, text: readFileSync(file, 'utf8') } }
    } catch {
      // neither an id nor a file: said below
    }
  return {
    problem: `\`license\` "${license}" is neither an SPDX licence id (such as "CC-BY-4.0", "CC-BY-NC-SA-4.0" or "MIT"; see https://spdx.org/licenses/) nor a file in the game's rules folder`,
  }
}
