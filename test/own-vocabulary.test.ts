// A game that needs what the example games did not: field kinds of its own, declared in its game.ts with
// defineField, without any change to deckwright. What validate, build and schema do, through the library
// (test/setup/commands.ts): the game's code runs on game threads as in the command.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { hasErrors } from '../src/diagnostics/diagnostic.ts'
import { writeSchemas } from '../src/validate/schema-files.ts'
import { fixture, projectCopy, editFile } from './helpers.ts'
import { buildRun, type Checked, validateRun } from './setup/commands.ts'

const errors = (run: Checked) => run.found.filter((d) => d.severity === 'error')
const ships = (root: string, yaml: string) =>
  writeFileSync(join(root, 'cards', 'harbour', 'ships.yaml'), `type: ship\ncards:\n${yaml}`)
/** The game's colour kind, its parse replaced by `body` (line 9 of game.ts). */
const parseWith = (root: string, body: string) => {
  const file = join(root, 'rules', 'harbour', 'game.ts')
  const source = readFileSync(file, 'utf8')
  const start = source.indexOf('  parse: (raw) =>\n')
  const end = source.indexOf('  schema:', start)
  writeFileSync(file, `${source.slice(0, start)}  parse: (raw) => {\n    ${body}\n  },\n${source.slice(end)}`)
}

const rules = (root: string, body: string) =>
  writeFileSync(join(root, 'rules', 'harbour', 'rules.md'), `---\ntitle: Harbour\n---\n\n${body}\n`)
const shortcodes = (root: string, render: string) => {
  const file = join(root, 'rules', 'harbour', 'shortcodes.ts')
  editFile(
    file,
    /render: \(\{ heading, strength \}, inner\) => .*\n/,
    `render: ({ heading, strength }, inner) => {\n      ${render}\n    },\n`,
  )
}

describe("a game's own shortcodes", () => {
  it('check their parameters with field kinds, at the use in the rules: a wrong, missing or unknown one', async () => {
    const root = projectCopy(fixture('own-vocabulary'))
    rules(
      root,
      [
        '{{% monster-entry heading="Dragon" strength=9 %}}Fire.{{% /monster-entry %}}',
        '',
        '{{% monster-entry %}}Nothing.{{% /monster-entry %}}',
        '',
        '{{% monster-entry heading="Kraken" strenght=2 %}}Ink.{{% /monster-entry %}}',
      ].join('\n'),
    )
    const r = await validateRun(root, { faces: false })
    expect(r.failed).toBe(true)
    const said = r.found.filter((d) => d.file === 'rules/harbour/rules.md')
    expect(said.map((d) => [d.rule, d.severity, d.line, d.message])).toEqual([
      [
        'rules/bad-param',
        'error',
        5,
        'monster-entry\'s parameter "strength": 9 is out of range: expected a whole number from 1 to 5',
      ],
      ['rules/bad-param', 'error', 7, 'monster-entry needs its parameter "heading": expected text'],
      [
        'rules/unknown-param',
        'warning',
        9,
        'monster-entry has no parameter "strenght" (did you mean "strength"?); it reads "heading", "strength"',
      ],
    ])
  })

  it('that do not compile are one error per compiler error, at its line, and the uses print their inner content', async () => {
    const root = projectCopy(fixture('own-vocabulary'))
    const file = join(root, 'rules', 'harbour', 'shortcodes.ts')
    editFile(file, 'render: (_, inner) => inner }),', 'render: (_, inner) => inner ),')
    const r = await validateRun(root, { faces: false })
    expect(r.failed).toBe(true)
    expect(r.found.filter((d) => d.severity !== 'info')).toEqual([
      expect.objectContaining({
        rule: 'game/shortcodes-load',
        file: 'rules/harbour/shortcodes.ts',
        line: 6,
        message: expect.stringContaining('the shortcodes file does not compile'),
      }),
    ])
  })

  it("run as the game's code: one that throws is an error at its line, one that never returns is stopped", async () => {
    const throws = projectCopy(fixture('own-vocabulary'))
    shortcodes(throws, "throw new Error('the sea is calm')")
    // Two uses of their own (a use inside another of the game's shortcodes is reported at that outer use).
    rules(
      throws,
      '{{% monster-entry heading="Dragon" %}}Fire.{{% /monster-entry %}}\n\n{{% monster-entry heading="Kraken" %}}Ink.{{% /monster-entry %}}',
    )
    const thrown = await validateRun(throws, { faces: false })
    expect(thrown.failed).toBe(true)
    expect(errors(thrown)).toEqual([
      expect.objectContaining({
        rule: 'game/shortcode-crashed',
        file: 'rules/harbour/shortcodes.ts',
        line: 10,
        message: expect.stringContaining(
          'the shortcode monster-entry failed to render its use at rules/harbour/rules.md:5: the sea is calm',
        ),
      }),
      expect.objectContaining({
        rule: 'game/shortcode-crashed',
        message: expect.stringContaining('rules/harbour/rules.md:7'),
      }),
    ])
    const loops = projectCopy(fixture('own-vocabulary'))
    shortcodes(loops, 'for (;;);')
    const stuck = await validateRun(loops, { faces: false, timeout: 2.5 })
    expect(stuck.failed).toBe(true)
    expect(errors(stuck)).toEqual([
      expect.objectContaining({
        rule: 'game/timeout',
        file: 'rules/harbour/shortcodes.ts',
        message: expect.stringContaining('the shortcode monster-entry did not finish within 2.5 s'),
      }),
    ])
  })
})

