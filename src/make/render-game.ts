import { diagnosticKey, hasErrors, type Diagnostic, type Result } from '../diagnostics/diagnostic.ts'
import { stampRevision } from '../render/store/stamp-revision.ts'
import type { Card, GameDef } from '../engine/define.ts'
import { gameEntries, relativePath, type GamePaths } from '../load/project.ts'
import { FaceStore, relocate, temporaryStore, type StoredFace } from '../render/store/face-store.ts'
import { gameModulesHash } from '../render/store/face-key.ts'
import { planFaces } from '../render/template/plan.ts'
import { gameModuleInputs } from '../load/game-modules.ts'
import { backOf } from '../engine/decks.ts'
import { defaultJobs, openRenderer } from '../threads/face-pool.ts'
import { withThreads, type GameThreads } from '../threads/threads.ts'
import type { FaceJob, RenderOptions } from '../render/template/session.ts'
import { drawnWithAll, drawnWithInterner } from '../outputs/credits.ts'
import { NOTHING_DRAWN, type DrawnWith } from '../render/template/drawn-with.ts'
import type { FaceLanguage } from '../render/template/face-texts.ts'
import { plannedKeys } from '../render/store/face-key.ts'
import pMap from 'p-map'

export type { RenderOptions } from '../render/template/session.ts'
export type { CardFaces, GameFaces } from '../render/store/game-faces.ts'
import type { GameFaces } from '../render/store/game-faces.ts'
import { append } from '../util/append.ts'
import { collapseUnknownFields } from '../render/template/field-guard.ts'
import { collapseColourVision } from '../render/template/colour-check.ts'

export interface RenderRunOptions extends RenderOptions {
  /** Worker threads; default one per core. */
  jobs?: number
  /**
   * Where faces are kept (`out/.cache/<game>/`): a face drawn by an earlier build is taken from here, and
   * every face drawn is stored here. None: a temporary folder, removed when the process exits.
   */
  store?: FaceStore
  /** Take faces already in the store; default true. False draws every face again (and stores it). */
  reuse?: boolean
  /** Called after each face, drawn or taken from the cache. */
  progress?: (done: number, total: number) => void
  /** The cards whose faces are drawn first (those a preview shows), their shared backs with them. */
  first?: readonly string[]
  /** Stops drawing once aborted (a watch's newer change): the faces being drawn are stored, the rest are not drawn, and the draw throws the signal's reason. */
  signal?: AbortSignal
  /** Called as each face drawn is stored: its name (`<card>.front`, `<deck>.back`) and key. */
  stored?: (face: { name: string; key: string }) => void
  /** Every card of the game, when `cards` are a selection of them (for the cache's shared hash). */
  allCards?: readonly Card[]
  /** The run's game threads (some perhaps started and warm already); none: threads of its own, closed when done. */
  threads?: GameThreads
  /** Seconds a template may take to draw a face (without `threads`); default 30. */
  timeout?: number
  /** `gameModulesHash` when the game's threads were started (they loaded the game's modules then). */
  modulesAtStart?: string
  /** The files the game's modules are made from (gameModuleInputs); worked out here when not given. */
  moduleFiles?: readonly string[]
  /** The language to draw in, when not the default (the cards given are then translated). */
  language?: FaceLanguage
  /**
   * Keys of the faces drawn earlier in this run (another language's edition): taken from the store even
   * when `reuse` is false. The faces drawn here are added.
   */
  fresh?: Set<string>
  /** Each card's revision for its stamp (`stampRevision`), with `stamp`: worked out here when not given. */
  revisions?: ReadonlyMap<string, string>
}

const key = (d: Diagnostic) => diagnosticKey(d)

/** Faces asked of the renderer at once per thread: more than it sends ahead to each (see face-pool.ts), so none waits. */
const IN_FLIGHT_PER_THREAD = 4

/**
 * Draws every face a game's cards need (fronts, shared and own backs) on a pool of workers. A face whose
 * inputs did not change since the last build comes from the cache; faces with the same inputs are drawn once.
 */
export const renderGame = (
  paths: GamePaths,
  game: GameDef,
  cards: readonly Card[],
  options: RenderRunOptions,
): Promise<Result<GameFaces>> =>
  withThreads(options.threads, options.timeout, async (threads) => {
    if (!options.stamp || options.revisions) return renderWith(paths, game, cards, options, threads)
    // A stamp shows the card's revision, a digest of its faces drawn without one: those first (from the
    // store when a build without --stamp or a comparison drew them), then the stamped fronts.
    const { progress: _progress, stored: _stored, first: _first, ...plain } = options
    const unstamped = await renderWith(paths, game, cards, { ...plain, stamp: false }, threads)
    if (hasErrors(unstamped.diagnostics)) return unstamped
    const revisions = cardRevisions(unstamped.value)
    return renderWith(paths, game, cards, { ...options, revisions }, threads)
  })

/** Each card's revision (`stampRevision`) from its faces drawn without a stamp. */
export const cardRevisions = (faces: GameFaces): Map<string, string> =>
  new Map(faces.cards.map(({ card, front, back }) => [card.id, stampRevision(front.png, faces.backs.get(back)!.png)]))

