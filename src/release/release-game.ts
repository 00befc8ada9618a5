// `deckwright release`: a game's print-and-play bundle in `<out>/<game>/release/`. The build makes its sheets
// four times (A4 and Letter, normal and ink-friendly), its booklets and tuck boxes, each into a work folder of
// its own with the game's one face store: the faces are drawn once for each look, and the other paper takes
// them from the store. The release then names the files after the game and its version, adds the credits,
// the licence, a README and a checksum list, zips them, and puts the lot in place at once.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { hasErrors, type Diagnostic, type Result } from '../diagnostics/diagnostic.ts'
import type { GameDef } from '../engine/define.ts'
import { resolveLicense, type License } from '../engine/license.ts'
import { gameLanguages } from '../engine/translations.ts'
import { gamePaths, relativePath } from '../load/project.ts'
import { buildGame, type BuildOptions, type BuildReport } from '../make/build-game.ts'
import { OutputBatch, OutputInTheWay } from '../outputs/output-batch.ts'
import { isWithin } from '../util/inside-folder.ts'
import type { PaperName } from '../print/paper.ts'
import { DEFAULT_CARD_GSM, cardThicknessMm } from '../print/card-thickness.ts'
import type { RendererName } from '../render/renderers/renderer.ts'
import { threadHeap, withThreads, type GameThreads } from '../threads/threads.ts'
import { isWriteFailure, writeFailureReason } from '../util/write-failure.ts'
import { checksums, creditsText, licenseText, readmeText, safeVersion, zipBundle, type BundleFile } from './bundle.ts'

export interface ReleaseOptions {
  /** Output folder: the bundle goes to `<outDir>/<game>/release/`. */
  outDir: string
  /** Resolution of the faces on the sheets; default 300. */
  dpi?: number
  /** Only these sets (e.g. ['base']); default all. */
  sets?: readonly string[]
  /** The languages besides the default (as `build`'s `languages`); default every language the game has. */
  languages?: readonly string[]
  /** A card's thickness for the tuck boxes, in millimetres; default that of 300 gsm card (`cardThicknessMm`). */
  cardThicknessMm?: number
  jobs?: number
  renderer?: RendererName
  threads?: GameThreads
  timeout?: number
  progress?: BuildOptions['progress']
}

export interface ReleaseReport {
  game: string
  version: string
  /** The release folder, relative to the project. */
  folder: string
  /** The bundle's files, in the order the README lists them (the checksum list and the zip last). */
  files: string[]
  /** Faces drawn in this run (the rest came from the store). */
  drawn: number
}

/** One way the sheets are printed: a paper, normal or ink-friendly; the first makes the booklets too. */
interface Variant {
  paper: PaperName
  inkFriendly: boolean
}
const VARIANTS: readonly Variant[] = [
  { paper: 'a4', inkFriendly: false },
  { paper: 'letter', inkFriendly: false },
  { paper: 'a4', inkFriendly: true },
  { paper: 'letter', inkFriendly: true },
]
const variantName = (v: Variant) => `${v.paper}${v.inkFriendly ? '-ink-friendly' : ''}`

/** Where a variant is built: a folder of the cache, with the game's outputs in `<id>/` under it. */
const workDir = (outDir: string, id: string, v: Variant) => join(outDir, '.cache', 'release', id, variantName(v))

/** The release folder's name inside the game's outputs. */
export const RELEASE_DIR = 'release'

/** Writes a game's release: the build's errors stop it, and the folder keeps the release before. */
export const releaseGame = (root: string, id: string, options: ReleaseOptions): Promise<Result<ReleaseReport>> =>
  withThreads(
    options.threads,
    options.timeout,
    (threads) => releaseWith(root, id, { ...options, threads }),
    threadHeap(options.renderer),
  )

