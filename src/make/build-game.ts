import { existsSync } from 'node:fs'
import { folderBytesBelow } from '../util/folder-bytes.ts'
import { basename, dirname, join, resolve, sep } from 'node:path'
import { DiagnosticError, hasErrors, type Diagnostic, type Result } from '../diagnostics/diagnostic.ts'
import { renderGame, type GameFaces, type RenderOptions, type RenderRunOptions } from './render-game.ts'
import { defaultJobs } from '../threads/face-pool.ts'
import { threadHeap, withThreads, type GameThreads } from '../threads/threads.ts'
import { writeSheetsFile, type PrintItem, type SheetOptions, type SheetSummary } from '../print/sheets.ts'
import { writeSingleCardsFile } from '../print/singles.ts'
import { pickCards } from '../print/selection.ts'
import { typeSize } from '../engine/card-sizes.ts'
import type { BookletOptions } from '../booklet/index.ts'
import { examplesFromFaces } from '../booklet/example.ts'
import { OutputBatch, OutputInTheWay } from '../outputs/output-batch.ts'
import { outputLinksProblem } from '../outputs/output-folder.ts'
import { bookletKey } from '../booklet/key.ts'
import { galleryOf, type Gallery } from './gallery.ts'
import { chooseRenderer, drawnByOf, rendererFallback, type RendererName } from '../render/renderers/renderer.ts'
import { gameLanguages, unknownLanguages } from '../engine/translations.ts'
import type { Edition } from '../validate/editions.ts'
import { cachedOutput } from '../outputs/output-cache.ts'
import { pruneCacheDaily, pruneStaged } from './cache-prune.ts'
import { FaceStore, STAGING } from '../render/store/face-store.ts'
import { gameModulesHash } from '../render/store/face-key.ts'
import { isWriteFailure, writeFailureReason } from '../util/write-failure.ts'
import { gameModuleInputs } from '../load/game-modules.ts'
import { validateGame, type LoadedGame } from '../validate/validate-game.ts'
import { gameEntries, gamePaths, relativePath, type GamePaths } from '../load/project.ts'
import { setNames } from '../engine/model.ts'
import type { Card, GameDef } from '../engine/define.ts'
import { faceRulesOf } from '../engine/face-rules.ts'
import type { RulesDoc } from '../load/rules.ts'
import { applyPreset, faceOutputs, presetFaceRules, type PresetName } from '../outputs/index.ts'
import { ttsUrlProblem } from '../outputs/tts-object.ts'
import { servicePdf } from '../outputs/presets.ts'
import { addServiceFiles } from './service-files.ts'
import { append } from '../util/append.ts'
import { collectGarbage } from '../util/collect-garbage.ts'
import { deckBoxes } from '../engine/decks.ts'
import { writeTuckBoxes } from '../print/tuck-box.ts'
import { outputWords } from '../outputs/output-words.ts'
import { say } from '../util/say.ts'
import { drawnWithAll } from '../outputs/credits.ts'
import type { DrawnWith } from '../render/template/drawn-with.ts'

