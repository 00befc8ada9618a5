import { definePlay, type Move, type Pile, type PlayContext, type Rng } from 'deckwright'
import game from './game.ts'

/**
 * Maybe Missions' playable rules, for `deckwright simulate maybe-missions`: the rules of rules.md as moves.
 * A round is a pipeline of phases (below, `PHASES`), each a queue of seats that move in turn: the choices the
 * rules leave to the players are moves (which Master to play or reveal, the mission's cards, each Vote, which
 * card to collect, give, turn, discard or buy); choices that only pick which cards go (a payment, a Vote
 * shown) are made by the fixed rules written below. The simultaneous vote is one move per seat in turn
 * order; what a seat cannot see (the Votes cast before the reveal, other hands, deck orders, other Secret
 * Identities) its `view` guesses.
 */

const p = game.params

/** The resources, each at its place in a count of resources (`Counts`). */
const RESOURCES = Object.keys(game.vocabularies?.resources ?? {})
type Counts = number[]
const [INTEL, GADGET, MONEY, CONTACT] = ['intel', 'gadget', 'money', 'contact'].map((r) => RESOURCES.indexOf(r)) as [number, number, number, number]

/** The halves of a split card: which one points up. */
const GREEN = 0
const RED = 1

/** The cards whose rules are written below, by id. */
const DOUBLE_AGENT = 'master-double-agent'
const QUIET_NIGHT = 'master-quiet-night'
const SMALL_TEAM = 'master-small-team'
const BIG_OPERATION = 'master-big-operation'
const OPEN_BALLOT = 'master-open-ballot'
const INSIDE_JOB = 'master-inside-job'
const LEAK = 'master-leak'
const RECALL = 'master-recall'
const BLACK_MARKET = 'master-black-market'
const TIE_BREAKER = 'master-tie-breaker'
const SAFE_HOUSE = 'master-safe-house'
const DEBRIEF = 'master-debrief'
const SABOTAGE = 'master-sabotage'
const COVER_STORY = 'master-cover-story'
const EXTRACTION = 'master-extraction'
const HANDLER = 'master-handler'
const MASTERS = [DOUBLE_AGENT, QUIET_NIGHT, SMALL_TEAM, BIG_OPERATION, OPEN_BALLOT, INSIDE_JOB, LEAK, RECALL, BLACK_MARKET, TIE_BREAKER, SAFE_HOUSE, DEBRIEF, SABOTAGE, COVER_STORY, EXTRACTION, HANDLER]

const HACKER = 'public-hacker'
const DIPLOMAT = 'public-diplomat'
const QUARTERMASTER = 'public-quartermaster'
const MOLE = 'public-mole'
const COURIER = 'public-courier'
const FIXER = 'public-fixer'
const SLEEPER = 'public-sleeper'
const ANALYST = 'public-analyst'
const PUBLICS = [HACKER, DIPLOMAT, QUARTERMASTER, MOLE, COURIER, FIXER, SLEEPER, ANALYST]

const ARCHIVIST = 'secret-archivist'
const TINKERER = 'secret-tinkerer'
const BANKER = 'secret-banker'
const NETWORKER = 'secret-networker'
const COLLECTOR = 'secret-collector'
const PURIST = 'secret-purist'
const SMUGGLER = 'secret-smuggler'
const SECRET_HANDLER = 'secret-handler'
const SECRETS = [ARCHIVIST, TINKERER, BANKER, NETWORKER, COLLECTOR, PURIST, SMUGGLER, SECRET_HANDLER]

const NIGHT_VISION = 'shop-night-vision'
const SAFE_DEPOSIT = 'shop-safe-deposit'
const FORGED_PAPERS = 'shop-forged-papers'
const GETAWAY_CAR = 'shop-getaway-car'
const WIRETAP = 'shop-wiretap'
const BRIBE = 'shop-bribe'
const INFORMANT = 'shop-informant'
const DEAD_DROP = 'shop-dead-drop'
const SHOPS = [NIGHT_VISION, SAFE_DEPOSIT, FORGED_PAPERS, GETAWAY_CAR, WIRETAP, BRIBE, INFORMANT, DEAD_DROP]

/** What a Vote in hand is worth to the greedy bot: a round still to vote in (about a card's points). */
const VOTE_VALUE = 1

/** What never changes in a game: the cards' data by id, made once for the cards in play and shared by every game. */
interface Lookups {
  /** A Mission Card's resources on its green and red halves, as counts. */
  halves: Map<string, [Counts, Counts]>
  /** Whether each half of a Mission Card shows one kind of resource only (The Purist). */
  pure: Map<string, [boolean, boolean]>
  /** A Vote's kind and number. */
  yes: Map<string, boolean>
  number: Map<string, number>
  /** A Shop Card's cost on its green and red halves. */
  cost: Map<string, [Counts, Counts]>
}

/**
 * The phases of a round, in order. Each has a queue of seats; a seat with no legal move is passed over, and a
 * phase with no seat is skipped: most phases only exist under a Master Card, an identity or a variant.
 */
const PHASES = ['replay', 'reveal', 'pick', 'vote', 'count', 'hack', 'collect', 'extra', 'give', 'turn', 'swap', 'discard', 'shop', 'sleep', 'redraw'] as const
type Phase = (typeof PHASES)[number]
/** What a purchase lets its buyer choose next. */
type Reward = '' | 'forge' | 'getaway' | 'bribe' | 'inform'

export interface State {
  lookups: Lookups
  players: number
  shopping: boolean
  /** The variants played. */
  replayVariant: boolean
  redrawVariant: boolean
  /** The active player, who reveals the Master Card and prepares the mission. */
  active: number
  /** Rounds begun. */
  round: number
  phase: Phase
  /** The seats still to move in this phase, the first moving now. */
  queue: number[]
  /** Everyone's Votes have run out. */
  over: boolean

  votes: Pile
  voteDiscard: Pile
  hands: string[][]
  /** The Votes each seat cast this round (two under Cover Story), and those that count. */
  cast: string[][]
  counted: string[][]
  /** The seats that vote this round: those with Votes, in voting order. */
  voters: number[]
  /** Cover Story: the seat first in the queue may add a second Vote. */
  second: boolean
  /** The Votes cast are shown: after the vote, or when the Mole (or a Wiretap) is to vote last. */
  revealed: boolean
  /** Open Ballot: every Vote is shown as it is cast. */
  open: boolean
  /** Per seat, Votes in other hands it was shown (The Leak, Night Vision, a Vote returned to a hand) and Votes cast it saw (Wiretap). */
  known: string[][]
  seen: string[][]

  masters: Pile
  masterDiscard: Pile
  /** The Master Card revealed this round, and the one played (the variant): '' for none. */
  master: string
  played: string
  /** The Master Cards whose rules are in force this round. */
  rules: string[]
  /** Masters won, per seat, and which half of each points up. */
  won: string[][]
  wonSide: number[][]

  missions: Pile
  missionDiscard: Pile
  market: string[]
  /** The market is refilled to this many cards (8 this round under Black Market). */
  marketSize: number
  /** The mission being prepared: its cards, how many were picked, the least and most allowed. */
  mission: string[]
  picked: number
  minCards: number
  maxCards: number
  /** Collected Mission Cards per seat, which half of each points up, and the resources those halves show. */
  tableau: string[][]
  sides: number[][]
  res: Counts[]
  /** Seats that collected a card this round (the reduce-randomness variant). */
  collected: boolean[]

  /** The vote is counted: its outcome, the YES and NO Votes, the collectors in order, who assigns the cards (Handler) or −1. */
  resolved: boolean
  success: boolean
  allNo: boolean
  tally: number[]
  order: number[]
  handler: number

  /** Per seat its Public and Secret Identity ('' without the expansion); the Secret Identities not dealt. */
  publics: string[]
  secrets: string[]
  spareSecrets: string[]
  sleeperUsed: boolean
  /** Wiretap's red half: the buyer has seen a Vote this round. */
  peeked: boolean

