import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
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
write('package.json', '{ "type": "commonjs" }')
write('node_modules/colours/package.json', '{ "name": "colours", "exports": { "import": "./colours.mjs" } }')
write('node_modules/colours/colours.mjs', "export const gold = '#c08000'")
write('rules/g/data.json', '{ "title": "Gold Rush" }')
write('rules/g/game.ts', "import { defineGame } from 'deckwright'\nimport data from './data.json'\nimport { gold } from 'colours'\nexport default defineGame({ id: 'g', title: data.title, version: '1', players: { min: 2, max: 4 }, params: { gold }, types: {} })\n")
write('templates/g/index.tsx', "import game from '../../rules/g/game.ts'\nexport const face = () => <div style={{ color: game.params.gold }}>{game.title}</div>\n")

const modules = () => readdirSync(join(root, 'node_modules/.cache/deckwright/modules')).filter((f) => f.endsWith('.mjs'))

describe("a game's modules", () => {
  it('compile with TypeScript, JSON, packages and the automatic JSX runtime, whatever the project says', async () => {
    const compiled = await compileGameModule(join(root, 'templates/g/index.tsx'), root)
    expect(compiled.inputs.sort()).toEqual(['rules/g/data.json', 'rules/g/game.ts', 'templates/g/index.tsx'].map((f) => join(root, f)))
    const { face } = (await import(compiled.url)) as { face: () => { type: string; props: { style: { color: string }; children: string } } }
    expect(face()).toMatchObject({ type: 'div', props: { style: { color: '#c08000' }, children: 'Gold Rush' } })
  })

  it('are taken from an earlier run while their files are unchanged, and compiled again when one changes', async () => {
    forgetCompiled()
    const entry = join(root, 'rules/g/game.ts')
    const first = await compileGameModule(entry, root)
    forgetCompiled()
    expect((await compileGameModule(entry, root)).url).toBe(first.url)
    write('rules/g/data.json', '{ "title": "Silver Rush" }')
    forgetCompiled()
    const changed = await compileGameModule(entry, root)
    expect(changed.url).not.toBe(first.url)
    expect(((await import(changed.url)) as { default: { title: string } }).default.title).toBe('Silver Rush')
    expect(modules().length).toBeGreaterThanOrEqual(2)
  })

  it('that do not compile give every error at its file, line and column', async () => {
    write('rules/g/broken.ts', "export const a = 1\nexport const b = (2 +;\nimport { nothing } from './missing.ts'\n")
    const error = await compileGameModule(join(root, 'rules/g/broken.ts'), root).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CompileError)
    expect(loadFailure(error, root, 'game/definition', 'the game definition', 'rules/g/broken.ts')).toEqual([
      expect.objectContaining({ rule: 'game/definition', file: 'rules/g/broken.ts', line: 2, column: 22, message: 'the game definition does not compile: Unexpected ";"' }),
    ])
    // A file or package that cannot be found: at its import.
    const cases = [
      { file: 'rules/g/unresolved.ts', text: "import { nothing } from './missing.ts'\nexport default nothing\n", line: 1, column: 25, missing: './missing.ts' },
      { file: 'rules/g/no-package.ts', text: "export const a = 1\nimport { x } from 'no-such-package'\nexport default x\n", line: 2, column: 19, missing: 'no-such-package' },
    ]
    for (const { file, text, line, column, missing } of cases) {
      write(file, text)
      const error = await compileGameModule(join(root, file), root).catch((e: unknown) => e)
      expect(loadFailure(error, root, 'game/definition', 'the game definition', file)).toMatchObject([{ file, line, column, message: expect.stringContaining(`Could not resolve "${missing}"`) }])
    }
  })
})
