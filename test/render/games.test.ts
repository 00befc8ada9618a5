import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Card } from '../../src/engine/define.ts'
import { cardSize } from '../../src/engine/card-sizes.ts'
import { borderBox } from '../../src/render/renderers/border-box.ts'
import { planFaces } from '../../src/render/template/plan.ts'
import { renderGame } from '../../src/make/render-game.ts'
import type { Templates } from '../../src/render/template/template.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import { findGames } from '../../src/load/project.ts'
import { testContext } from './face-context.ts'
import { fileThreads } from '../setup/threads.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const GAMES = ['maybe-missions', 'maybe-movies', 'arc-ship', 'ministries']
// The games' threads, warm from one test to the next (the games are only read).
const threads = fileThreads()

it('are every game this project ships', () => {
  expect(findGames(root).sort()).toEqual([...GAMES].sort())
})

describe.each(GAMES)('%s', (id) => {
  it('lays out every front and back, in every language it ships, with every text fitting its box, every inline icon known and every text translated', async () => {
    // validate lays out each face as the build draws it, the Dutch edition's too, and checks what the booklet
    // would warn about, as `deckwright validate` does; anything but the authors' notes is a problem.
    const { diagnostics } = await validateGame(root, id, { faces: true, booklet: true, threads })
    expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([])
  })

  it('draws a card of every type, front and back, without a problem', async () => {
    const { game, paths, cards } = (await validateGame(root, id, { threads })).value!
    const sample = Object.keys(game.types).flatMap((type) => cards.filter((c) => c.type === type).slice(0, 1)) as Card[]
    const { value, diagnostics } = await renderGame(paths, game, sample, {
      dpi: 10,
      bleedMm: 3,
      inkFriendly: false,
      jobs: 1,
      threads,
    })
    expect(
      diagnostics.filter(
        (d) => d.severity === 'error' || d.rule === 'render/text-overflow' || d.rule === 'render/missing-icon',
      ),
    ).toEqual([])
    expect(value.cards.map((c) => c.card.id)).toEqual(sample.map((c) => c.id))
    const backs = planFaces(game, sample)
      .filter((p) => p.job.kind === 'back')
      .map((p) => p.name.replace(/\.back$/, ''))
    expect([...value.backs.keys()].sort()).toEqual(backs.sort())
    for (const c of value.cards) expect(value.backs.has(c.back)).toBe(true)
  })
})
