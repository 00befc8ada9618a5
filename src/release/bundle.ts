// The files of a release that are not made by the build: the credits and licence as text, the README, the
// checksum list and the zip of them all. Each is plain bytes from plain data: the same release gives the same bytes.
import { createHash } from 'node:crypto'
import { zipSync, type Zippable } from 'fflate'
import { creditsFor, creditWords } from '../outputs/credits.ts'
import { outputWords } from '../outputs/output-words.ts'
import type { License } from '../engine/license.ts'
import type { DrawnWith } from '../render/template/drawn-with.ts'
import { buildDate } from '../pdf/document.ts'

/** A file of the bundle: its name in the release folder, and its bytes or the file they are in. */
export interface BundleFile {
  name: string
  data: Uint8Array
}

/** A version as it can stand in a file name: what is not a letter, digit, `.`, `+` or `-` becomes `-` (the definition is the game's code). */
export const safeVersion = (version: unknown): string =>
  (
    String(version ?? '')
      .replace(/[^A-Za-z0-9.+-]+/g, '-')
      .replace(/^[.-]+/, '') || '0'
  ).slice(0, 64)

/** The credits as text: what every face was drawn with, as the sheets' and booklet's credits pages say it. */
export const creditsText = (title: string, drawnWith: DrawnWith, root: string): string => {
  const words = outputWords('en')
  const lines = [`${title}: ${words.credits}`, '']
  for (const credit of creditsFor(drawnWith, root)) {
    const said = creditWords(credit, words)
    lines.push(said.name, ...said.statements.map((s) => `  ${s}`), `  ${said.source}`, '')
  }
  lines.push(words.madeWith, '')
  return lines.join('\n')
}

/** The licence file: the game's name and licence first, then the licence's text. */
export const licenseText = (title: string, license: License): string =>
  license.kind === 'file'
    ? license.text
    : `${title} is licensed under the ${license.name} (SPDX: ${license.id}).\n${license.url ? `${license.url}\n` : ''}\n${license.text.trim()}\n`

/** What the README says of each file, by the end of its name. */
export interface ReadmeContent {
  title: string
  version: string
  players?: { min: number; max: number }
  /** Each file and what it is, in the bundle's order. */
  files: { name: string; what: string }[]
  license?: License
}

/** The short README.txt of a release: what the game is, which file to print, how. */
export const readmeText = ({ title, version, players, files, license }: ReadmeContent): string => {
  const width = Math.max(...files.map((f) => f.name.length))
  const lines = [
    `${title} ${version}`,
    players ? `A print-and-play card game for ${players.min}–${players.max} players.` : 'A print-and-play card game.',
    '',
    'Print the card sheets for your paper (A4 or Letter) at 100% (actual size, no "fit to page"),',
    'double-sided, flipping on the long edge; the ink-friendly sheets use little ink. Then cut the',
    'cards along the marks. Each tuck box prints on one page: cut the solid lines, fold the dashed ones.',
    '',
    'Files:',
    ...files.map((f) => `  ${f.name.padEnd(width)}  ${f.what}`),
    '',
    license
      ? `Licence: ${license.kind === 'spdx' ? `${license.name} (${license.id})` : `see ${files.find((f) => /-LICENSE\.txt$/.test(f.name))?.name ?? 'the licence file'}`}.`
      : 'No licence was given: ask the designer before you share or change this game.',
    'Made with deckwright.',
    '',
  ]
  return lines.join('\n')
}

/** The checksum list in `sha256sum`'s format (`sha256sum -c` checks it), one line a file, in name order. */
export const checksums = (files: readonly BundleFile[]): string =>
  [...files]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((f) => `${createHash('sha256').update(f.data).digest('hex')}  ${f.name}\n`)
    .join('')

/**
 * The time every zip entry carries: SOURCE_DATE_EPOCH when set, else 1980-01-01 (zip's dates start in
 * 1980). Zip stores a local date and time: the UTC fields are given as local ones, so the bytes are the
 * same in any time zone.
 */
const zipTime = (): Date => {
  const date = buildDate()
  const t = date.getUTCFullYear() < 1980 ? new Date(Date.UTC(1980, 0, 1)) : date
  return new Date(
    t.getUTCFullYear(),
    t.getUTCMonth(),
    t.getUTCDate(),
    t.getUTCHours(),
    t.getUTCMinutes(),
    t.getUTCSeconds(),
  )
}

/**
 * The zip of the files, in a folder `folder/`, byte for byte the same from one run to the next: the entries
 * in the order given, one fixed time, no extra fields. PDFs are stored (their streams are compressed
 * already), the rest deflated.
 */
export const zipBundle = (folder: string, files: readonly BundleFile[]): Uint8Array => {
  const mtime = zipTime()
  const entries: Zippable = {}
  for (const f of files)
    entries[`${folder}/${f.name}`] = [f.data, { mtime, level: f.name.endsWith('.pdf') ? 0 : 9, os: 3 }]
  return zipSync(entries, { mtime })
}