export interface BuildOptions {
  /** Output folder; each game is written to `<outDir>/<game>/`. */
  outDir: string
  dpi?: number
  /** Default 3 mm. When given, the sheets' notes say when their grid cannot keep all of it on the outer edges. */
  bleedMm?: number
  paper?: 'a4' | 'letter'
  inkFriendly?: boolean
  /** The most pixels an art file may have (`--max-image-pixels`); default 50 million. */
  maxImagePixels?: number
  /** Worker threads drawing faces; default one per core. */
  jobs?: number
  /** Reuse faces drawn by earlier builds (kept in `<outDir>/.cache/<game>/`); default true. */
  cache?: boolean
  progress?: (done: number, total: number) => void
  /** Write only the faces, the print sheets or the booklet (the faces they need still come from the cache). */
  only?: 'faces' | 'sheets' | 'booklet'
  /** Only the cards of these sets (e.g. ['base', 'identities']); all sets when not given. */
  sets?: readonly string[]
  /** Only the cards of these types, and only these card ids (partial prints; each card still `qty` times). */
  onlyTypes?: readonly string[]
  cardIds?: readonly string[]
  /** Also write `<game>-cards-single.pdf`: one page per face at trim plus bleed, with TrimBox and BleedBox. */
  singles?: boolean
  /** Print sheet options (paper, duplex, gap…); the build sets the title and bleed. */
  sheets?: Omit<SheetOptions, 'title' | 'bleedMm'>
  /** Booklet options (page size…); the build sets the title and the examples. */
  booklet?: Omit<BookletOptions, 'title' | 'examples' | 'baseDir'>
  /** Adds what the last simulation found (`<outDir>/<game>/simulation/report.json`) to the booklet as an appendix, "Designer notes". */
  designerNotes?: boolean
  /**
   * A print service's sizes ('tgc' The Game Crafter, 'mpc' MakePlayingCards, 'dtc' DriveThruCards, 'pdfx4'
   * European printers): sets `dpi` and `bleedMm`; 'dtc' and 'pdfx4' also write a CMYK PDF/X file per deck
   * (`<game>/<preset>/<game>-<deck>.pdf`, with the print sheets), which needs Ghostscript.
   */
  preset?: PresetName
  /** The ICC output profile (a file) the print-service PDFs' colours are converted to; default Ghostscript's own CMYK profile. */
  icc?: string
  /** Stamp `v<version>·<revision>` (the definition's version, the card's revision: stampRevision) in a corner of every front. */
  stamp?: boolean
  /** Write `<game>-overview.png`, every face on one contact sheet; default true. */
  overview?: boolean
  /** Write Tabletop Simulator deck sheets to `tts/`, with a saved object of every deck (`tts/<game>.json`); default false. */
  tts?: boolean
  /**
   * The https address the Tabletop Simulator sheets will be uploaded to (`https://example.com/my-game/tts/`), for
   * the saved object to find them there; default: the sheets' own files, by their absolute `file:///` paths.
   */
  ttsUrl?: string
  /** Write `<game>-tuck-boxes.pdf` with the print sheets: a tuck box's net for each deck, for cards this thick (millimetres). */
  tuckBox?: { cardThicknessMm: number }
  /** The game's face store (and the cache of its outputs); default `<outDir>/.cache/<game>`. A release builds into folders of its own with the build's store. */
  storeDir?: string
  /** What draws the faces: satori + resvg (the default and the reference) or takumi (faster); takumi falls back to satori + resvg where it cannot load, with a warning. */
  renderer?: RendererName
  /** The run's game threads (a watch keeps them warm between builds); none: threads of its own, closed when done. */
  threads?: GameThreads
  /** Seconds each piece of the game's code (loading it, a check, a face) may take (without `threads`); default 30. */
  timeout?: number
  /**
   * The languages to build besides the default (`out/<game>/<lang>/`, from `cards/<game>/lang/<lang>.yaml`
   * and `rules/<game>/rules.<lang>.md`); default: every language the definition lists. The default
   * language is always built: naming it adds nothing (`['en']` builds the default alone).
   */
  languages?: readonly string[]
  /** Draw these cards' faces first (a preview's visible cards). */
  first?: readonly string[]
  /** Called as each face drawn is stored in the cache, before the build ends (a preview shows it at once). */
  stored?: (face: { name: string; key: string }) => void
  /**
   * Stops the build at its next step once aborted (a watch's newer change): the build throws the signal's
   * reason, writes nothing, and leaves the outputs as they were; the faces it stored stay in the store.
   */
  signal?: AbortSignal
  /**
   * Write the outputs; default true. False: the faces are drawn into the store and reported (the report's
   * gallery), nothing is written to the output folder (a preview's first look, before the build that writes).
   */
  write?: boolean
}

export interface BuildReport {
  game: string
  written: string[]
  /** Face files of cards that no longer exist, removed by a build of every card (relative paths). */
  removed?: string[]
  /** Distinct faces the build needed (identical faces count once)… */
  faces: number
  /** …of which drawn in this build; the rest came from the cache. */
  drawn: number
  /** Of those drawn, how many looked as a face the store held (stored as links of it, not drawn again). */
  alike?: number
  sheets?: SheetSummary
  /** The faces built, card by card, for a gallery (`deckwright preview`). */
  gallery?: Gallery
  /** What drew the faces: 'satori + resvg', or 'takumi 2.16.3'. */
  renderer: string
  /** Where the time went, in milliseconds (see `Timings`). */
  timings: Timings
  /** The game's definition, once validated (its data: title, version, licence, languages). */
  definition?: GameDef
  /** What the faces of every language built were drawn with, for the credits. */
  drawnWith?: DrawnWith
}

/**
 * Milliseconds each stage took on the clock. `svg`, `png` and `store` are summed over the faces drawn, on
 * every thread: satori, resvg with the PNG encoder, and writing the face to the store.
 */
