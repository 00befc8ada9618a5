import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import type { Card, GameDef } from '../../engine/define.ts'
import { gameLanguages } from '../../engine/translations.ts'
import { relativePath, SHORTCODES_FILE, type GamePaths } from '../../load/project.ts'
import { loadWords, wordsByKey } from '../../load/template-words.ts'
import {
  filesUnder,
  isModuleFile,
  packageVersions,
  projectDrawingPackages,
  sourceHash,
} from '../../cache/source-hash.ts'
import { artPath, readArt } from '../../images/art.ts'
import { DEFAULT_LIMITS } from '../../images/image-check.ts'
import { regularFileDigest } from '../../util/regular-file.ts'
import { insideFolder } from '../../util/inside-folder.ts'
import type { FaceStore } from './face-store.ts'
import { faceText, jobLanguage, type FaceLanguage, type ShownTexts } from '../template/face-texts.ts'
import type { PlannedFace } from '../template/plan.ts'
import type { FaceJob, RenderOptions } from '../template/session.ts'

// A face's key, every part of it, here and nowhere else: the inputs every face of a game shares
// (`renderInputsHash`), the face's own job and art (`faceKey`, `artDigest`), and the texts of its language it
// showed (`shownKey`); `plannedKeys` puts them together for a game's planned faces. A change to any part
// draws the faces it touches again, so the parts are kept side by side.

/**
 * What every face of a game depends on besides its card: the game's templates and definition, the
 * renderer's own code, the installed packages (fonts, icons, satori, resvg) and the options. The art files
 * cards name (`cardArt`, absolute paths) are left out: each is part of its own faces' keys instead.
 */
export const renderInputsHash = (
  paths: GamePaths,
  options: RenderOptions,
  cardArt: ReadonlySet<string> = new Set(),
  moduleFiles: readonly string[] = [],
): string => {
  const hash = createHash('sha256')
    .update(JSON.stringify(options))
    .update(sourceHash('render', 'images'))
    .update(projectDrawingPackages(paths.root))
  // takumi's version and its binary's, when it draws (satori's and resvg's are in every key, in sourceHash).
  if (options.renderer === 'takumi') hash.update(packageVersions('@takumi-rs/core').join('\n'))
  // The definition and any module it imports from the rules folder (the rules text and pictures are not faces'
  // business). The template words (templates/<game>/lang/) are in the keys of the faces that show them instead.
  const words = join(paths.templatesDir, 'lang') + sep
  for (const file of [
    ...filesUnder(paths.templatesDir).filter((f) => !f.startsWith(words)),
    ...rulesModules(paths, moduleFiles),
    ...outside(paths, moduleFiles),
  ]) {
    // Named relative to the project: a revision's files read from git into another folder (`deckwright
    // changes`) key the same faces as the working tree's when they are the same. Read a megabyte at a time: a
    // large file in the templates folder (art no card names yet) is never held whole.
    if (!cardArt.has(file))
      hash.update(relativePath(paths.root, file)).update(regularFileDigest(file, DEFAULT_LIMITS.maxBytes) ?? 'missing')
  }
  return hash.digest('hex')
}

/**
 * The modules of the rules folder faces depend on: all but the game's shortcodes (the booklet's business),
 * unless the definition or the templates import them.
 */
const rulesModules = (paths: GamePaths, moduleFiles: readonly string[]): string[] =>
  filesUnder(paths.rulesDir).filter(
    (file) => isModuleFile(file) && (file !== join(paths.rulesDir, SHORTCODES_FILE) || moduleFiles.includes(file)),
  )

/** The files of a game's modules (see gameModuleInputs) outside its rules and templates folders: shared code of the project. */
const outside = (paths: GamePaths, moduleFiles: readonly string[]): string[] =>
  moduleFiles.filter((file) => ![paths.templatesDir, paths.rulesDir].some((dir) => file.startsWith(dir + sep)))

/**
 * A digest of the game's modules as they are now (its definition, templates and the code and JSON they
 * import, `moduleFiles` those of them found by compiling): taken when the renderer loads them and again
 * after drawing, to tell faces drawn by code that changed in between (a designer saving a template mid-build).
 */
