import { describe, expect, it } from 'vitest'
import { difference, interval, percent, points, rate, spread } from '../../src/simulate/stats.ts'
import { gameSeed, Rng, seedOf } from '../../src/engine/play/rng.ts'
import { copyPlain } from '../../src/engine/play/copy.ts'
import { gameOf } from '../../src/engine/play/plan.ts'

describe('confidence intervals', () => {
  it("gives Wilson's interval for a share", () => {
    const half = rate(5, 10)
    expect(half.rate).toBe(0.5)
    expect(half.low).toBeCloseTo(0.2366, 4)
    expect(half.high).toBeCloseTo(0.7634, 4)
    // None of 10 is not "certainly never": up to 28% stays possible.
    expect(rate(0, 10).low).toBe(0)
    expect(rate(0, 10).high).toBeCloseTo(0.2775, 4)
    expect(rate(0, 0)).toMatchObject({ low: 0, high: 1 })
  })

  it("gives Newcombe's interval for a difference of shares", () => {
    // Newcombe (1998), example (a): 56/70 against 48/80.
    const d = difference(rate(56, 70), rate(48, 80))
    expect(d.difference).toBeCloseTo(0.2, 10)
    expect(d.low).toBeCloseTo(0.0524, 3)
    expect(d.high).toBeCloseTo(0.3339, 3)
  })

  it('says shares and differences as a designer reads them', () => {
    expect(percent(0.384)).toBe('38%')
    expect(percent(0.0042, 1)).toBe('0.4%')
    expect(interval(rate(5, 10))).toBe('24%–76%')
    expect([points(0.125), points(-0.03), points(-0.004), points(0)]).toEqual(['+13', '−3', '+0', '+0'])
  })

  it('gives the mean, spread and range of numbers', () => {
    const s = spread([2, 4, 4, 4, 5, 5, 7, 9])
    expect(s).toMatchObject({ n: 8, mean: 5, min: 2, max: 9 })
    expect(s.sd).toBeCloseTo(2.138, 3)
    expect(s.high - s.mean).toBeCloseTo((1.96 * 2.138) / Math.sqrt(8), 2)
  })
})

describe('the seeded generator', () => {
  it('gives the same numbers for the same seed, and others for another', () => {
    const a = new Rng(42)
    const b = new Rng(42)
    const xs = Array.from({ length: 100 }, () => a.u32())
    expect(Array.from({ length: 100 }, () => b.u32())).toEqual(xs)
    expect(Array.from({ length: 100 }, () => new Rng(43).u32())).not.toEqual(xs)
    expect(xs.every((x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32)).toBe(true)
  })

  it('shuffles into a permutation, each order about as often', () => {
    const rng = new Rng(7)
    const counts = new Map<string, number>()
    for (let i = 0; i < 6000; i++) {
      const order = rng.shuffle([1, 2, 3]).join('')
      counts.set(order, (counts.get(order) ?? 0) + 1)
    }
    expect([...counts.keys()].sort()).toEqual(['123', '132', '213', '231', '312', '321'])
    for (const n of counts.values()) expect(n).toBeGreaterThan(850)
  })

  it("derives each game's seed from the run's seed and its index alone", () => {
    expect(gameSeed(1, 5)).toBe(gameSeed(1, 5))
    const seeds = new Set(Array.from({ length: 10_000 }, (_, i) => gameSeed(1, i)))
    expect(seeds.size).toBe(10_000)
    expect(gameSeed(2, 5)).not.toBe(gameSeed(1, 5))
    expect(seedOf('1')).toBe(1)
    expect(seedOf('spring')).toBe(seedOf('spring'))
    expect(seedOf('spring')).not.toBe(seedOf('autumn'))
  })

  it('copies plain state deeply, objects without a prototype too, and shares lookups (a Map)', () => {
    const lookups = new Map([['a', 1]])
    const bare = Object.assign(Object.create(null) as Record<string, number[]>, { seat1: [1] })
    const state = { hands: [['x'], ['y']], score: 3, lookups, bare }
    const copy = copyPlain(state)
    copy.hands[0]!.push('z')
    copy.bare['seat1']!.push(2)
    expect(state.hands[0]).toEqual(['x'])
    expect(state.bare['seat1']).toEqual([1])
    expect(copy.lookups).toBe(lookups)
  })
})

describe('the games of a run', () => {
  it('seat every bot at every seat, at every player count, in turn', () => {
    const plan = {
      seed: 1,
      runs: 100,
      playerCounts: [2, 3, 4],
      bots: ['random', 'greedy'] as ('random' | 'greedy')[],
      sets: ['base'],
      variants: [],
    }
    for (const players of plan.playerCounts)
      for (let seat = 0; seat < players; seat++) {
        const games = Array.from({ length: 12 }, (_, i) => gameOf(plan, i)).filter((g) => g.players === players)
        expect(new Set(games.map((g) => g.seatBots[seat])), `${players} players, seat ${seat + 1}`).toEqual(
          new Set(['random', 'greedy']),
        )
      }
    // The same index, the same game.
    expect(gameOf(plan, 7)).toEqual(gameOf(plan, 7))
  })
})
