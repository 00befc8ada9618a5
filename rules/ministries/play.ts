import { definePlay, type Move, type Pile, type PlayContext } from 'deckwright'
import game from './game.ts'

/**
 * Ministries' playable rules, for `deckwright simulate ministries`: the rules of rules.md as moves. Choices
 * the rules leave to the players are moves (which cards to draw, the action, which Milestone to attempt and
 * with which Ministry, whether the team pays a new Challenge); choices that only pick which cards go (a
 * discard, who pays) are made by the fixed rules written below, so that a game is a few hundred decisions.
 */

const p = game.params

/** The resources, each at its place in a count of resources (`Counts`). */
const RESOURCES = Object.keys(game.vocabularies?.resources ?? {})
type Counts = number[]

/** What never changes in a game: the cards' data by id, made once for the cards in play and shared by every game. */
interface Lookups {
  /** A Resource card's resource, by its place in `RESOURCES`. */
  slot: Map<string, number>
  /** A Milestone's or a Challenge's cost, as counts. */
  cost: Map<string, Counts>
  points: Map<string, number>
  penalty: Map<string, number>
  use: Map<string, 'action' | 'assist'>
}

interface State {
  lookups: Lookups
  players: number
  active: number
  /** Turns begun. */
  turn: number
  step: 'draw' | 'action' | 'give' | 'attempt' | 'new-challenge'
  hands: string[][]
  /** The resources in each hand, as counts: kept by `gain` and `lose`, through which every hand changes. */
  held: Counts[]
  resources: Pile
  resourceDiscard: Pile
  ministries: Pile
  ministryDiscard: Pile
  milestones: Pile
  challenges: Pile
  /** Unresolved Challenges in play, and the one flipped this turn. */
  inPlay: string[]
  flipped: string | null
  /** The Milestones drawn for an attempt. */
  drawn: string[]
  score: number
  limit: number
  /** Ministry of Defence: Challenges cost this much less until the end of the turn. */
  discount: number
  /** Ministry of Justice: the seat whose next turn ends the skipped Upkeeps, or −1. */
  justice: number
  /** The team's score reached the target, or the Challenge deck ran out. */
  over: 'won' | 'lost' | null
  /** The Ticking Clock variant: a Challenge is discarded unseen when none is flipped. */
  tickingClock: boolean
  /** Cards in the game, to check that none appears or vanishes. */
  total: number
}

type Moves =
  | (Move & { name: 'draw'; ministries: number })
  | (Move & { name: 'gather'; from: 'resource' | 'ministry' })
  | (Move & { name: 'ministry'; card: string; challenge?: string })
  | (Move & { name: 'milestone' })
  | (Move & { name: 'deal'; challenge: string })
  | (Move & { name: 'share' })
  | (Move & { name: 'give'; give: string; to: number })
  | (Move & { name: 'attempt'; pick: number; card?: string })
  | (Move & { name: 'decline' })
  | (Move & { name: 'pay' })
  | (Move & { name: 'penalty' })

// Moves are plain data that apply only reads: those that are always the same are made once.
const DRAWS = Array.from({ length: p.drawPerTurn + 1 }, (_, ministries): Moves => ({ name: 'draw', ministries }))
const GATHER: Moves[] = [
  { name: 'gather', from: 'resource' },
  { name: 'gather', from: 'ministry' },
]
const MILESTONE: Moves = { name: 'milestone' }
const SHARE: Moves = { name: 'share' }
const DECLINE: Moves = { name: 'decline' }
const PAY: Moves = { name: 'pay' }
const PENALTY: Moves = { name: 'penalty' }

const lookupsOf = new WeakMap<object, Lookups>()