const renderWith = async (
  paths: GamePaths,
  game: GameDef,
  cards: readonly Card[],
  options: RenderRunOptions,
  threads: GameThreads,
): Promise<Result<GameFaces>> => {
  const {
    jobs = defaultJobs(),
    store = temporaryStore(),
    reuse = true,
    progress,
    first = [],
    stored,
    threads: _given,
    timeout: _timeout,
    allCards = cards,
    modulesAtStart,
    moduleFiles: given,
    language,
    fresh = new Set<string>(),
    revisions: _revisions,
    signal,
    ...renderOptions
  } = options
  const moduleFiles = given ?? (await gameModuleInputs(gameEntries(paths), paths.root))
  const modules = modulesAtStart ?? gameModulesHash(paths, moduleFiles)
  const planned = plannedWithRevisions(game, cards, options)
  const {
    bases,
    language: drawnIn,
    keyOf,
  } = plannedKeys(paths, game, planned, { allCards, options: renderOptions, moduleFiles, language, store })
  const firstJob = new Map<string, FaceJob>()
  planned.forEach((p, i) => firstJob.has(bases[i]!) || firstJob.set(bases[i]!, p.job))
  const takeable = (k: string) => reuse || fresh.has(k)
  const results = takeStored(bases, firstJob, store, (base) => {
    // Without reuse only the faces this process drew are taken: with none (--no-cache), no face's texts are looked up.
    if (!reuse && !fresh.size) return undefined
    const key = keyOf(base)
    return takeable(key) ? key : undefined
  })
  const cached = results.size
  const toDraw = drawOrder(
    [...new Set(bases)].filter((k) => !results.has(k)),
    firstJob,
    new Set(first),
  )
  const nameOf = new Map(planned.map((p, i) => [bases[i]!, p.name]))
  const diagnostics: Diagnostic[] = []
  let [done, alike] = [cached, 0]
  const spent = { wall: 0, svg: 0, png: 0, store: 0 }
  const [start, stop] = [performance.now(), {} as { reason?: unknown }]
  if (toDraw.length) {
    // Threads started early draw first; the renderer starts more when the faces need them.
    const pool = { jobs, faces: toDraw.length, threads, reuse, signal }
    const renderer = await openRenderer(paths, renderOptions, store, pool)
    append(diagnostics, renderer.diagnostics)
    // What faces were drawn with, and the texts they showed, come as copies from their threads: kept once each.
    const shared = drawnWithInterner()
    const texts = new Map<string, string>()
    const text = (t: string) => texts.get(t) ?? (texts.set(t, t), t)
    // A few faces in flight per thread (p-map: 10,000 waiting each held a promise); stopped, it keeps what it drew.
    await pMap(
      toDraw,
      async (base) => {
        const drawn = await renderer.draw({ ...firstJob.get(base)!, language: drawnIn }, base)
        const key = drawn.stored ? drawn.key! : undefined
        const drawnWith = shared(drawn.drawnWith)
        const good = recordDrawn(store, key, base, { ...drawn, drawnWith }, text)
        if (signal?.aborted) return // stopped meanwhile: the face is in the store and its index, and no more is told of it
        if (key) fresh.add(key)
        results.set(base, { key, diagnostics: drawn.diagnostics, drawnWith, ...(key && { face: store.files(key) }) })
        if (good && key) stored?.({ name: nameOf.get(base)!, key })
        if (drawn.spent) for (const part of ['svg', 'png', 'store'] as const) spent[part] += drawn.spent[part]
        if (drawn.alike) alike++
        progress?.(++done, cached + toDraw.length)
      },
      { concurrency: Math.max(jobs, 1) * IN_FLIGHT_PER_THREAD, signal },
    ).catch((error: unknown) => {
      if (!signal?.aborted) throw error
      stop.reason = error
    })
  }
  spent.wall = performance.now() - start
  // An error a template threw after its face had answered (from a timer, a rejected promise).
  append(diagnostics, threads.strays(paths))
  if (toDraw.length && gameModulesHash(paths, moduleFiles) !== modules) {
    forgetDrawn(toDraw, results, store)
    diagnostics.push(changedWhileDrawing(paths))
  }
  // What this build learnt of its faces: the index is the next build's only record of them.
  store.save()
  if ('reason' in stop) throw stop.reason

  addFaceDiagnostics(diagnostics, bases, results)
  const drawnWith = drawnWithAll([...new Set(bases)].map((k) => results.get(k)?.drawnWith))
  const out: GameFaces = { cards: [], backs: new Map(), drawnWith, drawn: toDraw.length, alike, cached, spent }
  addFaces(out, game, planned, bases, results)
  return { value: out, diagnostics: collapseColourVision(collapseUnknownFields(diagnostics)) }
}

/**
 * A face a thread drew and stored, in the store's index when it was drawn without errors (the thread stored
 * its files): what it met, what drew it and the texts it showed (each text kept once: `text`). One drawn
 * with errors is kept for this build, not reused nor shown as a good one: an entry an earlier drawing of it
 * left (a --no-cache build draws every face) goes. The index is saved every few seconds (and by the store
 * as the process exits, for a face that comes after a stopped build's own save). Returns whether the face is
 * a good one.
 */
