// A game's own code that misbehaves (an endless loop, process.exit, an error thrown later) never hangs a run
// and never makes one pass: each case with the error at the code's own line, and an error (exit 1). Through the
// library, whose game threads run the game's code as the command's do (test/setup/commands.ts); through the real
// command where the command's own process is at stake (code that ends it, a time limit it refuses).
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { timeoutOption } from '../src/commands/options.ts'
import { hasErrors, sortDiagnostics } from '../src/diagnostics/diagnostic.ts'
import { writeSchemas } from '../src/validate/schema-files.ts'
import { deckwright } from './helpers.ts'
import { buildRun, type Checked, validateRun } from './setup/commands.ts'

/** A project with one game "g": one hut card, its definition, and templates when given. */
const project = (game: string, template?: string) => {
  const root = mkdtempSync(join(tmpdir(), 'deckwright-code-'))
  for (const dir of ['rules/g', 'cards/g', 'templates/g']) mkdirSync(join(root, dir), { recursive: true })
  writeFileSync(join(root, 'rules', 'g', 'game.ts'), game)
  writeFileSync(
    join(root, 'cards', 'g', 'cards.yaml'),
    '- { id: h1, type: hut, title: A }\n- { id: h2, type: hut, title: B }\n',
  )
  if (template) writeFileSync(join(root, 'templates', 'g', 'index.tsx'), template)
  return root
}
/** The definition, with `extra` in defineGame's object (line 6 on) and `after` below it. */
const definition = (extra = '', after = '') => `import { cardType, defineGame, text } from 'deckwright'

export default defineGame({
  id: 'g', title: 'G', version: '1', players: { min: 2, max: 4 }, params: {},
  types: { hut: cardType({ name: 'Hut', fields: { title: text() } }) },${extra}
})
${after}`
const check = (body: string) =>
  definition(`\n  checks: {\n    fine() {},\n    stuck(ctx) {\n      ${body}\n    },\n  },`)
/** Templates whose front runs `body` for card h2 (at line 5). */
const templates = (body: string) =>
  `import { defineTemplates } from 'deckwright'\nimport game from '../../rules/g/game.ts'\n\nexport default defineTemplates(game, { fonts: [], types: { hut: { front: (card) => {\n  if (card.id === 'h2') ${body}\n  return <div style={{ display: 'flex' }}>{card.fields.title}</div>\n} } } })\n`
const errors = (run: Checked) => run.found.filter((d) => d.severity === 'error')

describe("a game's code that never finishes", () => {
  it('a check with an endless loop: stopped at the limit, one error at the check naming it and the limit; exit 1', async () => {
    const r = await validateRun(project(check('for (;;);')), { faces: false, timeout: 2.5 })
    expect(r.failed).toBe(true)
    expect(errors(r)).toEqual([
      expect.objectContaining({
        rule: 'game/timeout',
        file: 'rules/g/game.ts',
        line: 8,
        message: expect.stringContaining('the check "stuck" did not finish within 2.5 s'),
      }),
    ])
  })

  it('a template with an endless loop: validate and build stop it at the limit, at the card; build writes nothing', async () => {
    const root = project(definition(), templates('for (;;);'))
    // A limit a template's own loading stays well inside, even on a busy machine.
    const validated = await validateRun(root, { timeout: 4 })
    expect(validated.failed).toBe(true)
    const timeout = expect.objectContaining({
      rule: 'render/timeout',
      file: 'cards/g/cards.yaml',
      line: 2,
      card: 'h2',
      message: expect.stringContaining('the template drawing the front of h2 did not finish within 4 s'),
    })
    expect(errors(validated)).toEqual([timeout])
    const built = await buildRun(root, { timeout: 4 })
    expect(built.failed).toBe(true)
    expect(errors(built)).toEqual([timeout])
    expect(existsSync(join(root, 'out', 'g'))).toBe(false)
  })

  it('a definition whose top level never ends (a loop, or an await that never settles): one error at game.ts; exit 1', async () => {
    // validate, and schema, which reads only the definition.
    const schema = async (root: string, timeout: number) => {
      const { diagnostics } = await writeSchemas(root, 'g', { timeout })
      return { found: sortDiagnostics(diagnostics), failed: hasErrors(diagnostics) } as Checked
    }
    for (const [after, command] of [
      ['while (true) {}\n', 'validate'],
      ['await new Promise(() => {})\n', 'validate'],
      ['while (true) {}\n', 'schema'],
    ]) {
      const root = project(definition('', after))
      const r = command === 'schema' ? await schema(root, 2.5) : await validateRun(root, { timeout: 2.5 })
      expect([command, r.failed]).toEqual([command, true])
      expect(errors(r)).toEqual([
        expect.objectContaining({
          rule: 'game/timeout',
          file: 'rules/g/game.ts',
          message: expect.stringContaining('loading the game definition did not finish within 2.5 s'),
        }),
      ])
    }
  })

  it('the time limit is checked: 0, a word or a negative number is a usage error (exit 2)', async () => {
    // The option's own check, for each; the command's exit for one.
    for (const bad of ['0', 'soon', '-1', '1e9'])
      expect(() => timeoutOption().parseArg!(bad, undefined)).toThrow('expected seconds')
    expect(timeoutOption().parseArg!('2.5', undefined)).toBe(2.5)
    const r = await deckwright(project(definition()), 'validate', '--timeout', 'soon')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('expected seconds')
  })
})