  shop: string
  shopDeck: Pile
  shopDiscard: Pile
  /** A purchase's choice still to make, and its buyer. */
  reward: Reward
  rewardSeat: number
  /** Dead Drop's green half: the buyer wins this round's Master Card; −1 for none. */
  deadDrop: number
  /** Seats that keep their counted Vote this round (the Sleeper, Dead Drop's red half). */
  keepers: number[]
  /** Wiretap: the seat that votes last (green half) or sees a Vote first (red half), this round and the next. */
  last: number
  peek: number
  nextLast: number
  nextPeek: number

  /** Cards in the game, by kind, to check that none appears or vanishes. */
  total: { missions: number; masters: number; votes: number; shop: number }
}

type Moves =
  | (Move & { name: 'replay'; card: string })
  | (Move & { name: 'reveal'; card: string })
  | (Move & { name: 'pick'; pick: string; card?: string })
  | (Move & { name: 'stop' })
  | (Move & { name: 'vote'; vote: string })
  | (Move & { name: 'second'; vote: string })
  | (Move & { name: 'single' })
  | (Move & { name: 'count'; vote: string })
  | (Move & { name: 'hack'; card: string })
  | (Move & { name: 'collect'; card: string; from?: 'market' })
  | (Move & { name: 'assign'; assign: string })
  | (Move & { name: 'give'; give: string })
  | (Move & { name: 'turn'; turn: string })
  | (Move & { name: 'swap'; give: string; card: string })
  | (Move & { name: 'discard'; discard: string })
  | (Move & { name: 'buy'; card: string })
  | (Move & { name: 'bribe'; victim: number; target: string })
  | (Move & { name: 'inform'; master: string })
  | (Move & { name: 'sleep'; card: string })
  | (Move & { name: 'redraw'; discard: 'YES' | 'NO' | 'mixed' })
  | (Move & { name: 'pass' })

// Moves are plain data that apply only reads: each is made once, by card id, and shared by every game.
const memo = <T>(make: (key: string) => T) => {
  const made = new Map<string, T>()
  return (key: string): T => {
    let m = made.get(key)
    if (!m) made.set(key, (m = make(key)))
    return m
  }
}
/** The Votes are not cards a player chooses to play in the report's sense (every one is cast): named in `vote`, not `card`. */
const VOTE = memo((vote): Moves => ({ name: 'vote', vote }))
const SECOND = memo((vote): Moves => ({ name: 'second', vote }))
const COUNT = memo((vote): Moves => ({ name: 'count', vote }))
/** Revealing a Master Card plays it: the report counts each Master revealed (and, with the Analyst, the one left on top). */
const REVEAL = memo((card): Moves => ({ name: 'reveal', card }))
const REPLAY = memo((card): Moves => ({ name: 'replay', card }))
/** Picking a card into the mission is not collecting it (`pick`, not `card`); the Courier's extra pick plays the Courier. */
const PICK = memo((pick): Moves => ({ name: 'pick', pick }))
const PICK_EXTRA = memo((pick): Moves => ({ name: 'pick', pick, card: COURIER }))
/** Collecting a Mission Card plays it. */
const COLLECT = memo((card): Moves => ({ name: 'collect', card }))
const FROM_MARKET = memo((card): Moves => ({ name: 'collect', card, from: 'market' }))
/** Handler: the picker gives the card to a collector (the collector does not choose it: not `card`). */
const ASSIGN = memo((assign): Moves => ({ name: 'assign', assign }))
const GIVE = memo((give): Moves => ({ name: 'give', give }))
const TURN = memo((turn): Moves => ({ name: 'turn', turn }))
const DISCARD = memo((discard): Moves => ({ name: 'discard', discard }))
const SWAP = memo((key): Moves => {
  const [give, card] = key.split('|') as [string, string]
  return { name: 'swap', give, card }
})
const BUY = memo((card): Moves => ({ name: 'buy', card }))
const BRIBED = memo((key): Moves => {
  const [victim, target] = key.split('|') as [string, string]
  return { name: 'bribe', victim: Number(victim), target }
})
const INFORM = memo((master): Moves => ({ name: 'inform', master }))
const STOP: Moves = { name: 'stop' }
const SINGLE: Moves = { name: 'single' }
const PASS: Moves = { name: 'pass' }
/** The Hacker's and the Sleeper's abilities, used: the report counts the identity played. */
const HACK: Moves = { name: 'hack', card: HACKER }
const SLEEP: Moves = { name: 'sleep', card: SLEEPER }
const REDRAW: Record<'YES' | 'NO' | 'mixed', Moves> = { YES: { name: 'redraw', discard: 'YES' }, NO: { name: 'redraw', discard: 'NO' }, mixed: { name: 'redraw', discard: 'mixed' } }

const lookupsOf = new WeakMap<object, Lookups>()

