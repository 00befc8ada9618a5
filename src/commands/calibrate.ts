// deckwright calibrate: a double-sided test page that shows the --back-offset a printer needs.
import { join, relative, resolve } from 'node:path'
import { type Command, Option } from './commander.ts'
import { type Offset, offsetArg, outDirOption, paperOption } from './options.ts'
import { type Context, EXIT, refuseOutputFolder } from './shared.ts'

interface CalibrateFlags {
  out: string
  paper: 'a4' | 'letter'
  landscape?: boolean
  duplex: 'long-edge' | 'short-edge'
  backOffset?: Offset
}

export const calibrate = (program: Command, context: Context): void => {
  program
    .command('calibrate')
    .description(
      'write <out>/calibration.pdf: a double-sided test page that shows the --back-offset your printer needs',
    )
    .addOption(outDirOption())
    .addOption(paperOption())
    .option('--landscape', 'landscape page')
    .addOption(
      new Option('--duplex <mode>', 'how the sheet turns over')
        .choices(['long-edge', 'short-edge'])
        .default('long-edge'),
    )
    .option('--back-offset <x,y>', 'print with this offset, to check it', offsetArg)
    .action(async (opts: CalibrateFlags, cmd: Command) =>
      context.exit(await runCalibrate(context.root, opts, cmd.getOptionValueSource('out') === 'cli')),
    )
}

const runCalibrate = async (root: string, opts: CalibrateFlags, typedOut: boolean): Promise<number> => {
  refuseOutputFolder(root, opts.out, typedOut)
  const { writeCalibration } = await import('../print/calibrate.ts')
  const { writeFileAtomic } = await import('../util/atomic-write.ts')
  const path = join(resolve(root, opts.out), 'calibration.pdf')
  const pdf = await writeCalibration({
    paper: opts.paper,
    landscape: opts.landscape,
    duplex: opts.duplex,
    backOffsetMm: opts.backOffset,
  })
  writeFileAtomic(path, pdf, { inside: resolve(root, opts.out) })
  const shown = relative(root, path).startsWith('..') ? path : relative(root, path)
  process.stderr.write(
    `wrote ${shown}: print it double-sided (${opts.duplex}) at actual size and read the offset it shows\n`,
  )
  return EXIT.ok
}
