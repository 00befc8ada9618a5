import { existsSync, statSync } from 'node:fs'
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics/diagnostic.ts'
import { formatters, type FormatName } from './diagnostics/formatters/index.ts'
import { findGames } from './load/project.ts'
import { isWithin } from './util/inside-folder.ts'
import { validateGame } from './validate/validate-game.ts'
import { DEFAULT_TIMEOUT_S, GameThreads, MAX_TIMEOUT_S, threadHeapMb } from './threads/threads.ts'
import { firstCards, PREVIEW_CHILD, type PreviewMessage } from './preview/messages.ts'
import type { BuildOptions } from './make/build-game.ts'
import { append } from './util/append.ts'
import { BOTS, type BotName } from './engine/play/bots.ts'
import { RENDERERS, type RendererName } from './render/renderers/renderer.ts'

const DEFAULT_EDITOR_LINK = 'vscode://file/{path}:{line}:{column}'

/** Exit codes: 0 clean, 1 errors found, 2 the tool could not run. */
const EXIT = { ok: 0, errors: 1, usage: 2 } as const

class UsageError extends Error {}

const formatOption = () =>
  new Option('--format <format>', 'how to print problems').choices(Object.keys(formatters)).default('stylish')
const paperOption = () =>
  new Option('--paper <paper>', 'paper size of the print sheets').choices(['a4', 'letter']).default('a4')
const maxImagePixelsOption = () =>
  new Option(
    '--max-image-pixels <n>',
    'the most pixels an art file may have (default 50000000); larger art is a placeholder and a warning',
  ).argParser(intArg(1))
const secondsArg = (v: string) => {
  const n = Number(v)
  if (v.trim() === '' || !Number.isFinite(n) || n <= 0 || n > MAX_TIMEOUT_S)
    throw new InvalidArgumentError(`expected seconds, more than 0 and at most ${MAX_TIMEOUT_S} (a day), e.g. 30 or 2.5`)
  return n
}
const timeoutOption = () =>
  new Option(
    '--timeout <seconds>',
    `how long one piece of a game's code (loading it, a check, a face) may run before it is stopped (default ${DEFAULT_TIMEOUT_S})`,
  ).argParser(secondsArg)
const rendererOption = (fallback: RendererName) =>
  new Option(
    '--renderer <name>',
    'what draws the faces: satori (satori + resvg, the reference) or takumi (faster, the same look); takumi falls back to satori where it cannot load',
  )
    .choices(RENDERERS)
    .default(fallback)
const listArg = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
/** A whole number of at least `min`: anything else is a usage error (exit 2), never NaN passed on. */
const intArg = (min: number) => (v: string) => {
  const n = Number(v)
  if (!/^\s*\d+\s*$/.test(v) || n < min) throw new InvalidArgumentError(`expected a whole number of at least ${min}`)
  return n
}

const playersArg = (v: string): number[] | 'all' => {
  if (v.trim() === 'all') return 'all'
  const counts = listArg(v).map(Number)
  if (!counts.length || counts.some((n) => !Number.isInteger(n) || n < 1))
    throw new InvalidArgumentError('expected player counts, e.g. 4 or 3,5, or all')
  return [...new Set(counts)]
}
const botsArg = (v: string): BotName[] => {
  const bots = listArg(v)
  const unknown = bots.filter((b) => !(BOTS as readonly string[]).includes(b))
  if (!bots.length || unknown.length)
    throw new InvalidArgumentError(`expected bots from ${BOTS.join(', ')}, e.g. random,greedy`)
  return bots as BotName[]
}
const replayArg = (v: string) => {
  if (!/^\s*[0-9a-f]{1,8}\s*$/i.test(v))
    throw new InvalidArgumentError("expected a game's seed as a finding gives it: up to 8 hex digits, e.g. 3f2a91c0")
  return parseInt(v, 16)
}
const mmArg = (v: string) => {
  const n = Number(v)
  if (v.trim() === '' || !Number.isFinite(n) || n < 0)
    throw new InvalidArgumentError('expected millimetres, 0 or more, e.g. 3 or 2.5')
  return n
}
const offsetArg = (v: string) => {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(v)
  if (!m) throw new InvalidArgumentError('expected X,Y in millimetres, e.g. 1.5,-0.5')
  return { x: Number(m[1]), y: Number(m[2]) }
}
type Offset = ReturnType<typeof offsetArg>
interface SheetFlags {
  landscape?: boolean
  duplex: 'long-edge' | 'short-edge' | 'none'
  fold?: boolean
  bleed: number
  gap: number
  printerMargin: number
  backOffset?: Offset
  cornerRadius?: number
  onlyType?: string[]
  cards?: string[]
  single?: boolean
}
interface OutputFlags {
  designerNotes?: boolean
  preset?: 'tgc' | 'mpc'
  stamp?: boolean
  overview: boolean
  tts?: boolean
}

