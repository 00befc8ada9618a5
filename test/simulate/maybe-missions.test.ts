import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { Card } from '../../src/engine/define.ts'
import type { Move, Pile, PlayContext, PlayDef, SetupContext } from '../../src/engine/play/define.ts'
import { playGame, Table } from '../../src/engine/play/play-game.ts'
import { inPlay } from '../../src/engine/play/play-games.ts'
import { gameSeed, Rng } from '../../src/engine/play/rng.ts'
import type { BotName } from '../../src/engine/play/bots.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import { hasErrors, sortDiagnostics } from '../../src/diagnostics/diagnostic.ts'
import { type SimulateOptions, simulateGame } from '../../src/simulate/index.ts'
import { summaryLines } from '../../src/simulate/text.ts'
import { fileThreads } from '../setup/threads.ts'
import game from '../../rules/maybe-missions/game.ts'
import rules, { type State } from '../../rules/maybe-missions/play.ts'
import { root } from '../helpers.ts'

// The playable rules of Maybe Missions: whole games with each bot and set, then each rule in a scripted round.

type Step = Move & Record<string, unknown>
const play = rules as unknown as PlayDef<any, State, Step>

// The game's threads: its validation here, and its simulations below.
const threads = fileThreads()
let cards: Card[]
beforeAll(async () => {
  cards = (await validateGame(root, 'maybe-missions', { threads })).value!.cards
}, 120_000)

const RESOURCES = ['intel', 'gadget', 'money', 'contact']
const vote = (n: number) => `vote-${String(n).padStart(2, '0')}`
/** Vote numbers by kind (cards/maybe-missions/votes.yaml). */
const YES = [1, 2, 9, 11, 12, 13, 17, 18, 19, 20, 22, 23, 25, 29, 30]
const NO = [3, 4, 5, 6, 7, 8, 10, 14, 15, 16, 21, 24, 26, 27, 28]

const table = (sets: string[], variants: string[] = []) => new Table(game as never, inPlay(cards, sets), sets, variants)

interface Game {
  s: State
  ctx: PlayContext
  t: Table
}

/** A game set up as the simulation sets one up, with a context that draws as it does. */
const start = (players: number, { sets = ['base'], variants = [] as string[], seed = 1 } = {}): Game => {
  const t = table(sets, variants)
  const rng = new Rng(seed)
  const setup: SetupContext<any> = {
    game,
    params: game.params,
    players,
    sets: t.sets,
    variants,
    cards: t.cards,
    rng,
    ofType: t.ofType as never,
    copies: ((type: string, where?: (c: Card<any>) => boolean) =>
      t
        .ofType(type)
        .filter((c) => !where || where(c))
        .flatMap((c) => Array<string>(c.qty).fill(c.id))) as never,
    shuffled: (name, ids) => ({ name, cards: rng.shuffle([...ids]) }),
    card: t.card,
  }
  const s = play.setup(setup)
  const ctx: PlayContext = {
    rng,
    card: t.card,
    draw: (pile: Pile, options?: { refill?: Pile }) => {
      if (!pile.cards.length && options?.refill?.cards.length)
        pile.cards.push(...rng.shuffle(options.refill.cards.splice(0)))
      return pile.cards.pop()
    },
    fail: (message) => {
      throw new Error(message)
    },
  }
  return { s, ctx, t }
}

const halves = (g: Game, id: string): number[][] =>
  ['green', 'red'].map((half) =>
    RESOURCES.map((r) => (g.t.card(id).fields[half] as string[]).filter((x) => x === r).length),
  )

/** The cards in the game, counted again after a scripted change (as the rules count them at setup). */
const recount = (s: State) => {
  const sum = (piles: string[][]) => piles.reduce((n, p) => n + p.length, 0)
  s.total = {
    missions:
      s.missions.cards.length + s.missionDiscard.cards.length + s.market.length + s.mission.length + sum(s.tableau),
    masters:
      s.masters.cards.length + s.masterDiscard.cards.length + sum(s.won) + (s.master ? 1 : 0) + (s.played ? 1 : 0),
    votes: s.votes.cards.length + s.voteDiscard.cards.length + sum(s.hands) + sum(s.cast),
    shop: s.shopDeck.cards.length + s.shopDiscard.cards.length + (s.shop ? 1 : 0),
  }
}

/** A scripted table: the Master on top, these hands (every other Vote out of the game), identities and cards collected. */
const rig = (
  g: Game,
  {
    master,
    hands,
    publics,
    secrets,
    tableau,
  }: {
    master?: string
    hands?: number[][]
    publics?: string[]
    secrets?: string[]
    tableau?: [number, string, number][]
  },
) => {
  const { s } = g
  if (master) {
    s.masters.cards.splice(s.masters.cards.indexOf(master), 1)
    s.masters.cards.push(master)
  }
  if (hands) {
    s.hands = hands.map((h) => h.map(vote))
    s.votes.cards = []
    s.voteDiscard.cards = []
  }
  if (publics) s.publics = publics
  if (secrets) s.secrets = secrets
  for (const [seat, id, side] of tableau ?? []) {
    for (const pile of [s.missions.cards, s.market]) if (pile.includes(id)) pile.splice(pile.indexOf(id), 1)
    s.tableau[seat]!.push(id)
    s.sides[seat]!.push(side)
    halves(g, id)[side]!.forEach((n, r) => (s.res[seat]![r]! += n))
  }
  // The market refilled, as a round begins with it full.
  while (s.market.length < game.params.marketSize && s.missions.cards.length) s.market.push(s.missions.cards.pop()!)
  recount(s)
}

