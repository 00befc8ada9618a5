import { describe, expect, it } from 'vitest'
import { checkFrontMatter } from '../../src/engine/checks/front-matter.ts'
import { defineGame } from '../../src/engine/define.ts'

const game = defineGame({ id: 'g', title: 'The Game', version: '1', players: { min: 3, max: 6 }, params: {}, types: {} })
const source = (players: string, title = 'The Game') => `---\ntitle: "${title}"\ntype: "rules"\nplayers: "${players}"\n---\n\nText.\n`

describe('checkFrontMatter', () => {
  it('accepts a player count that agrees with the definition', () => {
    expect(checkFrontMatter(game, source('3-6'), 'rules/g/rules.md')).toEqual([])
    expect(checkFrontMatter(game, source('3–6'), 'rules/g/rules.md')).toEqual([])
  })

  it('reports a player count that disagrees, at its line in the front matter', () => {
    expect(checkFrontMatter(game, source('2-6'), 'rules/g/rules.md')).toEqual([
      expect.objectContaining({ rule: 'rules/front-matter-mismatch', severity: 'error', file: 'rules/g/rules.md', line: 4, message: expect.stringContaining('3-6') }),
    ])
  })

  it('warns when the title differs', () => {
    expect(checkFrontMatter(game, source('3-6', 'Another Game'), 'rules/g/rules.md')).toMatchObject([{ rule: 'rules/front-matter-mismatch', severity: 'warning', line: 2 }])
  })
})
