import { definePlay, type Move, type Pile } from 'deckwright'
import game from './game.ts'

/**
 * My Game's playable rules: rules.md as moves, for `deckwright simulate my-game`, which plays thousands of
 * games with bots and says how long they last, who wins and what each card does.
 */

type Half = 'sun' | 'rain'

interface Harvested {
  id: string
  half: Half
}

interface State {
  active: number
  step: 'harvest' | 'deliver'
  turns: number
  harvests: Pile
  field: string[]
  orders: Pile
  market: string[]
  /** Each seat's Harvest cards before them, with the half that points up. */
  before: Harvested[][]
  points: number[]
  /** The cards' data by id (never changed: a copy of the state shares it). */
  goods: Map<string, Record<Half, readonly string[]>>
  costs: Map<string, { cost: readonly string[]; points: number }>
}

interface MyMove extends Move {
  name: 'harvest' | 'deliver' | 'pass'
  half?: Half
}

export default definePlay(game, {
  readings: ['Order bonuses are not played yet.'],
  // What the simulation flags stays a warning while the game is young: without `severity`, an error (CI fails).
  balance: { severity: 'warning' },

  setup({ players, params, ofType, copies, shuffled }): State {
    const harvests = shuffled('Harvest deck', copies('harvest'))
    const orders = shuffled('Order deck', copies('order'))
    return {
      active: 0,
      step: 'harvest',
      turns: 1,
      harvests,
      field: harvests.cards.splice(-params.fieldSize),
      orders,
      market: orders.cards.splice(-params.marketSize),
      before: Array.from({ length: players }, () => []),
      points: Array.from({ length: players }, () => 0),
      goods: new Map(ofType('harvest').map((c) => [c.id, { sun: c.fields.sun, rain: c.fields.rain }])),
      costs: new Map(ofType('order').map((c) => [c.id, { cost: c.fields.cost, points: c.fields.points }])),
    }
  },

  active: (s) => s.active,

  moves(s, seat): MyMove[] {
    // 1. Harvest: a card of the field, either half up.
    if (s.step === 'harvest') return s.field.flatMap((card) => (['sun', 'rain'] as const).map((half) => ({ name: 'harvest' as const, card, half })))
    // 2. Deliver an Order the cards before you fill, or not.
    const orders = s.market.filter((id, i) => s.market.indexOf(id) === i && paidWith(s, seat, s.costs.get(id)!.cost))
    return [...orders.map((card) => ({ name: 'deliver' as const, card })), { name: 'pass' }]
  },

  apply(s, move, { draw, fail }) {
    if (move.name === 'harvest') {
      s.field.splice(s.field.indexOf(move.card!), 1)
      s.before[s.active]!.push({ id: move.card!, half: move.half! })
      const refill = draw(s.harvests)
      if (refill) s.field.push(refill)
      s.step = 'deliver'
      return
    }
    if (move.name === 'deliver') {
      const order = s.costs.get(move.card!)!
      const used = paidWith(s, s.active, order.cost) ?? fail(`the cards before seat ${s.active + 1} do not fill ${move.card}`)
      s.before[s.active] = s.before[s.active]!.filter((_, i) => !used.includes(i))
      s.market.splice(s.market.indexOf(move.card!), 1)
      s.points[s.active]! += order.points
      const refill = draw(s.orders)
      if (refill) s.market.push(refill)
    }
    s.step = 'harvest'
    s.turns++
    s.active = (s.active + 1) % s.points.length
  },

  // "The game ends when a player cannot harvest: the field is empty. The most points wins; on a tie, the
  // player with more Harvest cards before them wins." A tie on both is shared.
  end(s) {
    if (s.step !== 'harvest' || s.field.length) return undefined
    const rank = (seat: number) => s.points[seat]! * 100 + s.before[seat]!.length
    const best = Math.max(...s.points.map((_, seat) => rank(seat)))
    return { winners: s.points.map((_, seat) => seat).filter((seat) => rank(seat) === best), reason: 'the field is empty' }
  },

  scores: (s) => s.points,
  turns: (s) => s.turns,
  maxTurns: 100,

  invariants: {
    'market-size': (s) => s.market.length > game.params.marketSize && `the market holds ${s.market.length} Orders`,
  },
})

/** The fewest Harvest cards before the seat whose up halves show the goods of `cost` (their places), or undefined. */
function paidWith(s: State, seat: number, cost: readonly string[]): number[] | undefined {
  const before = s.before[seat]!
  let best: number[] | undefined
  for (let chosen = 1; chosen < 1 << before.length; chosen++) {
    const picked = before.map((_, i) => i).filter((i) => chosen & (1 << i))
    if (best && picked.length >= best.length) continue
    const have = picked.flatMap((i) => s.goods.get(before[i]!.id)![before[i]!.half])
    if (cost.every((g) => {
      const at = have.indexOf(g)
      if (at < 0) return false
      have.splice(at, 1)
      return true
    }))
      best = picked
  }
  return best
}