export default definePlay(game, {
  coop: true,
  readings: [
    "A new Challenge the team does not pay costs its penalty once and stays in play, unresolved (the Challenge cards' own text).",
    'The team loses only when a Challenge must be flipped and the deck is empty: while the limit of Challenges is in play none is flipped, so a team that leaves them unpaid pays the Upkeep each turn but cannot lose.',
    "Discards (Upkeep, penalties, the hand limit) take the resource the team holds most of, from the largest hand, and a Ministry only from a hand without resources; payments take the active player's cards first.",
    'Ministry of Trade trades up to 3 of the resource you hold most of; Foreign Affairs gives half your hand to the players with the fewest cards; Planning and Information put the cheapest cards on top.',
    "Ministry of Justice skips every Upkeep until the player's own next turn, whose Upkeep is paid.",
    'Bots think with the order of every deck unknown, even the top cards Planning and Information arranged.',
  ],
  /**
   * As written, the rules let the team dodge defeat (the second reading): the simulation shows it, most games
   * stalling. The findings stay warnings until the rules settle it.
   */
  variants: { 'ticking-clock': 'Ticking Clock: when no Challenge is flipped, the top one is discarded unseen; none left, the team loses' },
  balance: { coopWinRate: [0.3, 0.85], cardImpact: 0.3, severity: 'warning' },
  /** The Challenge deck flips at most 29 times: a game not over after 100 turns has stalled. */
  maxTurns: 100,

  setup({ players, copies, shuffled, ofType, rng, cards, variants }) {
    let lookups = lookupsOf.get(cards)
    if (!lookups) {
      lookups = { slot: new Map(), cost: new Map(), points: new Map(), penalty: new Map(), use: new Map() }
      const counts = (cost: readonly string[]) => RESOURCES.map((r) => cost.filter((c) => c === r).length)
      for (const c of ofType('resource')) lookups.slot.set(c.id, RESOURCES.indexOf(c.fields.resource))
      for (const c of ofType('ministry')) lookups.use.set(c.id, c.fields.use)
      for (const c of ofType('milestone')) lookups.cost.set(c.id, counts(c.fields.cost)), lookups.points.set(c.id, c.fields.points)
      for (const c of ofType('challenge')) lookups.cost.set(c.id, counts(c.fields.cost)), lookups.penalty.set(c.id, c.fields.penalty)
      lookupsOf.set(cards, lookups)
    }
    const five = players >= p.fivePlayerCount
    const s: State = {
      lookups,
      players,
      active: 0,
      turn: 1,
      step: 'draw',
      hands: Array.from({ length: players }, () => []),
      held: Array.from({ length: players }, () => RESOURCES.map(() => 0)),
      resources: shuffled('Resource deck', copies('resource')),
      resourceDiscard: { name: 'Resource discard', cards: [] },
      ministries: shuffled('Ministry deck', copies('ministry')),
      ministryDiscard: { name: 'Ministry discard', cards: [] },
      milestones: shuffled('Milestone deck', copies('milestone')),
      challenges: shuffled('Challenge deck', copies('challenge')),
      inPlay: [],
      flipped: null,
      drawn: [],
      score: 0,
      limit: five ? p.fivePlayerChallengeLimit : p.challengeLimit,
      discount: 0,
      justice: -1,
      over: null,
      tickingClock: variants.includes('ticking-clock'),
      total: 0,
    }
    // 5 players: 5 Challenges leave the game unseen.
    if (five) s.challenges.cards.splice(0, p.fivePlayerRemovedChallenges)
    for (let seat = 0; seat < players; seat++) {
      for (let i = 0; i < p.startingResources; i++) gain(s, seat, s.resources.cards.pop()!)
      for (let i = 0; i < p.startingMinistries; i++) gain(s, seat, s.ministries.cards.pop()!)
    }
    for (let i = 0; i < p.initialChallenges; i++) s.inPlay.push(s.challenges.cards.pop()!)
    // The starting player: the highest Milestone drawn; those who tie draw again.
    let tied = seats(s)
    while (tied.length > 1) {
      // Each draws a different Milestone (and shuffles it back).
      const drawn = rng.shuffle([...s.milestones.cards]).slice(0, tied.length).map((id) => lookups.points.get(id)!)
      const best = Math.max(...drawn)
      tied = tied.filter((_, i) => drawn[i] === best)
    }
    s.active = tied[0]!
    s.total = cardsIn(s)
    return s
  },

  active: (s) => s.active,

  moves(s, seat) {
    const hand = s.hands[seat]!
    switch (s.step) {
      case 'draw':
        return DRAWS
      case 'action': {
        const moves = [...GATHER]
        if (s.milestones.cards.length) moves.push(MILESTONE)
        const own = s.held[seat]!
        const all = holdings(s, team(s))
        for (const c of s.inPlay) if (affordable(own, cost(s, c, s.discount))) moves.push({ name: 'deal', challenge: c })
        if (hand.length) moves.push(SHARE)
        for (let i = 0; i < hand.length; i++) {
          const id = hand[i]!
          if (hand.indexOf(id) !== i || s.lookups.use.get(id) !== 'action') continue
          if (id === 'ministry-interior' || id === 'ministry-environment') {
            for (const c of s.inPlay) if (id === 'ministry-environment' || affordable(all, s.lookups.cost.get(c)!)) moves.push({ name: 'ministry', card: id, challenge: c })
          } else moves.push({ name: 'ministry', card: id })
        }
        return moves
      }
      case 'give': {
        // Share Resources: which card, to whom (`give`, not `card`: a Ministry given is not played).
        const moves: Moves[] = []
        for (let i = 0; i < hand.length; i++) if (hand.indexOf(hand[i]!) === i) for (let to = 0; to < s.players; to++) if (to !== seat) moves.push({ name: 'give', give: hand[i]!, to })
        return moves
      }
      case 'attempt': {
        const moves: Moves[] = []
        const all = holdings(s, team(s))
        for (let pick = 0; pick < s.drawn.length; pick++) {
          const milestone = s.drawn[pick]!
          if (affordable(all, s.lookups.cost.get(milestone)!)) moves.push({ name: 'attempt', pick })
          for (let i = 0; i < hand.length; i++) {
            const id = hand[i]!
            if (hand.indexOf(id) !== i || s.lookups.use.get(id) !== 'assist') continue
            const [need, wild] = assisted(s, milestone, id)
            if (affordable(all, need, wild)) moves.push({ name: 'attempt', pick, card: id })
          }
        }
        moves.push(DECLINE)
        return moves
      }
      case 'new-challenge':
        return affordable(holdings(s, team(s)), cost(s, s.flipped!, s.discount)) ? [PAY, PENALTY] : [PENALTY]
    }
  },

  apply(s, move, ctx) {
    const seat = s.active
    const hand = s.hands[seat]!
    switch (move.name) {
      case 'draw':
        for (let i = 0; i < p.drawPerTurn; i++) drawInto(s, seat, i < move.ministries ? 'ministry' : 'resource', ctx)
        s.step = 'action'
        return
      case 'gather':
        for (let i = 0; i < p.gatherDraw; i++) drawInto(s, seat, move.from, ctx)
        return challengePhase(s, ctx)
      case 'deal':
        if (!pay(s, cost(s, move.challenge, s.discount), [seat], 0)) ctx.fail(`seat ${seat + 1} could not pay ${move.challenge}, though the move was offered`)
        remove(s.inPlay, move.challenge)
        s.total -= 1
        return challengePhase(s, ctx)
      case 'share':
        s.step = 'give'
        return
      case 'give':
        gain(s, move.to, lose(s, seat, hand.lastIndexOf(move.give)))
        return challengePhase(s, ctx)
      case 'ministry':
        s.ministryDiscard.cards.push(lose(s, seat, hand.lastIndexOf(move.card)))
        ministry(s, move, ctx)
        return challengePhase(s, ctx)
      case 'milestone':
        for (let i = 0; i < p.milestonesDrawn; i++) {
          const m = ctx.draw(s.milestones)
          if (m) s.drawn.push(m)
        }
        s.step = 'attempt'
        return
      case 'attempt': {
        const milestone = s.drawn[move.pick]!
        let [need, wild] = [s.lookups.cost.get(milestone)!, 0]
        if (move.card) {
          ;[need, wild] = assisted(s, milestone, move.card)
          s.ministryDiscard.cards.push(lose(s, seat, hand.lastIndexOf(move.card)))
        }
        if (!pay(s, need, team(s), wild)) ctx.fail(`the team could not pay ${milestone}, though the move was offered`)
        s.score += s.lookups.points.get(milestone)! + (move.card === 'ministry-culture' ? 2 : 0)
        // Achieved Milestones stay in front of the team; the other goes to the bottom of the deck.
        s.drawn.splice(move.pick, 1)
        s.milestones.cards.unshift(...s.drawn)
        s.drawn = []
        s.total -= 1
        if (s.score >= p.targetScore) {
          s.over = 'won'
          return
        }
        return challengePhase(s, ctx)
      }
      case 'decline':
        s.milestones.cards.unshift(...s.drawn)
        s.drawn = []
        return challengePhase(s, ctx)
      case 'pay':
        if (!pay(s, cost(s, s.flipped!, s.discount), team(s), 0)) ctx.fail(`the team could not pay ${s.flipped}, though the move was offered`)
        s.total -= 1
        s.flipped = null
        return endTurn(s)
      case 'penalty':
        teamDiscards(s, s.lookups.penalty.get(s.flipped!)!)
        s.inPlay.push(s.flipped!)
        s.flipped = null
        return endTurn(s)
    }
  },

  end: (s) => (s.over === 'won' ? { winners: seats(s), reason: 'target reached' } : s.over === 'lost' ? { winners: [], reason: 'the Challenge deck ran out' } : undefined),
  scores: (s) => seats(s).map(() => s.score),
  /** For the greedy bot: points first, then the cards the team holds, less what open Challenges will cost. */
  score: (s) => s.score * 10 + cardsHeld(s) - 3 * s.inPlay.length,
  /** The order of the decks is hidden: a bot thinks on a copy with them shuffled. */
  view(s, _seat, rng) {
    const copy = { ...s, hands: s.hands.map((h) => [...h]), held: s.held.map((h) => [...h]), inPlay: [...s.inPlay], drawn: [...s.drawn] }
    for (const key of ['resources', 'resourceDiscard', 'ministries', 'ministryDiscard', 'milestones', 'challenges'] as const) copy[key] = { name: s[key].name, cards: rng.shuffle([...s[key].cards]) }
    return copy
  },
  turns: (s) => s.turn,
  invariants: {
    'cards-kept': (s) => cardsIn(s) !== s.total && `the game holds ${cardsIn(s)} cards, but ${s.total} were dealt (less those scored and resolved)`,
    'hand-limit': (s) => s.step === 'draw' && s.hands[(s.active + s.players - 1) % s.players]!.length > p.handLimit && `a hand holds more than ${p.handLimit} cards after its turn`,
  },
})

