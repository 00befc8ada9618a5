import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { gameIdFrom, initProject } from '../../src/init/scaffold.ts'

let dir: string
const fresh = (name: string) => {
  dir = join(mkdtempSync(join(tmpdir(), 'deckwright-init-')), name)
  mkdirSync(dir)
  return dir
}
afterEach(() => void (dir && rmSync(join(dir, '..'), { recursive: true, force: true })))
const read = (file: string) => readFileSync(join(dir, file), 'utf8')

describe('deckwright init', () => {
  it('takes the game id from the folder, and refuses one that is no safe name', async () => {
    expect(gameIdFrom('My Board Game!')).toBe('my-board-game')
    expect(gameIdFrom('2049: Ödyssey')).toBe('odyssey')
    expect(gameIdFrom('___')).toBeUndefined()
    const refused = await initProject(fresh('x'), { game: '../escape' })
    expect(refused.value).toBeUndefined()
    expect(refused.diagnostics).toMatchObject([{ rule: 'init/game-id', severity: 'error' }])
  })

  it('adds to an existing project what it lacks, and changes nothing that is there', async () => {
    fresh('harbour')
    const pkg = { name: 'harbour', scripts: { build: 'make', test: 'vitest' }, dependencies: { deckwright: '^0.0.1' } }
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 4))
    writeFileSync(join(dir, '.gitignore'), 'node_modules')
    mkdirSync(join(dir, 'templates', 'harbour'), { recursive: true })
    writeFileSync(join(dir, 'templates', 'harbour', 'index.tsx'), '// mine')
    const { value, diagnostics } = await initProject(dir)
    expect(diagnostics).toEqual([])
    expect(value!.game).toBe('harbour')
    expect(value!.added).toEqual([
      'package.json: devDependencies.typescript',
      'package.json: scripts.validate',
      'package.json: scripts.typecheck',
      '.gitignore: out/',
    ])
    expect(value!.skipped).toEqual(['templates/harbour/index.tsx'])
    expect(value!.written).toEqual(
      expect.arrayContaining([
        'tsconfig.json',
        '.github/workflows/cards.yml',
        'rules/harbour/game.ts',
        'rules/harbour/rules.md',
        'cards/harbour/schema/harvest.json',
      ]),
    )
    // The schema the sample's YAML names for editors exists.
    const named = /\$schema=\.\/(\S+)/.exec(read('cards/harbour/harvests.yaml'))![1]!
    expect(JSON.parse(read(`cards/harbour/${named}`))).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
    })
    const after = JSON.parse(read('package.json')) as typeof pkg & { devDependencies: Record<string, string> }
    expect(after.scripts).toEqual({
      build: 'make',
      test: 'vitest',
      validate: 'deckwright validate',
      typecheck: 'tsc --noEmit',
    })
    expect(after.dependencies).toEqual({ deckwright: '^0.0.1' })
    expect(read('package.json')).toContain('\n    "name"') // its indentation kept
    expect(read('.gitignore')).toBe('node_modules\nout/\n')
    expect(read('templates/harbour/index.tsx')).toBe('// mine')
    // The sample game is the game of this id, in paths and in its text.
    expect(read('rules/harbour/game.ts')).toContain("id: 'harbour'")
    expect(read('rules/harbour/game.ts')).not.toContain('my-game')
  })

  it('leaves a package.json it cannot read alone, and says so', async () => {
    fresh('broken')
    writeFileSync(join(dir, 'package.json'), '{ "name": ')
    const { value, diagnostics } = await initProject(dir)
    expect(diagnostics[0]).toMatchObject({
      rule: 'init/package-json',
      file: 'package.json',
      message: expect.stringContaining('not valid JSON'),
    })
    expect(read('package.json')).toBe('{ "name": ')
    expect(value!.written).toContain('tsconfig.json')
  })
})