export interface Timings {
  validate: number
  draw: number
  svg: number
  png: number
  store: number
  /** The faces' files, the overview and Tabletop Simulator sheets. */
  faceFiles: number
  sheets: number
  booklet: number
  /** Putting every output in place. */
  commit: number
}

/**
 * Validates a game and, when it has no errors, writes its faces, print sheets and rules booklet.
 * Every file is written atomically; a game with errors writes nothing.
 */
export const buildGame = (root: string, id: string, options: BuildOptions): Promise<Result<BuildReport>> =>
  withThreads(
    options.threads,
    options.timeout,
    (threads) => buildWith(root, id, options, threads),
    threadHeap(options.renderer),
  )

const buildWith = async (
  root: string,
  id: string,
  options: BuildOptions,
  threads: GameThreads,
): Promise<Result<BuildReport>> => {
  const timings: Timings = {
    validate: 0,
    draw: 0,
    svg: 0,
    png: 0,
    store: 0,
    faceFiles: 0,
    sheets: 0,
    booklet: 0,
    commit: 0,
  }
  const report: BuildReport = { game: id, written: [], faces: 0, drawn: 0, renderer: '', timings }
  // The library's caller chose the output folder (as --out is typed), but no link in its caches or builds leads out of it.
  const folder = relativePath(root, options.outDir)
  const linked = outputLinksProblem(root, options.outDir, folder, true)
  if (linked)
    return {
      value: report,
      diagnostics: [{ rule: 'build/write-failed', severity: 'error', file: folder, message: linked }],
    }
  const badUrl = ttsUrlProblem(options.ttsUrl)
  if (badUrl)
    return { value: report, diagnostics: [{ rule: 'build/bad-option', severity: 'error', file: '', message: badUrl }] }
  options = applyPreset(options)
  const renderer = await chooseRenderer(options.renderer)
  report.renderer = renderer.label
  const renderOptions = faceRenderOptions(options, renderer.name)
  const paths = gamePaths(root, id)
  const cacheDir = options.storeDir ?? join(options.outDir, '.cache', id)
  const reuse = options.cache !== false
  const store = FaceStore.open(cacheDir)
  const cold = !reuse || !existsSync(cacheDir)
  // The threads start while the game's modules are compiled here, once (the threads then find them compiled;
  // every file they are made from is kept): a first build's one per core, the first of which validates and
  // then draws too; a rebuild's two, one to validate and one to draw its few faces. A game of a handful of
  // cards gets one, which validates and draws them (a second thread would cost more CPU to start than it
  // saves); more join it if its faces turn out to be many.
  const started = threads.take(paths, prestartedThreads(paths, cold, options.jobs))
  const moduleFiles = await gameModuleInputs(gameEntries(paths), root)
  const modulesAtStart = gameModulesHash(paths, moduleFiles)
  // The drawing threads load the templates and the renderer while the first validates the game (a game with errors stops them unused).
  for (const thread of started.slice(1)) void thread.call({ game: id, do: 'open', options: renderOptions })
  // The threads stay for the run: the next game and a watch's next build find them warm.
  return buildValidated(root, id, options, report, {
    renderOptions,
    threads,
    modulesAtStart,
    moduleFiles,
    store,
    reuse,
    fallback: renderer.fallback,
  })
}

/**
 * The options a build draws faces with, part of every face's key: another command that draws a game's faces
 * (`deckwright changes`) finds the build's faces in the store by them. The renderer is part of them only when
 * it is not the default: satori + resvg's keys stay as they were.
 */
export const faceRenderOptions = (
  options: Pick<BuildOptions, 'dpi' | 'bleedMm' | 'inkFriendly' | 'stamp' | 'maxImagePixels' | 'preset'>,
  renderer: RendererName,
): RenderOptions => ({
  dpi: options.dpi ?? 300,
  bleedMm: options.bleedMm ?? 3,
  inkFriendly: options.inkFriendly ?? false,
  ...(options.stamp && { stamp: true }),
  ...(options.maxImagePixels && { maxImagePixels: options.maxImagePixels }),
  ...(renderer !== 'satori' && { renderer }),
  // A print service's minimums for the face rules: part of the faces' key only when its preset has them.
  ...(presetFaceRules(options.preset) && { faceRules: presetFaceRules(options.preset) }),
})