/** Every seat, by player count. */
const SEATS = Array.from({ length: game.players.max + 1 }, (_, players) => Array.from({ length: players }, (_, seat) => seat))
const seats = (s: State) => SEATS[s.players]!
/** Every seat, the active one first (who pays a team cost), by player count and active seat. */
const ORDERS = SEATS.map((all) => all.map((active) => all.map((seat) => (active + seat) % all.length)))
const team = (s: State) => ORDERS[s.players]![s.active]!

const remove = (cards: string[], id: string) => {
  const i = cards.lastIndexOf(id)
  if (i >= 0) cards.splice(i, 1)
}
const cardsHeld = (s: State) => s.hands.reduce((n, h) => n + h.length, 0)
const cardsIn = (s: State) =>
  cardsHeld(s) + s.resources.cards.length + s.resourceDiscard.cards.length + s.ministries.cards.length + s.ministryDiscard.cards.length + s.milestones.cards.length + s.challenges.cards.length + s.inPlay.length + s.drawn.length + (s.flipped ? 1 : 0)

/** Card `id` into the seat's hand. */
const gain = (s: State, seat: number, id: string) => {
  s.hands[seat]!.push(id)
  const r = s.lookups.slot.get(id)
  if (r !== undefined) s.held[seat]![r]!++
}