const broken = (s: State) =>
  Object.entries(play.invariants ?? {})
    .map(([name, check]) => check(s) && `${name}: ${check(s)}`)
    .filter(Boolean)
const legal = (g: Game) => play.moves(g.s, play.active(g.s))
const offered = (g: Game, name: string) => legal(g).filter((m) => m.name === name)

/** The move that has these values, made by the seat to move; the rules must offer it. */
const does = (g: Game, move: Record<string, unknown>) => {
  const moves = legal(g)
  const found = moves.find((m) => Object.entries(move).every(([k, v]) => (m as Record<string, unknown>)[k] === v))
  expect(found, `${JSON.stringify(move)} among ${JSON.stringify(moves)}`).toBeDefined()
  play.apply(g.s, found!, g.ctx)
  expect(broken(g.s)).toEqual([])
}

/** The round up to its collecting: the top Master revealed, `picks` market cards picked, each seat's Vote (and second Vote) cast. */
const round = (g: Game, picks: number, votes: Record<number, number | [number, number]>) => {
  does(g, { name: 'reveal', card: g.s.masters.cards.at(-1) })
  for (let i = 0; i < picks; i++) does(g, { name: 'pick', pick: g.s.market[0] })
  if (g.s.phase === 'pick') does(g, { name: 'stop' })
  while (g.s.phase === 'vote') {
    const seat = play.active(g.s)
    const mine = votes[seat]!
    if (g.s.second) does(g, Array.isArray(mine) ? { name: 'second', vote: vote(mine[1]) } : { name: 'single' })
    else does(g, { name: 'vote', vote: vote(Array.isArray(mine) ? mine[0] : mine) })
  }
}

/** The seats that collect, in order, each taking the first card offered. */
const collectAll = (g: Game): number[] => {
  const seats: number[] = []
  while (g.s.phase === 'collect') {
    seats.push(g.s.queue[0]!)
    const move = legal(g)[0]!
    does(g, move)
  }
  return seats
}

const points = (g: Game) => play.scores!(g.s)

