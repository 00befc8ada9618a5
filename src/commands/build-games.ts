// The builds of one `deckwright build` run, as often as a watch asks for them: each game's problems, then its
// summary or why it was not built. In a preview's build process, each game's faces come first, each told to
// the preview as soon as it is stored, then the outputs made from them.
import { resolve } from 'node:path'
import { buildGame } from '../make/build-game.ts'
import { progressReporter } from '../make/progress.ts'
import { buildSummary } from '../make/summary.ts'
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts'
import type { FormatName } from '../diagnostics/formatters/index.ts'
import { firstCards, PREVIEW_CHILD, type PreviewMessage } from '../preview/messages.ts'
import type { RendererName } from '../render/renderers/renderer.ts'
import type { GameThreads } from '../threads/threads.ts'
import { forgetCompiled } from '../load/game-modules.ts'
import { gamePaths } from '../load/project.ts'
import type { WatchedBuild } from '../make/watch.ts'
import { type BuildFlags, buildSettings, type LiveOptions } from './build-options.ts'
import { EXIT, printProblems } from './shared.ts'

/**
 * A watch's change to the games' modules: this thread and the games' threads forget the code they loaded, so
 * that the next build compiles and imports it as it is now, warm (see GameThreads.reload).
 */
const takeChangedCode = async (
  root: string,
  ids: readonly string[],
  threads: GameThreads,
  fresh: boolean,
): Promise<void> => {
  forgetCompiled()
  // Threads are the project's, whichever game they ran: one is enough to name them.
  if (ids[0]) await threads.reload(gamePaths(root, ids[0]), { fresh })
}

/** A game's code that did not load (it does not compile, or threw as it was imported): the change after it gets new threads. */
const NOT_LOADED = new Set(['render/template-load', 'game/definition', 'game/shortcodes-load', 'simulate/play-load'])
const notLoaded = (diagnostics: readonly Diagnostic[]): boolean =>
  diagnostics.some((d) => d.severity === 'error' && NOT_LOADED.has(d.rule))

type Built = Awaited<ReturnType<typeof buildGame>>
type Tell = (message: PreviewMessage) => void

/** Prints a game's build: its problems, then its summary; false when it had errors and was not built. */
const showBuilt = (id: string, built: Built, started: number, format: FormatName, said: Set<string>): boolean => {
  // Notes (info) are for `validate`; a build shows what needs fixing.
  const problems = format === 'stylish' ? built.diagnostics.filter((d) => d.severity !== 'info') : built.diagnostics
  printProblems(problems, format)
  if (hasErrors(built.diagnostics)) {
    process.stderr.write(`${id}: not built, fix the errors above\n`)
    return false
  }
  for (const line of buildSummary(built.value, (Date.now() - started) / 1000, said)) process.stderr.write(`${line}\n`)
  return true
}

/**
 * A preview's build of a game's outputs, after the build of its faces: the faces that one drew count as drawn
 * in this run, not as taken from the cache, so that the summary agrees with the progress printed before it.
 */
const withFacesFirst = (built: Built, faces: Built | undefined): Built =>
  faces
    ? {
        ...built,
        value: {
          ...built.value,
          drawn: built.value.drawn + faces.value.drawn,
          alike: (built.value.alike ?? 0) + (faces.value.alike ?? 0),
        },
      }
    : built

/** How a preview's build process talks to its preview; undefined in any other build. */
const previewChannel = (): Tell | undefined =>
  process.env[PREVIEW_CHILD] && process.send ? (message: PreviewMessage) => process.send!(message) : undefined

/**
 * The run's builds: `buildAll` builds the games (the cards of `first` first, for a preview), and `exitCode`
 * is 1 once a game had errors.
 */
export const gameBuilds = (root: string, opts: BuildFlags, renderer: RendererName, threads: GameThreads) => {
  let exitCode: number = EXIT.ok
  const outDir = resolve(root, opts.out)
  const buildOne = (id: string, only = opts.only, live: LiveOptions = {}) =>
    buildGame(root, id, buildSettings(opts, outDir, { renderer, progress: progressReporter(id), threads }, only, live))
  // The sheets' notes said in this run: each once, not again for each game or each watch's build.
  const said = new Set<string>()
  const show = (id: string, built: Built, started: number) => {
    if (!showBuilt(id, built, started, opts.format, said)) exitCode = EXIT.errors
  }
  const preview = previewChannel()
  /** Whether a game's code did not load in the last build: not taken in place again (see takeChangedCode). */
  let broken = false
  // The cards the page shows are drawn first, and each face is shown as soon as it is stored. The default
  // language's faces first (the page shows them, from the store); the other editions and every file of the
  // output folder come with the outputs.
  const facesFirst = async (id: string, first: string[], tell: Tell, signal: AbortSignal | undefined) => {
    const stored = (face: { name: string; key: string }) => tell({ game: id, stage: 'face', ...face })
    const faces = await buildOne(id, 'faces', { first, stored, languages: [], signal, write: false })
    tell({ game: id, stage: 'faces', diagnostics: faces.diagnostics, gallery: faces.value.gallery })
    return faces
  }
  const buildAll = async (
    ids: string[],
    { first = firstCards(), reload = false, signal }: Partial<WatchedBuild> = {},
  ) => {
    if (reload) await takeChangedCode(root, ids, threads, broken)
    broken = false
    for (const id of ids) {
      try {
        await buildEach(id, first, signal)
      } catch (error) {
        // A watch's newer change stopped it: the build after this one makes what it would have.
        if (!signal?.aborted) throw error
        process.stderr.write(`${id}: stopped for a newer change\n`)
        return
      }
    }
  }
  const buildEach = async (id: string, first: string[], signal: AbortSignal | undefined) => {
    const started = Date.now()
    let faces: Built | undefined
    if (preview) {
      faces = await facesFirst(id, first, preview, signal)
      broken ||= notLoaded(faces.diagnostics)
      if (hasErrors(faces.diagnostics)) return show(id, faces, started)
    }
    const built = withFacesFirst(await buildOne(id, opts.only, { signal }), faces)
    broken ||= notLoaded(built.diagnostics)
    preview?.({
      game: id,
      stage: 'outputs',
      diagnostics: built.diagnostics,
      written: built.value.written,
      sheets: built.value.sheets,
    })
    show(id, built, started)
  }
  return { buildAll, exitCode: () => exitCode }
}