/** The card at `index` of the seat's hand, out of it. */
const lose = (s: State, seat: number, index: number): string => {
  const [id] = s.hands[seat]!.splice(index, 1)
  const r = s.lookups.slot.get(id!)
  if (r !== undefined) s.held[seat]![r]!--
  return id!
}

/** How many of each resource `payers` hold together. */
const holdings = (s: State, payers: readonly number[]): Counts => {
  const held = RESOURCES.map(() => 0)
  for (const seat of payers) for (let r = 0; r < held.length; r++) held[r]! += s.held[seat]![r]!
  return held
}

/** A cost less `off` of its resources, those the team holds fewest of first. */
const less = (s: State, need: Counts, off: number): Counts => {
  if (!off) return need
  const held = holdings(s, team(s))
  const left = [...need]
  for (let k = 0; k < off; k++) {
    let scarce = -1
    for (let r = 0; r < left.length; r++) if (left[r]! > 0 && (scarce < 0 || held[r]! - left[r]! < held[scarce]! - left[scarce]!)) scarce = r
    if (scarce >= 0) left[scarce]!--
  }
  return left
}

/** A Challenge's cost, less the Ministry of Defence's discount. */
const cost = (s: State, challenge: string, discount: number): Counts => less(s, s.lookups.cost.get(challenge)!, discount)

