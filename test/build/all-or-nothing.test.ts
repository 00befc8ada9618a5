// A build killed at any moment leaves out/<game> as it was or as the new build made it, never a mix; the
// next build removes what killed ones left behind.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { deckwright, fixture, projectCopy, root } from '../helpers.ts'
import { buildRun } from '../setup/commands.ts'
import { fileThreads } from '../setup/threads.ts'

// The game threads of the file's builds through the library, warm from one build to the next.
const threads = fileThreads()

/** Every file under a folder (links followed) with the digest of its bytes; undefined when there is no folder. */
const snapshot = (dir: string): Record<string, string> | undefined => {
  if (!existsSync(dir)) return undefined
  const out: Record<string, string> = {}
  for (const file of readdirSync(dir, { recursive: true }).map(String).sort()) {
    const path = join(dir, file)
    try {
      out[file] = createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16)
    } catch {
      // a folder
    }
  }
  return out
}

/** Where out/<game> leads (the build it shows), or undefined while there is none. */
const linkOf = (out: string) => {
  try {
    return readlinkSync(out)
  } catch {
    return undefined
  }
}

/**
 * A build that is killed (SIGKILL) after `ms` milliseconds, unless it ends first; `swappedAt`, when it ended, is
 * how long after its start out/<game> came to lead to its outputs (watched every few milliseconds).
 */
const buildKilledAfter = (cwd: string, out: string, ms: number) =>
  new Promise<{ finished: boolean; swappedAt?: number }>((resolve) => {
    const start = performance.now()
    const before = linkOf(out)
    let swappedAt: number | undefined
    const watch = setInterval(() => {
      if (swappedAt === undefined && linkOf(out) !== before) swappedAt = performance.now() - start
    }, 2)
    const child = spawn(
      process.execPath,
      [join(root, 'bin', 'deckwright.js'), 'build', '--no-cache', '--no-overview'],
      { cwd, stdio: 'ignore' },
    )
    const timer = setTimeout(() => child.kill('SIGKILL'), ms)
    child.on('exit', (code) => {
      clearTimeout(timer)
      clearInterval(watch)
      resolve({ finished: code === 0, swappedAt })
    })
  })

it('leaves the old outputs or the new, whenever a build is killed', async () => {
  const project = projectCopy(fixture('outputs'))
  const cards = join(project, 'cards', 'parlour', 'cards.yaml')
  const variants = [
    readFileSync(cards, 'utf8'),
    readFileSync(cards, 'utf8').replaceAll('#ff0000', '#cc0000').replaceAll('#0000ff', '#0000cc'),
  ]
  const out = join(project, 'out', 'parlour')
  const states: Record<string, string>[] = []
  // When a build puts its outputs in place: the moment a kill is most likely to leave a mix.
  let swap = 0
  for (const variant of variants) {
    writeFileSync(cards, variant)
    const built = await buildKilledAfter(project, out, 120_000)
    expect(built.finished).toBe(true)
    swap = Math.max(swap, built.swappedAt ?? 0)
    states.push(snapshot(out)!)
  }
  expect(states[0]).not.toEqual(states[1])
  expect(swap).toBeGreaterThan(0)
  // Kills around that moment (a fixed sequence, so a failure can be repeated), drawn nearer to it as they go:
  // one that left the old outputs came before the swap, so the next comes later; one that left the new, sooner.
  let now = 1
  let seed = 7
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const seen = { old: 0, new: 0 }
  let at = swap
  for (let run = 0; run < 8 || ((!seen.old || !seen.new) && run < 30); run++) {
    const target = 1 - now
    writeFileSync(cards, variants[target]!)
    const { finished } = await buildKilledAfter(project, out, Math.round(at * (0.85 + next() * 0.3)))
    const state = snapshot(out)
    if (finished) expect(state).toEqual(states[target])
    else expect([states[now], states[target]], `run ${run}: a mix of the two builds`).toContainEqual(state)
    if (JSON.stringify(state) === JSON.stringify(states[target])) {
      now = target
      seen.new++
      at *= 0.93
    } else {
      seen.old++
      at *= 1.08
    }
  }
  // Some kills came before the swap and some after (or the test would prove little).
  expect(seen.old).toBeGreaterThan(0)
  expect(seen.new).toBeGreaterThan(0)
  // A build that ends removes what the killed ones left: only the current build of the game stays (a build
  // through the library, in this process: the command's own process is not at stake here).
  writeFileSync(cards, variants[1 - now]!)
  expect((await buildRun(project, { cache: false, overview: false })).failed).toBe(false)
  const builds = readdirSync(join(project, 'out', '.builds')).filter((n) => n.startsWith('parlour.'))
  expect(builds).toHaveLength(1)
  expect(
    readdirSync(join(project, 'out'), { recursive: true })
      .map(String)
      .filter((n) => n.endsWith('.link') || n.endsWith('.tmp')),
  ).toEqual([])
  // …and it is the one out/parlour links to.
  expect(readlinkSync(out)).toBe(join('.builds', builds[0]!))
}, 180_000)

describe('the output folder of a game', () => {
  it('is never taken over when deckwright did not make it, and works through a linked output folder', async () => {
    const project = projectCopy(fixture('outputs'))
    // A link the designer made, to a folder of their own: refused, and their folder kept whole.
    const precious = join(project, 'precious')
    mkdirSync(precious)
    writeFileSync(join(precious, 'notes.txt'), 'mine')
    mkdirSync(join(project, 'out'))
    symlinkSync(precious, join(project, 'out', 'parlour'))
    // Builds through the library (test/setup/commands.ts), but for the command's own refusal of --out below.
    const refused = await buildRun(project, { threads })
    expect(refused.failed).toBe(true)
    expect(refused.found).toEqual([
      expect.objectContaining({
        rule: 'build/output-in-the-way',
        file: 'out/parlour',
        message: expect.stringContaining('a link deckwright did not make'),
      }),
    ])
    expect(readFileSync(join(precious, 'notes.txt'), 'utf8')).toBe('mine')
    // A folder of someone else's: refused too.
    rmSync(join(project, 'out', 'parlour'))
    mkdirSync(join(project, 'out', 'parlour'))
    writeFileSync(join(project, 'out', 'parlour', 'notes.txt'), 'mine')
    expect((await buildRun(project, { threads })).failed).toBe(true)
    expect(readFileSync(join(project, 'out', 'parlour', 'notes.txt'), 'utf8')).toBe('mine')
    // The games' own folders are never an output folder.
    const inRules = await deckwright(project, 'build', '--out', 'rules')
    expect(inRules).toMatchObject({ code: 2, stderr: expect.stringContaining("inside the games' rules/ folder") })
    // An output folder that is itself a link (macOS's /tmp, a synced folder): builds again and again.
    const elsewhere = mkdtempSync(join(tmpdir(), 'deckwright-linked-out-'))
    symlinkSync(elsewhere, join(project, 'linked'))
    for (let i = 0; i < 3; i++)
      expect((await buildRun(project, { outDir: join(project, 'linked'), threads })).failed).toBe(false)
    expect(existsSync(join(project, 'linked', 'parlour', 'parlour-cards.pdf'))).toBe(true)
    // The current build, with its manifest, and the one before it kept to make the next build from.
    expect(
      readdirSync(join(elsewhere, '.builds'))
        .map((n) => n.replace(/\.\d+-\d+-\d+/, ''))
        .sort(),
    ).toEqual(['parlour', 'parlour', 'parlour.json', 'parlour.spare.json'])
  }, 120_000)
})
