import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { buildOptions } from '../src/commands/build-options.ts'
import { maxWarningsOption } from '../src/commands/options.ts'
import { deckwright, projectCopy, root, editFile } from './helpers.ts'
import { buildRun, validateRun } from './setup/commands.ts'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}/`, import.meta.url))

describe('deckwright validate', () => {
  it('exits 1 and names the file, line and problem of an invalid card', async () => {
    const { code, stdout } = await deckwright(fixture('invalid-card'), 'validate', '--format', 'json')
    expect(code).toBe(1)
    const diagnostics = JSON.parse(stdout)
    expect(diagnostics).toEqual([
      expect.objectContaining({
        file: 'cards/tiny/cards.yaml',
        line: 8,
        column: 9,
        severity: 'error',
        rule: 'card/unknown-icon',
        card: 'hut',
        field: 'cost',
        message: expect.stringContaining('"stne"'),
      }),
      // The other cards' faces are laid out all the same (Coin has no template)…
      expect.objectContaining({ severity: 'warning', rule: 'render/generic-template', file: 'rules/tiny/game.ts' }),
      // …and what it could not check because of that error is said: a clean-looking run is never a partial one.
      expect.objectContaining({
        severity: 'info',
        rule: 'validate/faces-skipped',
        message: expect.stringContaining('the faces of the card with errors (hut) were not laid out, the others were'),
      }),
    ])
  })

  it('prints stylish output grouped by file with a summary', async () => {
    const { code, stdout } = await deckwright(fixture('invalid-card'), 'validate')
    expect(code).toBe(1)
    expect(stdout).toMatch(/^cards\/tiny\/cards\.yaml\n\s+8:9\s+error\s+.*stne.*card\/unknown-icon/m)
    expect(stdout).toContain('3 problems (1 error, 1 warning, 1 info)')
  })

  it('says what --no-faces left unchecked', async () => {
    const { code, stdout } = await deckwright(fixture('invalid-card'), 'validate', '--no-faces', '--format', 'json')
    expect(code).toBe(1)
    expect(JSON.parse(stdout)).toContainEqual(
      expect.objectContaining({
        severity: 'info',
        rule: 'validate/faces-skipped',
        message: expect.stringContaining('(--no-faces)'),
      }),
    )
  })

  it('prints GitHub workflow annotations', async () => {
    const { stdout } = await deckwright(fixture('invalid-card'), 'validate', '--format', 'github')
    expect(stdout).toMatch(/^::error file=cards\/tiny\/cards\.yaml,line=8,col=9,.*title=card\/unknown-icon::/)
  })

  it('exits 2 for an unknown game or a bad option', async () => {
    const unknown = await deckwright(fixture('invalid-card'), 'validate', 'nope')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('unknown game "nope"')
    const badFormat = await deckwright(fixture('invalid-card'), 'validate', '--format', 'xml')
    expect(badFormat.code).toBe(2)
    // A value an option refuses: exit 2 from the command, and the option's words, for each option.
    const bad = await deckwright(fixture('warnings'), 'build', '--jobs', 'abc')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('expected a whole number')
    const option = (flag: string) => [maxWarningsOption(), ...buildOptions()].find((o) => o.long === flag)!
    for (const [flag, value] of [
      ['--max-warnings', 'many'],
      ['--jobs', 'abc'],
      ['--jobs', '0'],
      ['--dpi', '7.5'],
    ])
      expect(() => option(flag!).parseArg!(value!, undefined), `${flag} ${value}`).toThrow('expected a whole number')
  })

  it('passes with warnings, and fails on them with --max-warnings', async () => {
    const lenient = await deckwright(fixture('warnings'), 'validate', '--format', 'json')
    expect(lenient.code).toBe(0)
    // What build would say too: the game has no templates, so its cards would be drawn as plain text.
    expect(JSON.parse(lenient.stdout)).toMatchObject([
      { severity: 'warning', rule: 'render/generic-template', file: 'rules/tiny/game.ts', line: 1 },
      { severity: 'warning', rule: 'rules/front-matter-mismatch', file: 'rules/tiny/rules.md', line: 2 },
    ])
    expect((await deckwright(fixture('warnings'), 'validate', '--max-warnings', '2')).code).toBe(0)
    const strict = await deckwright(fixture('warnings'), 'validate', '--max-warnings', '1')
    expect(strict.code).toBe(1)
    expect(strict.stderr).toContain('2 warnings, more than --max-warnings 1')
  })

  it('reports what the booklet would warn about, as build does: unknown shortcodes and examples, pictures it cannot print', async () => {
    const root = projectCopy(fixture('warnings'))
    writeFileSync(
      join(root, 'rules', 'tiny', 'rules.md'),
      [
        '---',
        'title: "Tiny"',
        '---',
        '',
        '{{< rules-example id="opening" >}}',
        '',
        '{{% rules-table %}}x{{% /rules-table %}}',
        '',
        '![A map](map.png)',
        '',
        'Inline {{< rules-image src="label-only.png" >}} is a label.',
        '',
      ].join('\n'),
    )
    // `deckwright validate --no-faces` and `deckwright build --only booklet`, through the library.
    const validated = await validateRun(root, { faces: false })
    const booklet = validated.found.filter((d) => d.file === 'rules/tiny/rules.md')
    expect(booklet.map((d) => [d.rule, d.line])).toEqual([
      ['rules/unknown-example', 5],
      ['rules/unknown-shortcode', 7],
      ['rules/missing-image', 9],
    ])
    expect(validated.failed).toBe(false)
    // Warnings, which --max-warnings 0 fails on (the command's own: see above).
    expect(booklet.every((d) => d.severity === 'warning')).toBe(true)
    // The rules changed since the last run (which kept what it read in the project's cache): read again.
    const rulesFile = join(root, 'rules', 'tiny', 'rules.md')
    editFile(rulesFile, '{{< rules-example id="opening" >}}', 'Opening.')
    const again = (await validateRun(root, { faces: false })).found.filter((d) => d.file === 'rules/tiny/rules.md')
    expect(again.map((d) => [d.rule, d.line])).toEqual([
      ['rules/unknown-shortcode', 7],
      ['rules/missing-image', 9],
    ])
    // The same words as the booklet's own, when build draws it.
    const built = await buildRun(root, { only: 'booklet' })
    const drawn = built.found.filter((d) => d.file === 'rules/tiny/rules.md')
    expect(drawn.map((d) => [d.rule, d.line, d.message])).toEqual(again.map((d) => [d.rule, d.line, d.message]))
  })

  it('passes on the games this project ships', async () => {
    // Each game validates with nothing but notes, its booklet's warnings included: test/render/games.test.ts.
    // A clean run says so (on stderr; stdout stays the formatter's).
    const clean = await deckwright(fileURLToPath(new URL('..', import.meta.url)), 'validate', 'ministries')
    expect([clean.code, clean.stderr]).toEqual([0, 'ministries: no problems\n'])
  })
})

describe('deckwright --version', () => {
  it("prints the package's version and exits 0, as -v, wherever it runs", async () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
    // Outside any project: the version comes from the installed code, not from the folder it runs in.
    const elsewhere = mkdtempSync(join(tmpdir(), 'deckwright-version-'))
    for (const flag of ['--version', '-v'])
      expect(await deckwright(elsewhere, flag), flag).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' })
    const help = await deckwright(elsewhere, '--help')
    expect(help.stdout).toMatch(/^\s+-v, --version\s+print deckwright's version$/m)
    rmSync(elsewhere, { recursive: true })
  })
})

describe('deckwright preview --lang', () => {
  it("passes the languages on to its build process, as build --lang reads them (en: the default's alone)", async () => {
    const { buildArgs } = await import('../src/commands/preview.ts')
    const flags = { out: 'out', paper: 'a4', duplex: 'long-edge', renderer: 'takumi', format: 'stylish' } as const
    const args = (lang?: string[]) => buildArgs(['maybe-missions'], { ...flags, port: 0, host: '', editor: '', lang })
    expect(args(['en']).join(' ')).toMatch(/ --lang en$/)
    expect(args(['nl', 'de']).join(' ')).toMatch(/ --lang nl,de$/)
    expect(args()).not.toContain('--lang')
  })
})

describe('a command that cannot run', () => {
  it('says why in one line and exits 2; --debug, DECKWRIGHT_DEBUG or DEBUG=deckwright print the stack', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-debug-'))
    writeFileSync(join(dir, 'a-file'), '')
    const out = join(dir, 'a-file', 'sub') // a folder inside a file: the write fails
    const plain = await deckwright(dir, 'calibrate', '--out', out)
    expect(plain.code).toBe(2)
    expect(plain.stderr).toBe(
      `deckwright: ENOTDIR: not a directory, mkdir '${out}'\n(run again with --debug for the details)\n`,
    )
    const run = promisify(execFile)
    for (const [args, env] of [
      [['--debug'], {}],
      [[], { DEBUG: 'other,deckwright' }],
      [[], { DECKWRIGHT_DEBUG: '1' }],
    ] as const) {
      const failed = await run(
        process.execPath,
        [join(root, 'bin', 'deckwright.js'), ...args, 'calibrate', '--out', out],
        { cwd: dir, env: { ...process.env, ...env } },
      ).catch((e: { code: number; stderr: string }) => e)
      expect((failed as { code: number }).code).toBe(2)
      expect((failed as { stderr: string }).stderr).toMatch(/ENOTDIR[^\n]*\n\s+at /)
    }
  })
})

describe('deckwright build', () => {
  it('refuses to build a game with errors and writes nothing', async () => {
    const { code, stderr } = await deckwright(fixture('invalid-card'), 'build', '--out', '/tmp/deckwright-never')
    expect(code).toBe(1)
    expect(stderr).toContain('tiny: not built')
  })
})
