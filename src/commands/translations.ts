// deckwright translations: a game's texts to translate into a language, as CSV for a spreadsheet; or a
// filled-in sheet read back (--import).
import { dirname, relative, resolve } from 'node:path'
import type { Command } from './commander.ts'
import type { FormatName } from '../diagnostics/formatters/index.ts'
import { formatOption } from './options.ts'
import { type Context, EXIT, printProblems, selectGames } from './shared.ts'

interface TranslationsFlags {
  lang: string
  import?: string
  out?: string
  format: FormatName
}

export const translations = (program: Command, context: Context): void => {
  program
    .command('translations')
    .description(
      "write a game's texts to translate into a language (its own texts, its templates' words, its cards' text fields) as CSV for a spreadsheet, the default text beside each; or read one back with --import",
    )
    .argument('<game>')
    .requiredOption('--lang <lang>', 'the language, one of those the definition lists besides its default')
    .option(
      '--import <file>',
      'read a filled-in sheet into cards/<game>/lang/<lang>.yaml and templates/<game>/lang/<lang>.yaml',
    )
    .option('--out <file>', 'where to write the sheet (default: <game>-<lang>.csv in the current folder)')
    .addOption(formatOption())
    .action(async (game: string, opts: TranslationsFlags) =>
      context.exit(await runTranslations(context.root, game, opts)),
    )
}

const runTranslations = async (root: string, game: string, opts: TranslationsFlags): Promise<number> => {
  const [id] = selectGames(root, [game])
  const { importTranslationSheet, translationSheet } = await import('../translation-sheet.ts')
  const { writeFileAtomic } = await import('../util/atomic-write.ts')
  if (opts.import) {
    const imported = await importTranslationSheet(root, id!, opts.lang, resolve(root, opts.import))
    printProblems(imported.diagnostics, opts.format)
    if (imported.value === undefined) return EXIT.errors
    process.stderr.write(`wrote ${imported.value.join(' and ')}\n`)
    return EXIT.ok
  }
  const made = await translationSheet(root, id!, opts.lang)
  printProblems(made.diagnostics, opts.format)
  if (made.value === undefined) return EXIT.errors
  const out = resolve(root, opts.out ?? `${id}-${opts.lang}.csv`)
  // An --out the designer typed is theirs to choose; the default is written only inside the project's folder.
  writeFileAtomic(out, made.value, { inside: opts.out ? dirname(out) : root })
  process.stderr.write(
    `wrote ${relative(root, out) || out}: fill in its translation column, then deckwright translations ${id} --lang ${opts.lang} --import ${relative(root, out)}\n`,
  )
  return EXIT.ok
}
