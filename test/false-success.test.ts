// No run ends in a false success: a game's code that ends the process, or leaves the command waiting on
// something that never happens, makes the run exit 2 and say so, through the real command.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { deckwright } from './helpers.ts'

const project = (game: string, template?: string) => {
  const root = mkdtempSync(join(tmpdir(), 'deckwright-exit-'))
  for (const dir of ['rules/g', 'cards/g', 'templates/g']) mkdirSync(join(root, dir), { recursive: true })
  writeFileSync(join(root, 'rules', 'g', 'game.ts'), game)
  writeFileSync(join(root, 'cards', 'g', 'cards.yaml'), '- { id: h1, type: hut, title: A }\n')
  if (template) writeFileSync(join(root, 'templates', 'g', 'index.tsx'), template)
  return root
}
const definition = (extra = '', after = '') => `import { cardType, defineGame, text } from 'deckwright'

export default defineGame({
  id: 'g', title: 'G', version: '1', players: { min: 2, max: 4 }, params: {},
  types: { hut: cardType({ name: 'Hut', fields: { title: text() } }) },${extra}
})
${after}`

describe("a game's code that ends the run early", () => {
  it('a check that calls process.exit(0): exit 2, naming its line', async () => {
    const r = await deckwright(project(definition('\n  checks: {\n    quit() {\n      process.exit(0)\n    },\n  },')), 'validate', '--no-faces')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain("the game's code ended the run with process.exit(0) at rules/g/game.ts:8")
  })

  it('a template that calls process.exit(0) while validate lays out its faces: exit 2, naming its line', async () => {
    const template = "import { defineTemplates } from 'deckwright'\nimport game from '../../rules/g/game.ts'\n\nexport default defineTemplates(game, { fonts: [], types: { hut: { front: () => {\n  process.exit(0)\n} } } })\n"
    const r = await deckwright(project(definition(), ''), 'validate')
    expect(r.code).toBe(0) // no template: a control
    const quits = await deckwright(project(definition(), template), 'validate')
    expect(quits.code).toBe(2)
    expect(quits.stderr).toContain('process.exit(0) at templates/g/index.tsx:5')
  })

  it('a definition that never finishes loading: exit 2, not 0', async () => {
    const r = await deckwright(project(definition('', 'await new Promise(() => {})\n')), 'validate', '--no-faces')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('the run ended before it finished')
  })
})