describe('Maybe Missions, played', () => {
  it('plays whole games with each bot, set and variant: no rule broken, none stalled, the same record from the same seed', () => {
    const runs: [string[], string[], BotName, number][] = [
      [['base'], [], 'random', 300],
      [['base'], [], 'greedy', 60],
      [['base', 'identities', 'shop'], [], 'random', 300],
      [['base', 'identities', 'shop'], [], 'greedy', 60],
      [['base', 'identities', 'shop'], ['masters-played', 'reduce-randomness'], 'random', 300],
      [['base', 'identities', 'shop'], ['masters-played', 'reduce-randomness'], 'greedy', 40],
    ]
    for (const [sets, variants, bot, n] of runs) {
      const t = table(sets, variants)
      for (let i = 0; i < n; i++) {
        const players = 3 + (i % 4)
        const spec = { index: i, seed: gameSeed(9, i), players, seatBots: Array<BotName>(players).fill(bot) }
        const r = playGame(play as never, t, spec)
        expect(r.broken, `${sets} ${variants} ${bot} game ${i}: ${r.broken?.message}`).toBeUndefined()
        expect(r.outcome).toBe('ended')
        // Ten rounds, give or take the Votes kept, drawn or cast twice.
        expect(r.turns).toBeGreaterThanOrEqual(7)
        if (i < 3) expect(playGame(play as never, t, spec)).toEqual(r)
      }
    }
  }, 120_000)

  it('lets a greedy bot think on a view that leaves the game as it was', () => {
    const t = table(['base', 'identities', 'shop'])
    let original: State | undefined
    let before = ''
    const snapshot = (s: State) => JSON.stringify({ ...s, lookups: 0 })
    const watched: PlayDef<any, State, Step> = {
      ...play,
      view(s, seat, rng) {
        original = s
        before = snapshot(s)
        return play.view!(s, seat, rng)
      },
      score(s, seat) {
        expect(snapshot(original!)).toBe(before)
        return play.score!(s, seat)
      },
    }
    for (let i = 0; i < 12; i++) {
      const players = 3 + (i % 4)
      const r = playGame(watched as never, t, {
        index: i,
        seed: gameSeed(4, i),
        players,
        seatBots: Array<BotName>(players).fill('greedy'),
      })
      expect(r.broken).toBeUndefined()
    }
  }, 60_000)

  it('hides the Votes others cast until the reveal, but not under Open Ballot', () => {
    for (const [master, open] of [
      ['master-extraction', false],
      ['master-open-ballot', true],
    ] as const) {
      const g = start(4)
      rig(g, {
        master,
        hands: [
          [1, 3],
          [2, 4],
          [9, 5],
          [11, 6],
        ],
      })
      does(g, { name: 'reveal', card: master })
      does(g, { name: 'pick', pick: g.s.market[0] })
      does(g, { name: 'stop' })
      does(g, { name: 'vote', vote: vote(1) })
      expect(play.active(g.s)).toBe(1)
      const guesses = Array.from({ length: 40 }, (_, k) => play.view!(g.s, 1, new Rng(k)))
      // Its own hand it knows; seat 1's Vote it guesses among the Votes it has not seen.
      for (const v of guesses) expect(v.hands[1]).toEqual([vote(2), vote(4)])
      const right = guesses.filter((v) => v.cast[0]![0] === vote(1)).length
      if (open) expect(right).toBe(40)
      else expect(right).toBeLessThan(40)
      // The greedy voter imagines the seats after it voting: every seat has cast in its view.
      for (const v of guesses) expect(v.cast.slice(2).every((c) => c.length === 1)).toBe(true)
    }
  })

  it('scores the up halves: each resource 1, the most double, the least not at all, ties best for the player', () => {
    const g = start(4)
    rig(g, {
      tableau: [
        [0, 'mission-01', 0],
        [0, 'mission-05', 0],
        [0, 'mission-02', 0],
        [0, 'mission-06', 0],
        [0, 'mission-15', 0],
        [0, 'mission-20', 0],
        [1, 'mission-10', 0],
        [1, 'mission-07', 0],
        [1, 'mission-44', 1],
        [3, 'mission-25', 0],
        [3, 'mission-11', 0],
        [3, 'mission-14', 0],
      ],
    })
    g.s.publics = ['', '', '', '']
    g.s.secrets = ['', '', '', '']
    // Seat 1: intel 3 (double), gadget 2, money and contact 1 each (one of them the least): 6 + 2 + 1.
    // Seat 2: gadget 3 (double) and money 2 green, a red half of gadget and money: gadget 4 ×2, money 3, no intel or contact.
    // Seat 4: intel 2 and money 2 tied for most, one doubled: 4 + 2 + gadget 1, contact 0 the least.
    expect(points(g)).toEqual([9, 11, 0, 7])
    const as = (secret: string, pub = '') => {
      g.s.secrets[0] = secret
      g.s.publics[0] = pub
      return points(g)[0]
    }
    expect(as('secret-archivist')).toBe(10)
    expect(as('secret-tinkerer')).toBe(11)
    expect(as('secret-networker')).toBe(12)
    expect(as('secret-collector')).toBe(13)
    expect(as('secret-purist')).toBe(15)
    expect(as('secret-handler')).toBe(10)
    expect(as('secret-smuggler')).toBe(9)
    // The Fixer turns the card that scores best: the contact to gadget and money (11), or the money to intel (11).
    expect(as('', 'public-fixer')).toBe(11)
    // The Smuggler's red half with money; the Banker whose Money would be the least drops a larger pile instead.
    g.s.secrets[1] = 'secret-smuggler'
    expect(points(g)[1]).toBe(13)
    const h = start(3)
    rig(h, {
      tableau: [
        [0, 'mission-01', 0],
        [0, 'mission-05', 0],
        [0, 'mission-02', 0],
        [0, 'mission-06', 0],
        [0, 'mission-15', 0],
        [0, 'mission-04', 0],
      ],
    })
    h.s.publics = ['', '', '']
    h.s.secrets = ['', '', '']
    expect(points(h)[0]).toBe(10)
    h.s.secrets[0] = 'secret-banker'
    expect(points(h)[0]).toBe(9)
  })
})

