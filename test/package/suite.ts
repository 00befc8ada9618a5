// deckwright as designers use it: the tarball `npm pack` makes, installed into a fresh folder outside this
// repository that `npm init -y` made, in a "commonjs" package (npm's default) and in a "module" one. The
// tarball is packed and installed once per run (test/setup/package.ts); each project here is a copy of its own.
// Each package type is a test file of its own (package-commonjs, package-module), so the two run at once.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { previewAddress, root } from '../helpers.ts'
import { fileBrowser } from '../setup/browser.ts'
import { designerEnv as env, INSTALLED_COMMAND, installedPackage, packedTarball, run } from '../setup/package.ts'
import { makeZip, textCell, xlsxParts } from '../load/make-zip.ts'

/** The TypeScript compiler the project installed: what `npx tsc` runs, without npx's own start-up (~0.4 s a run). */
const LOCAL_TSC = join('node_modules', '.bin', 'tsc')

const GAME = 'space-race'

/** Runs a command that must succeed, and shows its output when it does not. */
const ok = (cwd: string, command: string, ...args: string[]) => {
  const r = run(cwd, command, ...args)
  expect(r.code, `${command} ${args.join(' ')} failed:\n${r.out}`).toBe(0)
  return r
}

const folders: string[] = []
const folder = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `deckwright-${name}-`))
  folders.push(dir)
  return dir
}

