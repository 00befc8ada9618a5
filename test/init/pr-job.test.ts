// The pull-request job of the workflow `deckwright init` writes, run as GitHub would run its commands (not
// GitHub itself): in a clone of a repository made from init's sample game, on a branch that changes one card,
// with the base branch's name in GITHUB_BASE_REF. The summary lands in $GITHUB_STEP_SUMMARY and the page
// where the job uploads it from.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { initProject } from '../../src/init/scaffold.ts'
import { root } from '../helpers.ts'

type Step = { uses?: string; run?: string; if?: string; with?: Record<string, unknown> }
type Workflow = { on: unknown; jobs: Record<string, { if?: string; steps: Step[] }> }

const tmp = mkdtempSync(join(root, 'test', 'tmp-pr-job-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const git = (cwd: string, ...args: string[]) =>
  execFileSync(
    'git',
    ['-c', 'user.name=T', '-c', 'user.email=t@example.org', '-c', 'init.defaultBranch=main', ...args],
    {
      cwd,
      encoding: 'utf8',
    },
  )

describe("init's workflow on a pull request", () => {
  it('lists the changed card on the run page and leaves the page to upload', async () => {
    // The designer's repository: init's sample, committed on main.
    const upstream = join(tmp, 'upstream')
    const init = await initProject(upstream, { game: 'harbour' })
    expect(init.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    git(upstream, 'init', '-q')
    git(upstream, 'add', '-A')
    git(upstream, 'commit', '-qm', 'first')

    const workflow = parse(readFileSync(join(upstream, '.github/workflows/cards.yml'), 'utf8')) as Workflow
    expect(Object.keys(workflow.jobs)).toEqual(['validate', 'changes'])
    const job = workflow.jobs['changes']!
    expect(job.if).toBe("github.event_name == 'pull_request'")
    // The base branch's history is fetched: a shallow clone would not hold origin/main.
    expect(job.steps.find((s) => s.uses?.startsWith('actions/checkout@'))?.with).toMatchObject({ 'fetch-depth': 0 })
    const upload = job.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!
    expect(upload.if).toBe('always()')
    const runs = job.steps.flatMap((s) => (s.run ? [s.run] : []))
    expect(runs[0]).toMatch(/^npm (ci|install)$/)

    // The pull request's checkout: a clone (origin/main) on a branch where one card's data changed.
    const pr = join(tmp, 'pr')
    git(tmp, 'clone', '-q', upstream, pr)
    git(pr, 'checkout', '-qb', 'rain-on-the-quarry')
    const cards = join(pr, 'cards/harbour/harvests.yaml')
    const before = readFileSync(cards, 'utf8')
    const after = before.replace(
      'harvest-quarry, title: Quarry, sun: [gold]',
      'harvest-quarry, title: Quarry, sun: [gold, gold]',
    )
    expect(after).not.toBe(before)
    writeFileSync(cards, after)
    git(pr, 'commit', '-qam', 'A richer quarry')

    // Its commands after the install (this repository's build stands in for the installed package), in one shell.
    const summary = join(tmp, 'summary.md')
    const script = runs
      .slice(1)
      .map((r) => r.replaceAll('npx deckwright', `"${process.execPath}" "${join(root, 'bin', 'deckwright.js')}"`))
      .join('\n')
    execFileSync('bash', ['-e', '-c', script], {
      cwd: pr,
      encoding: 'utf8',
      env: { ...process.env, GITHUB_ACTIONS: 'true', GITHUB_BASE_REF: 'main', GITHUB_STEP_SUMMARY: summary },
    })
    const markdown = readFileSync(summary, 'utf8')
    expect(markdown).toContain('since origin/main')
    expect(markdown).toMatch(/harvest-quarry.*looks different: front/)
    expect(markdown).not.toContain('harvest-orchard')
    // The upload's path, out/*/changes/, holds the game's page.
    expect(String(upload.with?.['path'])).toBe('out/*/changes/')
    expect(existsSync(join(pr, 'out/harbour/changes/index.html'))).toBe(true)
  }, 180_000)
})