const recordDrawn = (
  store: FaceStore,
  key: string | undefined,
  base: string,
  drawn: { diagnostics: readonly Diagnostic[]; drawnWith?: DrawnWith; shown?: readonly string[] },
  text: (t: string) => string,
): boolean => {
  if (key === undefined) return false
  if (hasErrors(drawn.diagnostics)) {
    store.forget(key)
    return false
  }
  store.record(key, drawn.diagnostics, drawn.drawnWith ?? NOTHING_DRAWN)
  if (drawn.shown?.length) store.recordShown(base, drawn.shown.map(text))
  store.saveWhenDue()
  return true
}

/** The faces the cards need, stamped fronts with their card's revision. */
const plannedWithRevisions = (game: GameDef, cards: readonly Card[], options: RenderRunOptions) => {
  const planned = planFaces(game, cards)
  if (options.stamp && options.revisions)
    for (const p of planned)
      if (p.job.kind === 'front' && p.job.card) p.job.revision = options.revisions.get(p.job.card.id)
  return planned
}

/** Some faces may have been drawn by the game's old code and some by the new, under keys of either: none of those drawn is kept. */
const forgetDrawn = (toDraw: readonly string[], results: ReadonlyMap<string, { key?: string }>, store: FaceStore) => {
  for (const base of toDraw) {
    const key = results.get(base)?.key
    if (key) store.forget(key)
  }
}

/** What became of one face the plan needs: taken from the store or drawn (its key and files when stored). */
interface FaceResult {
  key?: string
  face?: StoredFace
  diagnostics: Diagnostic[]
  drawnWith?: DrawnWith
}

/**
 * The faces the store has already, by base: those whose key `takeableKey` gives (none: not to be taken),
 * their diagnostics placed at the card of their first job.
 */
const takeStored = (
  bases: readonly string[],
  firstJob: ReadonlyMap<string, FaceJob>,
  store: FaceStore,
  takeableKey: (base: string) => string | undefined,
): Map<string, FaceResult> => {
  const results = new Map<string, FaceResult>()
  for (const base of new Set(bases)) {
    const key = takeableKey(base)
    const hit = key ? store.get(key) : undefined
    if (hit)
      results.set(base, {
        key,
        face: hit.face,
        diagnostics: relocate(hit.diagnostics, firstJob.get(base)!),
        drawnWith: hit.drawnWith,
      })
  }
  return results
}

const changedWhileDrawing = (paths: GamePaths): Diagnostic => ({
  rule: 'render/changed-while-drawing',
  severity: 'warning',
  file: relativePath(paths.root, paths.definition),
  line: 1,
  column: 1,
  message:
    'the game definition or templates changed while its faces were drawn: this build may mix the two, so build again',
})

/** The faces' diagnostics after the run's own, in the plan's order, each said once. */
const addFaceDiagnostics = (
  diagnostics: Diagnostic[],
  bases: readonly string[],
  results: ReadonlyMap<string, FaceResult>,
) => {
  const seen = new Set(diagnostics.map(key))
  for (const base of bases)
    for (const d of results.get(base)?.diagnostics ?? [])
      if (!seen.has(key(d))) {
        seen.add(key(d))
        diagnostics.push(d)
      }
}

/** Puts the faces made in `out`: the shared backs by deck, and each card with its front and its back's name. */
const addFaces = (
  out: GameFaces,
  game: GameDef,
  planned: ReturnType<typeof planFaces>,
  bases: readonly string[],
  results: ReadonlyMap<string, FaceResult>,
) => {
  const faceOf = new Map(planned.map((p, i) => [p.name, results.get(bases[i]!)?.face]))
  for (const p of planned) {
    const face = faceOf.get(p.name)
    if (!face) continue
    if (p.job.kind === 'back') out.backs.set(p.name.slice(0, -'.back'.length), face)
  }
  // Cards in the definition's type order, as the plan lists them: the sheets print a type together.
  for (const { job, name } of planned) {
    const front = job.kind === 'front' ? faceOf.get(name) : undefined
    if (!front || !job.card) continue
    out.cards.push({ card: job.card, front, back: backOf(game, job.card) })
  }
}

/** The faces to draw, those of the `first` cards ahead of the rest, the shared backs of their types first. */
const drawOrder = (keys: string[], jobs: ReadonlyMap<string, FaceJob>, first: ReadonlySet<string>): string[] => {
  if (!first.size) return keys
  const firstTypes = new Set([...jobs.values()].filter((j) => j.card && first.has(j.card.id)).map((j) => j.type))
  // The shared backs of those cards' types lead: each shows on many of the cards on screen.
  const sharedBack = (k: string) => {
    const job = jobs.get(k)!
    return !job.card && firstTypes.has(job.type)
  }
  const early = (k: string) => {
    const job = jobs.get(k)!
    return job.card ? first.has(job.card.id) : false
  }
  return [...keys.filter(sharedBack), ...keys.filter(early), ...keys.filter((k) => !early(k) && !sharedBack(k))]
}