describe('a round of Maybe Missions', () => {
  it('collects low to high on a SUCCESS, green side up, and the active player wins the Master', () => {
    const g = start(4)
    rig(g, {
      master: 'master-extraction',
      hands: [
        [20, 3],
        [2, 4],
        [3 + 2, 9],
        [11, 6],
      ],
    })
    round(g, 3, { 0: 20, 1: 2, 2: 5, 3: 11 })
    expect(g.s.success).toBe(true)
    expect(collectAll(g)).toEqual([1, 3, 0])
    for (const seat of [1, 3, 0]) expect(g.s.sides[seat]).toEqual([0])
    expect(g.s.won[0]).toEqual(['master-extraction'])
    expect(g.s.wonSide[0]).toEqual([0])
    // The next round is the next player's; the Votes are discarded.
    expect(g.s.active).toBe(1)
    expect(g.s.phase).toBe('reveal')
    expect(g.s.voteDiscard.cards.sort()).toEqual([vote(2), vote(5), vote(11), vote(20)])
  })

  it('collects high to low on a FAIL, red side up; a tie SUCCEEDS; a mission that runs out leaves the rest with nothing', () => {
    const g = start(5)
    rig(g, {
      master: 'master-extraction',
      hands: [
        [2, 1],
        [11, 1],
        [3, 1],
        [4, 1],
        [5, 1],
      ].map(([a]) => [a!, 12 + a!]),
    })
    round(g, 5, { 0: 2, 1: 11, 2: 3, 3: 4, 4: 5 })
    expect(g.s.success).toBe(false)
    expect(collectAll(g)).toEqual([1, 0])
    expect(g.s.sides[1]).toEqual([1])
    expect(g.s.wonSide[0]).toEqual([1])

    const tie = start(4)
    rig(tie, {
      master: 'master-tie-breaker',
      hands: [
        [2, 3],
        [9, 4],
        [5, 11],
        [6, 12],
      ],
    })
    round(tie, 1, { 0: 2, 1: 9, 2: 5, 3: 6 })
    expect(tie.s.success).toBe(true)
    // One card for two YES-voters: the lower collects it, the other nothing.
    expect(collectAll(tie)).toEqual([0])
    expect(tie.s.tableau[1]).toEqual([])
  })

  it('has everyone collect red side up, high to low, when everyone votes NO, and the Master is not won', () => {
    const g = start(3)
    rig(g, {
      master: 'master-extraction',
      hands: [
        [3, 1],
        [7, 2],
        [5, 9],
      ],
    })
    round(g, 3, { 0: 3, 1: 7, 2: 5 })
    expect(g.s.allNo).toBe(true)
    expect(collectAll(g)).toEqual([1, 2, 0])
    expect(g.s.sides.map((s) => s[0])).toEqual([1, 1, 1])
    expect(g.s.won[0]).toEqual([])
    expect(g.s.masterDiscard.cards).toEqual(['master-extraction'])
  })

  it('ends when everyone’s Votes have run out, a player without Votes sitting out the vote', () => {
    const g = start(3)
    rig(g, { master: 'master-extraction', hands: [[1], [2, 9], [3]] })
    round(g, 1, { 0: 1, 1: 2, 2: 3 })
    collectAll(g)
    expect(play.end(g.s)).toBeUndefined()
    // Round 2: only seat 2 votes; seat 2 (the active player) still prepares the mission.
    does(g, { name: 'reveal', card: g.s.masters.cards.at(-1) })
    does(g, { name: 'pick', pick: g.s.market[0] })
    does(g, { name: 'stop' })
    expect(g.s.voters).toEqual([1])
    does(g, { name: 'vote', vote: vote(9) })
    collectAll(g)
    while (!play.end(g.s)) does(g, legal(g)[0]!)
    expect(play.end(g.s)?.reason).toBe("everyone's Votes ran out")
    expect(play.turns!(g.s)).toBe(2)
  })
})

