// deckwright simulate: play a game many times with bots and its playable rules (rules/<game>/play.ts).
import { resolve } from 'node:path'
import { type Command, InvalidArgumentError, Option } from './commander.ts'
import type { FormatName } from '../diagnostics/formatters/index.ts'
import { BOTS, type BotName } from '../engine/play/bots.ts'
import { formatOption, intArg, listArg, maxWarningsOption, timeoutOption } from './options.ts'
import { checkedExit, type Context, printProblems, refuseOutputFolder, selectGames, UsageError } from './shared.ts'

interface SimulateFlags {
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

export const simulate = (program: Command, context: Context): void => {
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
    .addOption(maxWarningsOption())
    .addOption(timeoutOption())
    .action(async (game: string, opts: SimulateFlags, cmd: Command) =>
      context.exit(await runSimulate(context.root, game, opts, cmd.getOptionValueSource('out') === 'cli')),
    )
}

const runSimulate = async (root: string, game: string, opts: SimulateFlags, typedOut: boolean): Promise<number> => {
  const [id] = selectGames(root, [game])
  refuseOutputFolder(root, opts.out, typedOut)
  const { simulateGame, SIMULATE_USAGE } = await import('../simulate/index.ts')
  const { summaryLines } = await import('../simulate/text.ts')
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
  // The figures are the output a person asked for; with a machine's format, the problems are.
  const figures = opts.format === 'stylish' ? process.stdout : process.stderr
  if (ran.value) for (const line of ran.value.log ?? summaryLines(ran.value.summary)) figures.write(`${line}\n`)
  printProblems(ran.diagnostics, opts.format)
  if (ran.value?.written.length) process.stderr.write(`wrote ${ran.value.written.join(', ')}\n`)
  return checkedExit(ran.diagnostics, opts.maxWarnings)
}