const releaseWith = async (root: string, id: string, options: ReleaseOptions): Promise<Result<ReleaseReport>> => {
  const report: ReleaseReport = {
    game: id,
    version: '',
    folder: relativePath(root, join(options.outDir, id, RELEASE_DIR)),
    files: [],
    drawn: 0,
  }
  const diagnostics: Diagnostic[] = []
  const seen = new Set<string>()
  // Each variant's build validates the game again: its problems are said once.
  const note = (ds: readonly Diagnostic[]) => {
    for (const d of ds) {
      const key = JSON.stringify(d)
      if (!seen.has(key)) diagnostics.push(d)
      seen.add(key)
    }
  }
  let first: BuildReport | undefined
  for (const variant of VARIANTS) {
    const built = await buildGame(root, id, variantOptions(id, options, variant, variant === VARIANTS[0]))
    note(built.diagnostics.filter((d) => d.severity !== 'info'))
    report.drawn += built.value.drawn
    first ??= built.value
    if (hasErrors(diagnostics)) return { value: report, diagnostics }
  }
  const game = first!.definition!
  report.version = safeVersion(game.version)
  const paths = gamePaths(root, id)
  const license = gameLicense(game, paths.rulesDir, relativePath(root, paths.definition), diagnostics)
  const files = bundleFiles(root, id, options, game, first!, license)
  const written = writeRelease(root, id, options.outDir, report.version, files)
  if (typeof written !== 'string') diagnostics.push(written)
  else report.files = [...files.map((f) => f.name), `${id}-${report.version}-SHA256SUMS.txt`, written]
  return { value: report, diagnostics }
}

/** The build of one variant: its sheets (and, for the first, the booklets), its tuck boxes when not ink-friendly. */
const variantOptions = (id: string, options: ReleaseOptions, variant: Variant, withBooklet: boolean): BuildOptions => ({
  outDir: workDir(options.outDir, id, variant),
  storeDir: join(options.outDir, '.cache', id),
  paper: variant.paper,
  inkFriendly: variant.inkFriendly,
  dpi: options.dpi,
  sets: options.sets,
  ...(options.languages && { languages: options.languages }),
  overview: false,
  tts: false,
  ...(!withBooklet && { only: 'sheets' as const }),
  ...(!variant.inkFriendly && {
    tuckBox: { cardThicknessMm: options.cardThicknessMm ?? cardThicknessMm(DEFAULT_CARD_GSM) },
  }),
  jobs: options.jobs,
  renderer: options.renderer,
  threads: options.threads,
  progress: options.progress,
})

/** The game's licence; none, with a warning at the definition, when it names none (a bad one is validation's error). */
const gameLicense = (
  game: GameDef,
  rulesDir: string,
  definitionFile: string,
  diagnostics: Diagnostic[],
): License | undefined => {
  if (game.license === undefined) {
    diagnostics.push({
      rule: 'release/no-license',
      severity: 'warning',
      file: definitionFile,
      line: 1,
      column: 1,
      message:
        'the game names no licence, so its release has none and nobody may share it: add `license` to the definition, an SPDX id such as "CC-BY-4.0" or a file in the rules folder',
    })
    return undefined
  }
  return resolveLicense(game.license, rulesDir).license
}

/** The languages built: the default, then those asked for (as the build takes them). */
const builtLanguages = (game: GameDef, asked: readonly string[] | undefined): { lang: string; main: boolean }[] => {
  const [main, ...others] = gameLanguages(game)
  const rest = asked ? asked.filter((l) => l !== main) : others
  return [{ lang: main!, main: true }, ...rest.map((lang) => ({ lang, main: false }))]
}