export default definePlay(game, {
  readings: [
    'The vote deck is 5 YES and 5 NO Votes per player, chosen at random from the tokens (their numbers as printed). All are dealt, so a Vote drawn later (Debrief, the Hacker, Safe Deposit, the reduce-randomness variant) comes from the discarded Votes, shuffled into a new deck.',
    'A player without Votes sits out the vote (neither YES nor NO; collects nothing) but still prepares missions; the game ends when no one has a Vote left. Extra Votes (Safe House, Debrief, the Sleeper, Safe Deposit) so give their owner rounds alone at the end.',
    'Mission Cards left in a mission after collecting are discarded, and the Mission deck is not reshuffled: once it runs out the market empties, and a mission has fewer cards, or none.',
    "Scoring: a resource you have none of can be your least (a player without one kind loses nothing); ties for most or least are settled as is best for the player; Master Cards won score nothing.",
    "Master Card text beats the rulebook: in the everyone-NO round the mission FAILS and the red half applies (Quiet Night: nobody collects; Handler: the left neighbour assigns); only the Master is not won.",
    "Rules that act before the vote act when the Master is revealed, whatever the outcome: Small Team, Big Operation and Open Ballot (alike on both halves); Black Market's green half (the market is refilled to 8 for this mission; cards above 6 go back on the Mission deck at the round's end); and both halves of The Leak and of Cover Story, which differ.",
    'The Leak: the active player shows one Vote to everyone and every player shows one to the left neighbour, each chosen at random; bots remember the Votes they were shown while those stay in hand.',
    "Cover Story: every voter may cast a second Vote; after the reveal, clockwise from the active player, each who cast two picks the one that counts, except the active player (red half: votes twice), whose two both count; a player collects once, at the place of their best Vote.",
    'Tie Breaker and Extraction never change the play: a tie is already a SUCCESS (so the green half is in force, and it agrees), and cards collected on a SUCCESS already go green side up, on a FAIL red side up.',
    "Double Agent's green half moves the active player to the front of the collectors (one card, whatever they voted). Handler's picker chooses, for each collector in the usual order, which card of the mission they get. A card taken from the market (Quiet Night, Sabotage, the Quartermaster, Getaway Car) lies as cards collected this round do.",
    "'The lowest (highest) vote' is the lowest (highest) counted Vote number of the round; its owner acts. A Master deck that runs out is made again of the Masters not won; with none left, a round has no rule.",
    "Public Identities: the Fixer turns the card best for them at the final scoring; the Mole votes last, after the others' Votes are shown; the Diplomat's counted Vote decides a tie; the Hacker's Vote swapped out goes on top of the Vote deck; the Sleeper keeps their counted Vote; the Analyst reveals either of the top two Masters (the other stays on top); the Quartermaster may collect from the market even when the mission has run out. Secret Identities: the Archivist scores 1 per pair of Intel; the Tinkerer's Gadgets count double even when they are the least.",
    "Gadget Shopping: the shop opens after collecting, before the Votes are discarded, for the voters lowest Vote first; the payment discards the cards covering the cost that cost the buyer fewest points (a fixed rule). Night Vision looks at the next player's hand (green) or one of their Votes (red); Bribe's green half makes the swap best for the buyer; Wiretap's red half shows one Vote already cast (none to the first voter); Dead Drop's green half gives the buyer the Master instead of the active player. Putting the Shop Card into a mission is not modelled.",
    "Bots guess what they cannot see (other hands, the Votes cast before the reveal, every deck's order, other Secret Identities) and forget deck orders they were shown (the Analyst, Informant); a greedy voter imagines the players after it voting at random, so that its own Vote settles the mission in its thinking.",
  ],
  variants: {
    'masters-played': 'Master Cards played: a green-up Master won may be played before a round (one a round, offered clockwise from the active player); its rule applies too and wins where they contradict',
    'reduce-randomness': "Reduce randomness: a player who collected nothing this round may discard 2 Votes to draw 2 new ones",
  },
  /**
   * Collecting is ordered by Vote numbers, not seats, so a seat should win within 5 points of its share; the
   * start player prepares one mission more when the rounds do not divide evenly, which should not matter.
   * The findings are warnings while the game is young: what a Mission or Shop Card is worth, and the
   * expansions' balance, are what the simulation is there to show, not yet regressions to fail a build on.
   */
  balance: { seatAdvantage: 0.05, cardImpact: 0.25, severity: 'warning' },
  /** Ten rounds, a few more with Votes kept or drawn: a game not over after 40 has stalled. */
  maxTurns: 40,

  setup({ players, sets, variants, copies, ofType, shuffled, rng, cards }) {
    let lookups = lookupsOf.get(cards)
    if (!lookups) {
      lookups = { halves: new Map(), pure: new Map(), yes: new Map(), number: new Map(), cost: new Map() }
      const counts = (icons: readonly string[]) => RESOURCES.map((r) => icons.filter((c) => c === r).length)
      const pure = (icons: readonly string[]) => icons.every((c) => c === icons[0])
      for (const c of ofType('mission')) lookups.halves.set(c.id, [counts(c.fields.green), counts(c.fields.red)]), lookups.pure.set(c.id, [pure(c.fields.green), pure(c.fields.red)])
      for (const c of ofType('vote')) lookups.yes.set(c.id, c.fields.vote === 'YES'), lookups.number.set(c.id, c.fields.number)
      for (const c of ofType('shop')) lookups.cost.set(c.id, [counts(c.fields.greenCost), counts(c.fields.redCost)])
      // A card these rules do not know would be played without its rule: a broken rule at once, naming it.
      for (const [type, known] of [['master', MASTERS], ['publicIdentity', PUBLICS], ['secretIdentity', SECRETS], ['shop', SHOPS]] as const)
        for (const c of ofType(type)) if (!(known as readonly string[]).includes(c.id)) throw new Error(`${c.id} has no rule in rules/maybe-missions/play.ts`)
      lookupsOf.set(cards, lookups)
    }
    const each = <T>(make: () => T) => Array.from({ length: players }, make)
    // The vote deck: 5 YES and 5 NO per player, dealt; dealt again while someone holds Votes of one kind only.
    const yes = rng.shuffle(copies('vote', (c) => c.fields.vote === 'YES')).slice(0, p.yesVotesPerPlayer * players)
    const no = rng.shuffle(copies('vote', (c) => c.fields.vote === 'NO')).slice(0, p.noVotesPerPlayer * players)
    if (yes.length < p.yesVotesPerPlayer * players || no.length < p.noVotesPerPlayer * players) throw new Error(`${players} players need ${p.yesVotesPerPlayer * players} YES and ${p.noVotesPerPlayer * players} NO Votes; the cards in play have ${yes.length} and ${no.length}`)
    const dealt = p.yesVotesPerPlayer + p.noVotesPerPlayer
    let hands: string[][]
    do {
      const deck = rng.shuffle([...yes, ...no])
      hands = each(() => deck.splice(-dealt))
    } while (hands.some((h) => h.every((v) => lookups.yes.get(v)) || h.every((v) => !lookups.yes.get(v))))
    const missions = shuffled('Mission deck', copies('mission'))
    const market = missions.cards.splice(-p.marketSize)
    const publics = rng.shuffle(copies('publicIdentity'))
    const secrets = rng.shuffle(copies('secretIdentity'))
    const shopDeck = shuffled('Shop deck', sets.includes('shop') ? copies('shop') : [])
    const s: State = {
      lookups,
      players,
      shopping: sets.includes('shop'),
      replayVariant: variants.includes('masters-played'),
      redrawVariant: variants.includes('reduce-randomness'),
      active: 0,
      round: 1,
      // The first round starts at its reveal: no Master has been won to play yet.
      phase: 'reveal',
      queue: [0],
      over: false,
      votes: { name: 'Vote deck', cards: [] },
      voteDiscard: { name: 'Vote discard', cards: [] },
      hands,
      cast: each(() => []),
      counted: each(() => []),
      voters: [],
      second: false,
      revealed: false,
      open: false,
      known: each(() => []),
      seen: each(() => []),
      masters: shuffled('Master deck', copies('master')),
      masterDiscard: { name: 'Master discard', cards: [] },
      master: '',
      played: '',
      rules: [],
      won: each(() => []),
      wonSide: each(() => []),
      missions,
      missionDiscard: { name: 'Mission discard', cards: [] },
      market,
      marketSize: p.marketSize,
      mission: [],
      picked: 0,
      minCards: 1,
      maxCards: players,
      tableau: each(() => []),
      sides: each(() => []),
      res: each(() => RESOURCES.map(() => 0)),
      collected: each(() => false),
      resolved: false,
      success: false,
      allNo: false,
      tally: [0, 0],
      order: [],
      handler: -1,
      publics: each(() => publics.pop() ?? ''),
      secrets: each(() => secrets.pop() ?? ''),
      spareSecrets: secrets,
      sleeperUsed: false,
      peeked: false,
      shop: shopDeck.cards.pop() ?? '',
      shopDeck,
      shopDiscard: { name: 'Shop discard', cards: [] },
      reward: '',
      rewardSeat: -1,
      deadDrop: -1,
      keepers: [],
      last: -1,
      peek: -1,
      nextLast: -1,
      nextPeek: -1,
      total: { missions: 0, masters: 0, votes: 0, shop: 0 },
    }
    s.total = cardsIn(s)
    return s
  },

  active: actor,
  moves: (s) => options(s),

  apply(s, move, ctx) {
    const seat = s.queue[0]!
    switch (move.name) {
      case 'replay': {
        const i = s.won[seat]!.findIndex((id, k) => id === move.card && s.wonSide[seat]![k] === GREEN)
        s.won[seat]!.splice(i, 1)
        s.wonSide[seat]!.splice(i, 1)
        s.played = move.card
        // One Master is played a round.
        s.queue = []
        break
      }
      case 'reveal':
        // The top card is drawn (the report counts it); the Analyst's second, or a card in a bot's guess of the deck, is taken from its place.
        if (s.masters.cards.at(-1) === move.card) ctx.draw(s.masters)
        else remove(s.masters.cards, move.card)
        s.master = move.card
        s.queue.shift()
        break
      case 'pick':
        remove(s.market, move.pick)
        s.mission.push(move.pick)
        s.picked++
        refill(s, ctx)
        break
      case 'stop':
        s.queue.shift()
        break
      case 'vote':
        remove(s.hands[seat]!, move.vote)
        s.cast[seat]!.push(move.vote)
        if (s.rules.includes(COVER_STORY) && s.hands[seat]!.length) s.second = true
        else s.queue.shift()
        break
      case 'second':
        remove(s.hands[seat]!, move.vote)
        s.cast[seat]!.push(move.vote)
        s.second = false
        s.queue.shift()
        break
      case 'single':
        s.second = false
        s.queue.shift()
        break
      case 'count':
        s.counted[seat] = [move.vote]
        s.queue.shift()
        break
      case 'hack': {
        // The Hacker's counted Vote is swapped with the top of the Vote deck, which then counts; the old one goes on top.
        const old = s.counted[seat]![0]!
        const drawn = ctx.draw(s.votes, { refill: s.voteDiscard })
        if (drawn) {
          s.cast[seat]![s.cast[seat]!.indexOf(old)] = drawn
          s.counted[seat]![0] = drawn
          s.votes.cards.push(old)
        }
        s.queue.shift()
        break
      }
      case 'collect':
        if (s.reward === 'getaway') {
          remove(s.market, move.card)
          gain(s, s.rewardSeat, move.card, sideOf(s))
          refill(s, ctx)
          s.reward = ''
          break
        }
        remove(move.from ? s.market : s.mission, move.card)
        if (move.from) refill(s, ctx)
        gain(s, seat, move.card, sideOf(s))
        s.collected[seat] = true
        s.queue.shift()
        break
      case 'assign':
        remove(s.mission, move.assign)
        gain(s, seat, move.assign, sideOf(s))
        s.collected[seat] = true
        s.queue.shift()
        break
      case 'give': {
        // Double Agent's red half: to the owner of the lowest vote, the side up as it was.
        const i = s.tableau[seat]!.indexOf(move.give)
        const side = s.sides[seat]![i]!
        gain(s, lowest(s), lose(s, seat, i), side)
        s.queue.shift()
        break
      }
      case 'turn': {
        const owner = s.reward === 'forge' ? s.rewardSeat : seat
        turn(s, owner, s.tableau[owner]!.indexOf(move.turn))
        if (s.reward === 'forge') s.reward = ''
        else s.queue.shift()
        break
      }
      case 'swap': {
        const i = s.tableau[seat]!.indexOf(move.give)
        s.market[s.market.indexOf(move.card)] = lose(s, seat, i)
        gain(s, seat, move.card, sideOf(s))
        s.queue.shift()
        break
      }
      case 'discard':
        s.missionDiscard.cards.push(lose(s, seat, s.tableau[seat]!.indexOf(move.discard)))
        s.queue.shift()
        break
      case 'buy':
        buy(s, seat, ctx)
        break
      case 'bribe':
        s.missionDiscard.cards.push(lose(s, move.victim, s.tableau[move.victim]!.indexOf(move.target)))
        s.reward = ''
        break
      case 'inform':
        remove(s.masters.cards, move.master)
        s.masters.cards.push(move.master)
        s.reward = ''
        break
      case 'sleep':
        s.sleeperUsed = true
        s.keepers.push(seat)
        s.queue.shift()
        break
      case 'redraw': {
        // Of the kinds chosen, the highest-numbered Votes go (they collect last on a SUCCESS).
        const hand = s.hands[seat]!
        const kinds = move.discard === 'YES' ? [true, true] : move.discard === 'NO' ? [false, false] : [true, false]
        for (const yes of kinds) {
          let at = -1
          for (let i = 0; i < hand.length; i++) if (s.lookups.yes.get(hand[i]!) === yes && (at < 0 || num(s, hand[i]!) > num(s, hand[at]!))) at = i
          s.voteDiscard.cards.push(hand.splice(at, 1)[0]!)
        }
        for (let k = 0; k < 2; k++) drawVote(s, seat, ctx)
        s.queue.shift()
        break
      }
      case 'pass':
        s.queue.shift()
        break
    }
    flow(s, ctx)
  },

  end: (s) => {
    if (!s.over) return undefined
    const points = s.hands.map((_, seat) => seatPoints(s, seat))
    const best = Math.max(...points)
    return { winners: seats(s).filter((seat) => points[seat] === best), reason: "everyone's Votes ran out" }
  },
  scores: (s) => s.hands.map((_, seat) => seatPoints(s, seat)),
  /**
   * For the greedy bot: the seat's points, the cards the collectors still to come this round will take (each the
   * best for itself), and its Votes in hand (rounds still to vote in), less the best rival's.
   */
  score(s, seat) {
    const gains = pending(s)
    const worth = (o: number) => seatPoints(s, o) + (gains?.[o] ?? 0) + VOTE_VALUE * s.hands[o]!.length
    let rival = -Infinity
    for (let o = 0; o < s.players; o++) if (o !== seat) rival = Math.max(rival, worth(o))
    return worth(seat) - rival
  },
  view,
  turns: (s) => s.round,
  invariants: {
    'cards-kept': (s) => {
      const now = cardsIn(s)
      const kinds = ['missions', 'masters', 'votes', 'shop'] as const
      return kinds.some((k) => now[k] !== s.total[k]) && kinds.filter((k) => now[k] !== s.total[k]).map((k) => `the game holds ${now[k]} ${k} cards, but ${s.total[k]} were dealt`).join('; ')
    },
    'every-vote-counts': (s) => {
      if (!s.resolved) return false
      const silent = s.voters.filter((seat) => !s.counted[seat]!.length)
      if (silent.length) return `seat ${silent[0]! + 1} had Votes but none counted`
      const counted = s.voters.reduce((n, seat) => n + s.counted[seat]!.length, 0)
      return s.tally[0]! + s.tally[1]! !== counted && `the vote was counted as ${s.tally[0]} YES and ${s.tally[1]} NO, but ${counted} Votes count`
    },
    /** The resources counted are those the up halves show: checked as each round begins and at the end. */
    'resources-shown': (s) => {
      if (s.phase !== 'reveal' && !s.over) return false
      for (let seat = 0; seat < s.players; seat++) {
        const shown = [0, 0, 0, 0]
        const cards = s.tableau[seat]!
        for (let i = 0; i < cards.length; i++) {
          const half = s.lookups.halves.get(cards[i]!)![s.sides[seat]![i]!]!
          for (let r = 0; r < half.length; r++) shown[r]! += half[r]!
        }
        if (shown.some((n, r) => n !== s.res[seat]![r])) return `seat ${seat + 1}'s cards show ${shown.join('/')} resources, but its count says ${s.res[seat]!.join('/')}`
      }
      return false
    },
    'market-full': (s) => s.phase === 'reveal' && s.missions.cards.length > 0 && s.market.length !== p.marketSize && `a round begins with ${s.market.length} cards in the market while the Mission deck has cards`,
  },
})

