// deckwright build: validate, then write the faces, print sheets and rules booklet of the games; with --watch,
// again on every change (this process watches; a child process builds, and a preview's is told each face).
import { join, resolve } from 'node:path'
import type { Command } from './commander.ts'
import { OWN_ROOT } from '../util/packages.ts'
import { type BuildFlags, buildOptions } from './build-options.ts'
import { printProblems, refuseOutputFolder, selectGames, stopped, type Context, UsageError } from './shared.ts'

export const build = (program: Command, context: Context): void => {
  const command = program
    .command('build')
    .description('validate, then write faces, print sheets and the rules booklet of the given games (default: all)')
    .argument('[games...]')
  for (const option of buildOptions()) command.addOption(option)
  command.action(async (games: string[], opts: BuildFlags, cmd: Command) =>
    context.exit(await runBuild(context, games, opts, cmd)),
  )
}

/** A preset decides the resolution and the bleed: asking for another as well is a contradiction. */
const refusePresetWith = (opts: BuildFlags, cmd: Command): void => {
  for (const flag of ['dpi', 'bleed'] as const)
    if (opts.preset && cmd.getOptionValueSource(flag) === 'cli')
      throw new UsageError(`--preset ${opts.preset} sets the resolution and the bleed: leave out --${flag}`)
}

/**
 * A preset that writes CMYK PDFs needs Ghostscript and a CMYK output profile: said in one line before any
 * face is drawn (nothing is written). Returns the flags with the profile's path resolved.
 */
const checkServiceTools = async (root: string, opts: BuildFlags): Promise<BuildFlags> => {
  const { servicePdf } = await import('../outputs/presets.ts')
  if (!servicePdf(opts.preset)) {
    if (opts.icc) throw new UsageError('--icc is the CMYK profile of --preset dtc or pdfx4: give one of those presets')
    return opts
  }
  // The PDFs are made with the print sheets: a build of the faces or the booklet alone needs no Ghostscript.
  if (opts.only === 'faces' || opts.only === 'booklet') return opts
  const { serviceTools } = await import('../make/service-files.ts')
  const icc = opts.icc === undefined ? undefined : resolve(root, opts.icc)
  const tools = serviceTools(icc, opts.icc)
  if ('problem' in tools) throw new UsageError(tools.problem.message)
  return { ...opts, icc }
}

/**
 * An output folder that is the games' own, that a committed link leads to, or that cannot be written is
 * said once, before any face is drawn (and before anything is written there).
 */
const refuseOut = async (root: string, out: string, typed: boolean): Promise<void> => {
  refuseOutputFolder(root, out, typed)
  const { outputFolderProblem } = await import('../outputs/output-folder.ts')
  const unwritable = outputFolderProblem(resolve(root, out), out)
  if (unwritable) throw new UsageError(unwritable)
}

const runBuild = async (context: Context, games: string[], opts: BuildFlags, cmd: Command): Promise<number> => {
  const { root } = context
  refusePresetWith(opts, cmd)
  opts = await checkServiceTools(root, opts)
  const ids = selectGames(root, games)
  await refuseOut(root, opts.out, cmd.getOptionValueSource('out') === 'cli')
  const { WATCH_CHILD, serveBuilds, watchBuilds } = await import('../make/watch.ts')
  // Watching: this process only watches; a child process builds, and builds again when told.
  if (opts.watch && !process.env[WATCH_CHILD])
    return watchBuilds(root, ids, context.argv.slice(2), join(OWN_ROOT, 'bin', 'deckwright.js'))
  // Loaded only when building: validation stays quick to start.
  const { gameBuilds } = await import('./build-games.ts')
  const { firstCards } = await import('../preview/messages.ts')
  // The renderer is chosen once for the run: one that cannot load here is said once, and satori + resvg draws.
  const { chooseRenderer, rendererFallback } = await import('../render/renderers/renderer.ts')
  const renderer = await chooseRenderer(opts.renderer)
  if (renderer.fallback) printProblems([rendererFallback(renderer.fallback)], opts.format)
  // The games' threads live as long as this process: a watch's builds find them warm.
  const { GameThreads, threadHeap } = await import('../threads/threads.ts')
  const threads = new GameThreads(opts.timeout, threadHeap(renderer.name))
  // A bleed left to its default is not the designer's: the sheets say nothing of it when they thin it.
  const flags = cmd.getOptionValueSource('bleed') === 'cli' ? opts : { ...opts, bleed: undefined }
  const builds = gameBuilds(root, flags, renderer.name, threads)
  try {
    // A watch's build process builds as it is told, from the first build on (a change stops the build it comes in).
    if (opts.watch && process.send) {
      // The compiler is started while the first build runs: the first change of code does not wait for it.
      void (await import('../load/game-modules.ts')).warmCompiler()
      await serveBuilds(builds.buildAll, ids, firstCards(), context.hooks.ending, (error) =>
        stopped(error, process.argv),
      )
    } else await builds.buildAll(ids)
  } finally {
    await threads.close()
  }
  return builds.exitCode()
}