const selectGames = (root: string, asked: string[]): string[] => {
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

const print = (diagnostics: Diagnostic[], format: FormatName, stream: NodeJS.WriteStream = process.stdout) => {
  const text = formatters[format](sortDiagnostics(diagnostics))
  if (text || format === 'json') stream.write(text)
}

const tooManyWarnings = (diagnostics: Diagnostic[], max: number | undefined) =>
  max !== undefined && max >= 0 && diagnostics.filter((d) => d.severity === 'warning').length > max

/** What the command's caller learns besides the exit code: `ending`, called when a process ends as it should before `main` returns (a watch's build process, when its watch stops). */
export interface MainHooks {
  ending?: () => void
}

export const main = async (argv: string[], hooks: MainHooks = {}): Promise<number> => {
  const root = process.cwd()
  let exitCode: number = EXIT.ok
  const program = new Command('deckwright')
    .description('Validate board-game cards against their rules, render faces, print sheets and rules booklets.')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .option('--debug', 'print the stack of an error that stops the command')

  program
    .command('validate')
    .description('check every card of the given games (default: all) against their rules engine')
    .argument('[games...]')
    .addOption(formatOption())
    .option('--max-warnings <n>', 'fail when there are more warnings than this', intArg(0))
    .option('--no-faces', 'skip laying out the faces (text that does not fit, unknown icons)')
    .addOption(maxImagePixelsOption())
    .addOption(timeoutOption())
    .action(
      async (
        games: string[],
        opts: { format: FormatName; maxWarnings?: number; faces: boolean; maxImagePixels?: number; timeout?: number },
      ) => {
        const diagnostics: Diagnostic[] = []
        const checked = selectGames(root, games)
        const threads = new GameThreads(opts.timeout)
        try {
          for (const id of checked)
            append(
              diagnostics,
              (
                await validateGame(root, id, {
                  faces: opts.faces,
                  booklet: true,
                  maxImagePixels: opts.maxImagePixels,
                  threads,
                })
              ).diagnostics,
            )
        } finally {
          await threads.close()
        }
        print(diagnostics, opts.format)
        const warnings = diagnostics.filter((d) => d.severity === 'warning').length
        // Why the run fails when only its warnings do, and that a clean run checked something.
        if (tooManyWarnings(diagnostics, opts.maxWarnings))
          process.stderr.write(
            `deckwright: ${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${opts.maxWarnings}\n`,
          )
        else if (!diagnostics.length && opts.format === 'stylish')
          process.stderr.write(`${checked.join(', ')}: no problems\n`)
        exitCode = hasErrors(diagnostics) || tooManyWarnings(diagnostics, opts.maxWarnings) ? EXIT.errors : EXIT.ok
      },
    )

  program
    .command('build')
    .description('validate, then write faces, print sheets and the rules booklet of the given games (default: all)')
    .argument('[games...]')
    .option('--out <dir>', 'output folder', 'out')
    .addOption(paperOption())
    .option('--landscape', 'landscape print sheets (a card size that fits more cards the other way turns on its own)')
    .addOption(
      new Option('--duplex <mode>', 'how the sheet turns over for the backs')
        .choices(['long-edge', 'short-edge', 'none'])
        .default('long-edge'),
    )
    .option(
      '--designer-notes',
      'add what the last `deckwright simulate` found (out/<game>/simulation/report.json) to the rules booklet, as an appendix',
    )
    .option('--fold', 'fronts and backs side by side on each page, to fold over instead of printing double-sided')
    .option('--bleed <mm>', 'bleed around each face', mmArg, 3)
    .option('--gap <mm>', 'gutter between cards on the sheets', mmArg, 0)
    .option('--printer-margin <mm>', 'border your printer cannot print; 0 packs the densest grid regardless', mmArg, 5)
    .option(
      '--back-offset <x,y>',
      'move the backs by X,Y mm to make up for your printer (see deckwright calibrate)',
      offsetArg,
    )
    .option('--corner-radius <mm>', 'draw rounded-corner cut guides of this radius', mmArg)
    .option('--only-type <types>', 'only the cards of these types, e.g. mission,vote', listArg)
    .option('--cards <ids>', 'only these cards (each qty times), e.g. mission-01,mission-02', listArg)
    .option(
      '--single',
      'also write <game>-cards-single.pdf: one page per face, trim plus bleed, with TrimBox and BleedBox',
    )
    .option('--dpi <dpi>', 'resolution of the PNG faces', intArg(10), 300)
    .option('--ink-friendly', 'light, mostly white faces for home printers')
    .addOption(maxImagePixelsOption())
    .addOption(
      new Option(
        '--preset <service>',
        "faces at a print service's size, 300 dpi with its bleed: tgc (The Game Crafter, poker 825×1125 px) or mpc (MakePlayingCards, 822×1122 px)",
      ).choices(['tgc', 'mpc']),
    )
    .option('--stamp', "stamp the game's version (from its definition) in a corner of every front")
    .option('--no-overview', 'skip <game>-overview.png, every face on one contact sheet')
    .option('--tts', 'also write Tabletop Simulator deck sheets to <game>/tts/')
    .option('--sets <sets>', 'only the cards of these sets, e.g. base,identities', listArg)
    .option(
      '--lang <langs>',
      'the languages to build besides the default, e.g. nl,de; all (the default) builds every language the definition lists',
      listArg,
    )
    .option('--jobs <n>', 'worker threads drawing faces (default: one per core)', intArg(1))
    .addOption(rendererOption('satori'))
    .addOption(timeoutOption())
    .addOption(
      new Option('--only <part>', 'build only the faces, the print sheets or the booklet').choices([
        'faces',
        'sheets',
        'booklet',
      ]),
    )
    .option('--no-cache', 'draw every face again instead of reusing those of earlier builds')
    .option('--watch', "build, then build again whenever the games' cards, rules or templates change (Ctrl-C stops)")
    .addOption(formatOption())
    .action(
      async (
        games: string[],
        opts: {
          out: string
          paper: 'a4' | 'letter'
          dpi: number
          inkFriendly?: boolean
          maxImagePixels?: number
          sets?: string[]
          lang?: string[]
          jobs?: number
          renderer: RendererName
          timeout?: number
          only?: 'faces' | 'sheets' | 'booklet'
          cache: boolean
          watch?: boolean
          format: FormatName
        } & SheetFlags &
          OutputFlags,
        cmd: Command,
      ) => {
        // A preset decides the resolution and the bleed: asking for another as well is a contradiction.
        for (const flag of ['dpi', 'bleed'] as const)
          if (opts.preset && cmd.getOptionValueSource(flag) === 'cli')
            throw new UsageError(`--preset ${opts.preset} sets the resolution and the bleed: leave out --${flag}`)
        const ids = selectGames(root, games)
        // An output folder that cannot be written is said once, before any face is drawn.
        const { outputFolderProblem } = await import('./outputs/output-folder.ts')
        const unwritable = outputFolderProblem(resolve(root, opts.out), opts.out)
        if (unwritable) throw new UsageError(unwritable)
        // The games' own folders are never an output folder: a build would replace what it is made from.
        const source = ['rules', 'cards', 'templates'].find(
          (dir) => join(root, dir) === resolve(root, opts.out) || isWithin(join(root, dir), resolve(root, opts.out)),
        )
        if (source)
          throw new UsageError(
            `--out ${opts.out} is inside the games' ${source}/ folder: build into another folder, such as out`,
          )
        const { WATCH_CHILD, serveBuilds, watchBuilds } = await import('./make/watch.ts')
        // Watching: this process only watches; a child process builds, and builds again when told.
        if (opts.watch && !process.env[WATCH_CHILD]) {
          exitCode = await watchBuilds(
            root,
            ids,
            argv.slice(2),
            fileURLToPath(new URL('../bin/deckwright.js', import.meta.url)),
          )
          return
        }
        // Loaded only when building: validation stays quick to start.
        const { buildGame } = await import('./make/build-game.ts')
        const { progressReporter } = await import('./make/progress.ts')
        const { buildSummary } = await import('./make/summary.ts')
        // The renderer is chosen once for the run: one that cannot load here is said once, and satori + resvg draws.
        const { chooseRenderer, rendererFallback } = await import('./render/renderers/renderer.ts')
        const renderer = await chooseRenderer(opts.renderer)
        if (renderer.fallback)
          print(
            [rendererFallback(renderer.fallback)],
            opts.format,
            opts.format === 'stylish' ? process.stderr : process.stdout,
          )
        // The games' threads live as long as this process: a watch's builds find them warm.
        const threads = new GameThreads(opts.timeout, { heapMb: threadHeapMb(renderer.name) })
        const buildOne = (
          id: string,
          only = opts.only,
          live: Pick<BuildOptions, 'first' | 'stored' | 'languages'> = {},
        ) =>
          buildGame(root, id, {
            outDir: resolve(root, opts.out),
            ...(opts.lang && !opts.lang.includes('all') && { languages: opts.lang }),
            ...live,
            paper: opts.paper,
            dpi: opts.dpi,
            inkFriendly: opts.inkFriendly,
            maxImagePixels: opts.maxImagePixels,
            sets: opts.sets,
            onlyTypes: opts.onlyType,
            cardIds: opts.cards,
            singles: opts.single,
            preset: opts.preset,
            stamp: opts.stamp,
            overview: opts.overview,
            tts: opts.tts,
            designerNotes: opts.designerNotes,
            bleedMm: opts.bleed,
            sheets: {
              landscape: opts.landscape,
              duplex: opts.duplex,
              fold: opts.fold,
              gapMm: opts.gap,
              printerMarginMm: opts.printerMargin,
              backOffsetMm: opts.backOffset,
              cornerRadiusMm: opts.cornerRadius,
            },
            jobs: opts.jobs,
            renderer: renderer.name,
            only,
            cache: opts.cache,
            progress: progressReporter(id),
            threads,
          })
        const show = (id: string, built: Awaited<ReturnType<typeof buildOne>>, started: number): void => {
          // Notes (info) are for `validate`; a build shows what needs fixing.
          const problems =
            opts.format === 'stylish' ? built.diagnostics.filter((d) => d.severity !== 'info') : built.diagnostics
          print(problems, opts.format, opts.format === 'stylish' ? process.stderr : process.stdout)
          if (hasErrors(built.diagnostics)) {
            process.stderr.write(`${id}: not built, fix the errors above\n`)
            exitCode = EXIT.errors
            return
          }
          for (const line of buildSummary(built.value, (Date.now() - started) / 1000)) process.stderr.write(`${line}\n`)
        }
        // A preview's build process builds each game's faces first and tells the preview, then the rest.
        const preview =
          process.env[PREVIEW_CHILD] && process.send ? (message: PreviewMessage) => process.send!(message) : undefined
        const buildAll = async (ids: string[], first = firstCards()) => {
          for (const id of ids) {
            const started = Date.now()
            if (preview) {
              // The cards the page shows are drawn first, and each face is shown as soon as it is stored.
              // The default language's faces first (the page shows them); the other editions come with the outputs.
              const faces = await buildOne(id, 'faces', {
                first,
                stored: (face) => preview({ game: id, stage: 'face', ...face }),
                languages: [],
              })
              preview({ game: id, stage: 'faces', diagnostics: faces.diagnostics, gallery: faces.value.gallery })
              if (hasErrors(faces.diagnostics) || opts.only === 'faces') {
                show(id, faces, started)
                continue
              }
            }
            const built = await buildOne(id)
            preview?.({
              game: id,
              stage: 'outputs',
              diagnostics: built.diagnostics,
              written: built.value.written,
              sheets: built.value.sheets,
            })
            show(id, built, started)
          }
        }
        try {
          await buildAll(ids)
          if (opts.watch && process.send) await serveBuilds(buildAll, hooks.ending)
        } finally {
          await threads.close()
        }
      },
    )

  program
    .command('preview')
    .description("serve a page of the games' cards that changes as you save (builds as build --watch does)")
    .argument('[games...]')
    .option('--out <dir>', 'output folder', 'out')
    .option('--port <n>', 'port to listen on (0: any free port)', intArg(0), 4310)
    .option(
      '--host <address>',
      'address to listen on; 0.0.0.0 shows the page to other devices on your network',
      '127.0.0.1',
    )
    .option('--open', 'open the page in your browser')
    .option(
      '--editor <link>',
      'link that opens a file at a line in your editor ({path}, {line}, {column})',
      DEFAULT_EDITOR_LINK,
    )
    .addOption(paperOption())
    .addOption(
      new Option('--duplex <mode>', 'how the sheet turns over for the backs')
        .choices(['long-edge', 'short-edge', 'none'])
        .default('long-edge'),
    )
    .option('--jobs <n>', 'worker threads drawing faces (default: one per core)', intArg(1))
    .addOption(rendererOption('takumi'))
    .addOption(timeoutOption())
    .addOption(formatOption())
    .action(
      async (
        games: string[],
        opts: {
          out: string
          port: number
          host: string
          open?: boolean
          editor: string
          paper: string
          duplex: string
          jobs?: number
          renderer: RendererName
          timeout?: number
          format: FormatName
        },
      ) => {
        if (opts.port > 65535) throw new UsageError(`--port ${opts.port} is not a port: give a number from 0 to 65535`)
        if (!/^[a-z][a-z0-9+.-]*:/i.test(opts.editor) || !opts.editor.includes('{path}'))
          throw new UsageError(`--editor must be a link with {path} in it, such as ${DEFAULT_EDITOR_LINK}`)
        const ids = selectGames(root, games)
        const source = ['rules', 'cards', 'templates'].find(
          (dir) => join(root, dir) === resolve(root, opts.out) || isWithin(join(root, dir), resolve(root, opts.out)),
        )
        if (source)
          throw new UsageError(
            `--out ${opts.out} is inside the games' ${source}/ folder: build into another folder, such as out`,
          )
        const { runPreview } = await import('./preview/run.ts')
        const buildArgs = [
          'build',
          ...ids,
          '--watch',
          '--out',
          opts.out,
          '--paper',
          opts.paper,
          '--duplex',
          opts.duplex,
          '--format',
          opts.format,
          '--renderer',
          opts.renderer,
          ...(opts.jobs ? ['--jobs', String(opts.jobs)] : []),
          ...(opts.timeout ? ['--timeout', String(opts.timeout)] : []),
        ]
        try {
          exitCode = await runPreview(root, ids, {
            outDir: resolve(root, opts.out),
            host: opts.host,
            port: opts.port,
            editor: opts.editor,
            open: Boolean(opts.open),
            buildArgs,
            bin: fileURLToPath(new URL('../bin/deckwright.js', import.meta.url)),
          })
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code
          if (code === 'EADDRINUSE')
            throw new UsageError(`port ${opts.port} is in use: choose another with --port (0 picks a free one)`)
          if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
            throw new UsageError(`--host ${opts.host} is not an address of this machine`)
          if (code === 'EACCES')
            throw new UsageError(`port ${opts.port} needs privileges: choose one above 1023 with --port`)
          throw error
        }
      },
    )

  program
    .command('calibrate')
    .description(
      'write <out>/calibration.pdf: a double-sided test page that shows the --back-offset your printer needs',
    )
    .option('--out <dir>', 'output folder', 'out')
    .addOption(paperOption())
    .option('--landscape', 'landscape page')
    .addOption(
      new Option('--duplex <mode>', 'how the sheet turns over')
        .choices(['long-edge', 'short-edge'])
        .default('long-edge'),
    )
    .option('--back-offset <x,y>', 'print with this offset, to check it', offsetArg)
    .action(
      async (opts: {
        out: string
        paper: 'a4' | 'letter'
        landscape?: boolean
        duplex: 'long-edge' | 'short-edge'
        backOffset?: Offset
      }) => {
        const { writeCalibration } = await import('./print/calibrate.ts')
        const { writeFileAtomic } = await import('./util/atomic-write.ts')
        const path = join(resolve(root, opts.out), 'calibration.pdf')
        writeFileAtomic(
          path,
          await writeCalibration({
            paper: opts.paper,
            landscape: opts.landscape,
            duplex: opts.duplex,
            backOffsetMm: opts.backOffset,
          }),
        )
        const shown = relative(root, path).startsWith('..') ? path : relative(root, path)
        process.stderr.write(
          `wrote ${shown}: print it double-sided (${opts.duplex}) at actual size and read the offset it shows\n`,
        )
      },
    )

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
    .action(
      async (
        file: string,
        opts: {
          out?: string
          pageSize: 'a5' | 'a4'
          imposition: 'none' | 'saddle'
          drafts?: boolean
          format: FormatName
          timeout?: number
        },
      ) => {
        const { writeBookletFile } = await import('./booklet-file.ts')
        const { value, diagnostics } = await writeBookletFile(file, {
          root,
          out: opts.out,
          pageSize: opts.pageSize,
          imposition: opts.imposition,
          drafts: opts.drafts,
          timeout: opts.timeout,
        })
        print(
          diagnostics.filter((d) => d.severity !== 'info'),
          opts.format,
          opts.format === 'stylish' ? process.stderr : process.stdout,
        )
        if (value.out) process.stderr.write(`wrote ${value.out}\n`)
        else process.stderr.write(`${file}: no booklet written, fix the errors above\n`)
        exitCode = hasErrors(diagnostics) ? EXIT.errors : EXIT.ok
      },
    )

  program
    .command('init')
    .description(
      'make a new game project in DIR (default: here), or add a game to the project there; overwrites nothing',
    )
    .argument('[dir]', 'the project folder, made if missing', '.')
    .option('--game <id>', "the new game's id (default: the folder's name)")
    .addOption(formatOption())
    .action(async (dir: string, opts: { game?: string; format: FormatName }) => {
      const { initProject } = await import('./init/scaffold.ts')
      const target = resolve(root, dir)
      if (existsSync(target) && !statSync(target).isDirectory())
        throw new UsageError(`${dir} is a file: init makes a project in a folder`)
      const { value, diagnostics } = await initProject(target, { game: opts.game })
      print(diagnostics, opts.format, opts.format === 'stylish' ? process.stderr : process.stdout)
      if (!value) {
        exitCode = EXIT.usage
        return
      }
      const shown = relative(root, target) || '.'
      for (const file of value.written) process.stderr.write(`wrote    ${join(shown, file)}\n`)
      for (const what of value.added) process.stderr.write(`added    ${what}\n`)
      for (const file of value.skipped) process.stderr.write(`skipped  ${join(shown, file)} (it exists)\n`)
      const cd = shown === '.' ? '' : `cd ${/^[\w./-]+$/.test(shown) ? shown : JSON.stringify(shown)} && `
      process.stderr.write(`\n${value.game}: ready. Next: ${cd}npm install && npx deckwright build\n`)
      exitCode = hasErrors(diagnostics) ? EXIT.usage : EXIT.ok
    })

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
    .action(async (game: string, opts: { lang: string; import?: string; out?: string; format: FormatName }) => {
      const [id] = selectGames(root, [game])
      const { importTranslationSheet, translationSheet } = await import('./translation-sheet.ts')
      const { writeFileAtomic } = await import('./util/atomic-write.ts')
      const to = opts.format === 'stylish' ? process.stderr : process.stdout
      if (opts.import) {
        const imported = await importTranslationSheet(root, id!, opts.lang, resolve(root, opts.import))
        print(imported.diagnostics, opts.format, to)
        if (imported.value === undefined) exitCode = EXIT.errors
        else process.stderr.write(`wrote ${imported.value.join(' and ')}\n`)
        return
      }
      const made = await translationSheet(root, id!, opts.lang)
      print(made.diagnostics, opts.format, to)
      if (made.value === undefined) {
        exitCode = EXIT.errors
        return
      }
      const out = resolve(root, opts.out ?? `${id}-${opts.lang}.csv`)
      writeFileAtomic(out, made.value)
      process.stderr.write(
        `wrote ${relative(root, out) || out}: fill in its translation column, then deckwright translations ${id} --lang ${opts.lang} --import ${relative(root, out)}\n`,
      )
    })

  program
    .command('simulate')
    .description(
      "play a game thousands of times with bots and its playable rules (rules/<game>/play.ts): game length, win rates, each card's effect, and the findings past the game's thresholds",
    )
    .argument('<game>')
    .option('--runs <n>', 'games to play', intArg(1), 1000)
    .option(
      '--players <counts>',
      'player counts, e.g. 4 or 3,5, or all (default: every count the game allows)',
      playersArg,
    )
    .addOption(
      new Option(
        '--bots <bots>',
        'the bots, seated in turn and moved one seat each game: random, greedy (e.g. random,greedy)',
      )
        .argParser(botsArg)
        .default(['random'], 'random'),
    )
    .option('--sets <sets>', 'expansions and variants played with the base game, e.g. identities', listArg)
    .option(
      '--variants <variants>',
      "the rules' variants to play, as the playable rules name them, e.g. ticking-clock",
      listArg,
    )
    .option('--seed <seed>', "the run's seed, a whole number or a word: the same seed gives the same figures", '1')
    .option(
      '--replay <game-seed>',
      'play one game again from the seed a finding gave (8 hex digits), with --players and --bots as it gave them',
      replayArg,
    )
    .option('--jobs <n>', 'worker threads playing games (default: one per core)', intArg(1))
    .option('--out <dir>', 'output folder: the report goes to <out>/<game>/simulation/', 'out')
    .addOption(formatOption())
    .option('--max-warnings <n>', 'fail when there are more warnings than this', intArg(0))
    .addOption(timeoutOption())
    .action(
      async (
        game: string,
        opts: {
          runs: number
          players?: number[] | 'all'
          bots: BotName[]
          sets?: string[]
          variants?: string[]
          seed: string
          replay?: number
          jobs?: number
          out: string
          format: FormatName
          timeout?: number
          maxWarnings?: number
        },
      ) => {
        const [id] = selectGames(root, [game])
        const { simulateGame, SIMULATE_USAGE } = await import('./simulate/index.ts')
        const { summaryLines } = await import('./simulate/text.ts')
        const ran = await simulateGame(root, id!, {
          runs: opts.runs,
          ...(Array.isArray(opts.players) && { players: opts.players }),
          bots: opts.bots,
          sets: opts.sets,
          variants: opts.variants,
          seed: opts.seed,
          ...(opts.replay !== undefined && { replay: opts.replay }),
          jobs: opts.jobs,
          timeout: opts.timeout,
          outDir: resolve(root, opts.out),
        })
        const usage = ran.diagnostics.find((d) => d.rule === SIMULATE_USAGE)
        if (usage) throw new UsageError(usage.message)
        const figures = opts.format === 'stylish' ? process.stdout : process.stderr
        if (ran.value) for (const line of ran.value.log ?? summaryLines(ran.value.summary)) figures.write(`${line}\n`)
        print(ran.diagnostics, opts.format, opts.format === 'stylish' ? process.stderr : process.stdout)
        if (ran.value?.written.length) process.stderr.write(`wrote ${ran.value.written.join(', ')}\n`)
        const warnings = ran.diagnostics.filter((d) => d.severity === 'warning').length
        if (tooManyWarnings(ran.diagnostics, opts.maxWarnings))
          process.stderr.write(
            `deckwright: ${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${opts.maxWarnings}\n`,
          )
        exitCode =
          hasErrors(ran.diagnostics) || tooManyWarnings(ran.diagnostics, opts.maxWarnings) ? EXIT.errors : EXIT.ok
      },
    )

  program
    .command('schema')
    .description(
      'write a JSON Schema per card type to cards/<game>/schema/, for editors to complete and check card files',
    )
    .argument('[games...]')
    .addOption(formatOption())
    .addOption(timeoutOption())
    .action(async (games: string[], opts: { format: FormatName; timeout?: number }) => {
      const { writeSchemas } = await import('./validate/schema-files.ts')
      for (const id of selectGames(root, games)) {
        const { value, diagnostics } = await writeSchemas(root, id, { timeout: opts.timeout })
        print(diagnostics, opts.format, opts.format === 'stylish' ? process.stderr : process.stdout)
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
    // Anything else stopped the command (a folder that cannot be written…): one line, the stack on request.
    const debug =
      argv.includes('--debug') ||
      Boolean(process.env['DECKWRIGHT_DEBUG']) ||
      /(?:^|[\s,])(?:deckwright\b\S*|\*)(?=$|[\s,])/.test(process.env['DEBUG'] ?? '')
    process.stderr.write(
      `deckwright: ${debug ? ((error as Error).stack ?? String(error)) : String((error as Error).message ?? error).split('\n')[0]}\n`,
    )
    if (!debug) process.stderr.write('(run again with --debug for the details)\n')
    return EXIT.usage
  }
}
