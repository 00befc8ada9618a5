import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Card } from '../../src/engine/define.ts'
import { cardSize } from '../../src/engine/card-sizes.ts'
import { borderBox } from '../../src/render/border-box.ts'
import { planFaces } from '../../src/render/plan.ts'
import { renderGame } from '../../src/threads/render-game.ts'
import type { Templates } from '../../src/render/template.ts'
import { validateGame } from '../../src/validate.ts'
import { testContext } from './face-context.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const GAMES = ['maybe-missions', 'maybe-movies', 'arc-ship', 'ministries']

describe.each(GAMES)('%s', (id) => {
  it('lays out every front and back with every text fitting its box and every inline icon known', async () => {
    const { game, paths, cards } = (await validateGame(root, id)).value!
    const templates = ((await import(pathToFileURL(join(paths.templatesDir, 'index.tsx')).href)) as { default: Templates }).default
    const problems = []
    for (const card of cards) {
      const size = cardSize(game.types[card.type]!.size ?? 'poker')!
      const template = templates.types[card.type]!
      for (const face of ['front', 'back'] as const) {
        // Laying a face out runs its components, which measure and report, without drawing it.
        const { ctx, diagnostics } = testContext(size.widthMm, size.heightMm, { game, card, face, bleedMm: 3, safeMm: 3 })
        borderBox(face === 'front' ? template.front(card as never, ctx) : template.back!(card as never, ctx))
        problems.push(...diagnostics)
      }
    }
    expect(problems).toEqual([])
  })

  it('draws a card of every type, front and back, without a problem', async () => {
    const { game, paths, cards } = (await validateGame(root, id)).value!
    const sample = Object.keys(game.types).flatMap((type) => cards.filter((c) => c.type === type).slice(0, 1)) as Card[]
    const { value, diagnostics } = await renderGame(paths, game, sample, { dpi: 10, bleedMm: 3, inkFriendly: false, jobs: 1 })
    expect(diagnostics.filter((d) => d.severity === 'error' || d.rule === 'render/text-overflow' || d.rule === 'render/missing-icon')).toEqual([])
    expect(value.cards.map((c) => c.card.id)).toEqual(sample.map((c) => c.id))
    const backs = planFaces(game, sample).filter((p) => p.job.kind === 'back').map((p) => p.name.replace(/\.back$/, ''))
    expect([...value.backs.keys()].sort()).toEqual(backs.sort())
    for (const c of value.cards) expect(value.backs.has(c.back)).toBe(true)
  })
})