/** Card data under this many bytes is a handful of cards: one thread validates and draws them. */
const HANDFUL_BYTES = 4096

/** How many game threads a build starts before it knows how many faces it draws. */
const prestartedThreads = (paths: GamePaths, cold: boolean, jobs?: number): number =>
  folderBytesBelow(paths.cardsDir, HANDFUL_BYTES) ? 1 : cold ? Math.max(jobs ?? defaultJobs(), 2) : 2

/** How a build draws: the render options, the run's game threads (and the game's modules when they started), the face store. */
interface Drawing {
  renderOptions: RenderOptions
  threads: GameThreads
  modulesAtStart: string
  moduleFiles: readonly string[]
  store: FaceStore
  /** Take faces already in the store (false: --no-cache). */
  reuse: boolean
  /** Why the renderer asked for could not load (the faces are drawn with satori + resvg). */
  fallback?: string
}

/** One game's build as it goes: what was asked, the report it fills in and the problems it found. */
interface Run {
  root: string
  id: string
  options: BuildOptions
  report: BuildReport
  diagnostics: Diagnostic[]
}

/** A game validated and drawn: its faces in the default language, and each other language's edition with its own. */
interface Drawn {
  loaded: LoadedGame
  faces: GameFaces
  editions: (Edition & { faces: GameFaces })[]
}

const buildValidated = async (
  root: string,
  id: string,
  options: BuildOptions,
  report: BuildReport,
  drawing: Drawing,
): Promise<Result<BuildReport>> => {
  const { timings } = report
  const started = performance.now()
  // The store's index is read while a game thread reads the cards.
  const validated = await validateGame(root, id, { threads: drawing.threads, store: drawing.store })
  timings.validate = performance.now() - started
  options.signal?.throwIfAborted()
  const fallback = drawing.fallback ? [rendererFallback(drawing.fallback)] : []
  const run: Run = { root, id, options, report, diagnostics: [...validated.diagnostics, ...fallback] }
  const done = { value: report, diagnostics: run.diagnostics }
  const loaded = validated.value
  if (loaded) report.definition = loaded.game
  if (!loaded || hasErrors(run.diagnostics)) return done
  const cards = cardsToBuild(run, loaded)
  if (!cards) return done
  const drawn = await drawEditions(run, drawing, loaded, cards)
  if (drawn) report.drawnWith = drawnWithAll([drawn.faces.drawnWith, ...drawn.editions.map((e) => e.faces.drawnWith)])
  // Outputs are written once every stage has run: a game with an error in any stage writes nothing.
  if (drawn && !hasErrors(run.diagnostics) && options.write !== false) await writeOutputs(run, drawing, drawn)
  return done
}

/** The cards of the sets, types and ids asked for; none, with the reason in the run's diagnostics, when those name what the game lacks. */
const cardsToBuild = (
  { root, id, options, diagnostics }: Run,
  { game, paths, cards }: LoadedGame,
): Card[] | undefined => {
  const unknownSets = (options.sets ?? []).filter((s) => !setNames(game).includes(s))
  if (unknownSets.length) {
    diagnostics.push({
      rule: 'build/unknown-set',
      severity: 'error',
      file: relativePath(root, paths.definition),
      line: 1,
      column: 1,
      message: `--sets names ${unknownSets.map((s) => `"${s}"`).join(', ')}, which ${id} does not have; its sets are ${setNames(game).join(', ')}`,
    })
    return undefined
  }
  const inSets = options.sets ? cards.filter((c) => options.sets!.includes(c.set)) : cards
  const picked = pickCards(inSets, cards, Object.keys(game.types), {
    types: options.onlyTypes,
    ids: options.cardIds,
  })
  if (picked.problems.length) {
    append(
      diagnostics,
      picked.problems.map((p) => ({
        ...p,
        severity: 'error' as const,
        file: relativePath(root, paths.definition),
        line: 1,
        column: 1,
      })),
    )
    return undefined
  }
  return picked.cards
}

