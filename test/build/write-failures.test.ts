// The output folder refusing writes (read-only, full, not a folder): one clear error, never a stack trace,
// nothing already written lost and no temporary files left. A full disk is the DECKWRIGHT_FAIL_WRITES seam.
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { editFile, fixture, projectCopy, root } from '../helpers.ts'

const run = async (cwd: string, args: string[], env: Record<string, string> = {}) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [join(root, 'bin', 'deckwright.js'), ...args],
      { cwd, env: { ...process.env, ...env } },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

/** Every file under a folder with its bytes' size and modification time: what a failed build must leave alone. */
const snapshot = (dir: string): Record<string, string> => {
  const out: Record<string, string> = {}
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else
        out[relative(dir, p)] =
          `${statSync(p).size}:${statSync(p).mtimeMs}:${readFileSync(p).subarray(0, 64).toString('hex')}`
    }
  }
  walk(dir)
  return out
}

describe('an output folder that cannot be written', () => {
  it('is one error naming it, before any face is drawn, exit 2', async () => {
    const project = projectCopy(fixture('outputs'))
    writeFileSync(join(project, 'a-file'), 'x')
    const file = await run(project, ['build', '--out', 'a-file'])
    expect(file).toMatchObject({ code: 2, stderr: 'deckwright: the output folder a-file is a file\n' })
    const full = await run(project, ['build'], { DECKWRIGHT_FAIL_WRITES: '.probe' })
    expect(full.code).toBe(2)
    expect(full.stderr).toBe('deckwright: the output folder out cannot be written: the disk is full\n')
  })

  it('when the disk fills up while faces are stored or sheets written: one error, the old outputs as they were, no temporary files', async () => {
    const project = projectCopy(fixture('outputs'))
    expect((await run(project, ['build', '--no-cache'])).code).toBe(0)
    const before = snapshot(join(project, 'out', 'parlour'))
    // Change how the guests' backs look (faces that look as before are stored as links, writing nothing), then
    // fill the disk while the new faces are stored…
    editFile(join(project, 'templates', 'parlour', 'index.tsx'), "'#ff00ff'", "'#fe00ff'")
    const faces = await run(project, ['build', '--format', 'json'], {
      DECKWRIGHT_FAIL_WRITES: join('.cache', 'parlour'),
    })
    expect(faces.code).toBe(1)
    const reported = JSON.parse(faces.stdout) as { rule: string; file: string; message: string }[]
    expect(reported.filter((d) => d.rule === 'build/write-failed')).toEqual([
      expect.objectContaining({ file: 'out/.cache/parlour', message: expect.stringContaining('the disk is full') }),
    ])
    expect(faces.stderr).not.toMatch(/\n\s+at /)
    expect(snapshot(join(project, 'out', 'parlour'))).toEqual(before)
    // …and while the sheets PDF is written.
    const sheets = await run(project, ['build'], { DECKWRIGHT_FAIL_WRITES: 'parlour-cards.pdf' })
    expect(sheets.code).toBe(1)
    expect(sheets.stderr).toContain(
      'out cannot be written: the disk is full; what was there before is as it was  build/write-failed',
    )
    expect(snapshot(join(project, 'out', 'parlour'))).toEqual(before)
    const leftovers = readdirSync(join(project, 'out'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.tmp'))
    expect(leftovers).toEqual([])
  })
})