/** The package's tests for the package types given; `whole`: with the test of init in an empty folder. */
export const packageTests = (types: readonly ('commonjs' | 'module')[], whole: boolean): void => {
  const browser = fileBrowser()
  beforeAll(async () => {
    const { files } = await packedTarball()
    // What ships: compiled code with types, the preset, the sample game, the docs; no tests, fixtures or example games.
    expect(files).toEqual(
      expect.arrayContaining([
        'bin/deckwright.js',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/render/template/components/index.js',
        'preset/tsconfig.json',
        'docs/templates.md',
        'CHANGELOG.md',
        'preview/index.html',
        'preview/app.js',
        'preview/style.css',
        'assets/game-icons-authors.json',
      ]),
    )
    expect(files.filter((f) => /^(test|rules|cards|templates|src|bench)\//.test(f))).toEqual([])
  }, 300_000)

  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true })
  })

  describe.each(types)('a designer\'s own "%s" package', (type) => {
    let project: string
    const json = (...args: string[]) => {
      // The installed command, which `npx deckwright` runs (without npx's own start-up, ~0.4 s a run).
      const r = run(project, INSTALLED_COMMAND, ...args, '--format', 'json')
      return {
        ...r,
        diagnostics: JSON.parse(r.stdout) as {
          rule: string
          file: string
          line: number
          column: number
          card?: string
          message: string
        }[],
      }
    }

    beforeAll(async () => {
      // A folder named after the game (init takes its id from it) that `npm init -y` made, the tarball installed.
      project = await installedPackage(GAME)
      ok(project, 'npm', 'pkg', 'set', `type=${type}`)
    }, 300_000)

    it("prints its version, the installed package's", () => {
      const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
      expect(ok(project, 'npx', 'deckwright', '--version').stdout).toBe(`${version}\n`)
    })

    it('deckwright init adds a game, then validate, build and tsc pass', () => {
      const before = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Record<string, unknown>
      // npx, as the README says; the runs after it call the installed command npx runs, without npx's own start-up.
      const init = ok(project, 'npx', 'deckwright', 'init')
      expect(init.stderr).toContain(`wrote    templates/${GAME}/index.tsx`)
      expect(init.stderr).toContain('added    package.json: scripts.build')
      const after = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Record<
        string,
        Record<string, string>
      >
      // What was there stays: the package type, npm's own test script, the tarball as deckwright.
      expect(after.type).toBe(type)
      expect(after.scripts!.test).toBe((before.scripts as Record<string, string>).test)
      expect(after.devDependencies!.deckwright).toBe((before.devDependencies as Record<string, string>).deckwright)
      expect(after.scripts).toMatchObject({
        build: 'deckwright build',
        validate: 'deckwright validate',
        typecheck: 'tsc --noEmit',
      })
      expect(after.devDependencies!.typescript).toBeDefined()
      // A second init overwrites nothing.
      const again = ok(project, INSTALLED_COMMAND, 'init')
      expect(again.stderr).toContain(`skipped  templates/${GAME}/index.tsx (it exists)`)
      expect(again.stderr).not.toContain('wrote')

      ok(project, 'npm', 'install', '--no-audit', '--no-fund')
      const validate = ok(project, INSTALLED_COMMAND, 'validate', '--max-warnings', '0')
      expect(validate.out).not.toMatch(/error|warning/)
      // A workbook is a card file too (its XML read with the package's saxes): a mistake at its sheet and cell.
      const workbook = join(project, 'cards', GAME, 'more-orders.xlsx')
      const row = (r: number, ...cells: string[]) =>
        `<row r="${r}">${cells.map((c, i) => textCell(`${String.fromCharCode(65 + i)}${r}`, c)).join('')}</row>`
      writeFileSync(
        workbook,
        makeZip(
          xlsxParts(
            row(1, 'id', 'title', 'cost', 'points') + row(2, 'order-mill', 'Mill', 'wod', '2'),
            undefined,
            'order',
          ),
        ),
      )
      const mistake = run(project, INSTALLED_COMMAND, 'validate', '--no-faces', '--format', 'json')
      expect(JSON.parse(mistake.stdout).filter((d: { severity: string }) => d.severity === 'error')).toEqual([
        expect.objectContaining({
          file: `cards/${GAME}/more-orders.xlsx`,
          line: 2,
          column: 3,
          message: expect.stringMatching(/^order!C2: `cost`: "wod" .*did you mean "wood"/),
        }),
      ])
      rmSync(workbook)
      const build = ok(project, INSTALLED_COMMAND, 'build')
      expect(build.stderr).toMatch(new RegExp(`${GAME}: \\d+ faces \\((\\d+) drawn, 0 from the cache\\)`))
      const out = join(project, 'out', GAME)
      const faces = readdirSync(join(out, 'faces'))
      expect(faces.filter((f) => f.endsWith('.front.png')).length).toBeGreaterThan(3)
      expect(faces.filter((f) => f.endsWith('.back.svg')).length).toBeGreaterThan(0)
      for (const pdf of [`${GAME}-cards.pdf`, `${GAME}-rules.pdf`])
        expect(readFileSync(join(out, pdf)).subarray(0, 5).toString()).toBe('%PDF-')
      // takumi comes with deckwright (its binary for this platform): it draws, without a warning. Once: the
      // package's type does not change what the renderer is given.
      if (type === 'commonjs') {
        const takumi = ok(
          project,
          'npx',
          'deckwright',
          'build',
          '--renderer',
          'takumi',
          '--only',
          'faces',
          '--out',
          'out-takumi',
        )
        expect(takumi.stderr).not.toContain('renderer-unavailable')
        expect(takumi.stderr).toMatch(
          new RegExp(`${GAME}: \\d+ faces \\(\\d+ drawn with takumi \\d+\\.\\d+\\.\\d+, 0 from the cache\\)`),
        )
        expect(
          readFileSync(
            join(project, 'out-takumi', GAME, 'faces', faces.find((f) => f.endsWith('.front.svg'))!),
            'utf8',
          ),
        ).toMatch(/^<svg/)
      }
      // The print-and-play release, from the installed package (SPDX's list and the zip writer come with it):
      // the sample names no licence, so a warning and no licence file. Once: the package's type changes nothing.
      if (type === 'module') {
        const release = json('release')
        expect(release.code, release.stderr).toBe(0)
        expect(release.diagnostics.map((d) => d.rule)).toContain('release/no-license')
        const bundle = readdirSync(join(out, 'release'))
        expect(bundle.filter((f) => f.endsWith('.zip'))).toHaveLength(1)
        expect(bundle.filter((f) => /-cards-(a4|letter)(-ink-friendly)?\.pdf$/.test(f))).toHaveLength(4)
        expect(bundle.some((f) => f.includes('LICENSE'))).toBe(false)
      }
      // The sample's playable rules play: its findings are warnings while the game is young.
      const simulate = ok(project, INSTALLED_COMMAND, 'simulate', GAME, '--runs', '300', '--bots', 'random,greedy')
      expect(simulate.stdout).toMatch(new RegExp(`^${GAME}: 300 games, seed 1, 2/3/4 players, bots random, greedy`))
      expect(readdirSync(join(out, 'simulation')).sort()).toEqual([
        'card-impact.png',
        'card-impact.svg',
        'game-lengths.png',
        'game-lengths.svg',
        'report.json',
        'win-rates.png',
        'win-rates.svg',
      ])
      ok(project, LOCAL_TSC, '--noEmit')
    }, 300_000)

    // Once (the package's type changes nothing here): the revision's copy imports the installed packages.
    it.runIf(type === 'module')(
      'lists a card changed since the last commit, read from git into the cache',
      () => {
        const git = (...args: string[]) =>
          ok(
            project,
            'git',
            '-c',
            'user.name=t',
            '-c',
            'user.email=t@example.org',
            '-c',
            'commit.gpgsign=false',
            ...args,
          )
        git('init', '-q')
        git('add', '-A')
        git('commit', '-q', '-m', 'first print')
        const file = join(project, 'cards', GAME, 'harvests.yaml')
        const cards = readFileSync(file, 'utf8')
        writeFileSync(file, cards.replace('title: Orchard', 'title: Old Orchard'))
        try {
          const r = json('changes')
          expect(r.code).toBe(0)
          expect(r.diagnostics.map((d) => `${d.rule} ${d.card} ${d.message}`)).toEqual([
            expect.stringMatching(
              /^changes\/changed harvest-orchard since HEAD \([0-9a-f]{12}\): title "Orchard" → "Old Orchard"; looks different: front$/,
            ),
          ])
        } finally {
          writeFileSync(file, cards)
          rmSync(join(project, '.git'), { recursive: true, force: true })
        }
      },
      200_000,
    )

    // Once: a game's code is compiled to an ES module whatever the package's type, and the preview is deckwright's own.
    it.runIf(type === 'commonjs')(
      'serves the preview page, its cards drawn, from the installed package',
      async () => {
        // The installed command itself (what npx runs), so that stopping it stops the preview.
        const preview = spawn(join(project, 'node_modules', '.bin', 'deckwright'), ['preview', '--port', '0'], {
          cwd: project,
          env,
        })
        try {
          const url = await previewAddress(preview)
          const page = await (await browser()).newPage()
          try {
            await page.goto(url)
            await page.waitForFunction(
              () => document.querySelector('#status')?.textContent === 'up to date',
              undefined,
              {
                timeout: 120_000,
              },
            )
            // Every face's image is there (those below the fold load as they are scrolled to), the first one drawn.
            const sources = await page
              .locator('.card .face img')
              .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')!))
            expect(sources.length).toBeGreaterThan(0)
            for (const src of sources)
              expect((await page.request.get(new URL(src, url).href)).headers()['content-type']).toBe('image/png')
            await page.waitForFunction(
              () => (document.querySelector('.card .face img') as HTMLImageElement | null)?.naturalWidth! > 0,
            )
          } finally {
            await page.close()
          }
        } finally {
          preview.kill('SIGINT')
        }
      },
      200_000,
    )

    // Once: the package's type does not change which installed packages a face's key holds.
    it.runIf(type === 'commonjs')(
      'keeps its faces until an installed renderer changes',
      () => {
        expect(ok(project, INSTALLED_COMMAND, 'build').stderr).toMatch(/\(0 drawn, \d+ from the cache\)/)
        // An upgrade of satori, as npm would leave it: every face is drawn again.
        const satori = join(project, 'node_modules', 'satori', 'package.json')
        const pkg = JSON.parse(readFileSync(satori, 'utf8')) as { version: string }
        writeFileSync(satori, JSON.stringify({ ...pkg, version: `${pkg.version}-upgraded` }))
        expect(ok(project, INSTALLED_COMMAND, 'build').stderr).toMatch(/\((\d+) drawn, 0 from the cache\)/)
      },
      300_000,
    )

    // Once: a game's code is compiled to an ES module whatever the package's type, and the preview is deckwright's own.
    it.runIf(type === 'commonjs')(
      'reports a template that throws at its own line, naming the card',
      () => {
        const file = join(project, 'templates', GAME, 'index.tsx')
        const source = readFileSync(file, 'utf8')
        // Every front first calls a function at the end of the file, which throws at its line N.
        expect(source).toContain('export default defineTemplates(')
        const lines = [
          source.replace('export default defineTemplates(', 'const templates = defineTemplates('),
          'for (const type of Object.values(templates.types)) {',
          '  const front = type!.front',
          '  type!.front = (card: any, ctx: any) => (lostDice(card), front(card, ctx))',
          '}',
          'export default templates',
          'function lostDice(card: { id: string }): never {',
          '  throw new Error(`the dice of ${card.id} are gone`)',
          '}',
          '',
        ].join('\n')
        const at = lines.split('\n').findIndex((l) => l.includes('throw new Error')) + 1
        writeFileSync(file, lines)
        try {
          const r = json('validate')
          expect(r.code).toBe(1)
          const thrown = r.diagnostics.filter((d) => d.rule === 'render/template-error')
          expect(thrown.length).toBeGreaterThan(0)
          expect(thrown[0]).toMatchObject({
            file: `templates/${GAME}/index.tsx`,
            line: at,
            card: expect.any(String),
            message: expect.stringMatching(/the front of .+ \(cards\/.+:\d+\): the dice of .+ are gone/),
          })
        } finally {
          writeFileSync(file, source)
        }
      },
      300_000,
    )

    // Once: a game's code is compiled to an ES module whatever the package's type, and the preview is deckwright's own.
    it.runIf(type === 'commonjs')(
      'reports a template reading a field no card type declares at its line, once, on a first run and a cached one',
      () => {
        const file = join(project, 'templates', GAME, 'index.tsx')
        const source = readFileSync(file, 'utf8')
        // Every front reads fields of names no type has (typos): one drawn as text and one passed to Title in its
        // JSX, and one in a function at the end of the file whose value is unused.
        const marker = 'flexGrow: 1, background: PAPER'
        expect(source).toContain(marker)
        const drawn = source
          .split('\n')
          .flatMap((l) =>
            l.includes(marker)
              ? [
                  l,
                  '              <div style={{ display: "flex" }}>{(card.fields as any).captin}</div>',
                  '              <Title ctx={ctx} text={(card.fields as any).titel} width={90} size={30} />',
                ]
              : [l],
          )
          .join('\n')
        const lines = [
          drawn.replace('export default defineTemplates(', 'const templates = defineTemplates('),
          'for (const type of Object.values(templates.types)) {',
          '  const front = type!.front',
          '  type!.front = (card: any, ctx: any) => (captain(card), front(card, ctx))',
          '}',
          'export default templates',
          'function captain(card: { fields: Record<string, unknown> }) {',
          '  return card.fields.captian',
          '}',
          '',
        ].join('\n')
        const lineOf = (text: string) => lines.split('\n').findIndex((l) => l.includes(text)) + 1
        writeFileSync(file, lines)
        const read = (name: string, text: string) =>
          expect.objectContaining({
            file: `templates/${GAME}/index.tsx`,
            line: lineOf(text),
            card: expect.any(String),
            message: expect.stringContaining(`\`card.fields.${name}\``),
          })
        try {
          for (const run of ['first', 'cached']) {
            const r = json('validate')
            expect({ run, code: r.code }).toEqual({ run, code: 1 })
            const found = r.diagnostics.filter((d) => d.rule === 'render/unknown-field')
            expect(found.sort((a, b) => a.line - b.line)).toEqual([
              read('captin', '.captin}'),
              read('titel', '.titel}'),
              read('captian', 'card.fields.captian'),
            ])
            // The component is not blamed for the undefined it was given: the field is the problem.
            expect(r.diagnostics.filter((d) => d.rule === 'render/template-error')).toEqual([])
          }
        } finally {
          writeFileSync(file, source)
        }
      },
      300_000,
    )

    // Once: a game's code is compiled to an ES module whatever the package's type, and the preview is deckwright's own.
    it.runIf(type === 'commonjs')(
      "shows a syntax error's whole message at its file, line and column",
      () => {
        const file = join(project, 'rules', GAME, 'game.ts')
        const source = readFileSync(file, 'utf8')
        writeFileSync(file, `${source}\nconst broken = (1 +;\nconst also = ]\n`)
        try {
          const lines = source.split('\n').length
          const r = json('validate')
          expect(r.code).toBe(1)
          expect(r.diagnostics[0]).toMatchObject({
            rule: 'game/definition',
            file: `rules/${GAME}/game.ts`,
            line: lines + 1,
            column: 20,
            message: expect.stringContaining('Unexpected ";"'),
          })
          expect(r.stderr).not.toMatch(/\n\s+at /)
        } finally {
          writeFileSync(file, source)
        }
      },
      300_000,
    )

    it('fails tsc on a field or vocabulary the game does not have, with TypeScript 5 and 7', () => {
      const file = join(project, 'templates', GAME, 'typo.tsx')
      // The sample game's vocabulary is `goods`; `art` is a field every card may have.
      const component = (field: string, vocabulary = 'goods') => `import type { FaceContext } from 'deckwright'
import { FitText, IconRow } from 'deckwright/components'
import game from '../../rules/${GAME}/game.ts'

export const Typo = ({ ctx }: { ctx: FaceContext<typeof game> }) => <FitText ctx={ctx} text="x" field="${field}" width={10} height={10} size={10} />
export const Row = ({ ctx }: { ctx: FaceContext<typeof game> }) => <IconRow ctx={ctx} vocabulary="${vocabulary}" words={[]} size={10} />
`
      writeFileSync(file, component('art'))
      ok(project, LOCAL_TSC, '--noEmit')
      writeFileSync(file, component('abilty'))
      const r = run(project, LOCAL_TSC, '--noEmit')
      expect(r.code).not.toBe(0)
      expect(r.out).toMatch(/typo\.tsx\(5,\d+\): error TS2322: Type '"abilty"' is not assignable/)
      writeFileSync(file, component('art', 'good'))
      expect(run(project, LOCAL_TSC, '--noEmit').out).toMatch(
        /typo\.tsx\(6,\d+\): error TS2322: Type '"good"' is not assignable/,
      )
      writeFileSync(file, component('abilty'))
      if (type === 'commonjs') {
        // TypeScript 5, which many designers still use, reads the same preset and declarations.
        ok(project, 'npm', 'install', '--no-audit', '--no-fund', '--save-dev', 'typescript5@npm:typescript@5')
        expect(run(project, join('node_modules', 'typescript5', 'bin', 'tsc'), '--noEmit').out).toMatch(
          /typo\.tsx\(5,\d+\): error TS2322/,
        )
        writeFileSync(file, component('art'))
        ok(project, join('node_modules', 'typescript5', 'bin', 'tsc'), '--noEmit')
      }
      rmSync(file)
    }, 300_000)
  })

  if (whole)
    it('writes a whole project into an empty folder', () => {
      const dir = join(folder('empty'), 'My Board Game')
      const r = run(root, process.execPath, join(root, 'bin', 'deckwright.js'), 'init', dir)
      expect(r.code, r.out).toBe(0)
      for (const file of [
        'package.json',
        'tsconfig.json',
        '.gitignore',
        '.github/workflows/cards.yml',
        'rules/my-board-game/game.ts',
        'rules/my-board-game/rules.md',
        'templates/my-board-game/index.tsx',
      ])
        expect(existsSync(join(dir, file)), file).toBe(true)
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        devDependencies: Record<string, string>
      }
      expect(pkg.devDependencies.deckwright).toMatch(/^\^\d+\.\d+\.\d+/)
      expect(readFileSync(join(dir, 'tsconfig.json'), 'utf8')).toContain('"extends": "deckwright/tsconfig"')
      expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toContain('out/')
      expect(readFileSync(join(dir, '.github/workflows/cards.yml'), 'utf8')).toContain(
        'npx deckwright validate --format github --max-warnings 0',
      )
      // An id that cannot be a folder or file name is refused.
      const bad = run(root, process.execPath, join(root, 'bin', 'deckwright.js'), 'init', dir, '--game', '../Escape')
      expect(bad.code).toBe(2)
      expect(bad.stderr).toContain('cannot be a game id')
    }, 60_000)
}
