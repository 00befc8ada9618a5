import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { deckwright } from './helpers.ts'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}/`, import.meta.url))

describe('deckwright validate', () => {
  it('exits 1 and names the file, line and problem of an invalid card', async () => {
    const { code, stdout } = await deckwright(fixture('invalid-card'), 'validate', '--format', 'json')
    expect(code).toBe(1)
    const diagnostics = JSON.parse(stdout)
    expect(diagnostics).toEqual([
      expect.objectContaining({ file: 'cards/tiny/cards.yaml', line: 8, column: 9, severity: 'error', rule: 'card/unknown-icon', card: 'hut', field: 'cost', message: expect.stringContaining('"stne"') }),
      // What it could not check because of that error, said: a clean-looking run is never a partial one.
      expect.objectContaining({ severity: 'info', rule: 'validate/faces-skipped', message: expect.stringContaining('the errors above must be fixed first') }),
    ])
  })

  it('prints stylish output grouped by file with a summary', async () => {
    const { code, stdout } = await deckwright(fixture('invalid-card'), 'validate')
    expect(code).toBe(1)
    expect(stdout).toMatch(/^cards\/tiny\/cards\.yaml\n\s+8:9\s+error\s+.*stne.*card\/unknown-icon/m)
    expect(stdout).toContain('2 problems (1 error, 0 warnings, 1 info)')
  })

  it('says what --no-faces left unchecked', async () => {
    const { code, stdout } = await deckwright(fixture('invalid-card'), 'validate', '--no-faces', '--format', 'json')
    expect(code).toBe(1)
    expect(JSON.parse(stdout)).toContainEqual(expect.objectContaining({ severity: 'info', rule: 'validate/faces-skipped', message: expect.stringContaining('(--no-faces)') }))
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
    for (const args of [['validate', '--max-warnings', 'many'], ['build', '--jobs', 'abc'], ['build', '--jobs', '0'], ['build', '--dpi', '7.5']]) {
      const bad = await deckwright(fixture('warnings'), ...args)
      expect(bad.code, args.join(' ')).toBe(2)
      expect(bad.stderr).toContain('expected a whole number')
    }
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
    expect((await deckwright(fixture('warnings'), 'validate', '--max-warnings', '1')).code).toBe(1)
  })

  it('passes on the games this project ships', async () => {
    const { code, stdout } = await deckwright(fileURLToPath(new URL('..', import.meta.url)), 'validate', '--format', 'json')
    expect(JSON.parse(stdout).filter((d: { severity: string }) => d.severity === 'error')).toEqual([])
    expect(code).toBe(0)
  })
})

describe('deckwright build', () => {
  it('refuses to build a game with errors and writes nothing', async () => {
    const { code, stderr } = await deckwright(fixture('invalid-card'), 'build', '--out', '/tmp/deckwright-never')
    expect(code).toBe(1)
    expect(stderr).toContain('tiny: not built')
  })
})
