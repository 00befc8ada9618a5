// Errors in a game's code, reported at the game's code, from deckwright as designers install it (the tarball
// `npm pack` makes, in a fresh folder `npm init -y` made, a "commonjs" package as npm makes it): a template, a
// check, a shortcode and playable rules that throw, at their lines, on a first run and a second (cached) one,
// with both renderers; a deckwright component given an undefined prop, at the JSX that used it. Not again in a
// "module" package: deckwright bundles a game's code into an ES module whatever the package's type says (esbuild
// reads it as TypeScript modules either way), and the package suite's "module" run checks that such a package
// validates, builds and type-checks.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { INSTALLED_COMMAND, installedPackage, must as ok, run } from '../setup/package.ts'

const GAME = 'space-race'

interface Found {
  rule: string
  file: string
  line: number
  column: number
  card?: string
  message: string
}

/** Adds `added` after the line of `file` that holds `after`; gives the 1-based line of each added line. */
const insert = (file: string, after: string, added: string[]): number[] => {
  const lines = readFileSync(file, 'utf8').split('\n')
  const at = lines.findIndex((l) => l.includes(after))
  expect(at, `${file} has no line with ${after}`).toBeGreaterThanOrEqual(0)
  lines.splice(at + 1, 0, ...added)
  writeFileSync(file, lines.join('\n'))
  return added.map((_, i) => at + 2 + i)
}

describe.each(['commonjs'] as const)('in a designer\'s own "%s" package', (type) => {
  let project: string
  const json = (...args: string[]) => {
    // The installed command, which `npx deckwright` runs (without npx's own start-up, ~0.4 s a run).
    const r = run(project, INSTALLED_COMMAND, ...args, '--format', 'json')
    return { ...r, diagnostics: JSON.parse(r.stdout) as Found[] }
  }

  beforeAll(async () => {
    // The tarball installed once per run (test/setup/package.ts), this file's own copy of the project.
    project = await installedPackage(GAME)
    ok(project, 'npm', 'pkg', 'set', `type=${type}`)
    ok(project, 'npx', 'deckwright', 'init')
  }, 300_000)

  it('reports a template, a check, a shortcode and playable rules that throw at their lines, and a component given undefined at its JSX, on every run', () => {
    const template = `templates/${GAME}/index.tsx`
    const definition = `rules/${GAME}/game.ts`
    const play = `rules/${GAME}/play.ts`
    const throws = "        if (card.id === 'order-bakery') throw new Error('the bakery burnt down')"
    const [thrown] = insert(join(project, template), 'front: (card, ctx) => {', [throws])
    // The Mason has no bonus (an optional field): the template passes undefined on to Title.
    const used = "        {card.id === 'order-mason' ? <Title ctx={ctx} text={bonus!} width={90} size={30} /> : null}"
    const [component] = insert(join(project, template), 'flexGrow: 1, background: PAPER', [used])
    const original = readFileSync(join(project, definition), 'utf8')
    const [, check] = insert(join(project, definition), 'checks: {', [
      '    broken() {',
      "      throw new Error('the check lost its count')",
      '    },',
    ])
    const broken = "    if (players > 0) throw new Error('no table to play on')"
    const [rules] = insert(join(project, play), 'setup({', [broken])
    // A shortcode of the game's own whose render throws, used at the end of the rules.
    const shortcodes = `rules/${GAME}/shortcodes.ts`
    writeFileSync(
      join(project, shortcodes),
      [
        "import { defineShortcodes, shortcode } from 'deckwright'",
        '',
        'export default defineShortcodes({',
        '  storm: shortcode({',
        "    render: () => { throw new Error('the storm tore the page') },",
        '  }),',
        '})',
        '',
      ].join('\n'),
    )
    const rulesMd = join(project, 'rules', GAME, 'rules.md')
    const rulesText = readFileSync(rulesMd, 'utf8')
    writeFileSync(rulesMd, `${rulesText}\n{{< storm >}}\n`)

    const expected = [
      {
        rule: 'game/check-crashed',
        file: definition,
        line: check,
        column: 13,
        message: expect.stringContaining('the check lost its count'),
      },
      {
        rule: 'game/shortcode-crashed',
        file: shortcodes,
        line: 5,
        message: expect.stringMatching(
          /the shortcode storm .*rules\/space-race\/rules\.md:\d+: the storm tore the page/,
        ),
      },
      {
        rule: 'render/template-error',
        file: template,
        line: thrown,
        column: throws.indexOf('new Error') + 1,
        card: 'order-bakery',
        message: expect.stringMatching(
          /^the template failed to draw the front of order-bakery \(cards\/space-race\/orders\.csv:\d+\): the bakery burnt down$/,
        ),
      },
      {
        rule: 'render/template-error',
        file: template,
        line: component,
        column: used.indexOf('<Title') + 1,
        card: 'order-mason',
        message: expect.stringMatching(/the front of order-mason \(.+\): `Title`'s `text` is undefined \(/),
      },
    ]
    const found = (diagnostics: Found[]) =>
      [...diagnostics].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)
    for (const run of ['first', 'cached']) {
      const r = json('validate')
      expect({ run, code: r.code }).toEqual({ run, code: 1 })
      expect(found(r.diagnostics)).toEqual(expected.map((e) => expect.objectContaining(e)))
    }
    // A build stops at a check's error before drawing: the check fixed, takumi draws from the same templates,
    // their errors at the same places, drawn or cached; and the playable rules play.
    writeFileSync(join(project, definition), original)
    writeFileSync(rulesMd, rulesText)
    for (const run of ['first', 'cached']) {
      const r = json('build', '--renderer', 'takumi', '--only', 'faces')
      expect({ run, code: r.code }).toEqual({ run, code: 1 })
      expect(found(r.diagnostics.filter((d) => d.rule === 'render/template-error'))).toEqual(
        expected.slice(2).map((e) => expect.objectContaining(e)),
      )
    }
    for (const run of ['first', 'second']) {
      const r = json('simulate', GAME, '--runs', '10')
      expect({ run, code: r.code }).toEqual({ run, code: 1 })
      expect(r.diagnostics).toEqual([
        expect.objectContaining({
          rule: 'simulate/broken-rule',
          file: play,
          line: rules,
          column: broken.indexOf('new Error') + 1,
          message: expect.stringContaining('no table to play on'),
        }),
      ])
    }
  }, 300_000)
})