/** Draws the cards' faces in the default language, then in each other language built; none when that found errors. */
const drawEditions = async (
  { root, options, report, diagnostics }: Run,
  { renderOptions, threads, modulesAtStart, moduleFiles, store, reuse }: Drawing,
  loaded: LoadedGame,
  cards: Card[],
): Promise<Drawn | undefined> => {
  const { game, paths } = loaded
  const { timings } = report
  // The booklet alone needs only the faces of its examples.
  const exampleIds = new Set(Object.values(game.examples ?? {}).flatMap((e) => e.cards))
  const toRender = options.only === 'booklet' ? cards.filter((c) => exampleIds.has(c.id)) : cards
  // Every edition is drawn the same way, into one store; a face another edition drew in this run is taken
  // from it (its texts the same), also without the cache.
  const fresh = new Set<string>()
  const draw = (cards: readonly Card[], live: Pick<RenderRunOptions, 'first' | 'stored' | 'language'> = {}) =>
    renderGame(paths, game, cards, {
      allCards: loaded.cards,
      ...renderOptions,
      threads,
      modulesAtStart,
      moduleFiles,
      jobs: options.jobs,
      store,
      reuse,
      fresh,
      progress: options.progress,
      signal: options.signal,
      ...live,
    })
  const faces = await draw(toRender, { first: options.first, stored: options.stored })
  append(diagnostics, faces.diagnostics)
  if (hasErrors(diagnostics)) return undefined
  report.drawn = faces.value.drawn
  report.alike = faces.value.alike ?? 0
  report.faces = faces.value.drawn + faces.value.cached
  report.gallery = galleryOf(game, faces.value, renderOptions.bleedMm, report.renderer)
  timings.draw = faces.value.spent.wall
  for (const part of ['svg', 'png', 'store'] as const) timings[part] = faces.value.spent[part]

  // Each other language: its cards translated, drawn into the same store (a face whose text does not change
  // between languages has the same key, and is drawn once).
  // The default is always built: naming it (`--lang en`) asks for no other.
  const [main, ...others] = gameLanguages(game)
  const asked = options.languages?.filter((l) => l !== main)
  const notTheGames = unknownLanguages(game, asked ?? [], relativePath(root, paths.definition))
  if (notTheGames.length) {
    append(diagnostics, notTheGames)
    return undefined
  }
  const editions: Drawn['editions'] = []
  const rendered = new Set(toRender.map((c) => c.id))
  for (const lang of asked ?? others) {
    const edition = loaded.editions.find((e) => e.lang === lang)!
    const drawn = await draw(
      edition.cards.filter((c) => rendered.has(c.id)),
      { language: edition.language },
    )
    append(diagnostics, drawn.diagnostics)
    report.drawn += drawn.value.drawn
    report.alike = (report.alike ?? 0) + (drawn.value.alike ?? 0)
    report.faces += drawn.value.drawn + drawn.value.cached
    editions.push({ ...edition, faces: drawn.value })
  }
  return { loaded, faces: faces.value, editions }
}

/** The outputs of a drawn game and of each edition, made into one batch and put in place together, or none of them. */
const writeOutputs = async (run: Run, { store, reuse }: Drawing, { loaded, faces, editions }: Drawn): Promise<void> => {
  const { root, id, options, report, diagnostics } = run
  const { game, paths } = loaded
  const outputs = new OutputBatch(join(options.outDir, '.cache'), join(options.outDir, id))
  const at = (d: Diagnostic): Diagnostic => ({
    ...d,
    file: d.file || relativePath(root, paths.definition),
    line: d.line ?? 1,
    column: d.column ?? 1,
  })
  // Without the cache every face is drawn anew, and the outputs are made afresh from them too; so are
  // those of a build whose templates changed while it drew (its faces' files are drawn again later).
  const recycle = reuse && !diagnostics.some((d) => d.rule === 'render/changed-while-drawing')
  const shared = { root, id, rulesDir: paths.rulesDir, cacheDir: store.dir, reuse: recycle }
  try {
    const defaultLang = gameLanguages(game)[0]!
    await addOutputs(
      outputs,
      { ...shared, dir: join(options.outDir, id), stem: id, lang: defaultLang, game, faces, rules: loaded.rules },
      options,
      report,
      (d) => diagnostics.push(at(d)),
    )
    for (const edition of editions)
      await addOutputs(
        outputs,
        {
          ...shared,
          dir: join(options.outDir, id, edition.lang),
          stem: `${id}-${edition.lang}`,
          lang: edition.lang,
          edition: true,
          game: edition.game,
          faces: edition.faces,
          rules: edition.rules,
        },
        options,
        report,
        (d) => diagnostics.push(at(d)),
      )
  } catch (error) {
    outputs.discard()
    if (!isWriteFailure(error)) throw error
    diagnostics.push(writeFailed(root, options.outDir, error))
  }
  // A catalogue's outputs are 100,000 files: what listing them made goes before they are put in place.
  collectGarbage(LARGE_HEAP_MB)
  const committing = performance.now()
  if (hasErrors(diagnostics)) outputs.discard()
  else {
    if (!commitOutputs(run, outputs, editions, recycle)) return
    collectGarbage(LARGE_HEAP_MB)
    pruneCacheDaily(store.dir, { index: () => store.indexed() })
    // What killed builds left half-written: sheets being streamed, faces being stored.
    pruneStaged(join(options.outDir, '.cache'), Date.now() - 24 * 3600 * 1000)
    pruneStaged(join(store.dir, STAGING), Date.now() - 24 * 3600 * 1000)
  }
  report.timings.commit = performance.now() - committing
}