/** A Milestone's cost with an assisting Ministry: Works takes 2 off; Science pays 2 with any resource. */
const assisted = (s: State, milestone: string, ministry: string): [Counts, number] => {
  const need = s.lookups.cost.get(milestone)!
  if (ministry === 'ministry-works') return [less(s, need, 2), 0]
  return [need, ministry === 'ministry-science' ? 2 : 0]
}

/** Whether `held` pays `need`, `wild` of it with resources of any kind. */
const affordable = (held: Counts, need: Counts, wild = 0): boolean => {
  let missing = 0
  let spare = 0
  for (let r = 0; r < need.length; r++) {
    const d = held[r]! - need[r]!
    if (d < 0) missing -= d
    else spare += d
  }
  return missing <= wild && missing <= spare
}

/** Pays `need` from the payers' hands, in their order, into the Resource discard; false when they cannot. */
const pay = (s: State, need: Counts, payers: readonly number[], wild: number): boolean => {
  if (!affordable(holdings(s, payers), need, wild)) return false
  let unpaid = 0
  for (let r = 0; r < need.length; r++) for (let k = 0; k < need[r]!; k++) if (!takeResource(s, payers, r)) unpaid++
  for (let k = 0; k < unpaid; k++) takeResource(s, payers, -1)
  return true
}

/** One Resource card of resource `r` (any, for −1) from the first payer who has one, to the discard. */
const takeResource = (s: State, payers: readonly number[], r: number): boolean => {
  for (const seat of payers) {
    const held = s.held[seat]!
    const kind = r >= 0 ? r : held.findIndex((n) => n > 0)
    if (kind < 0 || !held[kind]) continue
    const hand = s.hands[seat]!
    for (let i = hand.length - 1; i >= 0; i--)
      if (s.lookups.slot.get(hand[i]!) === kind) {
        s.resourceDiscard.cards.push(lose(s, seat, i))
        return true
      }
  }
  return false
}

const drawInto = (s: State, seat: number, from: 'resource' | 'ministry', ctx: PlayContext) => {
  const id = from === 'resource' ? ctx.draw(s.resources, { refill: s.resourceDiscard }) : ctx.draw(s.ministries, { refill: s.ministryDiscard })
  if (id) gain(s, seat, id)
}

/** One card from the seat's hand: the resource the team holds most of (`held`, kept up to date), else a Ministry. */
const discardFrom = (s: State, seat: number, held: Counts) => {
  const hand = s.hands[seat]!
  if (!hand.length) return
  let most = -1
  for (let r = 0; r < held.length; r++) if (s.held[seat]![r]! > 0 && (most < 0 || held[r]! > held[most]!)) most = r
  if (most >= 0) {
    held[most]!--
    takeResource(s, [seat], most)
  } else s.ministryDiscard.cards.push(lose(s, seat, hand.length - 1))
}

/** The team discards `n` cards, each from the largest hand. */
const teamDiscards = (s: State, n: number) => {
  if (!n) return
  const held = holdings(s, seats(s))
  for (let i = 0; i < n; i++) {
    let largest = 0
    for (let seat = 1; seat < s.players; seat++) if (s.hands[seat]!.length > s.hands[largest]!.length) largest = seat
    discardFrom(s, largest, held)
  }
}