describe("a game's own field kinds", () => {
  it('validate and build with them: the values reach the templates as the kinds read them', async () => {
    const root = projectCopy(fixture('own-vocabulary'))
    const validated = await validateRun(root)
    expect([validated.failed, validated.found]).toEqual([false, []])
    const built = await buildRun(root)
    expect([built.failed, built.found.filter((d) => d.severity !== 'info')]).toEqual([false, []])
    // The booklet draws the markdown the game's own shortcodes stand for, nested ones included.
    const booklet = execFileSync('pdftotext', [join(root, 'out', 'harbour', 'harbour-rules.pdf'), '-'], {
      encoding: 'utf8',
    })
    for (const line of ['Dragon (strength 3)', 'Breathes fire on two ships.', 'Kraken', 'Sinks the smallest ship.'])
      expect(booklet).toContain(line)
    expect(booklet).not.toContain('monster-')
    const face = PNG.sync.read(readFileSync(join(root, 'out', 'harbour', 'faces', 'cog.front.png')))
    const at = (Math.floor(face.height * 0.8) * face.width + Math.floor(face.width / 2)) * 4
    // "#1E88E5" in the card file, read (and lower-cased) by the game's colour kind.
    expect([...face.data.subarray(at, at + 3)]).toEqual([0x1e, 0x88, 0xe5])
  })

  it("report a bad value in the kind's words at its line, and a named card that does not exist", async () => {
    const root = projectCopy(fixture('own-vocabulary'))
    ships(
      root,
      '  - { id: cog, name: The Cog, hull: blue, crew: [ann, cy] }\n  - { id: junk, name: The Junk, hull: "#c62828", crew: [bo, dee] }\n',
    )
    const r = await validateRun(root, { faces: false })
    expect(r.failed).toBe(true)
    expect(errors(r).map((d) => [d.rule, d.line, d.card, d.message])).toEqual([
      ['card/wrong-type', 3, 'cog', '`hull`: expected a colour such as #1e88e5, found "blue"'],
      ['card/unknown-ref', 4, 'junk', '`crew` names "dee", which is not a sailor card of this game'],
    ])
  })

  it('describe their values in the JSON Schemas that `deckwright schema` writes', async () => {
    const root = projectCopy(fixture('own-vocabulary'))
    const written = await writeSchemas(root, 'harbour')
    expect([hasErrors(written.diagnostics), written.value]).toEqual([
      false,
      ['cards/harbour/schema/ship.json', 'cards/harbour/schema/sailor.json'],
    ])
    const schema = JSON.parse(readFileSync(join(root, 'cards', 'harbour', 'schema', 'ship.json'), 'utf8'))
    expect(schema.definitions.card.properties.hull).toEqual({
      description: 'Expected a colour such as #1e88e5.',
      type: 'string',
      pattern: '^#[0-9a-fA-F]{6}$',
    })
    expect(schema.definitions.card.required).toEqual(['id', 'name', 'hull'])
  })

  it("run under the same safeguards as the game's other code: a kind that throws or never returns is one error at it", async () => {
    const throws = projectCopy(fixture('own-vocabulary'))
    parseWith(throws, "throw new Error('no colours today')")
    const thrown = await validateRun(throws, { faces: false })
    expect(thrown.failed).toBe(true)
    expect(errors(thrown)).toEqual([
      expect.objectContaining({
        rule: 'game/field-crashed',
        file: 'rules/harbour/game.ts',
        line: 10,
        card: 'cog',
        message: expect.stringContaining(
          'the colour field kind failed to read `hull` of cog (cards/harbour/ships.yaml:3): no colours today',
        ),
      }),
      expect.objectContaining({ rule: 'game/field-crashed', card: 'junk' }),
    ])
    const loops = projectCopy(fixture('own-vocabulary'))
    parseWith(loops, 'for (;;);')
    const stuck = await validateRun(loops, { faces: false, timeout: 2.5 })
    expect(stuck.failed).toBe(true)
    expect(errors(stuck)).toEqual([
      expect.objectContaining({
        rule: 'game/timeout',
        message: expect.stringContaining("reading the cards with the game's field kinds did not finish within 2.5 s"),
      }),
    ])
  })
})
