import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildGame } from '../../src/make/build-game.ts'
import type { Card, GameDef } from '../../src/engine/define.ts'
import { gamePaths } from '../../src/load/project.ts'
import { renderGame } from '../../src/make/render-game.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import { editFile } from '../helpers.ts'
import { fileThreads } from '../setup/threads.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const options = { dpi: 20, bleedMm: 3, inkFriendly: false, jobs: 1 }
// Maybe Missions' threads, kept from one test to the next (its files are only read; the changed cards are sent).
const threads = fileThreads()
const FAR_TOO_LONG =
  'The active player collects a Mission Card first, before the YES-voters, and then every other player does the same, in turn order, twice. '.repeat(
    4,
  )

let game: GameDef
let cards: Card[]
beforeAll(async () => {
  const { value } = await validateGame(root, 'maybe-missions', { threads })
  game = value!.game
  cards = value!.cards
})

const withFields = (id: string, fields: Record<string, unknown>): Card => {
  const card = cards.find((c) => c.id === id)!
  return { ...card, fields: { ...card.fields, ...fields } }
}

describe('text that does not fit, and inline icons that do not exist, on real templates', () => {
  it('reports a rule far too long for its box at the card, the field and its line, naming the face', async () => {
    const card = withFields('master-double-agent', { green: FAR_TOO_LONG })
    const { value, diagnostics } = await renderGame(gamePaths(root, 'maybe-missions'), game, [card], {
      ...options,
      threads,
    })
    expect(diagnostics).toEqual([
      expect.objectContaining({
        rule: 'render/text-overflow',
        severity: 'error',
        file: 'cards/maybe-missions/masters.yaml',
        line: card.source.fields.green!.line,
        column: card.source.fields.green!.column,
        card: 'master-double-agent',
        field: 'green',
        message: expect.stringMatching(
          /^`green` does not fit its box on the front of master-double-agent: even at 6\.5 pt it needs \d+ lines where \d+ fit; shorten it by about \d+ characters$/,
        ),
      }),
    ])
    // Still drawn, clipped, so the designer sees it.
    expect(value.cards).toHaveLength(1)
  })

  it('reports an unknown inline icon at the field, with a suggestion, and draws a stand-in', async () => {
    const card = withFields('secret-archivist', { scoring: 'Score 1 point for every [intle] you show.' })
    const { value, diagnostics } = await renderGame(gamePaths(root, 'maybe-missions'), game, [card], {
      ...options,
      threads,
    })
    expect(diagnostics).toEqual([
      expect.objectContaining({
        rule: 'render/missing-icon',
        severity: 'error',
        file: 'cards/maybe-missions/secret-identities.yaml',
        line: card.source.fields.scoring!.line,
        card: 'secret-archivist',
        field: 'scoring',
        message: expect.stringContaining(
          '[intle], which is no word of this game\'s vocabularies (did you mean "intel"?)',
        ),
      }),
    ])
    expect(readFileSync(value.cards[0]!.front.svg, 'utf8')).toContain('<image') // the stand-in
  })
})

describe('a game with a card whose text does not fit', () => {
  let project: string
  const WIDE = 'Double the Profit of every OVERWHELMINGLY-SUCCESSFUL card, +2.'
  beforeAll(() => {
    // A copy of Maybe Movies in which a Blockbuster's Profit (within its 64 characters) has a word wider than its box.
    // It lives inside this repository, where `deckwright`, React and the JSX settings resolve as for the real games.
    project = mkdtempSync(join(root, 'test', 'render', 'tmp-fit-'))
    for (const dir of ['rules', 'cards', 'templates'])
      cpSync(join(root, dir, 'maybe-movies'), join(project, dir, 'maybe-movies'), { recursive: true })
    const file = join(project, 'cards', 'maybe-movies', 'blockbusters.yaml')
    editFile(file, 'profit: The Profit of the card on its left, +2.', `profit: ${WIDE}`)
  })
  afterAll(() => rmSync(project, { recursive: true, force: true }))

  it("is not built, with an error at the field's line that names the card, the field and the face", async () => {
    const { value, diagnostics } = await buildGame(project, 'maybe-movies', {
      outDir: join(project, 'out'),
      dpi: 20,
      cache: false,
      sets: ['blockbuster'],
      jobs: 1,
    })
    const line =
      readFileSync(join(project, 'cards', 'maybe-movies', 'blockbusters.yaml'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes(WIDE)) + 1
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([
      expect.objectContaining({
        rule: 'render/text-overflow',
        file: 'cards/maybe-movies/blockbusters.yaml',
        line,
        card: 'bb-sequel',
        field: 'profit',
        message:
          '`profit` does not fit its box on the front of bb-sequel: even at 6.5 pt "OVERWHELMINGLY-SUCCESSFUL" is wider than the box; break or shorten that word',
      }),
    ])
    expect(value.written).toEqual([])
  })

  it('fails validation too, when validation lays out the faces', async () => {
    const laidOut = await validateGame(project, 'maybe-movies', { faces: true })
    expect(laidOut.diagnostics.filter((d) => d.severity === 'error')).toMatchObject([
      { rule: 'render/text-overflow', card: 'bb-sequel', field: 'profit' },
    ])
    const quick = await validateGame(project, 'maybe-movies')
    expect(quick.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
  })
})
