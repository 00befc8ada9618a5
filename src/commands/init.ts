// deckwright init: a new game project, or a game added to the project there; it overwrites nothing.
import { existsSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import type { Command } from './commander.ts'
import { hasErrors } from '../diagnostics/diagnostic.ts'
import type { FormatName } from '../diagnostics/formatters/index.ts'
import { formatOption } from './options.ts'
import { type Context, EXIT, printProblems, UsageError } from './shared.ts'

interface InitFlags {
  game?: string
  format: FormatName
}

export const init = (program: Command, context: Context): void => {
  program
    .command('init')
    .description(
      'make a new game project in DIR (default: here), or add a game to the project there; overwrites nothing',
    )
    .argument('[dir]', 'the project folder, made if missing', '.')
    .option('--game <id>', "the new game's id (default: the folder's name)")
    .addOption(formatOption())
    .action(async (dir: string, opts: InitFlags) => context.exit(await runInit(context.root, dir, opts)))
}

const runInit = async (root: string, dir: string, opts: InitFlags): Promise<number> => {
  const { initProject } = await import('../init/scaffold.ts')
  const target = resolve(root, dir)
  if (existsSync(target) && !statSync(target).isDirectory())
    throw new UsageError(`${dir} is a file: init makes a project in a folder`)
  const { value, diagnostics } = await initProject(target, { game: opts.game })
  printProblems(diagnostics, opts.format)
  if (!value) return EXIT.usage
  const shown = relative(root, target) || '.'
  for (const file of value.written) process.stderr.write(`wrote    ${join(shown, file)}\n`)
  for (const what of value.added) process.stderr.write(`added    ${what}\n`)
  for (const file of value.skipped) process.stderr.write(`skipped  ${join(shown, file)} (it exists)\n`)
  const cd = shown === '.' ? '' : `cd ${/^[\w./-]+$/.test(shown) ? shown : JSON.stringify(shown)} && `
  process.stderr.write(`\n${value.game}: ready. Next: ${cd}npm install && npx deckwright build\n`)
  return hasErrors(diagnostics) ? EXIT.usage : EXIT.ok
}
