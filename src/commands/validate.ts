// deckwright validate: check every card of the games against their rules engine, and lay out their faces.
import type { Command } from './commander.ts'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { FormatName } from '../diagnostics/formatters/index.ts'
import { append } from '../util/append.ts'
import { gamePaths } from '../load/project.ts'
import { formatOption, maxImagePixelsOption, maxWarningsOption, timeoutOption } from './options.ts'
import { checkedExit, print, refuseOutputFolder, selectGames, type Context } from './shared.ts'

interface ValidateFlags {
  format: FormatName
  maxWarnings?: number
  faces: boolean
  maxImagePixels?: number
  timeout?: number
}

export const validate = (program: Command, context: Context): void => {
  program
    .command('validate')
    .description('check every card of the given games (default: all) against their rules engine')
    .argument('[games...]')
    .addOption(formatOption())
    .addOption(maxWarningsOption())
    .option('--no-faces', 'skip laying out the faces (text that does not fit, unknown icons)')
    .addOption(maxImagePixelsOption())
    .addOption(timeoutOption())
    .action(async (games: string[], opts: ValidateFlags) => context.exit(await runValidate(context.root, games, opts)))
}

const runValidate = async (root: string, games: string[], opts: ValidateFlags): Promise<number> => {
  const diagnostics: Diagnostic[] = []
  const checked = selectGames(root, games)
  // Laying out the faces keeps them in out/.cache: never through a link a project commits.
  if (opts.faces) refuseOutputFolder(root, 'out', false)
  // What the run needs is loaded once it runs: `--help` and a usage error need none of it. The first game
  // thread starts before the validate stage is loaded: a thread takes ~70 ms to start, and the stage's
  // first request waits for it.
  const validating = import('../validate/validate-game.ts')
  const { GameThreads } = await import('../threads/threads.ts')
  const threads = new GameThreads(opts.timeout)
  threads.take(gamePaths(root, checked[0]!), 1)
  const { validateGame } = await validating
  try {
    for (const id of checked) {
      const options = {
        faces: opts.faces,
        booklet: true,
        maxImagePixels: opts.maxImagePixels,
        threads,
        readCardFilesHere: true,
      }
      append(diagnostics, (await validateGame(root, id, options)).diagnostics)
    }
  } finally {
    await threads.close()
  }
  // Validate's problems are its output: on stdout whatever the format.
  print(diagnostics, opts.format)
  const code = checkedExit(diagnostics, opts.maxWarnings)
  // A clean run says that it checked something.
  if (!diagnostics.length && opts.format === 'stylish') process.stderr.write(`${checked.join(', ')}: no problems\n`)
  return code
}
