import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CompileError, compileGameModule, forgetCompiled } from '../../src/load/game-modules.ts'
import { loadFailure } from '../../src/load/code-errors.ts'

// A designer's project outside this repository, with no tsconfig.json and a "commonjs" package.json.
const root = mkdtempSync(join(tmpdir(), 'deckwright-modules-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const write = (file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true })
  writeFileSync(join(root, file), text)
}
write('package.json', '{ "type": "commonjs", "imports": { "#shared/*": "./shared/*" } }')
// A tsconfig.json that would break a build that read it: deckwright's settings are its own.
write(
  'tsconfig.json',
  '{ "compilerOptions": { "jsx": "preserve", "jsxImportSource": "preact", "verbatimModuleSyntax": true } }',
)
write('shared/palette.ts', "export const silver = '#c0c0c0'\n")
write('node_modules/colours/package.json', '{ "name": "colours", "exports": { "import": "./colours.mjs" } }')
write('node_modules/colours/colours.mjs', "export const gold = '#c08000'")
write('rules/g/data.json', '{ "title": "Gold Rush" }')
write(
  'rules/g/game.ts',
  "import { defineGame } from 'deckwright'\nimport data from './data.json'\nimport { gold } from 'colours'\nexport default defineGame({ id: 'g', title: data.title, version: '1', players: { min: 2, max: 4 }, params: { gold }, types: {} })\n",
)
write(
  'templates/g/index.tsx',
  "import game from '../../rules/g/game.ts'\nimport { silver } from '#shared/palette.ts'\nexport const face = () => <div style={{ color: game.params.gold, borderColor: silver }}>{game.title}</div>\n",
)

const modules = () =>
  readdirSync(join(root, 'node_modules/.cache/deckwright/modules')).filter((f) => f.endsWith('.mjs'))

describe("a game's modules", () => {
  it('compile with TypeScript, JSON, packages and the automatic JSX runtime, whatever the project says', async () => {
    const compiled = await compileGameModule(join(root, 'templates/g/index.tsx'), root)
    // The project's own files, shared code reached through package.json "imports" included; packages stay outside.
    expect(compiled.inputs.sort()).toEqual(
      ['rules/g/data.json', 'rules/g/game.ts', 'shared/palette.ts', 'templates/g/index.tsx'].map((f) => join(root, f)),
    )
    const { face } = (await import(compiled.url)) as {
      face: () => { type: string; props: { style: { color: string }; children: string } }
    }
    expect(face()).toMatchObject({
      type: 'div',
      props: { style: { color: '#c08000', borderColor: '#c0c0c0' }, children: 'Gold Rush' },
    })
  })

  it('are taken from an earlier run while their files are unchanged, and compiled again when one changes', async () => {
    forgetCompiled()
    const entry = join(root, 'rules/g/game.ts')
    const first = await compileGameModule(entry, root)
    forgetCompiled()
    const again = await compileGameModule(entry, root)
    expect(again).toMatchObject({ url: first.url, reused: true })
    write('rules/g/data.json', '{ "title": "Silver Rush" }')
    forgetCompiled()
    const changed = await compileGameModule(entry, root)
    expect(changed).toMatchObject({ reused: false })
    expect(changed.url).not.toBe(first.url)
    expect(((await import(changed.url)) as { default: { title: string } }).default.title).toBe('Silver Rush')
    expect(modules().length).toBeGreaterThanOrEqual(2)
  })

  it('are kept in a folder of their own when the project cache cannot be written, and a tampered module is not run', async () => {
    const other = mkdtempSync(join(tmpdir(), 'deckwright-modules-ro-'))
    cpSync(join(root, 'rules'), join(other, 'rules'), { recursive: true })
    cpSync(join(root, 'node_modules', 'colours'), join(other, 'node_modules', 'colours'), { recursive: true })
    // The cache's folder is a file: nothing can be written there (as a read-only or full disk would refuse).
    mkdirSync(join(other, 'node_modules', '.cache', 'deckwright'), { recursive: true })
    writeFileSync(join(other, 'node_modules', '.cache', 'deckwright', 'modules'), 'not a folder')
    forgetCompiled()
    const compiled = await compileGameModule(join(other, 'rules/g/game.ts'), other)
    expect(compiled.url).toContain(tmpdir())
    expect(((await import(compiled.url)) as { default: { title: string } }).default.title).toBe('Silver Rush')
    rmSync(other, { recursive: true, force: true })
    // A module whose bytes are no longer those it is named after is compiled again.
    forgetCompiled()
    const entry = join(root, 'rules/g/game.ts')
    const kept = await compileGameModule(entry, root)
    writeFileSync(new URL(kept.url), 'export default { title: "planted" }')
    forgetCompiled()
    const fresh = await compileGameModule(entry, root)
    expect(fresh.reused).toBe(false)
    expect(((await import(`${fresh.url}?fresh`)) as { default: { title: string } }).default.title).toBe('Silver Rush')
  })

  it('that do not compile give every error at its file, line and column', async () => {
    write('rules/g/broken.ts', "export const a = 1\nexport const b = (2 +;\nimport { nothing } from './missing.ts'\n")
    const error = await compileGameModule(join(root, 'rules/g/broken.ts'), root).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CompileError)
    expect(loadFailure(error, root, 'game/definition', 'the game definition', 'rules/g/broken.ts')).toEqual([
      expect.objectContaining({
        rule: 'game/definition',
        file: 'rules/g/broken.ts',
        line: 2,
        column: 22,
        message: 'the game definition does not compile: Unexpected ";"',
      }),
    ])
    // A file or package that cannot be found: at its import.
    const cases = [
      {
        file: 'rules/g/unresolved.ts',
        text: "import { nothing } from './missing.ts'\nexport default nothing\n",
        line: 1,
        column: 25,
        missing: './missing.ts',
      },
      {
        file: 'rules/g/no-package.ts',
        text: "export const a = 1\nimport { x } from 'no-such-package'\nexport default x\n",
        line: 2,
        column: 19,
        missing: 'no-such-package',
      },
    ]
    for (const { file, text, line, column, missing } of cases) {
      write(file, text)
      const error = await compileGameModule(join(root, file), root).catch((e: unknown) => e)
      expect(loadFailure(error, root, 'game/definition', 'the game definition', file)).toMatchObject([
        { file, line, column, message: expect.stringContaining(`Could not resolve "${missing}"`) },
      ])
    }
  })
})