/** Every seat, by player count. */
const SEATS = Array.from({ length: game.players.max + 1 }, (_, players) => Array.from({ length: players }, (_, seat) => seat))
const seats = (s: State) => SEATS[s.players]!
/** Every seat clockwise from the active player, by player count and active seat. */
const ORDERS = SEATS.map((all) => all.map((active) => all.map((seat) => (active + seat) % all.length)))
const clockwise = (s: State) => ORDERS[s.players]![s.active]!

/** The seat whose move it is: a purchase's buyer, the Handler's picker, else the first of the phase's queue. */
function actor(s: State): number {
  if (s.reward) return s.rewardSeat
  if (s.phase === 'collect' && s.handler >= 0) return s.handler
  return s.queue[0] ?? s.active
}

const remove = (cards: string[], id: string) => {
  const i = cards.lastIndexOf(id)
  if (i >= 0) cards.splice(i, 1)
}
const num = (s: State, vote: string) => s.lookups.number.get(vote)!
const seatOf = (s: State, identity: string) => s.publics.indexOf(identity)
const sideOf = (s: State) => (s.success ? GREEN : RED)

const sum = (piles: unknown[][]) => {
  let n = 0
  for (const pile of piles) n += pile.length
  return n
}
const cardsIn = (s: State): State['total'] => {
  return {
    missions: s.missions.cards.length + s.missionDiscard.cards.length + s.market.length + s.mission.length + sum(s.tableau),
    masters: s.masters.cards.length + s.masterDiscard.cards.length + sum(s.won) + (s.master ? 1 : 0) + (s.played ? 1 : 0),
    votes: s.votes.cards.length + s.voteDiscard.cards.length + sum(s.hands) + sum(s.cast),
    shop: s.shopDeck.cards.length + s.shopDiscard.cards.length + (s.shop ? 1 : 0),
  }
}

/** The market refilled from the Mission deck, up to its size. */
const refill = (s: State, ctx: PlayContext) => {
  while (s.market.length < s.marketSize) {
    const id = ctx.draw(s.missions)
    if (!id) return
    s.market.push(id)
  }
}

const drawVote = (s: State, seat: number, ctx: PlayContext) => {
  const id = ctx.draw(s.votes, { refill: s.voteDiscard })
  if (id) s.hands[seat]!.push(id)
}

/** Mission Card `id` into the seat's collection, `side` up. */
const gain = (s: State, seat: number, id: string, side: number) => {
  s.tableau[seat]!.push(id)
  s.sides[seat]!.push(side)
  const half = s.lookups.halves.get(id)![side]!
  for (let r = 0; r < half.length; r++) s.res[seat]![r]! += half[r]!
}

/** The collected card at `index`, out of the seat's collection. */
const lose = (s: State, seat: number, index: number): string => {
  const [id] = s.tableau[seat]!.splice(index, 1)
  const [side] = s.sides[seat]!.splice(index, 1)
  const half = s.lookups.halves.get(id!)![side!]!
  for (let r = 0; r < half.length; r++) s.res[seat]![r]! -= half[r]!
  return id!
}

