// deckwright's command line: each command is a module of commands/ that registers its options and runs it;
// this file lists them, and turns how a run ended into its exit code.
import { Command, CommanderError } from './commands/commander.ts'
import { booklet } from './commands/booklet.ts'
import { build } from './commands/build.ts'
import { calibrate } from './commands/calibrate.ts'
import { changes } from './commands/changes.ts'
import { init } from './commands/init.ts'
import { preview } from './commands/preview.ts'
import { pull } from './commands/pull.ts'
import { release } from './commands/release.ts'
import { schema } from './commands/schema.ts'
import { type Context, EXIT, type MainHooks, stopped } from './commands/shared.ts'
import { simulate } from './commands/simulate.ts'
import { translations } from './commands/translations.ts'
import { validate } from './commands/validate.ts'
import { ownPackage } from './util/packages.ts'

export type { MainHooks } from './commands/shared.ts'

/** The commands, in the order the help lists them. */
const COMMANDS = [
  validate,
  build,
  release,
  preview,
  pull,
  changes,
  calibrate,
  booklet,
  init,
  translations,
  simulate,
  schema,
]

export const main = async (argv: string[], hooks: MainHooks = {}): Promise<number> => {
  let exitCode: number = EXIT.ok
  const context: Context = { root: process.cwd(), argv, hooks, exit: (code) => (exitCode = code) }
  const program = new Command('deckwright')
    .description('Validate board-game cards against their rules, render faces, print sheets and rules booklets.')
    .version(ownPackage().version, '-v, --version', "print deckwright's version")
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .option('--debug', 'print the stack of an error that stops the command')
  for (const command of COMMANDS) command(program, context)
  try {
    await program.parseAsync(argv)
    return exitCode
  } catch (error) {
    // commander has said what was wrong with the command line (or printed the help or the version).
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage
    return stopped(error, argv)
  }
}