describe('the Master Cards', () => {
  it('Small Team and Big Operation bound the mission; Open Ballot shows the Votes', () => {
    const small = start(5)
    rig(small, { master: 'master-small-team' })
    does(small, { name: 'reveal', card: 'master-small-team' })
    does(small, { name: 'pick', pick: small.s.market[0] })
    does(small, { name: 'pick', pick: small.s.market[0] })
    expect(small.s.phase).toBe('vote')
    expect(small.s.mission).toHaveLength(2)

    const big = start(5)
    rig(big, { master: 'master-big-operation' })
    does(big, { name: 'reveal', card: 'master-big-operation' })
    for (let i = 0; i < 3; i++) {
      expect(offered(big, 'stop')).toHaveLength(0)
      does(big, { name: 'pick', pick: big.s.market[0] })
    }
    expect(offered(big, 'stop')).toHaveLength(1)

    const open = start(3)
    rig(open, {
      master: 'master-open-ballot',
      hands: [
        [2, 3],
        [9, 4],
        [5, 11],
      ],
    })
    does(open, { name: 'reveal', card: 'master-open-ballot' })
    expect(open.s.open).toBe(true)
  })

  it('Double Agent: on a SUCCESS the active player collects first, whatever their Vote; on a FAIL gives a card to the lowest Vote', () => {
    const g = start(4)
    rig(g, {
      master: 'master-double-agent',
      hands: [
        [3, 1],
        [2, 4],
        [9, 5],
        [11, 6],
      ],
    })
    round(g, 4, { 0: 3, 1: 2, 2: 9, 3: 11 })
    expect(collectAll(g)).toEqual([0, 1, 2, 3])

    const f = start(4)
    rig(f, {
      master: 'master-double-agent',
      hands: [
        [2, 1],
        [3, 4],
        [5, 9],
        [6, 11],
      ],
      tableau: [[0, 'mission-01', 0]],
    })
    round(f, 1, { 0: 2, 1: 3, 2: 5, 3: 6 })
    expect(collectAll(f)).toEqual([0])
    // Seat 1 holds the lowest Vote (2) itself: nothing to give.
    expect(f.s.phase).toBe('reveal')

    const h = start(4)
    rig(h, {
      master: 'master-double-agent',
      hands: [
        [9, 1],
        [3, 2],
        [4, 5],
        [6, 11],
      ],
      tableau: [[0, 'mission-01', 0]],
    })
    round(h, 1, { 0: 9, 1: 3, 2: 4, 3: 6 })
    expect(h.s.success).toBe(false)
    collectAll(h)
    expect(
      offered(h, 'give')
        .map((m) => m.give)
        .sort(),
    ).toEqual([...h.s.tableau[0]!].sort())
    does(h, { name: 'give', give: 'mission-01' })
    // To seat 2, the lowest Vote (3), green side up as it was.
    expect(h.s.tableau[1]).toEqual(['mission-01'])
    expect(h.s.sides[1]).toEqual([0])
  })

  it('Quiet Night: on a SUCCESS each YES-voter may take a card from the market; on a FAIL nobody collects', () => {
    const g = start(3)
    rig(g, {
      master: 'master-quiet-night',
      hands: [
        [2, 3],
        [9, 4],
        [5, 11],
      ],
    })
    round(g, 1, { 0: 2, 1: 9, 2: 5 })
    expect(collectAll(g)).toEqual([0])
    expect(g.s.phase).toBe('extra')
    expect(play.active(g.s)).toBe(0)
    expect(offered(g, 'collect').every((m) => m.from === 'market')).toBe(true)
    expect(offered(g, 'pass')).toHaveLength(1)
    does(g, { name: 'collect', card: g.s.market[0], from: 'market' })
    expect(play.active(g.s)).toBe(1)
    does(g, { name: 'pass' })
    expect(g.s.tableau[0]).toHaveLength(2)

    const f = start(3)
    rig(f, {
      master: 'master-quiet-night',
      hands: [
        [2, 3],
        [4, 9],
        [5, 11],
      ],
    })
    round(f, 3, { 0: 2, 1: 4, 2: 5 })
    expect(f.s.phase).toBe('reveal')
    expect(f.s.tableau.flat()).toEqual([])
  })

  it('Inside Job: on a SUCCESS YES-voters collect high to low; on a FAIL the NO-voters collect', () => {
    const g = start(3)
    rig(g, {
      master: 'master-inside-job',
      hands: [
        [2, 3],
        [9, 4],
        [5, 11],
      ],
    })
    round(g, 3, { 0: 2, 1: 9, 2: 5 })
    expect(collectAll(g)).toEqual([1, 0])
    expect(g.s.sides[1]).toEqual([0])

    const f = start(3)
    rig(f, {
      master: 'master-inside-job',
      hands: [
        [2, 3],
        [4, 9],
        [5, 11],
      ],
    })
    round(f, 3, { 0: 2, 1: 4, 2: 5 })
    expect(collectAll(f)).toEqual([2, 1])
    expect(f.s.sides[2]).toEqual([1])
  })

  it('The Leak: the active player shows a Vote to all, and each player one to the left neighbour', () => {
    const g = start(3)
    rig(g, {
      master: 'master-leak',
      hands: [
        [2, 3],
        [9, 4],
        [5, 11],
      ],
    })
    does(g, { name: 'reveal', card: 'master-leak' })
    const [a, b, c] = g.s.known
    expect(b!.filter((v) => g.s.hands[0]!.includes(v)).length).toBeGreaterThanOrEqual(1)
    expect(c!.filter((v) => g.s.hands[0]!.includes(v)).length).toBeGreaterThanOrEqual(1)
    expect(c!.filter((v) => g.s.hands[1]!.includes(v))).toHaveLength(1)
    expect(a!.filter((v) => g.s.hands[2]!.includes(v))).toHaveLength(1)
    // Seat 1 knows a Vote of seat 3: its view keeps it with seat 3, in hand or cast.
    const shown = a!.find((v) => g.s.hands[2]!.includes(v))!
    for (let k = 0; k < 10; k++) {
      const v = play.view!(g.s, 0, new Rng(k))
      expect([...v.hands[2]!, ...v.cast[2]!]).toContain(shown)
    }
  })

  it('Recall: on a SUCCESS YES-voters may turn a card; on a FAIL they must', () => {
    const g = start(3)
    rig(g, {
      master: 'master-recall',
      hands: [
        [2, 3],
        [9, 4],
        [5, 11],
      ],
    })
    round(g, 1, { 0: 2, 1: 9, 2: 5 })
    collectAll(g)
    expect(g.s.phase).toBe('turn')
    expect(offered(g, 'pass')).toHaveLength(1)
    does(g, { name: 'turn', turn: g.s.tableau[0]![0] })
    expect(g.s.sides[0]).toEqual([1])

    const f = start(3)
    rig(f, {
      master: 'master-recall',
      hands: [
        [2, 3],
        [4, 9],
        [5, 11],
      ],
    })
    round(f, 1, { 0: 2, 1: 4, 2: 5 })
    collectAll(f)
    expect(f.s.phase).toBe('turn')
    expect(offered(f, 'pass')).toHaveLength(0)
    does(f, { name: 'turn', turn: f.s.tableau[0]![0] })
    expect(f.s.sides[0]).toEqual([0])
  })

  it('Black Market: the market is refilled to 8 for the mission (6 again after); on a FAIL it is replaced', () => {
    const g = start(3)
    rig(g, {
      master: 'master-black-market',
      hands: [
        [2, 3],
        [9, 4],
        [5, 11],
      ],
    })
    does(g, { name: 'reveal', card: 'master-black-market' })
    expect(g.s.market).toHaveLength(8)
    does(g, { name: 'pick', pick: g.s.market[0] })
    expect(g.s.market).toHaveLength(8)
    does(g, { name: 'stop' })
    for (const v of [2, 9, 5]) does(g, { name: 'vote', vote: vote(v) })
    collectAll(g)
    expect(g.s.market).toHaveLength(6)

    const f = start(3)
    rig(f, {
      master: 'master-black-market',
      hands: [
        [2, 3],
        [4, 9],
        [5, 11],
      ],
    })
    round(f, 1, { 0: 2, 1: 4, 2: 5 })
    const before = [...f.s.market]
    collectAll(f)
    expect(f.s.market).toHaveLength(6)
    expect(f.s.market.filter((id) => before.includes(id))).toEqual([])
    expect(f.s.missionDiscard.cards).toEqual(expect.arrayContaining(before))
  })

  it('Safe House: on a SUCCESS the active player keeps their Vote; on a FAIL the highest Vote goes back to its owner', () => {
    const g = start(3)
    rig(g, {
      master: 'master-safe-house',
      hands: [
        [2, 3],
        [9, 4],
        [5, 11],
      ],
    })
    round(g, 1, { 0: 2, 1: 9, 2: 5 })
    collectAll(g)
    expect(g.s.hands[0]!.sort()).toEqual([vote(2), vote(3)])
    // Seen by all: the others know it is back in seat 1's hand.
    expect(g.s.known[1]).toContain(vote(2))

    const f = start(3)
    rig(f, {
      master: 'master-safe-house',
      hands: [
        [2, 3],
        [4, 9],
        [5, 11],
      ],
    })
    round(f, 1, { 0: 2, 1: 4, 2: 5 })
    collectAll(f)
    expect(f.s.hands[2]!.sort()).toEqual([vote(11), vote(5)].sort())
    expect(f.s.hands[0]).toEqual([vote(3)])
  })

  it('Debrief: on a SUCCESS each YES-voter draws a Vote, from the discarded Votes', () => {
    const g = start(3)
    rig(g, {
      master: 'master-debrief',
      hands: [
        [2, 3],
        [9, 4],
        [5, 11],
      ],
    })
    round(g, 1, { 0: 2, 1: 9, 2: 5 })
    collectAll(g)
    expect(g.s.hands.map((h) => h.length)).toEqual([2, 2, 1])
    expect(broken(g.s)).toEqual([])

    const f = start(3)
    rig(f, {
      master: 'master-debrief',
      hands: [
        [2, 3],
        [4, 9],
        [5, 11],
      ],
    })
    round(f, 1, { 0: 2, 1: 4, 2: 5 })
    collectAll(f)
    expect(f.s.hands.map((h) => h.length)).toEqual([1, 2, 2])
  })

  it('Sabotage: on a SUCCESS the lowest Vote may swap a card with the market; on a FAIL the highest Vote discards one', () => {
    const g = start(3)
    rig(g, {
      master: 'master-sabotage',
      hands: [
        [9, 3],
        [2, 4],
        [5, 11],
      ],
    })
    round(g, 1, { 0: 9, 1: 2, 2: 5 })
    collectAll(g)
    expect(g.s.phase).toBe('swap')
    expect(play.active(g.s)).toBe(1)
    const mine = g.s.tableau[1]![0]!
    const theirs = g.s.market[2]!
    expect(offered(g, 'swap')).toHaveLength(6)
    does(g, { name: 'swap', give: mine, card: theirs })
    expect(g.s.tableau[1]).toEqual([theirs])
    expect(g.s.market).toContain(mine)

    const f = start(3)
    rig(f, {
      master: 'master-sabotage',
      hands: [
        [2, 3],
        [4, 9],
        [5, 11],
      ],
      tableau: [
        [2, 'mission-01', 0],
        [2, 'mission-02', 0],
      ],
    })
    round(f, 1, { 0: 2, 1: 4, 2: 5 })
    collectAll(f)
    expect(f.s.phase).toBe('discard')
    expect(play.active(f.s)).toBe(2)
    expect(offered(f, 'pass')).toHaveLength(0)
    does(f, { name: 'discard', discard: 'mission-01' })
    expect(f.s.tableau[2]).toEqual(['mission-02'])
  })

  it('Cover Story: a voter may cast two Votes and pick the one that counts; the active player’s two both count', () => {
    const g = start(3)
    rig(g, {
      master: 'master-cover-story',
      hands: [
        [3, 4, 1],
        [2, 5, 6],
        [9, 7, 8],
      ],
    })
    round(g, 3, { 0: [3, 4], 1: [2, 5], 2: 9 })
    expect(g.s.phase).toBe('count')
    expect(play.active(g.s)).toBe(1)
    does(g, { name: 'count', vote: vote(5) })
    // NO 3, NO 4 (the active player's, both count), NO 5 against YES 9: a FAIL, seat 3 collecting.
    expect(g.s.tally).toEqual([1, 3])
    expect(collectAll(g)).toEqual([2])
    expect(g.s.hands.map((h) => h.length)).toEqual([1, 1, 2])
  })

  it('Tie Breaker and Extraction change nothing: a tie SUCCEEDS, and the side up follows the outcome', () => {
    const g = start(4)
    rig(g, {
      master: 'master-extraction',
      hands: [
        [2, 3],
        [9, 4],
        [5, 11],
        [6, 12],
      ],
    })
    round(g, 2, { 0: 2, 1: 9, 2: 5, 3: 6 })
    expect(g.s.success).toBe(true)
    collectAll(g)
    expect(g.s.sides[0]).toEqual([0])
  })

  it('Handler: on a SUCCESS the active player assigns the cards, on a FAIL the left neighbour', () => {
    const g = start(3)
    rig(g, {
      master: 'master-handler',
      hands: [
        [3, 1],
        [2, 4],
        [9, 5],
      ],
    })
    round(g, 2, { 0: 3, 1: 2, 2: 9 })
    expect(play.active(g.s)).toBe(0)
    expect(offered(g, 'assign')).toHaveLength(2)
    const card = g.s.mission[1]!
    does(g, { name: 'assign', assign: card })
    expect(g.s.tableau[1]).toEqual([card])

    const f = start(3)
    rig(f, {
      master: 'master-handler',
      hands: [
        [3, 1],
        [2, 4],
        [5, 9],
      ],
    })
    round(f, 2, { 0: 3, 1: 2, 2: 5 })
    expect(f.s.success).toBe(false)
    expect(play.active(f.s)).toBe(1)
    expect(offered(f, 'assign')).toHaveLength(2)
  })
})