/** The output folder could not be written. */
const writeFailed = (root: string, outDir: string, error: unknown): Diagnostic => {
  const folder = relativePath(root, outDir)
  return {
    rule: 'build/write-failed',
    severity: 'error',
    file: folder,
    message: `${folder} cannot be written: ${writeFailureReason(error)}; what was there before is as it was`,
  }
}

/** Puts the batch's outputs in place, noting them in the report; false, with the reason in the run's diagnostics, when it could not. */
const commitOutputs = (
  { root, id, options, report, diagnostics }: Run,
  outputs: OutputBatch,
  editions: readonly Edition[],
  recycle: boolean,
): boolean => {
  // A build of every card owns the faces folder: faces of cards that no longer exist go. A partial build
  // (--cards, --sets, --only-type, --only sheets|booklet) removes nothing it did not make.
  const whole = !options.sets && !options.onlyTypes && !options.cardIds && (!options.only || options.only === 'faces')
  try {
    const facesDirs = new Set([
      join(options.outDir, id, 'faces'),
      ...editions.map((e) => join(options.outDir, id, e.lang, 'faces')),
    ])
    const isFace = (path: string) => facesDirs.has(dirname(path)) && FACE_FILE.test(basename(path))
    const { written, removed } = outputs.commit(whole ? isFace : undefined, { recycle })
    append(
      report.written,
      written.map((path) => relativePath(root, path)),
    )
    if (removed.length) report.removed = removed.map((path) => relativePath(root, path))
    return true
  } catch (error) {
    outputs.discard()
    if (error instanceof OutputInTheWay)
      diagnostics.push({
        rule: 'build/output-in-the-way',
        severity: 'error',
        file: relativePath(root, join(options.outDir, id)),
        message: error.message.replace(join(options.outDir, id), relativePath(root, join(options.outDir, id))),
      })
    else if (isWriteFailure(error)) diagnostics.push(writeFailed(root, options.outDir, error))
    else throw error
    return false
  }
}

interface OutputContext {
  /** The project's folder. */
  root: string
  /** How the outputs' file names start: the game's id, with the language for another language's edition (`maybe-missions-nl`). */
  stem: string
  /** The language of the outputs (their PDFs' metadata, the booklet's typography). */
  lang: string
  /** Another language's edition than the default's (its language in its titles). */
  edition?: boolean
  /** The game's output folder. */
  dir: string
  id: string
  game: GameDef
  faces: GameFaces
  rules: RulesDoc | undefined
  rulesDir: string
  /** The game's cache, where the overview and Tabletop Simulator sheets keep what they drew. */
  cacheDir: string
  /** The store's faces are as their names say (not a build without the cache, nor one whose templates changed while it drew): outputs may be made from what earlier builds made of them. */
  reuse: boolean
}

