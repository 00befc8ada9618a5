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

/** A build that is killed (SIGKILL) after `ms` milliseconds, unless it ends first. */
const buildKilledAfter = (cwd: string, ms: number) =>
  new Promise<{ finished: boolean }>((resolve) => {
    const child = spawn(
      process.execPath,
      [join(root, 'bin', 'deckwright.js'), 'build', '--no-cache', '--no-overview'],
      { cwd, stdio: 'ignore' },
    )
    const timer = setTimeout(() => child.kill('SIGKILL'), ms)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ finished: code === 0 })
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
  let full = 0
  for (const variant of variants) {
    writeFileSync(cards, variant)
    const start = performance.now()
    expect((await deckwright(project, 'build', '--no-cache', '--no-overview')).code).toBe(0)
    full = Math.max(full, performance.now() - start)
    states.push(snapshot(out)!)
  }
  expect(states[0]).not.toEqual(states[1])
  // Kill builds at moments spread over a whole build (a fixed sequence, so a failure can be repeated).
  let now = 1
  let seed = 7
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const seen = { old: 0, new: 0 }
  // Twenty kills; more when a busy machine made the builds slower (or faster) than the two timed ones, so that
  // the kills all fell before the swap (or after it): later (or sooner) ones, up to forty in all.
  for (let run = 0; run < 20 || ((!seen.old || !seen.new) && run < 40); run++) {
    const target = 1 - now
    writeFileSync(cards, variants[target]!)
    const shift = run < 20 ? 1 : seen.new ? 0.5 : 1.6
    // Most kills in the later part of a build, where its outputs are put in place.
    const { finished } = await buildKilledAfter(project, Math.round((0.3 + next() * 0.85) * full * shift))
    const state = snapshot(out)
    if (finished) expect(state).toEqual(states[target])
    else expect([states[now], states[target]], `run ${run}: a mix of the two builds`).toContainEqual(state)
    if (JSON.stringify(state) === JSON.stringify(states[target])) {
      now = target
      seen.new++
    } else seen.old++
  }
  // Some kills came before the swap and some after (or the test would prove little).
  expect(seen.old).toBeGreaterThan(0)
  expect(seen.new).toBeGreaterThan(0)
  // A build that ends removes what the killed ones left: only the current build of the game stays.
  writeFileSync(cards, variants[1 - now]!)
  expect((await deckwright(project, 'build', '--no-cache', '--no-overview')).code).toBe(0)
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
    const refused = await deckwright(project, 'build', '--format', 'json')
    expect(refused.code).toBe(1)
    expect(JSON.parse(refused.stdout)).toEqual([
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
    expect((await deckwright(project, 'build')).code).toBe(1)
    expect(readFileSync(join(project, 'out', 'parlour', 'notes.txt'), 'utf8')).toBe('mine')
    // The games' own folders are never an output folder.
    const inRules = await deckwright(project, 'build', '--out', 'rules')
    expect(inRules).toMatchObject({ code: 2, stderr: expect.stringContaining("inside the games' rules/ folder") })
    // An output folder that is itself a link (macOS's /tmp, a synced folder): builds again and again.
    const elsewhere = mkdtempSync(join(tmpdir(), 'deckwright-linked-out-'))
    symlinkSync(elsewhere, join(project, 'linked'))
    for (let i = 0; i < 3; i++) expect((await deckwright(project, 'build', '--out', 'linked')).code).toBe(0)
    expect(existsSync(join(project, 'linked', 'parlour', 'parlour-cards.pdf'))).toBe(true)
    // The current build, with its manifest, and the one before it kept to make the next build from.
    expect(
      readdirSync(join(elsewhere, '.builds'))
        .map((n) => n.replace(/\.\d+-\d+-\d+/, ''))
        .sort(),
    ).toEqual(['parlour', 'parlour', 'parlour.json', 'parlour.spare.json'])
  }, 120_000)
})