/** Every file of the bundle but the checksum list and the zip, in the README's order, each with what it is. */
const bundleFiles = (
  root: string,
  id: string,
  options: ReleaseOptions,
  game: GameDef,
  built: BuildReport,
  license: License | undefined,
): (BundleFile & { what: string })[] => {
  const stem = `${id}-${safeVersion(game.version)}`
  const files: (BundleFile & { what: string })[] = []
  const take = (variant: Variant, lang: { lang: string; main: boolean }, part: string, name: string, what: string) => {
    const dir = join(workDir(options.outDir, id, variant), id, ...(lang.main ? [] : [lang.lang]))
    const file = join(dir, `${id}${lang.main ? '' : `-${lang.lang}`}-${part}.pdf`)
    if (existsSync(file)) files.push({ name, data: readFileSync(file), what })
  }
  for (const lang of builtLanguages(game, options.languages)) {
    const l = lang.main ? '' : `-${lang.lang}`
    const inLang = lang.main ? '' : ` (${lang.lang})`
    take(VARIANTS[0]!, lang, 'rules', `${stem}${l}-rules.pdf`, `the rules${inLang}`)
    for (const v of VARIANTS)
      take(v, lang, 'cards', `${stem}${l}-cards-${variantName(v)}.pdf`, `the card sheets${inLang}, ${paperWords(v)}`)
    for (const v of VARIANTS.filter((v) => !v.inkFriendly))
      take(
        v,
        lang,
        'tuck-boxes',
        `${stem}${l}-tuck-boxes-${v.paper}.pdf`,
        `a tuck box for each deck${inLang}, ${v.paper === 'a4' ? 'A4' : 'Letter'}`,
      )
  }
  const text = (name: string, body: string, what: string) =>
    files.push({ name: `${stem}-${name}`, data: Buffer.from(body), what })
  text(
    'credits.txt',
    creditsText(game.title, built.drawnWith ?? { fonts: [], icons: [] }, root),
    'who made the fonts and icons',
  )
  if (license)
    text(
      'LICENSE.txt',
      licenseText(game.title, license),
      `the licence${license.kind === 'spdx' ? ` (${license.id})` : ''}`,
    )
  const readme = readmeText({
    title: game.title,
    version: safeVersion(game.version),
    players: game.players,
    files: [
      ...files,
      { name: `${stem}-README.txt`, what: 'this file' },
      { name: `${stem}-SHA256SUMS.txt`, what: "the files' SHA-256 checksums (sha256sum -c)" },
    ],
    license,
  })
  files.splice(0, 0, { name: `${stem}-README.txt`, data: Buffer.from(readme), what: 'this file' })
  return files
}

const paperWords = (v: Variant) => `${v.paper === 'a4' ? 'A4' : 'Letter'}${v.inkFriendly ? ', ink-friendly' : ''}`

/**
 * Puts the bundle in place, with its checksum list and its zip, in `<outDir>/<game>/release/` (the release
 * before it removed, the game's other outputs kept), all at once; a diagnostic when it could not.
 */
const writeRelease = (
  root: string,
  id: string,
  outDir: string,
  version: string,
  files: readonly BundleFile[],
): Diagnostic | string => {
  const gameDir = join(outDir, id)
  const dir = join(gameDir, RELEASE_DIR)
  const stem = `${id}-${version}`
  const sums: BundleFile = { name: `${stem}-SHA256SUMS.txt`, data: Buffer.from(checksums(files)) }
  const all = [...files.map(({ name, data }) => ({ name, data })), sums]
  const zip: BundleFile = { name: `${stem}.zip`, data: zipBundle(stem, all) }
  const outputs = new OutputBatch(join(outDir, '.cache'), gameDir)
  try {
    for (const f of [...all, zip]) outputs.put(join(dir, f.name), f.data)
    outputs.commit((path) => isWithin(dir, path))
    return zip.name
  } catch (error) {
    outputs.discard()
    const folder = relativePath(root, error instanceof OutputInTheWay ? gameDir : dir)
    if (error instanceof OutputInTheWay)
      return {
        rule: 'build/output-in-the-way',
        severity: 'error',
        file: folder,
        message: error.message.replace(gameDir, folder),
      }
    if (!isWriteFailure(error)) throw error
    return {
      rule: 'build/write-failed',
      severity: 'error',
      file: folder,
      message: `${folder} cannot be written: ${writeFailureReason(error)}; what was there before is as it was`,
    }
  }
}