/** Adds a built game's files to the batch: its faces, what is made from them, the print sheets and the booklet. */
const addOutputs = async (
  outputs: OutputBatch,
  context: OutputContext,
  options: BuildOptions,
  report: BuildReport,
  problem: (d: Diagnostic) => void,
): Promise<void> => {
  const { root, dir, id, stem, lang, edition, game, faces, rules, rulesDir, cacheDir } = context
  const bleedMm = options.bleedMm ?? 3
  // Outputs made from faces another renderer than satori + resvg drew name it.
  const drawnBy = drawnByOf(report.renderer)
  const wants = (part: NonNullable<BuildOptions['only']>) => !options.only || options.only === part
  const { timings } = report
  let start = performance.now()
  if (wants('faces')) {
    // Each path the folder's plus a name (`join` makes ~10 strings of each of 100,000 paths).
    const facesDir = `${join(dir, 'faces')}${sep}`
    for (const { card, front } of faces.cards) {
      outputs.copy(`${facesDir}${card.id}.front.svg`, front.svg)
      outputs.copy(`${facesDir}${card.id}.front.png`, front.png)
    }
    for (const [name, back] of faces.backs) {
      outputs.copy(join(dir, 'faces', `${name}.back.svg`), back.svg)
      outputs.copy(join(dir, 'faces', `${name}.back.png`), back.png)
    }
    // Made from the faces: the contact sheet (on by default) and Tabletop Simulator sheets (on request).
    for (const file of await faceOutputs(game, faces, {
      bleedMm,
      overview: options.overview ?? true,
      tts: options.tts ?? false,
      ttsObject: { name: stem, url: options.ttsUrl, dir: resolve(dir, 'tts') },
      cacheDir,
      drawnBy,
      signal: options.signal,
    }))
      outputs.put(join(dir, file.name.replace(new RegExp(`^${id}-`), `${stem}-`)), file.data)
  }
  timings.faceFiles = performance.now() - start
  start = performance.now()
  options.signal?.throwIfAborted()

  if (wants('sheets')) await addSheets(outputs, context, options, report, problem)
  if (wants('sheets') && options.tuckBox) await addTuckBoxes(outputs, context, options, options.tuckBox, problem)
  timings.sheets = performance.now() - start
  start = performance.now()
  options.signal?.throwIfAborted()

  if (wants('booklet') && rules) {
    const doc =
      options.designerNotes && !edition
        ? await withDesignerNotes(rules, join(options.outDir, id), gamePaths(root, id), problem)
        : rules
    // The rules file as validation read it (its diagnostics came with validation). The booklet is made
    // again only when the rules, their pictures, the examples' faces or the options changed.
    const bookletOptions = {
      ...options.booklet,
      title: game.title,
      lang,
      examples: examplesFromFaces(game, faces, bleedMm),
      baseDir: rulesDir,
      credits: { drawnWith: faces.drawnWith, root, drawnBy },
      textSize: bookletTextSize(game),
    }
    const booklet = await cachedOutput(cacheDir, bookletKey(doc, bookletOptions), async () => {
      const { renderBooklet } = await import('../booklet/index.ts')
      const made = await renderBooklet(doc, bookletOptions)
      return {
        files: [{ name: `${stem}-rules.pdf`, data: made.value }],
        diagnostics: made.diagnostics.filter((d) => d.severity !== 'info'),
      }
    })
    booklet.diagnostics.forEach(problem)
    for (const file of booklet.files) outputs.put(join(dir, file.name), file.data)
  }
  timings.booklet = performance.now() - start
}

/** The booklet's `a11y/text-size`: the game's own minimum and severity (none when the game turns the rule off). */
const bookletTextSize = (game: GameDef) => {
  const rules = faceRulesOf(game.print)
  const severity = rules.severity['a11y/text-size']
  return severity ? { minPt: rules.minTextPt, severity } : (false as const)
}

/** Adds the print sheets to the batch, and the single cards' PDF when asked for. */
const addSheets = async (
  outputs: OutputBatch,
  { root, dir, stem, lang, edition, game, faces, cacheDir, reuse }: OutputContext,
  options: BuildOptions,
  report: BuildReport,
  problem: (d: Diagnostic) => void,
): Promise<void> => {
  const inLanguage = edition ? ` (${lang})` : ''
  const bleedMm = options.bleedMm ?? 3
  const drawnBy = drawnByOf(report.renderer)
  const single: PrintItem[] = faces.cards.map(({ card, front, back }) => ({
    id: card.id,
    front: front.png,
    back: faces.backs.get(back)!.png,
    size: typeSize(game, card.type)!,
  }))
  const items = single.flatMap((item, i) => {
    const { qty } = faces.cards[i]!.card
    return Array.from({ length: qty }, (_, copy) => ({ ...item, id: qty > 1 ? `${item.id}#${copy + 1}` : item.id }))
  })
  try {
    const credits = { drawnWith: faces.drawnWith, root, drawnBy }
    const sheetOptions = {
      paper: options.paper ?? ('a4' as const),
      duplex: 'long-edge' as const,
      ...options.sheets,
      title: `${game.title} — cards${inLanguage}`,
      lang,
      // The bleed as asked (none: the default): only a bleed asked for is noted when the grid thins it.
      ...(options.bleedMm !== undefined && { bleedMm }),
      credits,
      signal: options.signal,
    }
    // The sheets of the build before, and how they were made: pages that did not change are not drawn again.
    const target = join(dir, `${stem}-cards.pdf`)
    let remember: ((placed: string) => void) | undefined
    const stage = () => outputs.stage(target, () => remember?.(target))
    const made = await writeSheetsFile(
      items,
      sheetOptions,
      stage,
      reuse ? { earlier: target, record: join(cacheDir, 'sheets', `${stem}-cards.json`) } : undefined,
    )
    remember = made.remember
    const { summary } = made
    if (!edition) report.sheets = summary
    if (options.singles)
      await writeSingleCardsFile(
        single,
        { title: `${game.title} — single cards${inLanguage}`, lang, bleedMm },
        outputs.stage(join(dir, `${stem}-cards-single.pdf`)),
      )
    const pdf = servicePdf(options.preset)
    if (pdf) {
      const { preset, icc } = options as Required<Pick<BuildOptions, 'preset'>> & BuildOptions
      const scratch = join(options.outDir, '.cache')
      await addServiceFiles(
        outputs,
        { preset, pdf, icc, game, faces, dir, stem, lang, bleedMm, cacheDir, scratch },
        problem,
      )
    }
  } catch (error) {
    // The print stage throws only for what no layout can fix (a card larger than the paper, nothing to print).
    if (!(error instanceof DiagnosticError)) throw error
    problem(error.diagnostic)
  }
}