/** The collected card at `index` turned around. */
const turn = (s: State, seat: number, index: number) => {
  const side = s.sides[seat]![index]!
  const id = lose(s, seat, index)
  gain(s, seat, id, 1 - side)
}

/**
 * The points of up halves showing `c` resources, for a player with Secret Identity `secret`: each resource 1, the
 * most double, the least not at all (ties settled best for the player), and the identity's bonus on counts.
 */
const pointsOf = (c: Counts, secret: string): number => {
  const tinkerer = secret === TINKERER
  const banker = secret === BANKER
  const most = Math.max(...c)
  let best = -Infinity
  for (let m = 0; m < c.length; m++) {
    if (c[m] !== most) continue
    let least = Infinity
    for (let r = 0; r < c.length; r++) if (r !== m && !(banker && r === MONEY)) least = Math.min(least, c[r]!)
    for (let l = 0; l < c.length; l++) {
      if (l === m || (banker && l === MONEY) || c[l] !== least) continue
      let sum = 0
      for (let r = 0; r < c.length; r++) sum += c[r]! * (tinkerer && r === GADGET ? 2 : r === m ? 2 : r === l ? 0 : 1)
      if (sum > best) best = sum
    }
  }
  if (secret === ARCHIVIST) best += Math.floor(c[INTEL]! / 2)
  else if (secret === NETWORKER && c[CONTACT]! > 0 && c[INTEL]! > 0) best += 3
  else if (secret === COLLECTOR && c.every((n) => n > 0)) best += 4
  else if (secret === SECRET_HANDLER) best += c[CONTACT]!
  return best
}

/** A Secret Identity's bonus for one card: the Purist's single-kind halves, the Smuggler's red halves with Money. */
const cardBonus = (s: State, secret: string, id: string, side: number): number =>
  secret === PURIST ? (s.lookups.pure.get(id)![side]! ? 1 : 0) : secret === SMUGGLER && side === RED && s.lookups.halves.get(id)![RED]![MONEY]! > 0 ? 2 : 0

/** The points of a seat's collection, its Secret Identity's bonus included. */
const tableauPoints = (s: State, seat: number, counts: Counts = s.res[seat]!): number => {
  const secret = s.secrets[seat]!
  let points = pointsOf(counts, secret)
  if (secret === PURIST || secret === SMUGGLER) for (let i = 0; i < s.tableau[seat]!.length; i++) points += cardBonus(s, secret, s.tableau[seat]![i]!, s.sides[seat]![i]!)
  return points
}

/** A seat's score: its collection's points; the Fixer's, with the one card turned that scores best (once a game, at the end). */
const seatPoints = (s: State, seat: number): number => {
  let best = tableauPoints(s, seat)
  if (s.publics[seat] !== FIXER) return best
  const secret = s.secrets[seat]!
  const counts = s.res[seat]!
  for (let i = 0; i < s.tableau[seat]!.length; i++) {
    const id = s.tableau[seat]![i]!
    const side = s.sides[seat]![i]!
    const [from, to] = [s.lookups.halves.get(id)![side]!, s.lookups.halves.get(id)![1 - side]!]
    const turned = counts.map((n, r) => n - from[r]! + to[r]!)
    const points = tableauPoints(s, seat, turned) - cardBonus(s, secret, id, side) + cardBonus(s, secret, id, 1 - side)
    if (points > best) best = points
  }
  return best
}

/** What a seat gains by collecting `id` with `side` up, its up halves showing `counts` so far. */
const cardGain = (s: State, seat: number, counts: Counts, id: string, side: number): number => {
  const secret = s.secrets[seat]!
  const half = s.lookups.halves.get(id)![side]!
  return pointsOf(counts.map((n, r) => n + half[r]!), secret) - pointsOf(counts, secret) + cardBonus(s, secret, id, side)
}

/** The owner of the round's lowest (or highest) counted Vote, or −1. */
const lowest = (s: State, highest = false): number => {
  let owner = -1
  let best = 0
  for (const seat of s.voters)
    for (const v of s.counted[seat]!) {
      const n = num(s, v)
      if (owner < 0 || (highest ? n > best : n < best)) (owner = seat), (best = n)
    }
  return owner
}

/** The vote counted: the outcome and the collectors in order. */
const decide = (s: State, counted: string[][]): { success: boolean; allNo: boolean; tally: number[]; order: number[] } => {
  const isYes = s.lookups.yes
  let yes = 0
  let no = 0
  for (const seat of s.voters) for (const v of counted[seat]!) isYes.get(v) ? yes++ : no++
  // The majority NO fails; otherwise (a tie too) the mission succeeds. Tie Breaker: see its reading.
  let success = yes >= no
  const diplomat = seatOf(s, DIPLOMAT)
  if (yes === no && diplomat >= 0 && counted[diplomat]!.length) success = isYes.get(counted[diplomat]![0]!)!
  const allNo = yes === 0 && no > 0
  const has = (id: string) => s.rules.includes(id)
  const votedYes = (seat: number) => counted[seat]!.some((v) => isYes.get(v))
  let order: number[]
  // Quiet Night's red half: nobody collects, even in the everyone-NO round, unless a played Inside Job contradicts it.
  if (!success && has(QUIET_NIGHT) && s.played !== INSIDE_JOB) order = []
  else if (allNo) order = [...s.voters]
  else if (!success && has(INSIDE_JOB)) order = s.voters.filter((seat) => counted[seat]!.some((v) => !isYes.get(v)))
  else order = s.voters.filter(votedYes)
  // Low to high on a SUCCESS (Inside Job's green half: high to low), high to low on a FAIL; a player with two Votes at their best place.
  const descending = !success || has(INSIDE_JOB)
  const place = (seat: number) => {
    const numbers = counted[seat]!.map((v) => num(s, v))
    return descending ? -Math.max(...numbers) : Math.min(...numbers)
  }
  order.sort((a, b) => place(a) - place(b))
  if (success && has(DOUBLE_AGENT)) {
    const i = order.indexOf(s.active)
    if (i >= 0) order.splice(i, 1)
    order.unshift(s.active)
  }
  return { success, allNo, tally: [yes, no], order }
}

/** The Votes that count before the Cover Story choices are made: the first of each, both of the active player's. */
const provisional = (s: State): string[][] => (s.phase === 'vote' ? s.cast.map((c, seat) => (seat === s.active ? c : c.slice(0, 1))) : s.counted)

/**
 * What the collectors still to come this round will gain, each taking the mission card best for itself: the
 * greedy bot's look past its vote or its pick. Undefined before every Vote is cast.
 */
const pending = (s: State): number[] | undefined => {
  let queue: readonly number[]
  let side: number
  if (s.reward) return undefined
  if (s.phase === 'collect') {
    queue = s.queue
    side = sideOf(s)
  } else if ((s.phase === 'vote' && s.voters.every((seat) => s.cast[seat]!.length)) || s.phase === 'count' || s.phase === 'hack') {
    const d = decide(s, provisional(s))
    queue = d.order
    side = d.success ? GREEN : RED
  } else return undefined
  if (!queue.length || !s.mission.length) return undefined
  const gains = s.hands.map(() => 0)
  const left = [...s.mission]
  const counts = s.res.map((c) => [...c])
  for (const seat of queue) {
    if (!left.length) break
    let at = 0
    let best = -Infinity
    for (let i = 0; i < left.length; i++) {
      const g = cardGain(s, seat, counts[seat]!, left[i]!, side)
      if (g > best) (best = g), (at = i)
    }
    const half = s.lookups.halves.get(left[at]!)![side]!
    for (let r = 0; r < half.length; r++) counts[seat]![r]! += half[r]!
    gains[seat]! += best
    left.splice(at, 1)
  }
  return gains
}

/** Whether the seat's collected cards show `cost`. */
const affords = (s: State, seat: number, cost: Counts) => cost.every((n, r) => s.res[seat]![r]! >= n)

