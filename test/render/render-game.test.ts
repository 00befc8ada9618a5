import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { cardType, defineGame, type Card } from '../../src/engine/define.ts'
import { int, text } from '../../src/engine/fields.ts'
import { gamePaths } from '../../src/load/project.ts'
import { renderGame } from '../../src/make/render-game.ts'

const root = fileURLToPath(new URL('../fixtures/render/', import.meta.url))
const game = (id: string) =>
  defineGame({
    id,
    title: 'T',
    version: '1',
    players: { min: 2, max: 2 },
    params: {},
    types: { token: cardType({ name: 'Token', size: 'mini', fields: {} }) },
  })
const card = (id: string, line: number): Card => ({
  id,
  type: 'token',
  set: 'base',
  qty: 1,
  fields: {},
  source: { file: 'cards/x/tokens.yaml', pos: { line, column: 3 }, fields: {} },
})
const options = { dpi: 30, bleedMm: 3, inkFriendly: false }

describe('card text on faces', () => {
  const quoted = (id: string): Card => ({
    ...card(`it's-${id}`, 1),
    fields: { title: `The "Swift" Clipper's 'own'`, n: 7 },
  })
  const given = async (id: string, typography?: { quotes: 'straight' }) => {
    const def = defineGame({
      ...game(id),
      types: { token: cardType({ name: 'Token', size: 'mini', fields: { title: text(), n: int() } }) },
      ...(typography && { typography }),
    })
    const { diagnostics } = await renderGame(gamePaths(root, id), def, [quoted(id)], options)
    return diagnostics.find((d) => d.rule === 'render/template-error')?.message
  }

  it('has typographic quotes and apostrophes in its text fields, its id and numbers as they are', async () => {
    expect(await given('quotes')).toContain(`it's-quotes|The \u201cSwift\u201d Clipper\u2019s \u2018own\u2019|7`)
  })

  it("keeps them straight when the game says so (typography: { quotes: 'straight' })", async () => {
    expect(await given('straight', { quotes: 'straight' })).toContain(`it's-straight|The "Swift" Clipper's 'own'|7`)
  })
})

describe('renderGame', () => {
  it('draws a type without a template as plain text, with a warning', async () => {
    const { value, diagnostics } = await renderGame(gamePaths(root, 'plain'), game('plain'), [card('a', 1)], options)
    expect(diagnostics).toMatchObject([
      { rule: 'render/generic-template', severity: 'warning', message: expect.stringContaining('Token') },
    ])
    expect(value.cards).toHaveLength(1)
    expect(value.backs.has('token')).toBe(true)
    expect(readFileSync(value.cards[0]!.front.svg, 'utf8')).toContain('<path') // text drawn as paths: the card's id and type
  })

  it('reports a face that throws and a missing icon at the card, and still draws the other cards', async () => {
    const { value, diagnostics } = await renderGame(
      gamePaths(root, 'crashy'),
      game('crashy'),
      [card('good', 4), card('bad', 7)],
      options,
    )
    expect(diagnostics).toEqual([
      expect.objectContaining({
        rule: 'render/missing-icon',
        severity: 'error',
        file: 'cards/x/tokens.yaml',
        line: 4,
        card: 'good',
        message: expect.stringContaining('no-such-icon'),
      }),
      // At the template's line that threw, naming the card and its place.
      expect.objectContaining({
        rule: 'render/template-error',
        severity: 'error',
        file: 'templates/crashy/index.tsx',
        line: 9,
        card: 'bad',
        message: expect.stringContaining('the front of bad (cards/x/tokens.yaml:7): cannot draw this one'),
      }),
    ])
    expect(value.cards.map((c) => c.card.id)).toEqual(['good'])
  })

  it('reports a face whose template ends the thread drawing it at its card, and draws the rest', async () => {
    const ids = ['a', 'b', 'die', 'c']
    const { value, diagnostics } = await renderGame(
      gamePaths(root, 'dying'),
      game('dying'),
      ids.map((id, i) => card(id, i + 1)),
      { ...options, jobs: 1 },
    )
    // The thread is replaced; the faces after it are drawn by the new one.
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([
      expect.objectContaining({
        rule: 'render/code-stopped',
        card: 'die',
        file: 'cards/x/tokens.yaml',
        line: 3,
        message: expect.stringContaining('exit code 3'),
      }),
    ])
    expect(value.cards.map((c) => c.card.id)).toEqual(['a', 'b', 'c'])
  })

  it('reports templates that fail to load', async () => {
    const { diagnostics } = await renderGame(gamePaths(root, 'broken'), game('broken'), [card('a', 1)], options)
    expect(diagnostics[0]).toMatchObject({
      rule: 'render/template-load',
      file: 'templates/broken/index.tsx',
      message: expect.stringContaining('templates failed to load'),
    })
  })
})
