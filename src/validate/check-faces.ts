import { diagnosticKey, type Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Card, GameDef } from '../engine/define.ts'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { gameEntries, TEMPLATES_FILE, type GamePaths } from '../load/project.ts'
import { compileGameModule, gameModuleInputs } from '../load/game-modules.ts'
import type { GameThreads } from '../threads/threads.ts'
import type { GameThread } from '../threads/game-thread.ts'
import { stoppedDiagnostic } from '../threads/stopped.ts'
import { planFaces } from '../render/template/plan.ts'
import type { FaceJob } from '../render/template/session.ts'
import type { FaceLanguage } from '../render/template/face-texts.ts'
import { plannedKeys } from '../render/store/face-key.ts'
import { relocate, temporaryStore, type FaceStore } from '../render/store/face-store.ts'
import { defaultJobs } from '../threads/face-pool.ts'
import { append } from '../util/append.ts'
import { collapseUnknownFields } from '../render/template/field-guard.ts'
import { collapseColourVision } from '../render/template/colour-check.ts'

export interface CheckFacesOptions {
  maxImagePixels?: number
  /** Lay out the faces of this language's edition (`cards` translated): its text must fit as the default's does. */
  language?: FaceLanguage
  /**
   * The game's face store (`out/.cache/<game>/`): a face a build drew, or a `validate` laid out, with inputs
   * unchanged since is not laid out again (its diagnostics are the store's), and what is laid out is kept.
   */
  store?: FaceStore
  /** Threads laying faces out at once; default one per core. */
  jobs?: number
}

/** Faces sent to a thread in one request: few enough that a face that stops its thread loses little. */
const CHUNK = 64

/**
 * Lays out every face without drawing it, on game threads: the templates' components measure their text
 * and look up their icons, so text that does not fit and unknown icons are found by `validate`, not only by
 * `build`. A face whose inputs did not change since a build drew it or a `validate` laid it out is not laid
 * out again. A face whose template runs over the time limit (or ends its thread) is an error at its card,
 * and the faces after it are laid out on a new thread.
 */
export const checkFaces = async (
  paths: GamePaths,
  game: GameDef,
  cards: readonly Card[],
  threads: GameThreads,
  { maxImagePixels, language, store = temporaryStore(), jobs = defaultJobs() }: CheckFacesOptions = {},
): Promise<Diagnostic[]> => {
  const options = { dpi: 300, bleedMm: 3, inkFriendly: false, ...(maxImagePixels && { maxImagePixels }) }
  // Compiled here first: the time limit is the templates' code's, not the compiler's (a compile error is reported where they load).
  const templates = join(paths.templatesDir, TEMPLATES_FILE)
  if (existsSync(templates)) await compileGameModule(templates, paths.root).catch(() => undefined)
  const moduleFiles = await gameModuleInputs(gameEntries(paths), paths.root)
  const planned = planFaces(game, cards)
  const {
    bases,
    language: layIn,
    keyOf,
  } = plannedKeys(paths, game, planned, { allCards: cards, options, moduleFiles, language, store })
  const diagnostics: Diagnostic[] = []
  const toLay: { job: FaceJob; inputs: string }[] = []
  const seen = new Set<string>()
  planned.forEach(({ job }, i) => {
    const base = bases[i]!
    if (seen.has(base)) return // the same inputs: the same face
    seen.add(base)
    const key = keyOf(base)
    const known = store.get(key)?.diagnostics ?? store.layout(key)
    if (known) append(diagnostics, relocate(known, job))
    else toLay.push({ job: { ...job, language: layIn }, inputs: base })
  })
  // The rest in chunks, on as many threads as there are cores (few faces: one).
  const chunks = Array.from({ length: Math.ceil(toLay.length / CHUNK) }, (_, i) =>
    toLay.slice(i * CHUNK, (i + 1) * CHUNK),
  )
  const lanes = Math.max(1, Math.min(jobs, chunks.length))
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      // Each lane on a thread of its own (a thread that stopped is replaced when the lane takes it again).
      const thread = () => threads.take(paths, lanes)[lane]!
      for (let c = lane; c < chunks.length; c += lanes)
        append(diagnostics, await layOutChunk(paths, chunks[c]!, options, thread, threads.limitMs, store))
    }),
  )
  store.save()
  const unique = new Set<string>()
  return collapseColourVision(
    collapseUnknownFields(
      diagnostics.filter((d) => !unique.has(diagnosticKey(d)) && Boolean(unique.add(diagnosticKey(d)))),
    ),
  )
}

/** Lays out one chunk of faces on a game thread, keeping each face's diagnostics in the store; a face that stops its thread is an error, and those after it go to a new thread. */
const layOutChunk = async (
  paths: GamePaths,
  chunk: { job: FaceJob; inputs: string }[],
  options: { dpi: number; bleedMm: number; inkFriendly: boolean; maxImagePixels?: number },
  thread: () => GameThread,
  limitMs: number,
  store: FaceStore,
): Promise<Diagnostic[]> => {
  const diagnostics: Diagnostic[] = []
  let rest = chunk
  for (let tries = 0; rest.length; tries++) {
    const outcome = await thread().call({
      game: paths.id,
      do: 'layout',
      jobs: rest.map((f) => f.job),
      inputs: rest.map((f) => f.inputs),
      options,
    })
    if (outcome.ok) {
      outcome.value.forEach(({ key, shown, diagnostics: found }, i) => {
        store.recordLayout(key, found)
        if (shown.length) store.recordShown(rest[i]!.inputs, shown)
        append(diagnostics, found)
      })
      return diagnostics
    }
    if (outcome.why === 'lost' && tries < 3) continue // it waited behind code that ended its thread (reported there): again, on a new one
    diagnostics.push(stoppedDiagnostic(paths, outcome, limitMs / 1000))
    const piece = outcome.piece
    // Stopped at a face: the faces after it are laid out again; stopped anywhere else (its templates), none can be.
    if (piece?.kind !== 'face' || tries >= 3) break
    rest = rest.slice(rest.findIndex((f) => sameJob(f.job, piece.job)) + 1)
  }
  return diagnostics
}

const sameJob = (a: FaceJob, b: FaceJob) => a.kind === b.kind && a.type === b.type && a.card?.id === b.card?.id
