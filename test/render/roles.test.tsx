import { describe, expect, it } from 'vitest'
import { cardType, defineGame } from '../../src/engine/define.ts'
import { checkDeck } from '../../src/engine/check.ts'
import { defaultRoles, roleOf, SplitFront } from '../../src/render/template/components/index.tsx'
import { borderBox } from '../../src/render/renderers/border-box.ts'
import { splitCard, testContext, testGame } from './face-context.ts'

const base = { id: 'r', title: 'R', version: '1', players: { min: 2, max: 4 }, params: {} }

describe('colour roles', () => {
  it('are the defaults, changed or added to by the game', () => {
    const game = { roles: { green: { word: 'SUCCESS' }, gold: { color: '#c08000', symbol: 'game-icons:crown' } } }
    expect(roleOf(game, 'green')).toEqual({ ...defaultRoles.green, word: 'SUCCESS' })
    expect(roleOf(game, 'red')).toEqual(defaultRoles.red)
    // A new role's light tint, ink and word follow from what it gives.
    expect(roleOf(game, 'gold')).toEqual({
      color: '#c08000',
      symbol: 'game-icons:crown',
      ink: '#ffffff',
      light: '#f7f0e0',
      word: 'GOLD',
    })
    expect(roleOf(game, 'silver')).toBeUndefined()
    // A default given another colour gets that colour's tint.
    expect(roleOf({ roles: { red: { color: '#000000' } } }, 'red')).toMatchObject({
      color: '#000000',
      light: '#e0e0e0',
      symbol: defaultRoles.red.symbol,
    })
  })

  it('of a split type are checked at the definition', () => {
    const game = defineGame({
      ...base,
      roles: { gold: { color: '#c08000', symbol: 'game-icons:crown' }, silver: { word: 'SILVER' } },
      types: {
        a: cardType({ name: 'A', halves: ['gold', 'green'], fields: {} }),
        b: cardType({ name: 'B', halves: ['bronze', 'red'], fields: {} }),
      },
    })
    expect(checkDeck(game, [], 'rules/r/game.ts')).toMatchObject([
      {
        rule: 'game/unknown-role',
        file: 'rules/r/game.ts',
        message: expect.stringContaining('"silver" is new to this game, so it needs `color` and `symbol`'),
      },
      { rule: 'game/unknown-role', message: expect.stringContaining('B (b) has a half "bronze"') },
    ])
  })

  it("come from the card type's halves in SplitFront, with the role's word", () => {
    const game = {
      ...testGame,
      roles: { green: { word: 'SUCCESS' }, gold: { color: '#c08000', symbol: 'game-icons:crown', word: 'GOLD' } },
      types: { split: { name: 'Split', halves: ['gold', 'green'], fields: {} } },
    } as never
    const { ctx, diagnostics } = testContext(63.5, 88.9, { game, card: splitCard })
    // The element tree with every component called, as satori sees it.
    const tree = JSON.stringify(borderBox(SplitFront({ ctx, first: {}, second: { label: 'WON' } })))
    expect(diagnostics).toEqual([])
    expect(tree).toContain('#c08000')
    expect(tree).toContain(defaultRoles.green.color)
    expect(tree).not.toContain(defaultRoles.red.color)
    expect(tree).toContain('"GOLD"')
    expect(tree).toContain('"WON"')
    expect(tree).not.toContain('SUCCESS')
  })

  it('that a game lacks, or a SplitFront of a type with no halves, are reported on the face', () => {
    const game = {
      ...testGame,
      types: { split: { name: 'Split', halves: ['gold', 'red'], fields: {} }, plain: { name: 'Plain', fields: {} } },
    } as never
    const unknown = testContext(63.5, 88.9, { game, card: splitCard })
    borderBox(SplitFront({ ctx: unknown.ctx, first: {}, second: {} }))
    expect(unknown.diagnostics).toMatchObject([
      { rule: 'render/unknown-role', message: expect.stringContaining('"gold"') },
    ])
    const plain = testContext(63.5, 88.9, { game, card: { ...splitCard, type: 'plain' } })
    borderBox(SplitFront({ ctx: plain.ctx, first: {}, second: {} }))
    expect(plain.diagnostics).toMatchObject([
      { rule: 'render/not-split', message: expect.stringContaining('"plain" has none') },
    ])
  })
})