describe("a game's code that would end the run", () => {
  it("a check that calls process.exit(0): an error at its line, the other games' errors still reported; exit 1", async () => {
    const root = project(check('process.exit(0)'))
    // A second game with a card error: a false success would hide it.
    for (const dir of ['rules/h', 'cards/h']) mkdirSync(join(root, dir), { recursive: true })
    writeFileSync(join(root, 'rules', 'h', 'game.ts'), definition().replace("id: 'g'", "id: 'h'"))
    writeFileSync(join(root, 'cards', 'h', 'cards.yaml'), '- { id: x1, type: hut }\n')
    const r = await validateRun(root, { faces: false })
    expect(r.failed).toBe(true)
    expect(errors(r)).toEqual([
      expect.objectContaining({ rule: 'card/missing-field', file: 'cards/h/cards.yaml' }),
      expect.objectContaining({
        rule: 'game/check-crashed',
        file: 'rules/g/game.ts',
        line: 9,
        message: expect.stringContaining('process.exit(0) would end the whole run'),
      }),
    ])
  })

  it('a template that calls process.exit(0): an error at its line, in validate and in build; exit 1', async () => {
    const root = project(definition(), templates('process.exit(0)'))
    for (const command of ['validate', 'build']) {
      const r = command === 'validate' ? await validateRun(root) : await buildRun(root)
      expect([command, r.failed]).toEqual([command, true])
      expect(errors(r)).toEqual([
        expect.objectContaining({
          rule: 'render/template-error',
          file: 'templates/g/index.tsx',
          line: 5,
          card: 'h2',
          message: expect.stringContaining('process.exit(0) would end the whole run'),
        }),
      ])
    }
  })

  it('process.exit reached some other way (a package) ends only the thread: an error at the check; exit 1', async () => {
    const r = await validateRun(project(check("(Reflect.get(process, 'exit') as (code: number) => never)(0)")), {
      faces: false,
    })
    expect(r.failed).toBe(true)
    expect(errors(r)).toEqual([
      expect.objectContaining({
        rule: 'game/code-stopped',
        file: 'rules/g/game.ts',
        line: 8,
        message: expect.stringContaining(
          'the check "stuck" ended the thread running it: its thread ended with exit code 0',
        ),
      }),
    ])
  })

  it('a check that ends its thread: the cards that thread held are sent to the next, which checks the translations; exit 1', async () => {
    // The cards are read on a game thread and named, not sent again, in later requests; the thread that read
    // them ended with the check, so the translations request goes to a new thread with the cards themselves.
    const root = project(
      definition(
        "\n  languages: ['en', 'nl'],\n  checks: {\n    stuck(ctx) {\n      (Reflect.get(process, 'exit') as (code: number) => never)(0)\n    },\n  },",
      ),
    )
    mkdirSync(join(root, 'cards', 'g', 'lang'))
    writeFileSync(join(root, 'cards', 'g', 'lang', 'nl.yaml'), 'h1: { title: Een }\nh9: { title: Negen }\n')
    const r = await validateRun(root, { faces: false })
    expect(r.failed).toBe(true)
    expect(errors(r)).toEqual([
      expect.objectContaining({ rule: 'translation/unknown-card', file: 'cards/g/lang/nl.yaml', line: 2 }),
      expect.objectContaining({
        rule: 'game/code-stopped',
        file: 'rules/g/game.ts',
        message: expect.stringContaining('the check "stuck" ended the thread running it'),
      }),
    ])
  })

  it('an error thrown later by a timer or a rejected promise of a check or a template: an error at it; exit 1', async () => {
    const late = await validateRun(project(check("setTimeout(() => { throw new Error('too late') })")), {
      faces: false,
    })
    expect(late.failed).toBe(true)
    expect(errors(late)).toEqual([
      expect.objectContaining({
        rule: 'game/uncaught-error',
        file: 'rules/g/game.ts',
        line: 9,
        message: expect.stringContaining('a timer, a callback or a promise nobody awaited: too late'),
      }),
    ])
    const root = project(definition(), templates("void Promise.reject(new Error('nobody awaits me'))"))
    // Twice: the second build takes the face from the cache, with the error it was drawn with.
    for (const run of [1, 2]) {
      const rejected = await buildRun(root)
      expect([run, rejected.failed]).toEqual([run, true])
      expect(errors(rejected)).toEqual([
        expect.objectContaining({
          rule: 'game/uncaught-error',
          file: 'templates/g/index.tsx',
          line: 5,
          message: expect.stringContaining('nobody awaits me'),
        }),
      ])
    }
  })

  it("code that still ends the process itself (here: only on the command's own thread) makes the run exit 2, never 0", async () => {
    const after =
      "import { isMainThread } from 'node:worker_threads'\nif (isMainThread) (Reflect.get(process, 'exit') as (code: number) => never)(0)\n"
    const r = await deckwright(project(definition('', after)), 'validate', '--no-faces')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('the run ended before it finished')
  })
})

