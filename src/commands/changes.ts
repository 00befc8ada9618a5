// deckwright changes: what changed in the games since a git revision (default: the last commit), card by card
// (added, removed, its data or only its look) and the rules' sections. A change is not a problem: the exit
// code is 1 only when either version has errors, 2 when the revision cannot be read.
import { appendFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { type Command, Option } from './commander.ts'
import { DiagnosticError, hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts'
import type { FormatName } from '../diagnostics/formatters/index.ts'
import type { GameChanges } from '../make/changes.ts'
import type { RendererName } from '../render/renderers/renderer.ts'
import { append } from '../util/append.ts'
import { isWithin } from '../util/inside-folder.ts'
import { formatOption, intArg, outDirOption, rendererOption, timeoutOption } from './options.ts'
import { EXIT, print, printProblems, selectGames, UsageError, type Context } from './shared.ts'

interface ChangesFlags {
  since: string
  out: string
  dpi: number
  renderer: RendererName
  format: FormatName
  timeout?: number
  page: boolean
  pack?: boolean
  paper: 'a4' | 'letter'
}

export const changes = (program: Command, context: Context): void => {
  program
    .command('changes')
    .description(
      'list the cards added, removed and changed (their data, or only their look) and the rules sections changed since a git revision, for the given games (default: all)',
    )
    .argument('[games...]')
    .addOption(
      new Option('--since <revision>', 'the git revision to compare with: a commit, tag or branch').default('HEAD'),
    )
    .addOption(outDirOption())
    .addOption(
      new Option('--dpi <dpi>', "resolution the faces are drawn and compared at (the build's, to reuse its faces)")
        .argParser(intArg(10))
        .default(300),
    )
    .addOption(rendererOption('satori'))
    .addOption(
      new Option(
        '--pack',
        'also write an update pack, out/<game>/<game>-update-<commit>.pdf: a list of the cards to take out and put in, then print sheets of the cards added or changed in look',
      ),
    )
    .addOption(new Option('--paper <size>', "the update pack's paper").choices(['a4', 'letter']).default('a4'))
    .addOption(formatOption())
    .addOption(timeoutOption())
    .addOption(
      new Option(
        '--no-page',
        'write no page of the changes (out/<game>/changes/index.html, each changed face before and after)',
      ),
    )
    .action(async (games: string[], opts: ChangesFlags) => context.exit(await runChanges(context.root, games, opts)))
}

/**
 * Writes a game's update pack; none, with the reason in `diagnostics`, when its sheets cannot be laid out (a
 * card larger than the paper), as the build's sheets say it.
 */
const packOf = async (
  root: string,
  changes: GameChanges,
  outDir: string,
  paper: 'a4' | 'letter',
  diagnostics: Diagnostic[],
): Promise<string | undefined> => {
  const { writeUpdatePack } = await import('../make/update-pack.ts')
  try {
    return await writeUpdatePack(root, changes, outDir, { paper })
  } catch (error) {
    if (!(error instanceof DiagnosticError)) throw error
    // At the game's definition, where its card sizes are (the sheets' problem is a card larger than the paper).
    const { gamePaths, relativePath } = await import('../load/project.ts')
    const file = error.diagnostic.file || relativePath(root, gamePaths(root, changes.game).definition)
    diagnostics.push({ ...error.diagnostic, file })
    return undefined
  }
}

const runChanges = async (root: string, games: string[], opts: ChangesFlags): Promise<number> => {
  const ids = selectGames(root, games)
  const [
    { findRevision, RevisionProblem },
    { compareWithRevision },
    { changesDiagnostics, changesLines, changesMarkdown },
    { writePages },
  ] = await Promise.all([
    import('../load/git-revision.ts'),
    import('../make/changes.ts'),
    import('../make/changes-report.ts'),
    import('../make/changes-page.ts'),
  ])
  const packs: string[] = []
  const diagnostics: Diagnostic[] = []
  const compared: GameChanges[] = []
  const failed: string[] = []
  const { GameThreads, threadHeap } = await import('../threads/threads.ts')
  const threads = new GameThreads(opts.timeout, threadHeap(opts.renderer))
  try {
    const revision = findRevision(root, opts.since)
    for (const id of ids) {
      const result = await compareWithRevision(root, id, revision, {
        outDir: resolve(root, opts.out),
        dpi: opts.dpi,
        renderer: opts.renderer,
        threads,
        ...(opts.pack && { stampReprints: true }),
      })
      append(diagnostics, result.diagnostics)
      if (!result.value) failed.push(id)
      else {
        compared.push(result.value)
        const pack = opts.pack
          ? await packOf(root, result.value, resolve(root, opts.out), opts.paper, diagnostics)
          : undefined
        // Named from the project when it is in it (the default `out/`), in full when not.
        if (pack) packs.push(isWithin(root, pack) ? relative(root, pack) : pack)
      }
    }
  } catch (error) {
    if (error instanceof RevisionProblem) throw new UsageError(error.message)
    throw error
  } finally {
    await threads.close()
  }
  const pages = opts.page ? writePages(root, resolve(root, opts.out), compared) : { pages: [], diagnostics: [] }
  append(diagnostics, pages.diagnostics)
  if (opts.format === 'stylish') {
    printProblems(diagnostics, opts.format)
    for (const id of failed) process.stderr.write(`${id}: not compared, see the errors above\n`)
    for (const line of changesLines(compared)) process.stdout.write(`${line}\n`)
    for (const page of pages.pages) process.stdout.write(`page: ${page}\n`)
    for (const pack of packs) process.stdout.write(`update pack: ${pack}\n`)
  } else print([...diagnostics, ...changesDiagnostics(compared)], opts.format)
  // On GitHub Actions, the run's page shows the changes as a summary too.
  const summary = process.env['GITHUB_STEP_SUMMARY']
  if (opts.format === 'github' && summary && compared.length) appendFileSync(summary, changesMarkdown(compared))
  return hasErrors(diagnostics) ? EXIT.errors : EXIT.ok
}