/** The legal moves now, for `actor(s)`: none when the phase's first seat has nothing to do (`flow` passes it over). */
const options = (s: State): Moves[] => {
  if (s.reward) return rewardOptions(s)
  const seat = s.queue[0]
  if (seat === undefined) return []
  const hand = s.hands[seat]!
  const mine = s.tableau[seat]!
  switch (s.phase) {
    case 'replay': {
      const moves: Moves[] = []
      s.won[seat]!.forEach((id, i) => s.wonSide[seat]![i] === GREEN && moves.push(REPLAY(id)))
      return moves.length ? [...moves, PASS] : moves
    }
    case 'reveal': {
      const deck = s.masters.cards
      if (!deck.length) return []
      return seatOf(s, ANALYST) === seat && deck.length > 1 ? [REVEAL(deck.at(-1)!), REVEAL(deck.at(-2)!)] : [REVEAL(deck.at(-1)!)]
    }
    case 'pick': {
      if (s.picked >= s.maxCards || !s.market.length) return []
      // The Courier's extra card: beyond the usual most.
      const extra = s.picked >= s.maxCards - (seatOf(s, COURIER) === seat ? 1 : 0)
      const moves = s.market.map(extra ? PICK_EXTRA : PICK)
      if (s.picked >= s.minCards) moves.push(STOP)
      return moves
    }
    case 'vote':
      if (s.second) return [...hand.map(SECOND), SINGLE]
      return s.cast[seat]!.length ? [] : hand.map(VOTE)
    case 'count':
      return s.cast[seat]!.map(COUNT)
    case 'hack':
      return [HACK, PASS]
    case 'collect':
      if (s.handler >= 0) return s.mission.map(ASSIGN)
      return seatOf(s, QUARTERMASTER) === seat ? [...s.mission.map(COLLECT), ...s.market.map(FROM_MARKET)] : s.mission.map(COLLECT)
    case 'extra':
      return s.market.length ? [...s.market.map(FROM_MARKET), PASS] : []
    case 'give':
    case 'discard':
      return mine.map(s.phase === 'give' ? GIVE : DISCARD)
    case 'turn':
      // Recall: may turn on a SUCCESS, must on a FAIL.
      return mine.length ? (s.success ? [...mine.map(TURN), PASS] : mine.map(TURN)) : []
    case 'swap': {
      if (!mine.length || !s.market.length) return []
      const moves: Moves[] = []
      for (const own of mine) for (const card of s.market) moves.push(SWAP(`${own}|${card}`))
      moves.push(PASS)
      return moves
    }
    case 'shop':
      return s.shop && affords(s, seat, s.lookups.cost.get(s.shop)![sideOf(s)]!) ? [BUY(s.shop), PASS] : []
    case 'sleep':
      return [SLEEP, PASS]
    case 'redraw': {
      const yes = hand.filter((v) => s.lookups.yes.get(v)).length
      const no = hand.length - yes
      const moves: Moves[] = []
      if (yes >= 2) moves.push(REDRAW.YES)
      if (no >= 2) moves.push(REDRAW.NO)
      if (yes && no) moves.push(REDRAW.mixed)
      return moves.length ? [...moves, PASS] : moves
    }
  }
}

/** Whether the phase's first seat has a move: `options(s).length > 0`, without making the moves in the phases played most. */
const ready = (s: State): boolean => {
  const seat = s.queue[0]!
  switch (s.phase) {
    case 'pick':
      return s.picked < s.maxCards && s.market.length > 0
    case 'vote':
      return s.second || (!s.cast[seat]!.length && s.hands[seat]!.length > 0)
    case 'collect':
      return s.mission.length > 0 || (s.handler < 0 && seatOf(s, QUARTERMASTER) === seat && s.market.length > 0)
    default:
      return options(s).length > 0
  }
}

/** A purchase's choice: the card to turn (Forged Papers), to take (Getaway Car), to discard (Bribe), the next Master (Informant). */
const rewardOptions = (s: State): Moves[] => {
  const buyer = s.rewardSeat
  switch (s.reward) {
    case 'forge':
      return s.tableau[buyer]!.map(TURN)
    case 'getaway':
      return s.market.map(FROM_MARKET)
    case 'bribe': {
      const moves: Moves[] = []
      for (let o = 0; o < s.players; o++) if (o !== buyer) for (const id of s.tableau[o]!) moves.push(BRIBED(`${o}|${id}`))
      return moves
    }
    case 'inform':
      return [...new Set(s.masters.cards)].map(INFORM)
    default:
      return []
  }
}

/** The game moves on to the next seat or phase that has a move to make, ending rounds and the game on the way. */
const flow = (s: State, ctx: PlayContext) => {
  for (;;) {
    if (s.over) return
    if (s.reward) {
      if (rewardOptions(s).length) return
      s.reward = ''
      continue
    }
    while (s.queue.length) {
      if (s.phase === 'vote') onVote(s, ctx)
      if (ready(s)) return
      s.queue.shift()
      s.second = false
    }
    const at = PHASES.indexOf(s.phase)
    if (at === PHASES.length - 1) {
      endRound(s, ctx)
      if (s.over) return
      s.phase = PHASES[0]
    } else s.phase = PHASES[at + 1]!
    enter(s, ctx)
  }
}

/** A seat's turn to vote: the Mole (or a Wiretap's buyer) votes last, once the others' Votes are shown; Wiretap's red half shows its buyer one Vote. */
const onVote = (s: State, ctx: PlayContext) => {
  const seat = s.queue[0]!
  if (seatOf(s, MOLE) === seat || s.last === seat) s.revealed = true
  if (s.peek === seat && !s.peeked) {
    s.peeked = true
    if (s.revealed || s.open) return
    const cast = s.voters.filter((o) => o !== seat).flatMap((o) => s.cast[o]!)
    if (cast.length) s.seen[seat]!.push(cast[ctx.rng.int(cast.length)]!)
  }
}

/** A phase begins: the seats that move in it, and what it does at once. */
const enter = (s: State, ctx: PlayContext) => {
  const has = (id: string) => s.rules.includes(id)
  switch (s.phase) {
    case 'replay':
      s.queue = s.replayVariant ? clockwise(s).filter((seat) => s.wonSide[seat]!.includes(GREEN)) : []
      return
    case 'reveal':
      if (!s.masters.cards.length) {
        // A new Master deck of the Masters not won; none, and the round has no rule (the draw reports the empty deck).
        if (s.masterDiscard.cards.length) s.masters.cards.push(...ctx.rng.shuffle(s.masterDiscard.cards.splice(0)))
        else ctx.draw(s.masters)
      }
      s.queue = [s.active]
      return
    case 'pick':
      return prepare(s, ctx)
    case 'vote': {
      // Clockwise from the active player, those with Votes; the Mole and a Wiretap's buyer last.
      const order = clockwise(s).filter((seat) => s.hands[seat]!.length)
      const lastly = (seat: number) => seatOf(s, MOLE) === seat || s.last === seat
      s.voters = [...order.filter((seat) => !lastly(seat)), ...order.filter(lastly)]
      s.queue = [...s.voters]
      return
    }
    case 'count':
      s.revealed = true
      s.counted = s.cast.map((c) => [...c])
      s.queue = s.rules.includes(COVER_STORY) ? s.voters.filter((seat) => seat !== s.active && s.cast[seat]!.length > 1) : []
      return
    case 'hack': {
      const hacker = seatOf(s, HACKER)
      s.queue = hacker >= 0 && s.voters.includes(hacker) && (s.votes.cards.length || s.voteDiscard.cards.length) ? [hacker] : []
      return
    }
    case 'collect': {
      const d = decide(s, s.counted)
      s.resolved = true
      s.success = d.success
      s.allNo = d.allNo
      s.tally = d.tally
      s.order = d.order
      // Handler: the active player assigns on a SUCCESS, the left neighbour on a FAIL.
      s.handler = has(HANDLER) ? (s.success ? s.active : (s.active + 1) % s.players) : -1
      s.queue = [...d.order]
      return
    }
    case 'extra':
      s.queue = s.success && has(QUIET_NIGHT) ? s.order.filter((seat) => s.counted[seat]!.some((v) => s.lookups.yes.get(v))) : []
      return
    case 'give': {
      const low = lowest(s)
      s.queue = !s.success && has(DOUBLE_AGENT) && low >= 0 && low !== s.active ? [s.active] : []
      return
    }
    case 'turn':
      s.queue = has(RECALL) ? s.voters.filter((seat) => s.counted[seat]!.some((v) => s.lookups.yes.get(v))).sort((a, b) => lowNumber(s, a) - lowNumber(s, b)) : []
      return
    case 'swap':
      s.queue = s.success && has(SABOTAGE) && lowest(s) >= 0 ? [lowest(s)] : []
      return
    case 'discard':
      s.queue = !s.success && has(SABOTAGE) && lowest(s, true) >= 0 ? [lowest(s, true)] : []
      return
    case 'shop':
      s.queue = s.shopping && s.shop ? [...s.voters].sort((a, b) => lowNumber(s, a) - lowNumber(s, b)) : []
      return
    case 'sleep': {
      const sleeper = seatOf(s, SLEEPER)
      s.queue = sleeper >= 0 && !s.sleeperUsed && !s.success && s.voters.includes(sleeper) ? [sleeper] : []
      return
    }
    case 'redraw':
      s.queue = s.redrawVariant ? clockwise(s).filter((seat) => !s.collected[seat] && s.hands[seat]!.length >= 2) : []
      return
  }
}