describe('the expansions', () => {
  it('Public Identities: the Mole votes last, the Diplomat breaks ties, the Courier adds a card, the Analyst chooses', () => {
    const g = start(4, { sets: ['base', 'identities'] })
    rig(g, {
      master: 'master-extraction',
      hands: [
        [2, 3],
        [9, 4],
        [5, 11],
        [6, 12],
      ],
      publics: ['public-analyst', 'public-mole', 'public-diplomat', 'public-courier'],
    })
    expect(offered(g, 'reveal')).toHaveLength(2)
    does(g, { name: 'reveal', card: 'master-extraction' })
    does(g, { name: 'pick', pick: g.s.market[0] })
    does(g, { name: 'stop' })
    expect(g.s.voters).toEqual([0, 2, 3, 1])
    for (const [seat, v] of [
      [0, 2],
      [2, 5],
      [3, 6],
    ] as const) {
      expect(play.active(g.s)).toBe(seat)
      does(g, { name: 'vote', vote: vote(v) })
    }
    // The Mole sees every Vote before casting its own.
    expect(g.s.revealed).toBe(true)
    for (let k = 0; k < 5; k++) expect(play.view!(g.s, 1, new Rng(k)).cast[2]).toEqual([vote(5)])
    does(g, { name: 'vote', vote: vote(9) })
    // 2-2: the Diplomat's NO decides.
    expect(g.s.success).toBe(false)

    const c = start(4, { sets: ['base', 'identities'] })
    rig(c, { master: 'master-small-team', publics: ['public-courier', '', '', ''] })
    does(c, { name: 'reveal', card: 'master-small-team' })
    does(c, { name: 'pick', pick: c.s.market[0] })
    does(c, { name: 'pick', pick: c.s.market[0] })
    expect(offered(c, 'pick').every((m) => m.card === 'public-courier')).toBe(true)
    does(c, { name: 'pick', pick: c.s.market[0] })
    expect(c.s.mission).toHaveLength(3)
  })

  it('Public Identities: the Quartermaster collects from the market, the Hacker swaps, the Sleeper keeps a Vote', () => {
    const g = start(3, { sets: ['base', 'identities'] })
    rig(g, {
      master: 'master-extraction',
      hands: [
        [2, 3],
        [9, 4],
        [5, 11],
      ],
      publics: ['public-quartermaster', 'public-hacker', 'public-sleeper'],
    })
    g.s.voteDiscard.cards.push(vote(12))
    g.s.hands[0]!.splice(1, 1)
    g.s.voteDiscard.cards.push(vote(3))
    recount(g.s)
    round(g, 1, { 0: 2, 1: 4, 2: 5 })
    // The Hacker swaps its NO 4 for the top of the deck (the discard, shuffled).
    expect(g.s.phase).toBe('hack')
    does(g, { name: 'hack', card: 'public-hacker' })
    expect(g.s.cast[1]).not.toContain(vote(4))
    expect(g.s.votes.cards.at(-1)).toBe(vote(4))
    const success = g.s.success
    if (success) {
      expect(offered(g, 'collect').some((m) => m.from === 'market')).toBe(true)
      does(g, { name: 'collect', card: g.s.market[0], from: 'market' })
    }
    while (g.s.phase === 'collect') does(g, legal(g)[0]!)
    if (!success) {
      expect(g.s.phase).toBe('sleep')
      does(g, { name: 'sleep', card: 'public-sleeper' })
      expect(g.s.hands[2]).toContain(vote(5))
    }
  })

  it('Gadget Shopping: the lowest Vote buys first, paying with collected cards that show the cost; the Shop Card is replaced', () => {
    const g = start(3, { sets: ['base', 'shop'] })
    g.s.shopDeck.cards.push(g.s.shop)
    g.s.shop = 'shop-getaway-car'
    g.s.shopDeck.cards.splice(g.s.shopDeck.cards.indexOf('shop-getaway-car'), 1)
    // Green cost: gadget and money. Seat 3 (the lowest Vote) can pay.
    rig(g, {
      master: 'master-extraction',
      hands: [
        [9, 4],
        [11, 6],
        [3, 5],
      ],
      tableau: [
        [2, 'mission-06', 0],
        [2, 'mission-07', 0],
        [2, 'mission-01', 0],
        [0, 'mission-05', 0],
      ],
    })
    round(g, 1, { 0: 9, 1: 11, 2: 3 })
    collectAll(g)
    expect(g.s.phase).toBe('shop')
    expect(play.active(g.s)).toBe(2)
    does(g, { name: 'buy', card: 'shop-getaway-car' })
    // Paid with the Gadget card and the Money card, which show the cost; the Intel card stays.
    expect(g.s.tableau[2]).toEqual(['mission-01'])
    expect(g.s.missionDiscard.cards).toEqual(expect.arrayContaining(['mission-06', 'mission-07']))
    expect(g.s.shop).not.toBe('shop-getaway-car')
    expect(g.s.reward).toBe('getaway')
    const card = g.s.market[0]!
    does(g, { name: 'collect', card, from: 'market' })
    expect(g.s.tableau[2]).toContain(card)
    // Nobody else buys this round.
    expect(g.s.phase).toBe('reveal')
  })

  it('plays the variants: a green Master won may be played before a round; a player who collected nothing may draw new Votes', () => {
    const g = start(3, { variants: ['masters-played', 'reduce-randomness'] })
    rig(g, {
      master: 'master-extraction',
      hands: [
        [2, 3, 4],
        [9, 5, 6],
        [10, 11, 7],
      ],
    })
    round(g, 1, { 0: 2, 1: 9, 2: 10 })
    collectAll(g)
    // Seats 2 and 3 collected nothing: each may discard 2 Votes for 2 new ones.
    expect(g.s.phase).toBe('redraw')
    expect(play.active(g.s)).toBe(1)
    does(g, { name: 'pass' })
    expect(play.active(g.s)).toBe(2)
    does(g, { name: 'redraw', discard: 'mixed' })
    expect(g.s.hands[2]).toHaveLength(2)
    expect(g.s.won[0]).toEqual(['master-extraction'])
    // Round 2: seat 1 may play the green Master it won.
    expect(g.s.phase).toBe('replay')
    expect(play.active(g.s)).toBe(0)
    does(g, { name: 'replay', card: 'master-extraction' })
    does(g, { name: 'reveal', card: g.s.masters.cards.at(-1) })
    expect(g.s.rules).toEqual([g.s.master, 'master-extraction'])
  })
})

