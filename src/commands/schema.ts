// deckwright schema: a JSON Schema per card type, for editors to complete and check card files.
import type { Command } from './commander.ts'
import { hasErrors } from '../diagnostics/diagnostic.ts'
import type { FormatName } from '../diagnostics/formatters/index.ts'
import { formatOption, timeoutOption } from './options.ts'
import { type Context, EXIT, printProblems, selectGames } from './shared.ts'

interface SchemaFlags {
  format: FormatName
  timeout?: number
}

export const schema = (program: Command, context: Context): void => {
  program
    .command('schema')
    .description(
      'write a JSON Schema per card type to cards/<game>/schema/, for editors to complete and check card files',
    )
    .argument('[games...]')
    .addOption(formatOption())
    .addOption(timeoutOption())
    .action(async (games: string[], opts: SchemaFlags) => context.exit(await runSchema(context.root, games, opts)))
}

const runSchema = async (root: string, games: string[], opts: SchemaFlags): Promise<number> => {
  const { writeSchemas } = await import('../validate/schema-files.ts')
  let code: number = EXIT.ok
  for (const id of selectGames(root, games)) {
    const { value, diagnostics } = await writeSchemas(root, id, { timeout: opts.timeout })
    printProblems(diagnostics, opts.format)
    if (hasErrors(diagnostics)) code = EXIT.errors
    for (const file of value) process.stderr.write(`wrote ${file}\n`)
  }
  return code
}