/** An ACTION Ministry's ability. */
const ministry = (s: State, move: { card: string; challenge?: string }, ctx: PlayContext) => {
  const seat = s.active
  const hand = s.hands[seat]!
  switch (move.card) {
    case 'ministry-finance':
      for (let i = 0; i < 3; i++) drawInto(s, seat, 'resource', ctx)
      return
    case 'ministry-labour':
      for (let each = 0; each < s.players; each++) drawInto(s, each, 'resource', ctx)
      return
    case 'ministry-trade': {
      const held = s.held[seat]!
      const most = held.indexOf(Math.max(...held))
      let traded = 0
      while (traded < 3 && takeResource(s, [seat], most)) traded++
      for (let i = 0; i < traded + 1; i++) drawInto(s, seat, 'resource', ctx)
      return
    }
    case 'ministry-foreign-affairs':
      for (let give = Math.floor(hand.length / 2); give > 0; give--) {
        let fewest = (seat + 1) % s.players
        for (let other = 0; other < s.players; other++) if (other !== seat && s.hands[other]!.length < s.hands[fewest]!.length) fewest = other
        gain(s, fewest, lose(s, seat, hand.length - 1))
      }
      return
    case 'ministry-interior':
      if (!pay(s, s.lookups.cost.get(move.challenge!)!, team(s), 0)) ctx.fail(`the team could not pay ${move.challenge}, though the move was offered`)
      remove(s.inPlay, move.challenge!)
      s.total -= 1
      return
    case 'ministry-defence':
      s.discount = 1
      return
    case 'ministry-environment':
      remove(s.inPlay, move.challenge!)
      s.challenges.cards.push(move.challenge!)
      ctx.rng.shuffle(s.challenges.cards)
      return
    case 'ministry-planning':
      topCheapest(s.challenges.cards, 3, (id) => total(s.lookups.cost.get(id)!))
      drawInto(s, seat, 'resource', ctx)
      return
    case 'ministry-information':
      topCheapest(s.milestones.cards, 4, (id) => total(s.lookups.cost.get(id)!) / s.lookups.points.get(id)!)
      drawInto(s, seat, 'resource', ctx)
      return
    case 'ministry-agriculture': {
      const inDiscard = RESOURCES.map(() => 0)
      for (const id of s.resourceDiscard.cards) inDiscard[s.lookups.slot.get(id)!]!++
      const most = inDiscard.indexOf(Math.max(...inDiscard))
      for (let i = 0; i < 2; i++) {
        const at = s.resourceDiscard.cards.findIndex((id) => s.lookups.slot.get(id) === most)
        if (at >= 0) gain(s, seat, s.resourceDiscard.cards.splice(at, 1)[0]!)
      }
      return
    }
    case 'ministry-justice':
      s.justice = seat
      return
    default:
      ctx.fail(`${move.card} has no ability in the playable rules`)
  }
}

const total = (counts: Counts) => counts.reduce((n, x) => n + x, 0)

/** The top `n` cards of a deck (its end) reordered, the cheapest on top. */
const topCheapest = (deck: string[], n: number, price: (id: string) => number) => {
  const top = deck.splice(Math.max(0, deck.length - n)).sort((a, b) => price(b) - price(a))
  deck.push(...top)
}

/** 4. Challenge phase: below the limit, a new Challenge is flipped, and the team decides whether to pay it. */
const challengePhase = (s: State, ctx: PlayContext) => {
  if (s.inPlay.length >= s.limit) {
    // Ticking Clock: time moves on even while the row is full.
    if (s.tickingClock) {
      if (!ctx.draw(s.challenges)) {
        s.over = 'lost'
        return
      }
      s.total -= 1
    }
    return endTurn(s)
  }
  const flipped = ctx.draw(s.challenges)
  if (!flipped) {
    s.over = 'lost'
    return
  }
  s.flipped = flipped
  s.step = 'new-challenge'
}

/** 5. End of turn: the hand limit; then the next player's Upkeep (1. Upkeep), unless Justice skips it. */
const endTurn = (s: State) => {
  if (s.hands[s.active]!.length > p.handLimit) {
    const held = holdings(s, seats(s))
    while (s.hands[s.active]!.length > p.handLimit) discardFrom(s, s.active, held)
  }
  s.discount = 0
  s.active = (s.active + 1) % s.players
  s.turn++
  if (s.justice === s.active) s.justice = -1
  if (s.justice < 0) teamDiscards(s, s.inPlay.length)
  s.step = 'draw'
}
