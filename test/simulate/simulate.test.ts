import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { PNG } from 'pngjs'
import { join } from 'node:path'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { type Diagnostic, hasErrors, sortDiagnostics } from '../../src/diagnostics/diagnostic.ts'
import { buildGame } from '../../src/make/build-game.ts'
import { type SimulateOptions, SIMULATE_USAGE, simulateGame } from '../../src/simulate/index.ts'
import { summaryLines } from '../../src/simulate/text.ts'
import { deckwright, fixture, poppler, projectCopy, root, editFile } from '../helpers.ts'
import { fileThreads } from '../setup/threads.ts'

// The game threads of the file's builds and simulations through the library, warm from one to the next.
const threads = fileThreads()

/**
 * `deckwright simulate <game> …` through the library: the findings (what `--format json` prints), the figures
 * (the lines the command prints), and whether the command would exit 1. On the file's warm threads when given
 * them (`threads`: a project whose playable rules do not change), else on threads of its own, as the command's
 * (`timeout` is theirs). Without `outDir`, no report is written. The command's own conventions (its options,
 * exit codes, what goes to which stream) are the tests' that run it: the replay and those that could not run.
 */
const simulate = async (project: string, game: string, options: SimulateOptions = {}) => {
  const ran = await simulateGame(project, game, options)
  return {
    // In the order the command prints them.
    found: sortDiagnostics(ran.diagnostics) as (Diagnostic & { line: number })[],
    figures: ran.value ? summaryLines(ran.value.summary) : [],
    failed: hasErrors(ran.diagnostics),
  }
}

/** A copy of the fixture for the file's tests that leave its playable rules as they are, on the file's threads. */
let pristine: string | undefined
const pristineCopy = () => {
  if (!pristine) {
    pristine = mkdtempSync(join(root, 'test', 'build', 'tmp-'))
    cpSync(fixture('simulate'), pristine, { recursive: true, filter: (s) => s !== join(fixture('simulate'), 'out') })
  }
  return pristine
}
afterAll(() => {
  if (pristine) rmSync(pristine, { recursive: true, force: true })
})

const lineOf = (file: string, text: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(text)) + 1

