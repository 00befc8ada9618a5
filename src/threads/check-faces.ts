import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Card, GameDef } from '../engine/define.ts'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { TEMPLATES_FILE, type GamePaths } from '../load/project.ts'
import { compileGameModule } from '../load/game-modules.ts'
import type { GameThreads } from './threads.ts'
import { stoppedDiagnostic } from './stopped.ts'
import { planFaces } from '../render/plan.ts'
import type { FaceJob } from '../render/session.ts'
import { jobLanguage, type FaceLanguage } from '../render/face-texts.ts'
import { loadWords, wordsByKey } from '../load/template-words.ts'
import { gameLanguages } from '../engine/translations.ts'

const sameJob = (a: FaceJob, b: FaceJob) => a.kind === b.kind && a.type === b.type && a.card?.id === b.card?.id

/**
 * Lays out every face without drawing it, on a game thread: the templates' components measure their text
 * and look up their icons, so text that does not fit and unknown icons are found by `validate`, not only by
 * `build`. A face whose template runs over the time limit (or ends its thread) is an error at its card, and
 * the faces after it are laid out on a new thread. With `language`, the faces of that language's edition
 * (`cards` translated): its text must fit as the default's does.
 */
export const checkFaces = async (paths: GamePaths, game: GameDef, cards: readonly Card[], threads: GameThreads, maxImagePixels?: number, language?: FaceLanguage): Promise<Diagnostic[]> => {
  const options = { dpi: 300, bleedMm: 3, inkFriendly: false, ...(maxImagePixels && { maxImagePixels }) }
  // Compiled here first: the time limit is the templates' code's, not the compiler's (a compile error is reported where they load).
  const templates = join(paths.templatesDir, TEMPLATES_FILE)
  if (existsSync(templates)) await compileGameModule(templates, paths.root).catch(() => undefined)
  const layIn = jobLanguage(game, wordsByKey(loadWords(paths, gameLanguages(game)[0]!).value), language)
  let jobs = planFaces(game, cards).map((p) => ({ ...p.job, language: layIn }))
  const diagnostics: Diagnostic[] = []
  for (let tries = 0; jobs.length; tries++) {
    const [thread] = threads.take(paths, 1)
    const outcome = await thread!.call({ game: paths.id, do: 'layout', jobs, options })
    if (outcome.ok) return [...diagnostics, ...outcome.value]
    if (outcome.why === 'lost' && tries < 3) continue // it waited behind code that ended its thread (reported there): again, on a new one
    diagnostics.push(stoppedDiagnostic(paths, outcome, threads.limitMs / 1000))
    const piece = outcome.piece
    // Stopped at a face: the faces after it are laid out again; stopped anywhere else (its templates), none can be.
    if (piece?.kind !== 'face' || tries >= 3) break
    jobs = jobs.slice(jobs.findIndex((j) => sameJob(j, piece.job)) + 1)
  }
  return diagnostics
}