describe('one mistake, one error', () => {
  it('a bad indent in a card file is one YAML error: the fields it breaks, the deck check and the example it hides are not reported again', async () => {
    const root = project(
      definition(
        `\n  examples: { opening: { title: 'Opening', cards: ['h2'] } },\n  checks: {\n    enough(ctx) {\n      if (ctx.count('hut') < 2) ctx.report({ message: 'two huts at least', type: 'hut' })\n    },\n  },`,
      ),
    )
    writeFileSync(
      join(root, 'cards', 'g', 'cards.yaml'),
      'type: hut\ncards:\n  - id: h1\n    title: A\n  - id: h2\n   title: B\n',
    )
    const r = await validateRun(root, { faces: false })
    expect(r.failed).toBe(true)
    expect(r.found.map((d) => [d.rule, d.severity])).toEqual([
      ['yaml/syntax', 'error'],
      ['game/check-held', 'info'],
      ['validate/faces-skipped', 'info'],
    ])
  })

  it('a card left out for its own error is not reported again by the example or the reference that names it', async () => {
    const root = project(definition(`\n  examples: { opening: { title: 'Opening', cards: ['h2'] } },`))
    writeFileSync(
      join(root, 'cards', 'g', 'cards.yaml'),
      '- { id: h1, type: hut, title: A }\n- { id: h2, type: hut }\n',
    )
    const r = await validateRun(root, { faces: false })
    expect(errors(r).map((d) => [d.rule, d.card])).toEqual([['card/missing-field', 'h2']])
  })
})
