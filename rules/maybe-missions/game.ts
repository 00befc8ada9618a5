import { cardType, defineGame, icons, int, oneOf, text } from 'deckwright'

/**
 * Maybe Missions: the rules engine. Numbers the rules state are parameters; the checks below follow
 * from the rules text in rules.md.
 */
export default defineGame({
  id: 'maybe-missions',
  title: 'Maybe Missions',
  version: '1.0.0',
  // Its rules follow Pandaqi's text, which names no licence: a non-commercial, share-alike one, the safer reading.
  license: 'CC-BY-NC-SA-4.0',
  /** English first (the card files and rules.md); the Dutch edition is in cards/maybe-missions/lang/nl.yaml and rules.nl.md. */
  languages: ['en', 'nl'],
  players: { min: 3, max: 6 },
  params: {
    /** "Create a deck containing 5 YES and 5 NO Votes per player." */
    yesVotesPerPlayer: 5,
    noVotesPerPlayer: 5,
    /** "Create the market: 6 faceup Mission Cards in a row." */
    marketSize: 6,
    /** Shop Cards needed so that the shop can be replaced after purchases. */
    shopCards: 8,
  },
  // The split cards' halves: the mission succeeds (green) or fails (red).
  roles: { green: { word: 'SUCCESS' }, red: { word: 'FAIL' } },
  vocabularies: {
    resources: {
      intel: { label: 'Intel', icon: 'game-icons:files', color: '#1f6fb2' },
      gadget: { label: 'Gadget', icon: 'game-icons:gears', color: '#7a4fb0' },
      money: { label: 'Money', icon: 'game-icons:money-stack', color: '#b8860b' },
      contact: { label: 'Contact', icon: 'game-icons:shaking-hands', color: '#c2185b' },
    },
  },
  sets: {
    identities: { title: 'Secret Identities', kind: 'expansion' },
    shop: { title: 'Gadget Shopping', kind: 'expansion' },
  },
  types: {
    vote: cardType({
      name: 'Vote token',
      size: 'mini',
      hidden: true,
      back: 'shared',
      fields: {
        vote: oneOf(['YES', 'NO']),
        /** Orders the turns when cards are collected: low to high on SUCCESS, high to low on FAIL. */
        number: int({ min: 1, max: 99 }),
      },
    }),
    master: cardType({
      name: 'Master Card',
      size: 'poker',
      back: 'shared',
      halves: ['green', 'red'],
      fields: {
        title: text({ max: 24 }),
        /** The rule when the mission SUCCEEDS; the card is won green side up. */
        green: text({ max: 110 }),
        /** The rule when the mission FAILS; the card is won red side up. */
        red: text({ max: 110 }),
      },
    }),
    mission: cardType({
      name: 'Mission Card',
      size: 'poker',
      back: 'shared',
      halves: ['green', 'red'],
      fields: {
        /** Resources scored when the card is collected green side up (SUCCESS). */
        green: icons('resources', { min: 1, max: 4 }),
        /** Resources scored when the card is collected red side up (FAIL). */
        red: icons('resources', { min: 1, max: 4 }),
      },
    }),
    publicIdentity: cardType({
      name: 'Public Identity',
      size: 'poker',
      back: 'shared',
      fields: {
        title: text({ max: 24 }),
        /** A special ability only its owner has; it must be followed at all times. */
        ability: text({ max: 130 }),
      },
    }),
    secretIdentity: cardType({
      name: 'Secret Identity',
      size: 'poker',
      back: 'shared',
      hidden: true,
      fields: {
        title: text({ max: 24 }),
        /** Extra scoring for its owner, about the up halves of their collected Mission Cards. */
        scoring: text({ max: 130 }),
        /** The resources the scoring rule speaks of. */
        resources: icons('resources', { min: 1, max: 4 }),
      },
    }),
    shop: cardType({
      name: 'Shop Card',
      size: 'poker',
      back: 'shared',
      halves: ['green', 'red'],
      fields: {
        /** What the green half costs (bought on SUCCESS), paid with collected cards. */
        greenCost: icons('resources', { min: 1, max: 4 }),
        greenReward: text({ max: 80 }),
        /** What the red half costs (bought on FAIL). */
        redCost: icons('resources', { min: 1, max: 4 }),
        redReward: text({ max: 80 }),
      },
    }),
  },
  checks: {
    /** "5 YES and 5 NO Votes per player", at the highest player count. */
    'vote-deck'({ game, count, report }) {
      const players = game.players.max
      for (const [vote, perPlayer] of [['YES', game.params.yesVotesPerPlayer], ['NO', game.params.noVotesPerPlayer]] as const) {
        const have = count('vote', (c) => c.fields.vote === vote)
        if (have < perPlayer * players)
          report({ type: 'vote', message: `the vote deck has ${have} ${vote} votes; ${players} players need ${perPlayer * players} (${perPlayer} each)` })
      }
    },
    /** Vote numbers order the turns, so no two votes may share one. */
    'unique-vote-numbers'({ ofType, report }) {
      const first = new Map<number, string>()
      for (const vote of ofType('vote')) {
        const other = first.get(vote.fields.number)
        if (other) report({ card: vote, field: 'number', message: `vote number ${vote.fields.number} is also on "${other}": vote numbers must be unique to order the turns` })
        else first.set(vote.fields.number, vote.id)
        if (vote.qty > 1) report({ card: vote, field: 'number', message: `${vote.qty} copies of a numbered vote would share number ${vote.fields.number}` })
      }
    },
    /** A round is one vote per player; each round reveals a Master Card. */
    'master-per-round'({ game, count, report }) {
      const rounds = game.params.yesVotesPerPlayer + game.params.noVotesPerPlayer
      const masters = count('master')
      if (masters < rounds) report({ type: 'master', message: `${masters} Master Cards for ${rounds} rounds: the game needs one Master Card per round` })
    },
    /** The market starts with 6 Mission Cards and every player may collect one in the first round. */
    'mission-market'({ game, count, report }) {
      const needed = game.params.marketSize + game.players.max
      const missions = count('mission')
      if (missions < needed) report({ type: 'mission', message: `${missions} Mission Cards cannot fill the market of ${game.params.marketSize} and refill it for ${game.players.max} players: at least ${needed} needed` })
    },
    /** "Deal each player 1 Public Identity and 1 Secret Identity." */
    'identity-per-player'({ game, sets, count, report }) {
      if (!sets.includes('identities')) return
      for (const type of ['publicIdentity', 'secretIdentity'] as const) {
        const have = count(type)
        if (have < game.players.max) report({ type, message: `${have} ${game.types[type].name} cards for ${game.players.max} players: every player needs one` })
      }
    },
    /** A Shop Card is replaced after every purchase: a few rounds of shopping need several. */
    'shop-deck'({ game, sets, count, report }) {
      if (!sets.includes('shop')) return
      const have = count('shop')
      if (have < game.params.shopCards) report({ type: 'shop', message: `${have} Shop Cards: the shop needs at least ${game.params.shopCards} to be replaced after purchases` })
    },
  },
  examples: {
    turn: { title: 'A mission: the Master Card and three Mission Cards', cards: ['master-double-agent', 'mission-01', 'mission-02', 'mission-03'] },
  },
})
