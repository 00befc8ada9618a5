import { cardType, defineGame, icons, int, oneOf, text, type Card } from 'deckwright'

/** Who pays for an effect: every paying player adds cards face down to one pile, which is shuffled and revealed. */
const PAYERS = ['participants', 'everyone', 'world-leader', 'mission-leader'] as const

/** A table of the rules, one number per player count. */
type PerPlayers = Readonly<Record<number, number>>
const at = (table: PerPlayers, players: number): number | undefined => table[players]

/**
 * Arc Ship: the rules engine. Numbers the rules state are parameters; the checks below follow from the
 * rules text in rules.md.
 */
export default defineGame({
  id: 'arc-ship',
  title: 'Arc Ship',
  version: '1.0.0',
  // The example's own cards and rules text, written for deckwright (the seed names no licence).
  license: 'CC-BY-4.0',
  players: { min: 5, max: 10 },
  params: {
    /** Setup table: Traitors per player count (always at least one, always a minority). */
    traitors: { 5: 2, 6: 2, 7: 3, 8: 3, 9: 3, 10: 4 },
    /** Setup table: pieces of Arc Ship technology in play per player count (Traitors + 2), numbered from 1. */
    techPieces: { 5: 4, 6: 4, 7: 5, 8: 5, 9: 5, 10: 6 },
    /** "Each player draws 2 Money cards." */
    startingMoney: 2,
    /** "Set world health to 8." */
    startHealth: 8,
    /** World Health can't rise above this (the tracker's last space). */
    maxHealth: 12,
    /** "Within 10 years": a year is one World Leader's turn. */
    years: 10,
    /** Counterfeit cards shuffled into the Money deck at setup; the others form the reserve. */
    counterfeitInDeck: 8,
    /** Counterfeit cards the Traitors take from, one for each Money card spent on technology. */
    counterfeitReserve: 20,
    /** From this many players on, every team is one participant larger than the card says. */
    biggerTeamsFrom: 8,
  },
  vocabularies: {
    systems: {
      hull: { label: 'Hull', icon: 'game-icons:iron-hulled-warship', color: '#5b6b7a' },
      navigation: { label: 'Navigation', icon: 'game-icons:compass', color: '#1f5fa8' },
      cryo: { label: 'Cryo', icon: 'game-icons:cryo-chamber', color: '#2a8fb0' },
      life: { label: 'Life Support', icon: 'game-icons:plant-watering', color: '#2e7d4f' },
      shield: { label: 'Shield', icon: 'game-icons:energy-shield', color: '#6b3fa0' },
      reactor: { label: 'Reactor', icon: 'game-icons:reactor', color: '#d9730d' },
      engine: { label: 'Engine', icon: 'game-icons:rocket-thruster', color: '#b3261e' },
      comms: { label: 'Comms', icon: 'game-icons:satellite-communication', color: '#3d5a80' },
    },
    /** The picture on an Event card. */
    scenes: {
      heat: { label: 'Heat', icon: 'game-icons:thermometer-hot' },
      market: { label: 'Market', icon: 'game-icons:receive-money' },
      sun: { label: 'Sun', icon: 'game-icons:sun-radiations' },
      audit: { label: 'Audit', icon: 'game-icons:open-folder' },
      tax: { label: 'Tax', icon: 'game-icons:bank' },
      smuggling: { label: 'Smuggling', icon: 'game-icons:swap-bag' },
      flood: { label: 'Flood', icon: 'game-icons:flood' },
      peace: { label: 'Peace', icon: 'game-icons:peace-dove' },
      leak: { label: 'Leak', icon: 'game-icons:envelope' },
      harvest: { label: 'Harvest', icon: 'game-icons:wheat' },
      factory: { label: 'Factory', icon: 'game-icons:factory' },
      wall: { label: 'Wall', icon: 'game-icons:stone-wall' },
      medicine: { label: 'Medicine', icon: 'game-icons:syringe' },
      orbit: { label: 'Orbit', icon: 'game-icons:satellite' },
      airlift: { label: 'Airlift', icon: 'game-icons:airplane-departure' },
      forest: { label: 'Forest', icon: 'game-icons:pine-tree' },
      radar: { label: 'Radar', icon: 'game-icons:radar-sweep' },
      search: { label: 'Search', icon: 'game-icons:magnifying-glass' },
      atom: { label: 'Atom', icon: 'game-icons:atom' },
      ocean: { label: 'Ocean', icon: 'game-icons:big-wave' },
      convoy: { label: 'Convoy', icon: 'game-icons:truck' },
      storm: { label: 'Storm', icon: 'game-icons:tornado' },
      water: { label: 'Water', icon: 'game-icons:water-tank' },
      seed: { label: 'Seed', icon: 'game-icons:plant-seed' },
      talks: { label: 'Talks', icon: 'game-icons:conversation' },
      fire: { label: 'Fire', icon: 'game-icons:fire' },
    },
  },
  types: {
    identity: cardType({
      name: 'Identity Card',
      size: 'poker',
      hidden: true,
      back: 'shared',
      fields: {
        identity: oneOf(['Nation', 'Traitor']),
        /** The player's country: flavour for table talk, never revealed before the game ends. */
        country: text({ max: 30 }),
        motto: text({ max: 70 }),
      },
    }),
    money: cardType({
      name: 'Money',
      size: 'poker',
      hidden: true,
      back: 'shared',
      deck: 'money',
      fields: {
        value: int({ min: 1, max: 3 }),
        note: text({ max: 24 }),
        motto: text({ max: 40 }),
      },
    }),
    counterfeit: cardType({
      name: 'Counterfeit Money',
      size: 'poker',
      hidden: true,
      back: 'shared',
      deck: 'money',
      fields: {
        /** The value it pretends to have; it is worth 0. */
        printed: int({ min: 1, max: 3 }),
        /** The flaw that gives it away when the pile is revealed. */
        tell: text({ max: 50 }),
      },
    }),
    event: cardType({
      name: 'Event',
      size: 'tarot',
      back: 'shared',
      deck: 'event',
      fields: {
        title: text({ max: 24 }),
        scene: icons('scenes', { min: 1, max: 1 }),
        flavour: text({ max: 80, optional: true }),
        /** Effect 1: who pays, and how much. */
        payer: oneOf(PAYERS, { optional: true }),
        pay: int({ min: 1, max: 8, optional: true }),
        /** Effect 2: the change to World Health (0: none). */
        health: int({ min: -3, max: 3 }),
        /** Effect 3: anything else. */
        text: text({ max: 120, optional: true }),
      },
    }),
    orEvent: cardType({
      name: 'OR Event',
      size: 'tarot',
      back: 'shared',
      deck: 'event',
      fields: {
        /** Shorter than a plain Event's: the band also holds the picture. */
        title: text({ max: 20 }),
        scene: icons('scenes', { min: 1, max: 1 }),
        flavour: text({ max: 70, optional: true }),
        /** Participants the World Leader chooses (one more from `biggerTeamsFrom` players on). */
        team: int({ min: 2, max: 4 }),
        successPayer: oneOf(PAYERS, { optional: true }),
        successPay: int({ min: 1, max: 8, optional: true }),
        successHealth: int({ min: -2, max: 4 }),
        successText: text({ max: 80, optional: true }),
        failHealth: int({ min: -4, max: 0 }),
        failText: text({ max: 80, optional: true }),
      },
    }),
    tech: cardType({
      name: 'Stolen Technology',
      size: 'poker',
      back: 'shared',
      fields: {
        /** Pieces 1 up to the setup table's number are in play. */
        number: int({ min: 1, max: 10 }),
        name: text({ max: 22 }),
        system: icons('systems', { min: 1, max: 1 }),
        cost: int({ min: 1, max: 6 }),
        flavour: text({ max: 70 }),
      },
    }),
    vote: cardType({
      name: 'Vote',
      size: 'mini',
      hidden: true,
      back: 'shared',
      fields: { vote: oneOf(['YES', 'NO']) },
    }),
    outcome: cardType({
      name: 'Mission Card',
      size: 'mini',
      hidden: true,
      back: 'shared',
      fields: { result: oneOf(['SUCCESS', 'FAIL']) },
    }),
    tracker: cardType({
      name: 'Tracker',
      size: 'tarot',
      back: 'shared',
      fields: {
        track: oneOf(['health', 'year']),
        title: text({ max: 20 }),
        from: int({ min: 0 }),
        to: int({ min: 1, max: 16 }),
        start: int({ min: 0 }),
        text: text({ max: 90 }),
      },
    }),
    leader: cardType({
      name: 'Leader Card',
      size: 'poker',
      back: 'shared',
      fields: {
        role: oneOf(['world-leader', 'mission-leader']),
        title: text({ max: 20 }),
        /** A reminder of the steps or duties, one per line. */
        duties: text({ max: 420 }),
      },
    }),
  },
  checks: {
    /** Setup table: every player count has a Traitor count, at least one and fewer than half the players. */
    'traitors-minority'({ game, report }) {
      for (let p = game.players.min; p <= game.players.max; p++) {
        const t = at(game.params.traitors, p)
        if (t === undefined) report({ message: `the Traitor table has no entry for ${p} players: every count from ${game.players.min} to ${game.players.max} needs one` })
        else if (t < 1 || 2 * t >= p) report({ message: `${t} Traitors with ${p} players: expected at least 1 and fewer than half the players (at most ${Math.ceil(p / 2) - 1})` })
      }
    },
    /** Setup step 1: the identity deck deals every player count its Traitors and Nations. */
    'identity-deck'({ game, count, report }) {
      const traitors = count('identity', (c) => c.fields.identity === 'Traitor')
      const nations = count('identity', (c) => c.fields.identity === 'Nation')
      for (let p = game.players.min; p <= game.players.max; p++) {
        const t = at(game.params.traitors, p) ?? 0
        if (traitors < t) report({ type: 'identity', message: `${traitors} Traitor identity cards; ${p} players need ${t}` })
        if (nations < p - t) report({ type: 'identity', message: `${nations} Nation identity cards; ${p} players with ${t} Traitors need ${p - t}` })
      }
    },
    /** Identities name a country each: a named hidden card is a single card, and no two share a name. */
    'unique-countries'({ ofType, report }) {
      const first = new Map<string, string>()
      for (const card of ofType('identity')) {
        if (card.qty > 1) report({ card, field: 'country', message: `${card.qty} copies of "${card.fields.country}": each identity names its own country, so it must be a single card` })
        const other = first.get(card.fields.country)
        if (other) report({ card, field: 'country', message: `the country "${card.fields.country}" is also on "${other}": each identity needs its own country` })
        else first.set(card.fields.country, card.id)
      }
    },
    /** Setup step 5: every player holds a YES and a NO Vote, and a SUCCESS and a FAIL card. */
    'ballots-per-player'({ game, count, report }) {
      const players = game.players.max
      for (const vote of ['YES', 'NO'] as const) {
        const have = count('vote', (c) => c.fields.vote === vote)
        if (have < players) report({ type: 'vote', message: `${have} ${vote} Votes; ${players} players need one each` })
      }
      for (const result of ['SUCCESS', 'FAIL'] as const) {
        const have = count('outcome', (c) => c.fields.result === result)
        if (have < players) report({ type: 'outcome', message: `${have} ${result} cards; ${players} players need one each` })
      }
    },
    /** Setup step 2: the Money deck deals every player their starting Money and lasts a year of draws before the Bank is shuffled. */
    'money-deck-deals'({ game, count, report }) {
      const { startingMoney, years, counterfeitInDeck } = game.params
      const deck = count('money') + counterfeitInDeck
      const needed = startingMoney * game.players.max + years
      if (deck < needed) report({ type: 'money', message: `the Money deck holds ${deck} cards (with ${counterfeitInDeck} Counterfeit); dealing ${startingMoney} to ${game.players.max} players and ${years} World Leader draws need ${needed}` })
    },
    /** Counterfeit shuffled into the Money deck gives the Nations cover, but stays at most 1 card in 4. */
    'counterfeit-minority'({ game, count, report }) {
      const genuine = count('money')
      const fake = game.params.counterfeitInDeck
      if (fake * 4 > genuine + fake) report({ type: 'money', message: `${fake} Counterfeit cards in a Money deck of ${genuine + fake}: expected at most 1 card in 4 to be counterfeit (at least ${fake * 3} genuine Money cards)` })
    },
    /** Night: every Money card spent on technology is replaced from the reserve, so the reserve covers the most expensive Arc Ship in 1-value cards. */
    'counterfeit-supply'({ game, ofType, count, report }) {
      const { counterfeitInDeck, counterfeitReserve } = game.params
      const have = count('counterfeit')
      if (have < counterfeitInDeck + counterfeitReserve)
        report({ type: 'counterfeit', message: `${have} Counterfeit cards; ${counterfeitInDeck} for the Money deck and a reserve of ${counterfeitReserve} need ${counterfeitInDeck + counterfeitReserve}` })
      const pieces = Math.max(...Object.values(game.params.techPieces))
      const cost = ofType('tech')
        .filter((c) => c.fields.number <= pieces)
        .reduce((sum, c) => sum + c.fields.cost * c.qty, 0)
      if (counterfeitReserve < cost) report({ message: `a Counterfeit reserve of ${counterfeitReserve} can't replace the Money spent on ${pieces} pieces of technology costing ${cost}: expected a reserve of at least ${cost}` })
    },
    /** Setup step 3: technology pieces 1 up to the table's number, one card each; at most one is stolen per year. */
    'tech-pieces'({ game, ofType, report }) {
      const numbers = new Map<number, string>()
      for (const card of ofType('tech')) {
        if (card.qty > 1) report({ card, field: 'number', message: `${card.qty} copies of technology ${card.fields.number}: each piece is a single card` })
        const other = numbers.get(card.fields.number)
        if (other) report({ card, field: 'number', message: `technology number ${card.fields.number} is also on "${other}": each piece needs its own number` })
        else numbers.set(card.fields.number, card.id)
      }
      for (let p = game.players.min; p <= game.players.max; p++) {
        const n = at(game.params.techPieces, p)
        if (n === undefined) {
          report({ message: `the technology table has no entry for ${p} players` })
          continue
        }
        if (n > game.params.years) report({ message: `${n} pieces of technology with ${p} players, but only ${game.params.years} years to steal them one a year: expected at most ${game.params.years}` })
        const missing = Array.from({ length: n }, (_, i) => i + 1).filter((k) => !numbers.has(k))
        if (missing.length) report({ type: 'tech', message: `${p} players use technology 1 to ${n}, but number ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing` })
      }
    },
    /** One Event card a year: the event deck lasts all the years without a reshuffle. */
    'event-deck-lasts'({ game, count, report }) {
      const events = count('event') + count('orEvent')
      if (events < game.params.years) report({ type: 'event', message: `${events} Event cards for ${game.params.years} years: the game draws one a year` })
    },
    /** Step 4: at every player count, a team can be made of Nations alone (teams grow by one at big tables). */
    'team-size'({ game, ofType, report }) {
      for (const card of ofType('orEvent')) {
        for (let p = game.players.min; p <= game.players.max; p++) {
          const team = card.fields.team + (p >= game.params.biggerTeamsFrom ? 1 : 0)
          const nations = p - (at(game.params.traitors, p) ?? 0)
          if (team > nations) {
            report({ card, field: 'team', message: `a team of ${team} with ${p} players can't be made of its ${nations} Nations alone: expected a team of at most ${card.fields.team - (team - nations)}` })
            break
          }
        }
      }
    },
    /** Step 6: Traitors play FAIL to hurt the world, so the FAIL result is always worse for World Health. */
    'fail-worse-than-success'({ ofType, report }) {
      for (const card of ofType('orEvent')) {
        if (card.fields.failHealth >= card.fields.successHealth)
          report({ card, field: 'failHealth', message: `the FAIL result changes World Health by ${card.fields.failHealth}, the SUCCESS result by ${card.fields.successHealth}: FAIL must be worse for the world` })
      }
    },
    /** Effect 1 is a payment: an amount needs someone who pays it, and a payer needs an amount. */
    'payment-complete'({ ofType, report }) {
      const pair = (card: Card, payer: string | undefined, pay: number | undefined, payerField: string, payField: string) => {
        if (payer !== undefined && pay === undefined) report({ card, field: payerField, message: `the card says who pays (${payer}) but not how much: expected ${payField} beside ${payerField}` })
        if (payer === undefined && pay !== undefined) report({ card, field: payField, message: `the card asks for ${pay} Money but not who pays: expected ${payerField} beside ${payField}` })
      }
      for (const card of ofType('event')) pair(card, card.fields.payer, card.fields.pay, 'payer', 'pay')
      for (const card of ofType('orEvent')) pair(card, card.fields.successPayer, card.fields.successPay, 'successPayer', 'successPay')
    },
    /** Every plain event and every result does something: a payment, a World Health change or an instruction. */
    'results-do-something'({ ofType, report }) {
      for (const card of ofType('event'))
        if (card.fields.pay === undefined && card.fields.health === 0 && !card.fields.text) report({ card, field: 'health', message: `the event "${card.fields.title}" has no effect: expected a payment, a World Health change or a text` })
      for (const card of ofType('orEvent')) {
        if (card.fields.successPay === undefined && card.fields.successHealth === 0 && !card.fields.successText)
          report({ card, field: 'successHealth', message: `the SUCCESS result of "${card.fields.title}" has no effect: expected a payment, a World Health change or a text` })
        if (card.fields.failHealth === 0 && !card.fields.failText)
          report({ card, field: 'failHealth', message: `the FAIL result of "${card.fields.title}" has no effect: expected a World Health change or a text` })
      }
    },
    /** The Nations can win: if every event ends well, the world outlives the decade even when no World Leader heals. */
    'world-can-be-saved'({ game, ofType, report }) {
      const best = [...ofType('event').map((c) => [c.fields.health, c.qty]), ...ofType('orEvent').map((c) => [Math.max(c.fields.successHealth, 0), c.qty])] as [number, number][]
      const mean = best.reduce((s, [h, q]) => s + h * q, 0) / Math.max(1, best.reduce((s, [, q]) => s + q, 0))
      const { startHealth, years } = game.params
      const end = startHealth - years + years * mean
      if (end <= 0)
        report({ type: 'event', message: `if every event ends well and no World Leader heals, World Health ends the decade at ${end.toFixed(1)} (${startHealth} − ${years} decay + ${years} × ${mean.toFixed(2)} per event): expected above 0` })
    },
    /** The Traitors are a threat: if every mission fails and every payment falls short, the world dies within the decade even when every World Leader heals. */
    'sabotage-threatens-world'({ game, ofType, report }) {
      const worst = [...ofType('event').map((c) => [c.fields.pay === undefined ? c.fields.health : Math.min(c.fields.health, 0), c.qty]), ...ofType('orEvent').map((c) => [c.fields.failHealth, c.qty])] as [number, number][]
      const mean = worst.reduce((s, [h, q]) => s + h * q, 0) / Math.max(1, worst.reduce((s, [, q]) => s + q, 0))
      const { startHealth, years } = game.params
      const end = startHealth + years * mean
      if (end > 0)
        report({ type: 'orEvent', message: `if every mission fails and every World Leader heals, World Health still ends the decade at ${end.toFixed(1)} (${startHealth} + ${years} × ${mean.toFixed(2)} per event): FAIL results must be able to bring it to 0` })
    },
    /** Setup step 4: World Health runs from 0 to its maximum and starts at 8; the years run from 1 to 10. */
    'trackers'({ game, ofType, report }) {
      const { startHealth, maxHealth, years } = game.params
      const want = { health: { from: 0, to: maxHealth, start: startHealth }, year: { from: 1, to: years, start: 1 } } as const
      for (const track of ['health', 'year'] as const) {
        const cards = ofType('tracker').filter((c) => c.fields.track === track)
        if (cards.length !== 1 || cards[0]!.qty !== 1) {
          report({ type: 'tracker', message: `${cards.reduce((n, c) => n + c.qty, 0)} ${track} trackers: expected exactly 1` })
          continue
        }
        const card = cards[0]!
        for (const key of ['from', 'to', 'start'] as const)
          if (card.fields[key] !== want[track][key]) report({ card, field: key, message: `the ${track} track's ${key} is ${card.fields[key]}, the rules say ${want[track][key]}` })
      }
    },
    /** Setup step 6 and step 4: one World Leader card that passes left each year, one Mission Leader card for the team. */
    'leader-cards'({ count, report }) {
      for (const role of ['world-leader', 'mission-leader'] as const) {
        const n = count('leader', (c) => c.fields.role === role)
        if (n !== 1) report({ type: 'leader', message: `${n} ${role} cards: expected exactly 1` })
      }
    },
  },
  examples: {
    'or-event': { title: 'An OR Event, and the mission cards of a team of three: one FAIL fails it', cards: ['or-seawall', 'outcome-success', 'outcome-success', 'outcome-fail'] },
    payment: { title: 'Participants pay 3: the revealed pile holds only 2 genuine Money', cards: ['money-1-credit', 'counterfeit-2-crayon', 'money-1-credit'] },
  },
  // The face rules (docs/accessibility.md). a11y/contrast: "SUCCESS" in the green role's colour on its tint
  // (#2e7d4f on #e3f1e8, 4.3:1) and "STOLEN" in red on the navy back (4.1:1) fall just under WCAG's 4.5:1 for
  // small text; both are bold capitals beside the role's symbol, the same cue in another form: kept, as info.
  // print/outside-safe-zone: the Old Republic events' team icon reaches 0.1 mm past the safe zone: kept, as info.
  print: { severity: { 'a11y/contrast': 'info', 'print/outside-safe-zone': 'info' } },
})