describe('deckwright simulate', () => {
  it('flags an overpowered card at its line and a broken rule with the seed that plays it again', async () => {
    const project = pristineCopy()
    const run = await simulate(project, 'duel', { runs: 1500, threads })
    expect(run.failed).toBe(true)
    const found = run.found
    const cards = join(project, 'cards', 'duel', 'spells.yaml')
    const impact = found.filter((d) => d.rule === 'simulate/card-impact')
    // Only the Meteor (12 power against 1 to 3) moves the outcome past the threshold.
    expect(impact.map((d) => d.card)).toEqual(['spell-meteor'])
    expect(impact[0]).toMatchObject({ file: 'cards/duel/spells.yaml', line: lineOf(cards, 'spell-meteor') })
    const broken = found.filter((d) => d.rule === 'simulate/broken-rule')
    expect(broken).toHaveLength(1)
    const play = join(project, 'rules', 'duel', 'play.ts')
    expect(broken[0]).toMatchObject({ file: 'rules/duel/play.ts', line: lineOf(play, "'cards-kept'") })
    expect(broken[0]!.message).toMatch(
      /^the invariant "cards-kept" broke: the game holds 25 spells, but 24 were dealt \(in \d+ of 1500 games/,
    )
    // The glitch is played, though every game it is played in breaks.
    expect(found.filter((d) => d.rule === 'simulate/never-played')).toEqual([])

    // The replay, run as the message gives it (the command's --replay), plays that very game: its moves, up to
    // the glitch that breaks it, on standard output, and the problem on standard error, exit 1.
    const replay = /`deckwright (simulate duel --replay \S+ --players \d --bots \S+)`/
      .exec(broken[0]!.message)![1]!
      .split(' ')
    const again = await deckwright(project, ...replay)
    expect(again.code).toBe(1)
    const moves = again.stdout.trim().split('\n')
    expect(moves.at(-2)).toMatch(/: cast card=spell-glitch$/)
    expect(moves.at(-1)).toMatch(/^a rule broke after \d+ moves/)
    expect(again.stderr).toContain('the game holds 25 spells, but 24 were dealt (in 1 of 1 games')
  })

  it('gives the same figures and report for the same seed, whatever the number of threads', async () => {
    const project = pristineCopy()
    const runs = []
    const outDir = join(project, 'out-seeds')
    const report = join(outDir, 'duel', 'simulation')
    for (const jobs of [1, 2, 2]) {
      const run = await simulate(project, 'duel', { runs: 700, seed: 'spring', jobs, outDir, threads })
      // The figures as JSON, and the charts as SVG and PNG: every byte.
      runs.push({
        figures: run.figures,
        files: Object.fromEntries(
          readdirSync(report)
            .sort()
            .map((f) => [f, readFileSync(join(report, f)).toString('base64')]),
        ),
      })
    }
    expect(runs[0]!.figures[0]).toContain('duel: 700 games')
    expect(Object.keys(runs[0]!.files)).toEqual([
      'card-impact.png',
      'card-impact.svg',
      'game-lengths.png',
      'game-lengths.svg',
      'report.json',
      'win-rates.png',
      'win-rates.svg',
    ])
    const png = PNG.sync.read(readFileSync(join(report, 'win-rates.png')))
    // A row for each seat of 2 and 3 players, the bot and the stalled games.
    expect([png.width, png.height]).toEqual([1200, 150 + 7 * 36])
    // Text drawn as paths: no script, no link, nothing fetched when the SVG is opened.
    for (const f of readdirSync(report).filter((f) => f.endsWith('.svg')))
      expect(readFileSync(join(report, f), 'utf8')).not.toMatch(/<script|<text|href=|url\((?!#)|@import/i)
    expect(JSON.parse(readFileSync(join(report, 'report.json'), 'utf8'))).toMatchObject({
      game: 'duel',
      runs: 700,
      bots: ['random'],
    })
    expect(runs[1]).toEqual(runs[0])
    expect(runs[2]).toEqual(runs[0])
    const other = await simulate(project, 'duel', { runs: 700, seed: 'autumn', threads })
    expect(other.figures.length).toBeGreaterThan(2)
    expect(other.figures).not.toEqual(runs[0]!.figures)
  })

  it("keeps its report beside the build's outputs: a build keeps the report, and a simulation the build's files", async () => {
    const project = pristineCopy()
    const out = join(project, 'out', 'duel')
    // `deckwright build duel --only faces`, through the library on the file's warm threads.
    const failedFaces = async () =>
      hasErrors(
        (await buildGame(project, 'duel', { outDir: join(project, 'out'), only: 'faces', threads })).diagnostics,
      )
    expect(await failedFaces()).toBe(false)
    const faces = readdirSync(join(out, 'faces')).sort()
    expect(faces.length).toBeGreaterThan(0)
    await simulate(project, 'duel', { runs: 300, outDir: join(project, 'out'), threads })
    expect(readdirSync(join(out, 'faces')).sort()).toEqual(faces)
    const report = readFileSync(join(out, 'simulation', 'report.json'), 'utf8')
    expect(await failedFaces()).toBe(false)
    expect(readFileSync(join(out, 'simulation', 'report.json'), 'utf8')).toBe(report)
  })

  it('stops a game whose rules never end, reports it at the function that ran with its seed, and plays the others, alike whatever the threads', async () => {
    const project = projectCopy(fixture('simulate'))
    const play = join(project, 'rules', 'duel', 'play.ts')
    // A rule that loops forever on the twelfth turn of one game in 400.
    editFile(
      play,
      '    s.turn++\n',
      '    s.turn++\n    if (s.turn === 12 && s.scores[0] === 11 && s.scores[1] === 9) for (;;) {}\n',
    )
    const runs = await Promise.all([1, 2].map((jobs) => simulate(project, 'duel', { runs: 400, timeout: 1, jobs })))
    expect(JSON.stringify(runs[1]!.found)).toBe(JSON.stringify(runs[0]!.found))
    const found = runs[0]!.found
    const stopped = found.filter((d) => d.rule === 'game/timeout')
    expect(stopped).toHaveLength(1)
    expect(stopped[0]).toMatchObject({ file: 'rules/duel/play.ts', line: lineOf(play, '  apply(s, move, { draw }) {') })
    expect(stopped[0]!.message).toMatch(
      /^the playable rules' apply\(\) did not finish within 1 s and was stopped \(an endless loop\?\); --timeout <seconds> sets the limit \(in 1 of 400 games; the first, game \d+, plays again with `deckwright simulate duel --replay [0-9a-f]{8} --players [23] --bots random`\)$/,
    )
    // The other games were played: their findings are there.
    expect(found.some((d) => d.rule === 'simulate/card-impact' && d.card === 'spell-meteor')).toBe(true)
    expect(runs[0]!.failed).toBe(true)
  }, 120_000)

  it('stops the run when games keep running over the time limit, pointing at the function that loops', async () => {
    const project = projectCopy(fixture('simulate'))
    const play = join(project, 'rules', 'duel', 'play.ts')
    editFile(play, '    const deck = shuffled(', '    while (players > 1) {}\n    const deck = shuffled(')
    // A limit well above loading the playable rules, even on a busy machine (0.5 s was not, under CI's load).
    const run = await simulate(project, 'duel', { runs: 1000, timeout: 1.5 })
    expect(run.failed).toBe(true)
    const found = run.found
    expect(found.map((d) => d.rule)).toEqual(['simulate/stopped', 'game/timeout'])
    expect(found[0]!.message).toBe(
      'games kept running over the time limit (3 at least), so the run stopped: no figures until the rules end',
    )
    expect(found[1]).toMatchObject({ line: lineOf(play, '  setup({') })
    // Two threads may each have stopped a game when the third is stopped.
    expect(found[1]!.message).toMatch(
      /^the playable rules' setup\(\) did not finish within 1.5 s .* \(in ([34]) of \1 games; the first, game 1,/,
    )
    // No figures to print.
    expect(run.figures).toEqual([])
  })

  it('reports an error thrown by the rules at its line', async () => {
    const project = projectCopy(fixture('simulate'))
    const play = join(project, 'rules', 'duel', 'play.ts')
    editFile(
      play,
      '    s.scores[s.active]! += s.power[move.card!]!\n',
      "    s.scores[s.active]! += s.power[move.card!]!\n    if (move.card === 'spell-bolt') throw new Error('bolts are not written yet')\n",
    )
    const run = await simulate(project, 'duel', { runs: 300 })
    const broken = run.found.filter((d) => d.rule === 'simulate/broken-rule' && d.message.startsWith('bolts'))
    expect(broken).toHaveLength(1)
    expect(broken[0]).toMatchObject({ file: 'rules/duel/play.ts', line: lineOf(play, 'bolts are not written yet') })

    // What the rules give that the simulation cannot use is a broken rule at the function that gave it.
    writeFileSync(
      play,
      readFileSync(fixture('simulate/rules/duel/play.ts'), 'utf8').replace(
        '    if (best < game.params.target) return undefined',
        '    if (best < game.params.target) return s.turn > 6 ? (true as never) : undefined',
      ),
    )
    const ended = (await simulate(project, 'duel', { runs: 50 })).found.filter(
      (d) => d.rule === 'simulate/broken-rule' && d.message.startsWith('end() gave true'),
    )
    // One problem at one place, whatever the games' values in its message (2 or 3 seats): the first game's words.
    expect(ended).toHaveLength(1)
    expect(ended[0]!.message).toMatch(
      /^end\(\) gave true: it must give undefined while the game goes on, else \{ winners: \[seats from 0 to [12]\], reason\?: 'a text' \} \(in \d+ of 50 games;/,
    )
    expect(ended[0]).toMatchObject({ file: 'rules/duel/play.ts', line: lineOf(play, '  end(s) {') })

    // A thrown value that is not an Error has no line of its own: it is put at the function that threw it.
    writeFileSync(
      play,
      readFileSync(fixture('simulate/rules/duel/play.ts'), 'utf8').replace(
        '    const deck = shuffled(',
        "    if (players === 3) throw 'three is a crowd'\n    const deck = shuffled(",
      ),
    )
    const crowd = (await simulate(project, 'duel', { runs: 50 })).found.filter((d) =>
      d.message.startsWith('three is a crowd'),
    )
    expect(crowd.map((d) => [d.rule, d.line])).toEqual([['simulate/broken-rule', lineOf(play, '  setup({')]])
  })

  it('could not run (exit 2, one line) for options the game cannot be played with, or a game without playable rules', async () => {
    const project = pristineCopy()
    // The library's usage problems (its rule SIMULATE_USAGE), which the command says in one line, exit 2 (below).
    const usage = async (options: SimulateOptions) =>
      (await simulate(project, 'duel', { ...options, threads })).found.map((d) => [d.rule, d.message])
    expect(await usage({ players: [5] })).toEqual([[SIMULATE_USAGE, 'duel is played by 2 to 3 players, not 5']])
    expect(await usage({ variants: ['slow-clock'] })).toEqual([
      [SIMULATE_USAGE, 'the playable rules have no variant "slow-clock"; they name none (variants in play.ts)'],
    ])
    // The command: an option it cannot read, and a game without playable rules (a usage problem of the library).
    const bots = await deckwright(project, 'simulate', 'duel', '--bots', 'clever')
    expect(bots.code).toBe(2)
    const none = await deckwright(root, 'simulate', 'arc-ship')
    expect(none.code).toBe(2)
    expect(none.stderr.trim()).toBe(
      'deckwright: arc-ship has no playable rules: write them in rules/arc-ship/play.ts (export default definePlay(game, { … }))',
    )
  })
})

describe('findings and thresholds', () => {
  const edited = (edit: (play: string) => string) => {
    const project = projectCopy(fixture('simulate'))
    const play = join(project, 'rules', 'duel', 'play.ts')
    writeFileSync(play, edit(readFileSync(play, 'utf8')))
    return { project, play }
  }

  it('flags a seat that wins more than its share, past a threshold the definition sets', async () => {
    // Seat 1 casts first: it wins ~55% of 2-player games. Within 0.2 of 50%, but not within 0.02.
    const loose = await simulate(pristineCopy(), 'duel', { runs: 2000, players: [2], threads })
    expect(loose.figures.length).toBeGreaterThan(2)
    expect(loose.found.filter((d) => d.rule === 'simulate/seat-advantage')).toEqual([])
    const { project, play } = edited((text) =>
      text.replace('balance: { seatAdvantage: 0.2 }', "balance: { seatAdvantage: 0.02, severity: 'warning' }"),
    )
    const strict = await simulate(project, 'duel', { runs: 2000, players: [2] })
    const found = strict.found.filter((d) => d.rule === 'simulate/seat-advantage')
    // One seat's more is the other's less.
    expect(found).toHaveLength(2)
    for (const d of found)
      expect(d).toMatchObject({ severity: 'warning', file: 'rules/duel/play.ts', line: lineOf(play, 'balance:') })
    expect(found[0]!.message).toMatch(
      /^seat 1 wins 5\d% of 2-player games \(95% CI \d+%–\d+%; 50% expected, the seats' average, give or take 2%\)$/,
    )
    expect(found[1]!.message).toMatch(
      /^seat 2 wins 4\d% of 2-player games \(95% CI \d+%–\d+%; 50% expected, the seats' average, give or take 2%\)$/,
    )
  })

  it('flags a co-op won too often, and games that stall', async () => {
    // Every game that ends has a winner: in a co-op's terms, won by the whole table.
    const coop = edited((text) =>
      text.replace('balance: { seatAdvantage: 0.2 },', 'balance: { seatAdvantage: 0.2 },\n  coop: true,'),
    )
    const won = (await simulate(coop.project, 'duel', { runs: 500 })).found.filter(
      (d) => d.rule === 'simulate/coop-win-rate',
    )
    expect(won.map((d) => d.message)).toEqual([
      'the co-op is won in 100% of 2-player games (95% CI 97%–100%; expected 20%–80%)',
      'the co-op is won in 100% of 3-player games (95% CI 97%–100%; expected 20%–80%)',
    ])
    const short = edited((text) =>
      text.replace('balance: { seatAdvantage: 0.2 },', 'balance: { seatAdvantage: 0.2 },\n  maxTurns: 8,'),
    )
    const stalls = (await simulate(short.project, 'duel', { runs: 500 })).found.filter(
      (d) => d.rule === 'simulate/stalls',
    )
    expect(stalls).toHaveLength(1)
    expect(stalls[0]).toMatchObject({ file: 'rules/duel/play.ts', line: lineOf(short.play, '  end(s)') })
    expect(stalls[0]!.message).toMatch(
      /^\d+% of games are not over after 8 turns \(95% CI \d+%–\d+%; at most 1% may stall\)$/,
    )
  })

  it('reports playable rules that do not load, or load without rules, at their file', async () => {
    const broken = edited((text) =>
      text.replace('  active: (s: State) => s.active,', '  active: (s: State) => s.active,,'),
    )
    const load = (await simulate(broken.project, 'duel', { runs: 10 })).found
    expect(load.map((d) => d.rule)).toEqual(['simulate/play-load'])
    expect(load[0]).toMatchObject({ file: 'rules/duel/play.ts', line: lineOf(broken.play, 's.active,,') })
    const empty = edited(() => 'export const nothing = 1\n')
    const none = (await simulate(empty.project, 'duel', { runs: 10 })).found
    expect(none.map((d) => d.rule)).toEqual(['simulate/no-play-rules'])
  })

  it('is a usage problem, in the library, to ask for what the game cannot be played with', async () => {
    const ran = await simulateGame(projectCopy(fixture('simulate')), 'duel', { players: [4] })
    expect(ran.diagnostics.map((d) => [d.rule, d.message])).toEqual([
      ['simulate/usage', 'duel is played by 2 to 3 players, not 4'],
    ])
  })
})

describe('Ministries, played', () => {
  /**
   * 300 games of Ministries as they come (seed 1, no variant), played once into a folder of the file's own: the
   * booklet's designer notes read its report, and the Ticking Clock test compares its figures with the variant's.
   */
  let played: Promise<{ out: string; figures: string[] }> | undefined
  const ministries300 = () => {
    played ??= (async () => {
      const out = mkdtempSync(join(root, 'test', 'build', 'tmp-'))
      const run = await simulate(root, 'ministries', { runs: 300, outDir: out, threads })
      return { out, figures: run.figures }
    })()
    return played
  }
  afterAll(async () => {
    if (played) rmSync((await played).out, { recursive: true, force: true })
  })

  it("adds the last simulation's figures to the booklet on request, as designer notes", async () => {
    const out = mkdtempSync(join(root, 'test', 'build', 'tmp-'))
    onTestFinished(() => rmSync(out, { recursive: true, force: true }))
    // `deckwright build ministries --only booklet --designer-notes --out <out>`, through the library on the
    // file's warm threads: the test is of the booklet's notes, not of the command line.
    const booklet = () => buildGame(root, 'ministries', { outDir: out, only: 'booklet', designerNotes: true, threads })
    const without = await booklet()
    expect(hasErrors(without.diagnostics)).toBe(false)
    expect(without.diagnostics.filter((d) => d.rule === 'build/no-designer-notes').map((d) => d.message)).toEqual([
      '--designer-notes: no simulation has been run, so the booklet has no designer notes (run deckwright simulate ministries first)',
    ])
    // The simulation's report, where a simulation run with --out out would have left it.
    cpSync(join((await ministries300()).out, 'ministries', 'simulation'), join(out, 'ministries', 'simulation'), {
      recursive: true,
    })
    expect(hasErrors((await booklet()).diagnostics)).toBe(false)
    const text = poppler('pdftotext', join(out, 'ministries', 'ministries-rules.pdf')).replace(/\s+/g, ' ')
    expect(text).toContain('Designer notes What 300 simulated games showed (bots: random; seed 1; sets: base)')
    expect(text).toContain('How the playable rules read the rules')
    // A report of the game before its rules or cards changed is left out, and said so.
    const report = join(out, 'ministries', 'simulation', 'report.json')
    editFile(report, /"inputs": "\w+"/, '"inputs": "0123456789abcdef01234567"')
    const stale = await booklet()
    expect(stale.diagnostics.filter((d) => d.rule === 'build/no-designer-notes').map((d) => d.message)).toEqual([
      '--designer-notes: the last simulation was run before the rules or the cards changed, so the booklet has no designer notes (run deckwright simulate ministries again)',
    ])
    expect(poppler('pdftotext', join(out, 'ministries', 'ministries-rules.pdf'))).not.toContain('Designer notes')
  }, 120_000)

  it("flags the Ministries greedy bots never play, at each card's line, as warnings while its rules settle", async () => {
    const run = await simulate(root, 'ministries', { runs: 400, bots: ['greedy'], threads })
    expect(run.failed).toBe(false)
    const never = run.found.filter((d) => d.rule === 'simulate/never-played')
    const file = join(root, 'cards', 'ministries', 'ministries.yaml')
    expect(never.map((d) => d.card)).toContain('ministry-trade')
    for (const d of never) {
      expect(d).toMatchObject({
        file: 'cards/ministries/ministries.yaml',
        line: lineOf(file, `id: ${d.card}`),
        severity: 'warning',
      })
      expect(d.message).toMatch(
        new RegExp(
          `^greedy bots never play ${d.card}: 0 of the \\d+ times they could \\(95% CI 0%–\\d(\\.\\d)?%; at least 2% expected\\)$`,
        ),
      )
    }
    // Cards the greedy bots do play are not flagged.
    expect(never.map((d) => d.card)).not.toContain('ministry-labour')
  }, 120_000)

  it('plays the Ticking Clock variant, whose Challenge deck runs down every turn: no game stalls', async () => {
    const run = await simulate(root, 'ministries', { runs: 300, variants: ['ticking-clock'], threads })
    expect(run.figures.join('\n')).toMatch(
      /^ministries: 300 games, seed 1, 2\/3\/4\/5 players, bots random, sets base, variants ticking-clock/,
    )
    expect(run.figures.join('\n')).toMatch(/the Challenge deck ran out (9\d|100)\.\d% · stalled 0\.0%/)
    const without = await ministries300()
    expect(without.figures.join('\n')).toMatch(/stalled 9\d\.\d%/)
  }, 120_000)

  it('prints the same figures twice, with one thread and with two', async () => {
    const [one, two] = [
      await simulate(root, 'ministries', { runs: 1000, seed: 1, jobs: 1, threads }),
      await simulate(root, 'ministries', { runs: 1000, seed: 1, jobs: 2, threads }),
    ]
    expect(one.figures[0]).toMatch(/^ministries: 1,000 games, seed 1, 2\/3\/4\/5 players/)
    expect(two.figures).toEqual(one.figures)
    // The problems, which the command prints after the figures.
    expect(JSON.stringify(two.found)).toBe(JSON.stringify(one.found))
  }, 120_000)
})
