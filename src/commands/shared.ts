// What every command shares besides its options: the context it runs in, game selection, printing, exit codes
// and the one line that says why a command could not run.
import { join, resolve } from 'node:path'
import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { formatters, type FormatName } from '../diagnostics/formatters/index.ts'
import { findGames } from '../load/project.ts'
import { outputLinksProblem } from '../outputs/output-folder.ts'
import { isWithin } from '../util/inside-folder.ts'

/** Exit codes: 0 clean, 1 errors found, 2 the tool could not run. */
export const EXIT = { ok: 0, errors: 1, usage: 2 } as const

/** The command could not run as asked (exit 2): its message is the one line printed. */
export class UsageError extends Error {}

/** What the command's caller learns besides the exit code: `ending`, called when a process ends as it should before `main` returns (a watch's build process, when its watch stops). */
export interface MainHooks {
  ending?: () => void
}

/** What a command runs in: the project folder, the whole command line, and where its exit code goes. */
export interface Context {
  root: string
  argv: string[]
  hooks: MainHooks
  exit: (code: number) => void
}

/** The games a command runs on: those asked for, or every game of the project; an unknown one is a usage error. */
export const selectGames = (root: string, asked: string[]): string[] => {
  const all = findGames(root)
  if (asked.length === 0) {
    if (all.length === 0) throw new UsageError(`no games found: expected rules/<game>/game.ts under ${root}`)
    return all
  }
  const unknown = asked.filter((g) => !all.includes(g))
  if (unknown.length)
    throw new UsageError(
      `unknown game ${unknown.map((g) => `"${g}"`).join(', ')}; this project has ${all.join(', ') || 'no games'}`,
    )
  return asked
}

/**
 * The games' own folders are never an output folder: a build would replace what it is made from. Nor is a
 * folder a committed link leads to (`out` a symlink elsewhere, or `out/.cache`): only an `--out` the
 * designer `typed` may lie outside the project.
 */
export const refuseOutputFolder = (root: string, out: string, typed: boolean): void => {
  const source = ['rules', 'cards', 'templates'].find(
    (dir) => join(root, dir) === resolve(root, out) || isWithin(join(root, dir), resolve(root, out)),
  )
  if (source)
    throw new UsageError(`--out ${out} is inside the games' ${source}/ folder: build into another folder, such as out`)
  const linked = outputLinksProblem(root, resolve(root, out), out, typed)
  if (linked) throw new UsageError(linked)
}

/** Prints problems in the format asked for; a run without any prints nothing, except JSON's empty list. */
export const print = (diagnostics: Diagnostic[], format: FormatName, stream: NodeJS.WriteStream = process.stdout) => {
  const text = formatters[format](sortDiagnostics(diagnostics))
  if (text || format === 'json') stream.write(text)
}

/** Where a command that writes files prints its problems: a person reads them on stderr; a machine's format is the output. */
export const problemStream = (format: FormatName): NodeJS.WriteStream =>
  format === 'stylish' ? process.stderr : process.stdout

/** Prints problems where `problemStream` says. */
export const printProblems = (diagnostics: Diagnostic[], format: FormatName) =>
  print(diagnostics, format, problemStream(format))

/**
 * The exit code of a run that checks (validate, simulate): 1 on an error, or on more warnings than
 * --max-warnings, which is then said, since a run that fails on its warnings alone should say why.
 */
export const checkedExit = (diagnostics: Diagnostic[], maxWarnings: number | undefined): number => {
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length
  const tooMany = maxWarnings !== undefined && maxWarnings >= 0 && warnings > maxWarnings
  if (tooMany)
    process.stderr.write(
      `deckwright: ${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${maxWarnings}\n`,
    )
  return hasErrors(diagnostics) || tooMany ? EXIT.errors : EXIT.ok
}

/** The stack is asked for with --debug, DECKWRIGHT_DEBUG or DEBUG=deckwright (or *). */
const wantsStack = (argv: string[]) =>
  argv.includes('--debug') ||
  Boolean(process.env['DECKWRIGHT_DEBUG']) ||
  /(?:^|[\s,])(?:deckwright\b\S*|\*)(?=$|[\s,])/.test(process.env['DEBUG'] ?? '')

/** Says why a command stopped (a usage error, or a folder that cannot be written…): one line, the stack on request. */
export const stopped = (error: unknown, argv: string[]): number => {
  if (error instanceof UsageError) {
    process.stderr.write(`deckwright: ${error.message}\n`)
    return EXIT.usage
  }
  const debug = wantsStack(argv)
  process.stderr.write(
    `deckwright: ${debug ? ((error as Error).stack ?? String(error)) : String((error as Error).message ?? error).split('\n')[0]}\n`,
  )
  if (!debug) process.stderr.write('(run again with --debug for the details)\n')
  return EXIT.usage
}
