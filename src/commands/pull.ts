// deckwright pull: the spreadsheets the games list as sources, downloaded into their cards folders, and which
// cards that added, removed and changed. The only command that touches the network; builds never do.
import type { Command } from './commander.ts'
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts'
import type { FormatName } from '../diagnostics/formatters/index.ts'
import type { PulledFile } from '../pull/pull-game.ts'
import { append } from '../util/append.ts'
import { formatOption, timeoutOption } from './options.ts'
import { EXIT, print, printProblems, selectGames, UsageError, type Context } from './shared.ts'

interface PullFlags {
  format: FormatName
  timeout?: number
}

export const pull = (program: Command, context: Context): void => {
  program
    .command('pull')
    .description(
      'download the spreadsheets the given games (default: all) list as their sources into cards/<game>/, and list the cards added, removed and changed',
    )
    .argument('[games...]')
    .addOption(formatOption())
    .addOption(timeoutOption())
    .action(async (games: string[], opts: PullFlags) => context.exit(await runPull(context.root, games, opts)))
}

const runPull = async (root: string, games: string[], opts: PullFlags): Promise<number> => {
  const [{ pullGame }, { pullDiagnostics, pullLines }] = await Promise.all([
    import('../pull/pull-game.ts'),
    import('../pull/report.ts'),
  ])
  const diagnostics: Diagnostic[] = []
  const pulled: PulledFile[] = []
  const without: string[] = []
  const { GameThreads } = await import('../threads/threads.ts')
  const threads = new GameThreads(opts.timeout)
  try {
    for (const id of selectGames(root, games)) {
      const { value, diagnostics: found } = await pullGame(root, id, { threads })
      append(diagnostics, found)
      append(pulled, value.pulled)
      if (!value.listed.length && !hasErrors(found)) without.push(id)
    }
  } finally {
    await threads.close()
  }
  if (!pulled.length && !diagnostics.length)
    throw new UsageError(
      `${without.join(', ')} list${without.length === 1 ? 's' : ''} no spreadsheet sources: add sources: { 'cards.csv': 'https://…' } to rules/<game>/game.ts (docs/spreadsheets.md)`,
    )
  if (opts.format === 'stylish') {
    printProblems(diagnostics, opts.format)
    for (const line of pullLines(pulled)) process.stdout.write(`${line}\n`)
    // A game named on the command line that has nothing to pull is said, not passed over in silence.
    if (games.length && without.length) process.stderr.write(`${without.join(', ')}: no sources listed\n`)
  } else print([...diagnostics, ...pullDiagnostics(pulled)], opts.format)
  return hasErrors(diagnostics) ? EXIT.errors : EXIT.ok
}
