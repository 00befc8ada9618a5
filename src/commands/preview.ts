// deckwright preview: serve a page of the games' cards that follows every save; a child process builds them
// as `build --watch` does, and tells this one each face.
import { join, resolve } from 'node:path'
import type { Command } from './commander.ts'
import type { FormatName } from '../diagnostics/formatters/index.ts'
import type { RendererName } from '../render/renderers/renderer.ts'
import { OWN_ROOT } from '../util/packages.ts'
import {
  drawingJobsOption,
  duplexOption,
  formatOption,
  intArg,
  langOption,
  outDirOption,
  paperOption,
  rendererOption,
  timeoutOption,
} from './options.ts'
import { refuseOutputFolder, selectGames, type Context, UsageError } from './shared.ts'

const DEFAULT_EDITOR_LINK = 'vscode://file/{path}:{line}:{column}'

interface PreviewFlags {
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
  lang?: string[]
}

export const preview = (program: Command, context: Context): void => {
  program
    .command('preview')
    .description("serve a page of the games' cards that changes as you save (builds as build --watch does)")
    .argument('[games...]')
    .addOption(outDirOption())
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
    .addOption(duplexOption())
    .addOption(drawingJobsOption())
    .addOption(rendererOption('takumi'))
    .addOption(langOption())
    .addOption(timeoutOption())
    .addOption(formatOption())
    .action(async (games: string[], opts: PreviewFlags, cmd: Command) =>
      context.exit(await startPreview(context.root, games, opts, cmd.getOptionValueSource('out') === 'cli')),
    )
}

/** The build process's command line: the build the preview shows, watching. */
export const buildArgs = (ids: string[], opts: PreviewFlags): string[] => [
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
  ...(opts.lang ? ['--lang', opts.lang.join(',')] : []),
]

/** Why the page could not be served, in the words of the flags that chose where. */
const serverProblem = (error: unknown, opts: PreviewFlags): Error => {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE')
    return new UsageError(`port ${opts.port} is in use: choose another with --port (0 picks a free one)`)
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new UsageError(`--host ${opts.host} is not an address of this machine`)
  if (code === 'EACCES') return new UsageError(`port ${opts.port} needs privileges: choose one above 1023 with --port`)
  return error as Error
}

const startPreview = async (root: string, games: string[], opts: PreviewFlags, typedOut: boolean): Promise<number> => {
  if (opts.port > 65535) throw new UsageError(`--port ${opts.port} is not a port: give a number from 0 to 65535`)
  if (!/^[a-z][a-z0-9+.-]*:/i.test(opts.editor) || !opts.editor.includes('{path}'))
    throw new UsageError(`--editor must be a link with {path} in it, such as ${DEFAULT_EDITOR_LINK}`)
  const ids = selectGames(root, games)
  refuseOutputFolder(root, opts.out, typedOut)
  const { runPreview } = await import('../preview/run.ts')
  try {
    return await runPreview(root, ids, {
      outDir: resolve(root, opts.out),
      host: opts.host,
      port: opts.port,
      editor: opts.editor,
      open: Boolean(opts.open),
      buildArgs: buildArgs(ids, opts),
      bin: join(OWN_ROOT, 'bin', 'deckwright.js'),
    })
  } catch (error) {
    throw serverProblem(error, opts)
  }
}