/** Adds the tuck boxes of the game's decks to the batch: `<stem>-tuck-boxes.pdf`, on the sheets' paper. */
const addTuckBoxes = async (
  outputs: OutputBatch,
  { dir, stem, lang, game, faces }: OutputContext,
  options: BuildOptions,
  { cardThicknessMm }: { cardThicknessMm: number },
  problem: (d: Diagnostic) => void,
): Promise<void> => {
  const boxes = deckBoxes(
    game,
    faces.cards.map((c) => c.card),
  ).map((deck) => ({
    name: deck.name,
    cards: deck.cards,
    size: deck.size,
    deckMm: deck.cards * cardThicknessMm,
    back: faces.backs.get(deck.back)!.png,
  }))
  if (!boxes.length) return
  const words = outputWords(lang)
  const made = await writeTuckBoxes(boxes, {
    title: game.title,
    paper: options.paper ?? 'a4',
    bleedMm: options.bleedMm ?? 3,
    lang,
    count: (n) => say(words.cards, { n: String(n) }),
  })
  made.diagnostics.forEach(problem)
  outputs.put(join(dir, `${stem}-tuck-boxes.pdf`), made.pdf)
}

/** The rules with the last simulation's figures appended as "Designer notes"; as they were, with a warning, when there are none. */
const withDesignerNotes = async (
  rules: RulesDoc,
  gameDir: string,
  paths: GamePaths,
  problem: (d: Diagnostic) => void,
): Promise<RulesDoc> => {
  const [{ readReport, designerNotes }, { parseRules }, { SIMULATION_DIR }, { simulationInputs }] = await Promise.all([
    import('../simulate/notes.ts'),
    import('../load/rules.ts'),
    import('../simulate/report.ts'),
    import('../simulate/inputs.ts'),
  ])
  const read = readReport(join(gameDir, SIMULATION_DIR, 'report.json'))
  // A report made before the rules or the cards changed would print figures of another game.
  const stale =
    read.summary && read.summary.inputs !== simulationInputs(paths)
      ? 'the last simulation was run before the rules or the cards changed'
      : undefined
  if (!read.summary || stale) {
    problem({
      rule: 'build/no-designer-notes',
      severity: 'warning',
      file: rules.file,
      line: 1,
      column: 1,
      message: `--designer-notes: ${stale ?? read.problem}, so the booklet has no designer notes (run deckwright simulate ${basename(gameDir)}${stale ? ' again' : ' first'})`,
    })
    return rules
  }
  const notes = parseRules(designerNotes(read.summary), rules.file).value.tree
  return { ...rules, tree: { ...rules.tree, children: [...rules.tree.children, ...notes.children] } }
}

/** A heap this large (a catalogue of ~40,000 faces and more) is collected between the stages that put its outputs in place. */
const LARGE_HEAP_MB = 128

/** A face's file in a faces folder: `<card>.front.png`, `<deck>.back.svg`. */
const FACE_FILE = /\.(?:front|back)\.(?:png|svg)$/
