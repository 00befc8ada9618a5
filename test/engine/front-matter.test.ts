import { describe, expect, it } from 'vitest'
import { checkFrontMatter } from '../../src/engine/checks/front-matter.ts'
import { parseRules } from '../../src/load/rules.ts'
import { defineGame } from '../../src/engine/define.ts'

const game = defineGame({
  id: 'g',
  title: 'The Game',
  version: '1',
  players: { min: 3, max: 6 },
  params: {},
  types: {},
})
const source = (players: string, title = 'The Game') =>
  `---\ntitle: "${title}"\ntype: "rules"\nplayers: "${players}"\n---\n\nText.\n`
/** The check on a rules file's text, its front matter read by the rules loader (YAML or TOML). */
const check = (text: string) =>
  checkFrontMatter(game, parseRules(text, 'rules/g/rules.md').value.frontMatter, text, 'rules/g/rules.md')

describe('checkFrontMatter', () => {
  it('accepts a player count that agrees with the definition', () => {
    expect(check(source('3-6'))).toEqual([])
    expect(check(source('3–6'))).toEqual([])
  })

  it('reports a player count that disagrees, at its line in the front matter', () => {
    expect(check(source('2-6'))).toEqual([
      expect.objectContaining({
        rule: 'rules/front-matter-mismatch',
        severity: 'error',
        file: 'rules/g/rules.md',
        line: 4,
        message: expect.stringContaining('3-6'),
      }),
    ])
  })

  it('reads TOML front matter as well, and points at its line', () => {
    const toml = (players: string) => `+++\ntitle = "The Game"\nplayers = "${players}"\n+++\n\nText.\n`
    expect(check(toml('3-6'))).toEqual([])
    expect(check(toml('2-4'))).toEqual([
      expect.objectContaining({
        rule: 'rules/front-matter-mismatch',
        severity: 'error',
        line: 3,
        message: expect.stringContaining('"2-4"'),
      }),
    ])
  })

  it('warns when the title differs', () => {
    expect(check(source('3-6', 'Another Game'))).toMatchObject([
      { rule: 'rules/front-matter-mismatch', severity: 'warning', line: 2 },
    ])
  })
})
