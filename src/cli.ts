import { Command, CommanderError, Option } from 'commander'
import { resolve } from 'node:path'
import { hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics/diagnostic.ts'
import { formatters, type FormatName } from './diagnostics/formatters/index.ts'
import { findGames } from './load/project.ts'
import { validateGame } from './validate.ts'

/** Exit codes: 0 clean, 1 errors found, 2 the tool could not run. */
const EXIT = { ok: 0, errors: 1, usage: 2 } as const

class UsageError extends Error {}

const formatOption = () => new Option('--format <format>', 'how to print problems').choices(Object.keys(formatters)).default('stylish')

const selectGames = (root: string, asked: string[]): string[] => {
  const all = findGames(root)
  if (asked.length === 0) {
    if (all.length === 0) throw new UsageError(`no games found: expected rules/<game>/game.ts under ${root}`)
    return all
  }
  const unknown = asked.filter((g) => !all.includes(g))
  if (unknown.length) throw new UsageError(`unknown game ${unknown.map((g) => `"${g}"`).join(', ')}; this project has ${all.join(', ') || 'no games'}`)
  return asked
}

const print = (diagnostics: Diagnostic[], format: FormatName, stream: NodeJS.WriteStream = process.stdout) => {
  const text = formatters[format](sortDiagnostics(diagnostics))
  if (text || format === 'json') stream.write(text)
}

const tooManyWarnings = (diagnostics: Diagnostic[], max: number | undefined) =>
  max !== undefined && max >= 0 && diagnostics.filter((d) => d.severity === 'warning').length > max

export const main = async (argv: string[]): Promise<number> => {
  const root = process.cwd()
  let exitCode: number = EXIT.ok
  const program = new Command('deckwright')
    .description('Validate board-game cards against their rules, render faces, print sheets and rules booklets.')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })

  program
    .command('validate')
    .description('check every card of the given games (default: all) against their rules engine')
    .argument('[games...]')
    .addOption(formatOption())
    .option('--max-warnings <n>', 'fail when there are more warnings than this', (v) => Number.parseInt(v, 10))
    .action(async (games: string[], opts: { format: FormatName; maxWarnings?: number }) => {
      const diagnostics: Diagnostic[] = []
      for (const id of selectGames(root, games)) diagnostics.push(...(await validateGame(root, id)).diagnostics)
      print(diagnostics, opts.format)
      exitCode = hasErrors(diagnostics) || tooManyWarnings(diagnostics, opts.maxWarnings) ? EXIT.errors : EXIT.ok
    })

  program
    .command('build')
    .description('validate, then write faces, print sheets and the rules booklet of the given games (default: all)')
    .argument('[games...]')
    .option('--out <dir>', 'output folder', 'out')
    .addOption(new Option('--paper <paper>', 'paper size of the print sheets').choices(['a4', 'letter']).default('a4'))
    .option('--dpi <dpi>', 'resolution of the PNG faces', (v) => Number.parseInt(v, 10), 300)
    .option('--ink-friendly', 'light, mostly white faces for home printers')
    .option('--sets <sets>', 'only the cards of these sets, e.g. base,identities', (v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .option('--jobs <n>', 'worker threads drawing faces (default: one per core)', (v) => Number.parseInt(v, 10))
    .addOption(new Option('--only <part>', 'build only the faces, the print sheets or the booklet').choices(['faces', 'sheets', 'booklet']))
    .option('--no-cache', 'draw every face again instead of reusing those of earlier builds')
    .addOption(formatOption())
    .action(async (games: string[], opts: { out: string; paper: 'a4' | 'letter'; dpi: number; inkFriendly?: boolean; sets?: string[]; jobs?: number; only?: 'faces' | 'sheets' | 'booklet'; cache: boolean; format: FormatName }) => {
      // Loaded only when building: validation stays quick to start.
      const { buildGame } = await import('./build/build-game.ts')
      const { progressReporter } = await import('./build/progress.ts')
      const { buildSummary } = await import('./build/summary.ts')
      for (const id of selectGames(root, games)) {
        const started = Date.now()
        const built = await buildGame(root, id, {
          outDir: resolve(root, opts.out),
          paper: opts.paper,
          dpi: opts.dpi,
          inkFriendly: opts.inkFriendly,
          sets: opts.sets,
          jobs: opts.jobs,
          only: opts.only,
          cache: opts.cache,
          progress: progressReporter(id),
        })
        print(built.diagnostics, opts.format, opts.format === 'stylish' ? process.stderr : process.stdout)
        if (hasErrors(built.diagnostics)) {
          process.stderr.write(`${id}: not built, fix the errors above\n`)
          exitCode = EXIT.errors
          continue
        }
        for (const line of buildSummary(built.value, (Date.now() - started) / 1000)) process.stderr.write(`${line}\n`)
      }
    })

  program
    .command('schema')
    .description('write a JSON Schema per card type to cards/<game>/schema/, for editors to complete and check card files')
    .argument('[games...]')
    .action(async (games: string[]) => {
      const { writeSchemas } = await import('./schema-files.ts')
      for (const id of selectGames(root, games)) {
        const { value, diagnostics } = await writeSchemas(root, id)
        print(diagnostics, 'stylish', process.stderr)
        if (hasErrors(diagnostics)) exitCode = EXIT.errors
        for (const file of value) process.stderr.write(`wrote ${file}\n`)
      }
    })

  try {
    await program.parseAsync(argv)
    return exitCode
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage
    if (error instanceof UsageError) {
      process.stderr.write(`deckwright: ${error.message}\n`)
      return EXIT.usage
    }
    throw error
  }
}
