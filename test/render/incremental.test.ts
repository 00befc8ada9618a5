import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Card, GameDef } from '../../src/engine/define.ts'
import type { GamePaths } from '../../src/load/project.ts'
import { renderGame } from '../../src/make/render-game.ts'
import { FaceStore } from '../../src/render/store/face-store.ts'
import { GameThreads } from '../../src/threads/threads.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import { fileThreads } from '../setup/threads.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const options = { dpi: 40, bleedMm: 3, inkFriendly: false }
// The game's threads, warm from one render to the next (the game is only read; the cards are sent), as a watch's.
const gameThreads = fileThreads()
/** Whether two stored faces hold the same PNG bytes. */
const samePng = (a: { png: string }, b: { png: string }) => readFileSync(a.png).equals(readFileSync(b.png))

describe('rendering on workers, with a cache', () => {
  let paths: GamePaths
  let game: GameDef
  let cards: Card[]
  beforeAll(async () => {
    const loaded = (await validateGame(root, 'maybe-missions', { threads: gameThreads })).value!
    ;({ paths, game } = loaded)
    cards = loaded.cards.filter((c) => c.type === 'mission').slice(0, 10)
  })

  it('draws the same bytes on one thread as on two', async () => {
    const one = await renderGame(paths, game, cards, { ...options, jobs: 1, threads: gameThreads })
    const store = new FaceStore(mkdtempSync(join(tmpdir(), 'deckwright-two-')))
    const threads = new GameThreads()
    const two = await renderGame(paths, game, cards, { ...options, jobs: 2, store, threads }).finally(() =>
      threads.close(),
    )
    expect(two.diagnostics).toEqual([])
    expect(two.value.cards.map((c) => c.card.id)).toEqual(one.value.cards.map((c) => c.card.id))
    two.value.cards.forEach((c, i) => expect(samePng(c.front, one.value.cards[i]!.front)).toBe(true))
    expect(samePng(two.value.backs.get('mission')!, one.value.backs.get('mission')!)).toBe(true)
  }, 60_000)

  it('draws again only the faces whose card changed', async () => {
    const store = new FaceStore(mkdtempSync(join(tmpdir(), 'deckwright-cache-')))
    const cold = await renderGame(paths, game, cards, { ...options, jobs: 1, threads: gameThreads, store })
    expect([cold.value.drawn, cold.value.cached]).toEqual([11, 0]) // 10 fronts and the shared back
    const warm = await renderGame(paths, game, cards, { ...options, jobs: 1, threads: gameThreads, store })
    expect([warm.value.drawn, warm.value.cached]).toEqual([0, 11])
    warm.value.cards.forEach((c, i) => expect(samePng(c.front, cold.value.cards[i]!.front)).toBe(true))

    const edited = cards.map((c, i) => (i === 3 ? { ...c, fields: { ...c.fields, green: ['money'] } } : c))
    const one = await renderGame(paths, game, edited, { ...options, jobs: 1, threads: gameThreads, store })
    expect([one.value.drawn, one.value.cached]).toEqual([1, 10])
    expect(samePng(one.value.cards[3]!.front, cold.value.cards[3]!.front)).toBe(false)

    // A selection of the cards finds the faces a build of all of them drew.
    const some = await renderGame(paths, game, cards.slice(2, 4), {
      ...options,
      jobs: 1,
      threads: gameThreads,
      store,
      allCards: cards,
    })
    expect([some.value.drawn, some.value.cached]).toEqual([0, 3])

    // Another resolution is another face.
    const sharper = await renderGame(paths, game, cards.slice(0, 2), {
      ...options,
      dpi: 50,
      jobs: 1,
      threads: gameThreads,
      store,
    })
    expect(sharper.value.cached).toBe(0)
  }, 60_000)

  it('draws the cards a preview shows first, the shared backs of their types ahead of them', async () => {
    const all = (await validateGame(root, 'maybe-missions', { threads: gameThreads })).value!.cards
    // Votes come before missions in the definition: their back and fronts were drawn before the missions' back.
    const some = [...all.filter((c) => c.type === 'vote').slice(0, 3), ...cards.slice(0, 3)]
    const store = new FaceStore(mkdtempSync(join(tmpdir(), 'deckwright-first-')))
    const order: string[] = []
    await renderGame(paths, game, some, {
      ...options,
      jobs: 1,
      threads: gameThreads,
      store,
      allCards: all,
      first: [some[1]!.id, some[4]!.id],
      stored: (face) => order.push(face.name),
    })
    expect(order.slice(0, 4)).toEqual(['vote.back', 'mission.back', `${some[1]!.id}.front`, `${some[4]!.id}.front`])
    expect(order).toHaveLength(8)
  }, 60_000)

  it("keeps none of the faces drawn while the game's modules changed, and says so", async () => {
    const store = new FaceStore(mkdtempSync(join(tmpdir(), 'deckwright-changed-')))
    // As if a template had been saved between the renderer loading it and the end of drawing.
    const mixed = await renderGame(paths, game, cards.slice(0, 3), {
      ...options,
      jobs: 1,
      store,
      modulesAtStart: 'the modules as they were',
    })
    expect(mixed.diagnostics).toEqual([
      expect.objectContaining({
        rule: 'render/changed-while-drawing',
        severity: 'warning',
        file: 'rules/maybe-missions/game.ts',
      }),
    ])
    const again = await renderGame(paths, game, cards.slice(0, 3), { ...options, jobs: 1, threads: gameThreads, store })
    expect([again.value.drawn, again.value.cached]).toEqual([4, 0])
    expect(again.diagnostics).toEqual([])
  }, 60_000)
})

describe('faces that look the same', () => {
  it('are rasterised once: cards that differ in their id alone share one picture, with the same pixels as drawn alone', async () => {
    const { paths, game, cards } = (await validateGame(root, 'maybe-missions', { threads: gameThreads })).value!
    const mission = cards.find((c) => c.type === 'mission')!
    // Three copies of one card under other ids, and a card that looks different.
    const twins = ['a', 'b', 'c'].map((id) => ({ ...mission, id: `${mission.id}-${id}` }))
    const other = cards.filter((c) => c.type === 'mission')[1]!
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-pictures-'))
    const built = await renderGame(paths, game, [...twins, other], {
      ...options,
      jobs: 1,
      threads: gameThreads,
      store: new FaceStore(dir),
    })
    expect(built.diagnostics).toEqual([])
    const [a, b, c, d] = built.value.cards.map((card) => card.front)
    // One file on disk for the three twins' PNGs (hard links of one picture), another for the other card.
    const inode = (face: { png: string }) => statSync(face.png).ino
    expect(new Set([a, b, c].map((f) => inode(f!))).size).toBe(1)
    expect(inode(d!)).not.toBe(inode(a!))
    expect(readdirSync(dir).filter((f) => f.startsWith('picture-'))).toHaveLength(3) // the twins', the other card's, the shared back's
    const alone = await renderGame(paths, game, [mission], { ...options, jobs: 1, threads: gameThreads })
    expect(samePng(alone.value.cards[0]!.front, a!)).toBe(true)
    // Without the cache (--no-cache), every face is rasterised anew: no picture is taken from the store.
    const before = inode(a!)
    const again = await renderGame(paths, game, twins, {
      ...options,
      jobs: 1,
      threads: gameThreads,
      store: new FaceStore(dir),
      reuse: false,
    })
    const fresh = again.value.cards.map((card) => inode(card.front))
    expect(new Set(fresh).size).toBe(3)
    expect(fresh).not.toContain(before)
  }, 60_000)
})