/** A seat's lowest counted Vote number. */
const lowNumber = (s: State, seat: number) => Math.min(...s.counted[seat]!.map((v) => num(s, v)))

/**
 * The mission is prepared under the rules in force, which act at once when they act before the vote (the
 * outcome is not known yet): the cards allowed, Black Market's green half, The Leak, Open Ballot.
 */
const prepare = (s: State, ctx: PlayContext) => {
  s.rules = [s.master, s.played].filter(Boolean)
  const has = (id: string) => s.rules.includes(id)
  s.minCards = 1
  s.maxCards = s.players
  // Small Team and Big Operation together (a Master played): the played one wins.
  const small = has(SMALL_TEAM) && !(has(BIG_OPERATION) && s.played === BIG_OPERATION)
  const big = has(BIG_OPERATION) && !(has(SMALL_TEAM) && s.played === SMALL_TEAM)
  if (small) s.maxCards = 2
  if (big) s.minCards = 3
  if (seatOf(s, COURIER) === s.active) s.maxCards++
  if (has(BLACK_MARKET)) {
    s.marketSize = p.marketSize + 2
    refill(s, ctx)
  }
  if (has(OPEN_BALLOT)) s.open = true
  if (has(LEAK)) {
    const shown = (seat: number) => s.hands[seat]![ctx.rng.int(s.hands[seat]!.length)]
    const active = shown(s.active)
    if (active) for (let o = 0; o < s.players; o++) if (o !== s.active) s.known[o]!.push(active)
    for (let seat = 0; seat < s.players; seat++) {
      const v = shown(seat)
      if (v) s.known[(seat + 1) % s.players]!.push(v)
    }
  }
  s.picked = 0
  s.queue = [s.active]
}

/** A purchase: the buyer pays with collected cards, the Shop Card is replaced, the reward follows. */
const buy = (s: State, seat: number, ctx: PlayContext) => {
  const card = s.shop
  const side = sideOf(s)
  pay(s, seat, s.lookups.cost.get(card)![side]!)
  s.shopDiscard.cards.push(card)
  s.shop = ctx.draw(s.shopDeck, { refill: s.shopDiscard }) ?? ''
  // Nobody else buys this round.
  s.queue = []
  const next = (seat + 1) % s.players
  const green = side === GREEN
  switch (card) {
    case NIGHT_VISION:
      // The next player's hand (green), or one of its Votes (red).
      if (green) s.known[seat]!.push(...s.hands[next]!)
      else if (s.hands[next]!.length) s.known[seat]!.push(s.hands[next]![ctx.rng.int(s.hands[next]!.length)]!)
      return
    case SAFE_DEPOSIT:
      for (let k = 0; k < (green ? 2 : 1); k++) drawVote(s, seat, ctx)
      return
    case FORGED_PAPERS:
      return reward(s, seat, 'forge')
    case GETAWAY_CAR:
      return reward(s, seat, 'getaway')
    case WIRETAP:
      if (green) s.nextLast = seat
      else s.nextPeek = seat
      return
    case BRIBE:
      if (green) return bribe(s, seat)
      return reward(s, seat, 'bribe')
    case INFORMANT:
      // Green: the top 3 Masters are looked at (not remembered by the bots). Red: the buyer chooses the next one.
      if (!green) reward(s, seat, 'inform')
      return
    case DEAD_DROP:
      if (green) s.deadDrop = seat
      else s.keepers.push(seat)
      return
  }
}

const reward = (s: State, seat: number, what: Reward) => {
  s.reward = what
  s.rewardSeat = seat
}

/** Pays `cost` with collected cards: of the fewest-card sets that show it, the one that leaves the most points. */
const pay = (s: State, seat: number, cost: Counts) => {
  const cards = s.tableau[seat]!
  const need = cost.reduce((n, x) => n + x, 0)
  let best: number[] = []
  let bestPoints = -Infinity
  const chosen: number[] = []
  const counts = s.res[seat]!
  const paid = RESOURCES.map(() => 0)
  const search = (from: number) => {
    if (cost.every((n, r) => paid[r]! >= n)) {
      const left = counts.map((n, r) => n - paid[r]!)
      const points = pointsOf(left, s.secrets[seat]!) - chosen.reduce((n, i) => n + cardBonus(s, s.secrets[seat]!, cards[i]!, s.sides[seat]![i]!), 0)
      if (points > bestPoints || (points === bestPoints && chosen.length < best.length)) (bestPoints = points), (best = [...chosen])
      return
    }
    if (chosen.length >= need) return
    for (let i = from; i < cards.length; i++) {
      const half = s.lookups.halves.get(cards[i]!)![s.sides[seat]![i]!]!
      // Only a card that shows some of what is still owed.
      if (!cost.some((n, r) => paid[r]! < n && half[r]! > 0)) continue
      chosen.push(i)
      for (let r = 0; r < half.length; r++) paid[r]! += half[r]!
      search(i + 1)
      for (let r = 0; r < half.length; r++) paid[r]! -= half[r]!
      chosen.pop()
    }
  }
  search(0)
  for (const i of best.sort((a, b) => b - a)) s.missionDiscard.cards.push(lose(s, seat, i))
}

/** Bribe's green half: the swap of one collected card with another player's that gains the buyer most, the other losing most on a tie. */
const bribe = (s: State, seat: number) => {
  let best: [number, number, number] | undefined
  let bestGain = -Infinity
  let bestHarm = -Infinity
  const mine = seatPoints(s, seat)
  for (let o = 0; o < s.players; o++) {
    if (o === seat) continue
    const theirs = seatPoints(s, o)
    for (let i = 0; i < s.tableau[seat]!.length; i++)
      for (let j = 0; j < s.tableau[o]!.length; j++) {
        swapCards(s, seat, i, o, j)
        const gain = seatPoints(s, seat) - mine
        const harm = theirs - seatPoints(s, o)
        swapCards(s, o, s.tableau[o]!.length - 1, seat, s.tableau[seat]!.length - 1)
        // Put back where they were.
        s.tableau[seat]!.splice(i, 0, s.tableau[seat]!.pop()!), s.sides[seat]!.splice(i, 0, s.sides[seat]!.pop()!)
        s.tableau[o]!.splice(j, 0, s.tableau[o]!.pop()!), s.sides[o]!.splice(j, 0, s.sides[o]!.pop()!)
        if (gain > bestGain || (gain === bestGain && harm > bestHarm)) (best = [o, i, j]), (bestGain = gain), (bestHarm = harm)
      }
  }
  if (best) swapCards(s, seat, best[1], best[0], best[2])
}

/** The seat's card at `i` and the other's at `j` change owners, each keeping its side up (both go to the end of the collections). */
const swapCards = (s: State, seat: number, i: number, other: number, j: number) => {
  const [mySide, theirSide] = [s.sides[seat]![i]!, s.sides[other]![j]!]
  const mine = lose(s, seat, i)
  const theirs = lose(s, other, j)
  gain(s, seat, theirs, theirSide)
  gain(s, other, mine, mySide)
}

/**
 * The round's end: the Master won (not in the everyone-NO round), the mission's leftovers discarded, the Votes
 * discarded but those kept, Debrief's draws, Black Market's market; then the next player's round, unless
 * everyone's Votes have run out.
 */
