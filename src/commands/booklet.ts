// deckwright booklet: the rules booklet (PDF) of any Hugo-style rules file.
import { type Command, Option } from './commander.ts'
import { hasErrors } from '../diagnostics/diagnostic.ts'
import type { FormatName } from '../diagnostics/formatters/index.ts'
import { formatOption, timeoutOption } from './options.ts'
import { type Context, EXIT, printProblems } from './shared.ts'

interface BookletFlags {
  out?: string
  pageSize: 'a5' | 'a4'
  imposition: 'none' | 'saddle'
  drafts?: boolean
  format: FormatName
  timeout?: number
}

export const booklet = (program: Command, context: Context): void => {
  program
    .command('booklet')
    .description(
      "write the rules booklet (PDF) of any Hugo-style rules file; a game's rules get its examples drawn from its cards",
    )
    .argument('<file>', 'the rules markdown file, e.g. rules/maybe-missions/rules.md')
    .option('-o, --out <file>', 'the PDF to write (default: <game>-rules.pdf or <name>.pdf here)')
    .addOption(new Option('--page-size <size>', 'page size').choices(['a5', 'a4']).default('a5'))
    .addOption(
      new Option('--imposition <kind>', 'saddle: A5 pages 2-up on A4 in booklet order, to fold and staple')
        .choices(['none', 'saddle'])
        .default('none'),
    )
    .option('--drafts', 'print the comments and @TODO notes in the margin')
    .addOption(formatOption())
    .addOption(timeoutOption())
    .action(async (file: string, opts: BookletFlags) => context.exit(await runBooklet(context.root, file, opts)))
}

const runBooklet = async (root: string, file: string, opts: BookletFlags): Promise<number> => {
  const { writeBookletFile } = await import('../booklet-file.ts')
  const { value, diagnostics } = await writeBookletFile(file, {
    root,
    out: opts.out,
    pageSize: opts.pageSize,
    imposition: opts.imposition,
    drafts: opts.drafts,
    timeout: opts.timeout,
  })
  printProblems(
    diagnostics.filter((d) => d.severity !== 'info'),
    opts.format,
  )
  if (value.out) process.stderr.write(`wrote ${value.out}\n`)
  else process.stderr.write(`${file}: no booklet written, fix the errors above\n`)
  return hasErrors(diagnostics) ? EXIT.errors : EXIT.ok
}
