import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { gamePaths } from '../../src/load/project.ts'
import { loadGameDefinition } from '../../src/engine/load-definition.ts'

const root = fileURLToPath(new URL('../fixtures/definitions/', import.meta.url))

describe('loadGameDefinition', () => {
  it('reports a definition without a default export', async () => {
    const { value, diagnostics } = await loadGameDefinition(gamePaths(root, 'no-default'))
    expect(value).toBeUndefined()
    expect(diagnostics).toMatchObject([
      {
        rule: 'game/definition',
        file: 'rules/no-default/game.ts',
        message: expect.stringContaining('export default defineGame'),
      },
    ])
  })

  it('reports a definition that throws while loading, at its line, without a stack trace', async () => {
    const { value, diagnostics } = await loadGameDefinition(gamePaths(root, 'throws'))
    expect(value).toBeUndefined()
    expect(diagnostics).toMatchObject([
      {
        rule: 'game/definition',
        file: 'rules/throws/game.ts',
        line: 2,
        message: expect.stringContaining('half-written line'),
      },
    ])
    expect(diagnostics[0]!.message).not.toContain('    at ')
  })

  it("reports an id that differs from the game's folder", async () => {
    const { value, diagnostics } = await loadGameDefinition(gamePaths(root, 'wrong-id'))
    expect(value?.id).toBe('other-name')
    expect(diagnostics).toMatchObject([
      { rule: 'game/definition', message: expect.stringContaining('"other-name" differs from its folder "wrong-id"') },
    ])
  })
})