const endRound = (s: State, ctx: PlayContext) => {
  const has = (id: string) => s.rules.includes(id)
  if (s.master) {
    if (s.allNo) s.masterDiscard.cards.push(s.master)
    else {
      const winner = s.deadDrop >= 0 ? s.deadDrop : s.active
      s.won[winner]!.push(s.master)
      s.wonSide[winner]!.push(sideOf(s))
    }
  }
  if (s.played) s.masterDiscard.cards.push(s.played)
  s.missionDiscard.cards.push(...s.mission.splice(0))
  // The Votes kept: Safe House's (the active player's on a SUCCESS, the highest on a FAIL), the Sleeper's, Dead Drop's.
  const kept = new Set<string>()
  // Debrief: the YES-voters draw a Vote on a SUCCESS, the NO-voters on a FAIL, once the round's Votes are discarded.
  const debriefed = has(DEBRIEF) ? s.voters.filter((seat) => s.counted[seat]!.some((v) => s.lookups.yes.get(v) === s.success)) : []
  if (has(SAFE_HOUSE)) {
    if (s.success && s.counted[s.active]!.length) kept.add(s.counted[s.active]![0]!)
    const high = lowest(s, true)
    if (!s.success && high >= 0) kept.add(s.counted[high]!.reduce((a, b) => (num(s, a) > num(s, b) ? a : b)))
  }
  for (const seat of s.keepers) if (s.counted[seat]!.length) kept.add(s.counted[seat]![0]!)
  for (let seat = 0; seat < s.players; seat++) {
    for (const v of s.cast[seat]!) {
      if (!kept.has(v)) {
        s.voteDiscard.cards.push(v)
        continue
      }
      // Back in hand, seen by all.
      s.hands[seat]!.push(v)
      for (let o = 0; o < s.players; o++) if (o !== seat) s.known[o]!.push(v)
    }
    s.cast[seat] = []
    s.counted[seat] = []
    s.seen[seat] = []
  }
  for (const seat of debriefed) drawVote(s, seat, ctx)
  if (has(BLACK_MARKET) && !s.success) {
    // Red half: the market discarded, 6 new cards dealt.
    s.missionDiscard.cards.push(...s.market.splice(0))
  } else if (s.market.length > p.marketSize) s.missions.cards.push(...s.market.splice(p.marketSize).reverse())
  s.marketSize = p.marketSize
  refill(s, ctx)
  // Knowledge of Votes no longer in a hand is forgotten.
  if (s.known.some((k) => k.length)) {
    const inHand = new Set(s.hands.flat())
    for (let seat = 0; seat < s.players; seat++) s.known[seat] = s.known[seat]!.filter((v) => inHand.has(v) && !s.hands[seat]!.includes(v))
  }
  s.master = ''
  s.played = ''
  s.rules = []
  s.open = false
  s.revealed = false
  s.resolved = false
  s.tally = [0, 0]
  s.order = []
  s.handler = -1
  s.collected.fill(false)
  s.deadDrop = -1
  s.keepers = []
  s.peeked = false
  s.last = s.nextLast
  s.peek = s.nextPeek
  s.nextLast = -1
  s.nextPeek = -1
  s.voters = []
  if (s.hands.every((h) => !h.length)) {
    s.over = true
    return
  }
  s.round++
  s.active = (s.active + 1) % s.players
}

/**
 * The state as `seat` knows it. The order of every deck is guessed; the Votes it cannot see (other hands, the
 * Votes cast before the reveal, the Vote deck) are dealt again at random, but for those it was shown, which
 * stay with their owner; other Secret Identities are guessed. A seat about to vote imagines those after it
 * voting at random, so that its own Vote settles the mission in its thinking.
 */
function view(s: State, seat: number, rng: Rng): State {
  const v = copy(s)
  rng.shuffle(v.missions.cards)
  rng.shuffle(v.masters.cards)
  rng.shuffle(v.shopDeck.cards)
  hideVotes(v, seat, rng)
  if (v.secrets[seat]) {
    const others = seats(v).filter((o) => o !== seat)
    const pool = rng.shuffle([...others.map((o) => v.secrets[o]!), ...v.spareSecrets])
    for (const o of others) v.secrets[o] = pool.pop()!
    v.spareSecrets = pool
  }
  if (v.phase === 'vote')
    for (const o of v.queue.slice(1)) {
      const hand = v.hands[o]!
      if (!v.cast[o]!.length && hand.length) v.cast[o]!.push(hand.splice(rng.int(hand.length), 1)[0]!)
    }
  return v
}

const pile = (p: Pile): Pile => ({ name: p.name, cards: [...p.cards] })
const lists = <T>(l: T[][]) => l.map((x) => [...x])

/** A copy of the state a bot may change: every list it holds copied (the lookups, the identities and the totals never change). */
const copy = (s: State): State => ({
  ...s,
  queue: [...s.queue],
  votes: pile(s.votes),
  voteDiscard: pile(s.voteDiscard),
  hands: lists(s.hands),
  cast: lists(s.cast),
  counted: lists(s.counted),
  voters: [...s.voters],
  known: lists(s.known),
  seen: lists(s.seen),
  masters: pile(s.masters),
  masterDiscard: pile(s.masterDiscard),
  rules: [...s.rules],
  won: lists(s.won),
  wonSide: lists(s.wonSide),
  missions: pile(s.missions),
  missionDiscard: pile(s.missionDiscard),
  market: [...s.market],
  mission: [...s.mission],
  tableau: lists(s.tableau),
  sides: lists(s.sides),
  res: lists(s.res),
  collected: [...s.collected],
  tally: [...s.tally],
  order: [...s.order],
  secrets: [...s.secrets],
  spareSecrets: [...s.spareSecrets],
  shopDeck: pile(s.shopDeck),
  shopDiscard: pile(s.shopDiscard),
  keepers: [...s.keepers],
})

/** The Votes `seat` cannot see, dealt again at random in `v`: those it was shown stay with their owner, in hand or cast. */
const hideVotes = (v: State, seat: number, rng: Rng) => {
  const hiddenCast = !v.revealed && !v.open
  // The pool of unseen Votes: the Vote deck, other hands, and the Votes others cast while they are not shown.
  const pool = v.votes.cards
  const known = v.known[seat]!
  const seen = v.seen[seat]!
  if (!known.length && !seen.length) {
    for (let o = 0; o < v.players; o++) {
      if (o === seat) continue
      pool.push(...v.hands[o]!)
      if (hiddenCast) pool.push(...v.cast[o]!)
    }
    rng.shuffle(pool)
    for (let o = 0; o < v.players; o++) {
      if (o === seat) continue
      const hand = v.hands[o]!
      for (let i = 0; i < hand.length; i++) hand[i] = pool.pop()!
      const cast = v.cast[o]!
      if (hiddenCast) for (let i = 0; i < cast.length; i++) cast[i] = pool.pop()!
    }
    return
  }
  // Per other seat, its free places (null) and the Votes it was shown there: those stay with their owner, at
  // random among its places (it may have cast one); a Vote seen cast (Wiretap) stays where it is.
  const slots: (string | null)[][][] = []
  for (let o = 0; o < v.players; o++) {
    if (o === seat) continue
    const shown: string[] = []
    const hand: (string | null)[] = v.hands[o]!.map((id) => (known.includes(id) ? shown.push(id) : pool.push(id), null))
    const cast: (string | null)[] = hiddenCast ? v.cast[o]!.map((id) => (seen.includes(id) ? id : ((known.includes(id) ? shown.push(id) : pool.push(id)), null))) : v.cast[o]!
    const free = rng.shuffle([...hand.keys()].map((i): [(string | null)[], number] => [hand, i]).concat(hiddenCast ? [...cast.keys()].filter((i) => cast[i] === null).map((i): [(string | null)[], number] => [cast, i]) : []))
    shown.forEach((id, k) => {
      const [list, i] = free[k]!
      list[i] = id
    })
    slots[o] = [hand, cast]
  }
  rng.shuffle(pool)
  for (let o = 0; o < v.players; o++) {
    if (o === seat) continue
    const [hand, cast] = slots[o]!
    v.hands[o] = hand!.map((id) => id ?? pool.pop()!)
    v.cast[o] = cast!.map((id) => id ?? pool.pop()!)
  }
}