describe('deckwright simulate maybe-missions', () => {
  /**
   * `deckwright simulate maybe-missions …` through the library, on the file's threads: the figures the command
   * prints, its problems (sorted, as it prints them), and whether it would exit 1.
   */
  const simulate = async (options: SimulateOptions) => {
    const ran = await simulateGame(root, 'maybe-missions', { ...options, threads })
    return {
      figures: ran.value ? summaryLines(ran.value.summary) : [],
      found: sortDiagnostics(ran.diagnostics),
      failed: hasErrors(ran.diagnostics),
    }
  }
  const out = () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-mm-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    return dir
  }

  it('prints the same figures and report with one thread and with two', async () => {
    const dir = out()
    const report = join(dir, 'maybe-missions', 'simulation', 'report.json')
    const runs = []
    for (const jobs of [1, 2]) {
      const run = await simulate({ runs: 800, seed: 3, jobs, outDir: dir })
      runs.push({ ...run, report: readFileSync(report, 'utf8') })
    }
    const [one, two] = runs as [(typeof runs)[0], (typeof runs)[0]]
    expect(one.figures[0]).toMatch(/^maybe-missions: 800 games, seed 3, 3\/4\/5\/6 players/)
    expect(two.figures).toEqual(one.figures)
    expect(JSON.stringify(two.found)).toBe(JSON.stringify(one.found))
    expect(two.report).toBe(one.report)
    expect(one.failed).toBe(false)
  }, 120_000)

  it('breaks no rule with both expansions, both variants and both bots', async () => {
    const run = await simulate({
      runs: 300,
      bots: ['random', 'greedy'],
      sets: ['identities', 'shop'],
      variants: ['masters-played', 'reduce-randomness'],
      outDir: out(),
    })
    expect(run.found.filter((d) => d.severity === 'error')).toEqual([])
    expect(run.failed).toBe(false)
  }, 120_000)
})