export const gameModulesHash = (paths: GamePaths, moduleFiles: readonly string[] = []): string => {
  const hash = createHash('sha256')
  for (const file of [...filesUnder(paths.templatesDir).filter(isModuleFile), ...rulesModules(paths, moduleFiles)])
    hash.update(file).update(readFileSync(file))
  for (const file of outside(paths, moduleFiles)) if (existsSync(file)) hash.update(file).update(readFileSync(file))
  return hash.digest('hex')
}

/**
 * A face's address: its job (card data without positions, which do not change its look), the inputs, and
 * the digest of the art file its card names (`artDigest`): new art, a new face; other faces stay cached.
 */
export const faceKey = (job: FaceJob, inputs: string, art?: string): string => {
  const card = job.card && {
    id: job.card.id,
    type: job.card.type,
    set: job.card.set,
    fields: job.card.fields,
    ...(job.card.art !== undefined && { art: [job.card.art, art] }),
  }
  return createHash('sha256')
    .update(inputs)
    .update(JSON.stringify({ kind: job.kind, type: job.type, card, ...(job.revision && { revision: job.revision }) }))
    .digest('hex')
    .slice(0, 40)
}

/**
 * A face's key: the key of its inputs (card, templates, options…) with the texts it showed. A face that
 * showed none keeps its inputs' key; two languages that give a face the same texts give it the same key,
 * so it is drawn once.
 */
export const shownKey = (inputs: string, shown: Readonly<ShownTexts>): string => {
  const keys = Object.keys(shown).sort()
  if (!keys.length) return inputs
  return createHash('sha256')
    .update(inputs)
    .update(JSON.stringify(keys.map((k) => [k, shown[k]])))
    .digest('hex')
    .slice(0, 40)
}

/** A digest of an art file's bytes for the face cache ('missing' when there is none): new art, a new face. */
export const artDigest = (templatesDir: string, path: string): string => {
  if (!insideFolder(templatesDir, path)) return 'outside'
  // Art over the size limit is drawn as a placeholder: its key is its size, not its bytes (never read).
  const read = readArt(path)
  if ('problem' in read) return read.problem === 'too-large' ? `too-large-${read.size}` : read.problem
  return createHash('sha256').update(read.bytes).digest('hex').slice(0, 16)
}

/** The keys of a game's planned faces in one language: what finds each in the store. */
export interface PlannedKeys {
  /** Each planned face's inputs' key (card, templates, options, art), in the plan's order. */
  bases: string[]
  /** The language as each face's job carries it (every template word of it). */
  language: FaceLanguage
  /**
   * The key the store keeps the face of `base` under in this language: its inputs' key with the texts it
   * showed when it was last drawn, in this language (the same texts, the same face); the inputs' key alone
   * for a face that showed none, or was never drawn.
   */
  keyOf(base: string): string
}

/**
 * Works out the keys of planned faces. `allCards`: every card of the game, whose art files are left out of
 * the shared hash (each is in its own faces' keys), also in a partial build, so that a partial build finds
 * the faces of a full one.
 */
export const plannedKeys = (
  paths: GamePaths,
  game: GameDef,
  planned: readonly PlannedFace[],
  {
    allCards,
    options,
    moduleFiles,
    language,
    store,
  }: {
    allCards: readonly Card[]
    options: RenderOptions
    moduleFiles: readonly string[]
    language?: FaceLanguage
    store: FaceStore
  },
): PlannedKeys => {
  const art = (card?: Card) => card?.art && artPath(paths.templatesDir, card.art)
  const inputs = renderInputsHash(paths, options, new Set(allCards.flatMap((c) => art(c) || [])), moduleFiles)
  const digests = new Map<string, string>()
  const digestOf = (file: string) =>
    digests.get(file) ?? (digests.set(file, artDigest(paths.templatesDir, file)), digests.get(file)!)
  const defaultWords = wordsByKey(loadWords(paths, gameLanguages(game)[0]!).value)
  const text = faceText(game, defaultWords, language)
  return {
    bases: planned.map((p) => faceKey(p.job, inputs, art(p.job.card) ? digestOf(art(p.job.card)!) : undefined)),
    language: jobLanguage(game, defaultWords, language),
    keyOf: (base) => {
      const shown = store.shownBy(base)
      return shown ? shownKey(base, Object.fromEntries(shown.map((k) => [k, text(k) ?? '']))) : base
    },
  }
}
