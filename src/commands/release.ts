// deckwright release: a game's versioned print-and-play bundle in <out>/<game>/release/ (sheets for A4 and
// Letter, normal and ink-friendly, rules, tuck boxes, credits, licence, README, checksums, and one zip).
import { resolve } from 'node:path'
import { type Command, Option } from './commander.ts'
import type { FormatName } from '../diagnostics/formatters/index.ts'
import { hasErrors } from '../diagnostics/diagnostic.ts'
import type { RendererName } from '../render/renderers/renderer.ts'
import { cardThicknessFlag, cardThicknessOptions } from './build-options.ts'
import {
  drawingJobsOption,
  formatOption,
  intArg,
  langOption,
  listArg,
  outDirOption,
  rendererOption,
  timeoutOption,
} from './options.ts'
import { EXIT, printProblems, refuseOutputFolder, selectGames, type Context, UsageError } from './shared.ts'

interface ReleaseFlags {
  out: string
  dpi: number
  sets?: string[]
  lang?: string[]
  cardGsm: number
  cardThickness?: number
  jobs?: number
  renderer: RendererName
  timeout?: number
  format: FormatName
}

export const release = (program: Command, context: Context): void => {
  const command = program
    .command('release')
    .description(
      "write each game's print-and-play bundle to <out>/<game>/release/: card sheets for A4 and Letter, normal and ink-friendly, the rules, tuck boxes, credits, licence, a README, checksums and one zip, named <game>-<version>-…",
    )
    .argument('[games...]')
  for (const option of releaseOptions()) command.addOption(option)
  command.action(async (games: string[], opts: ReleaseFlags, cmd: Command) =>
    context.exit(await runRelease(context, games, opts, cmd.getOptionValueSource('out') === 'cli')),
  )
}

const releaseOptions = (): Option[] => [
  outDirOption(),
  new Option('--dpi <dpi>', 'resolution of the faces on the sheets').argParser(intArg(10)).default(300),
  new Option('--sets <sets>', 'only the cards of these sets, e.g. base').argParser(listArg),
  langOption(),
  ...cardThicknessOptions(),
  drawingJobsOption(),
  rendererOption('satori'),
  timeoutOption(),
  formatOption(),
]

const runRelease = async (
  context: Context,
  games: string[],
  opts: ReleaseFlags,
  typedOut: boolean,
): Promise<number> => {
  const { root } = context
  const ids = selectGames(root, games)
  refuseOutputFolder(root, opts.out, typedOut)
  const { outputFolderProblem } = await import('../outputs/output-folder.ts')
  const unwritable = outputFolderProblem(resolve(root, opts.out), opts.out)
  if (unwritable) throw new UsageError(unwritable)
  const [{ releaseGame }, { GameThreads, threadHeap }, { chooseRenderer, rendererFallback }, { progressReporter }] =
    await Promise.all([
      import('../release/release-game.ts'),
      import('../threads/threads.ts'),
      import('../render/renderers/renderer.ts'),
      import('../make/progress.ts'),
    ])
  const renderer = await chooseRenderer(opts.renderer)
  if (renderer.fallback) printProblems([rendererFallback(renderer.fallback)], opts.format)
  const threads = new GameThreads(opts.timeout, threadHeap(renderer.name))
  let exitCode: number = EXIT.ok
  try {
    for (const id of ids) {
      const started = Date.now()
      const released = await releaseGame(root, id, {
        outDir: resolve(root, opts.out),
        dpi: opts.dpi,
        sets: opts.sets,
        ...(opts.lang && !opts.lang.includes('all') && { languages: opts.lang }),
        cardThicknessMm: cardThicknessFlag(opts),
        jobs: opts.jobs,
        renderer: renderer.name,
        threads,
        progress: progressReporter(id),
      })
      printProblems(released.diagnostics, opts.format)
      if (hasErrors(released.diagnostics)) {
        process.stderr.write(`${id}: not released, fix the errors above\n`)
        exitCode = EXIT.errors
        continue
      }
      const { value } = released
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      process.stderr.write(
        `${id}: release ${value.version} in ${value.folder}/: ${value.files.length} files, ${value.files.at(-1)} (${value.drawn} faces drawn) in ${seconds} s\n`,
      )
    }
  } finally {
    await threads.close()
  }
  return exitCode
}
