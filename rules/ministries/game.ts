import { cardType, defineGame, int, icons, oneOf, text } from 'deckwright'

/**
 * Ministries: the rules engine. A co-operative game: the cabinet of a young nation achieves Milestones
 * before the Challenge deck runs out. Numbers the rules state are parameters; the checks below follow
 * from the rules text in rules.md.
 */

/** The resource vocabulary: every cost is paid with Resource cards of these types. */
const resources = {
  funds: { label: 'Funds', icon: 'game-icons:two-coins', color: '#976e07' },
  labour: { label: 'Labour', icon: 'game-icons:hammer-nails', color: '#c0392b' },
  materials: { label: 'Materials', icon: 'game-icons:brick-wall', color: '#6d4c41' },
  knowledge: { label: 'Knowledge', icon: 'game-icons:open-book', color: '#1f5fa8' },
  goodwill: { label: 'Goodwill', icon: 'game-icons:shaking-hands', color: '#2e7d4f' },
} as const

const resourceIds = Object.keys(resources) as (keyof typeof resources)[]

/** How many of each resource a cost asks for. */
const tally = (cost: readonly string[]) => {
  const n = new Map<string, number>()
  for (const r of cost) n.set(r, (n.get(r) ?? 0) + 1)
  return n
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export default defineGame({
  id: 'ministries',
  title: 'Ministries',
  version: '1.0.0',
  // The example's own cards and rules text, written for deckwright (the seed names no licence).
  license: 'CC-BY-4.0',
  players: { min: 2, max: 5 },
  params: {
    /** "The moment the team's score reaches the target, all players win." */
    targetScore: 15,
    /** "Each player draws 3 Resource cards and 1 Ministry card as their starting hand." */
    startingResources: 3,
    startingMinistries: 1,
    /** "Draw any combination of 3 cards from the Resource and/or Ministry decks." */
    drawPerTurn: 3,
    /** "Gather Resources: draw 1 additional card." */
    gatherDraw: 1,
    /** "If you have more than 7 cards, you must discard down to 7." */
    handLimit: 7,
    /** "Draw the top 2 cards from the Milestone deck. Choose 1 to attempt." */
    milestonesDrawn: 2,
    /** "The active player may play a maximum of one Ministry card to assist." */
    assistLimit: 1,
    /** "Flip over the top 1 card from the Challenge deck" at setup. */
    initialChallenges: 1,
    /** "If the number has reached the limit (2, or 3 for a 5-player game), this phase ends immediately." */
    challengeLimit: 2,
    fivePlayerChallengeLimit: 3,
    /** "If playing with 5 players … randomly remove 5 Challenge cards from the game." */
    fivePlayerCount: 5,
    fivePlayerRemovedChallenges: 5,
    /**
     * At most one Challenge is flipped per turn, so the Challenge deck is the game's clock: after the
     * 5-player removal and the setup flip it must still give the team at least this many turns.
     */
    minClockTurns: 24,
  },
  vocabularies: { resources },
  types: {
    milestone: cardType({
      name: 'Milestone Card',
      size: 'poker',
      back: 'shared',
      fields: {
        title: text({ max: 26 }),
        /** Paid together by every player, with Resource cards. */
        cost: icons('resources', { min: 2, max: 8 }),
        /** Added to the team's score; also decides the starting player. */
        points: int({ min: 1, max: 6 }),
        flavor: text({ max: 64, optional: true }),
      },
    }),
    ministry: cardType({
      name: 'Ministry Card',
      size: 'poker',
      back: 'shared',
      fields: {
        title: text({ max: 28 }),
        /** ACTION: played as your action ("Use a Ministry Card"). ASSIST: played while you attempt a Milestone. */
        use: oneOf(['action', 'assist']),
        ability: text({ max: 100 }),
        flavor: text({ max: 48, optional: true }),
      },
    }),
    challenge: cardType({
      name: 'Challenge Card',
      size: 'poker',
      back: 'shared',
      fields: {
        title: text({ max: 22 }),
        /** Paid to remove the Challenge: by the whole team the turn it is flipped, later by one player alone. */
        cost: icons('resources', { min: 1, max: 6 }),
        /** Cards the team discards, once, when it cannot or will not deal with the new Challenge. */
        penalty: int({ min: 1, max: 4 }),
        flavor: text({ max: 56, optional: true }),
      },
    }),
    resource: cardType({
      name: 'Resource Card',
      size: 'poker',
      back: 'shared',
      fields: {
        resource: oneOf(resourceIds),
      },
    }),
  },
  checks: {
    /** "Each player draws 3 Resource cards and 1 Ministry card", at the highest player count. */
    'starting-hands'({ game, count, report }) {
      const players = game.players.max
      for (const [type, each, name] of [
        ['resource', game.params.startingResources, 'Resource'],
        ['ministry', game.params.startingMinistries, 'Ministry'],
      ] as const) {
        const have = count(type)
        if (have < players * each) report({ type, message: `the ${name} deck has ${plural(have, 'card')}; ${players} starting hands need ${players * each} (${each} each)` })
      }
    },
    /**
     * Resource and Ministry cards are reshuffled from their discard piles, but cards held in hands never
     * come back: with every hand full, the active player must still be able to draw and gather.
     */
    'draw-supply'({ game, count, report }) {
      const { handLimit, drawPerTurn, gatherDraw } = game.params
      const have = count('resource') + count('ministry')
      const need = game.players.max * handLimit + drawPerTurn + gatherDraw
      if (have < need)
        report({ type: 'resource', message: `the Resource and Ministry decks hold ${have} cards together; with ${game.players.max} full hands of ${handLimit} the active player still draws ${drawPerTurn + gatherDraw}, so ${need} are needed` })
    },
    /** Costs are paid with Resource cards: every resource named in a cost must exist often enough in the Resource deck. */
    'costs-payable'({ ofType, count, report }) {
      const copies = new Map(resourceIds.map((r) => [r, count('resource', (c) => c.fields.resource === r)] as const))
      for (const [r, n] of copies) if (n === 0) report({ type: 'resource', message: `the Resource deck has no ${resources[r].label} cards, but ${resources[r].label} is one of the game's resources` })
      for (const card of [...ofType('milestone'), ...ofType('challenge')]) {
        for (const [r, need] of tally(card.fields.cost)) {
          const have = copies.get(r as keyof typeof resources) ?? 0
          if (have > 0 && need > have) report({ card, field: 'cost', message: `the cost asks for ${need} ${resources[r as keyof typeof resources].label}, but the Resource deck holds only ${have}` })
        }
      }
    },
    /** "Deal with a Challenge: single-handedly pay its resource cost": one hand, kept to the hand limit, must be able to hold it. */
    'challenge-solo-payable'({ game, ofType, report }) {
      for (const card of ofType('challenge')) {
        if (card.fields.cost.length > game.params.handLimit)
          report({ card, field: 'cost', message: `the Challenge costs ${card.fields.cost.length} resources, but one player pays it alone from a hand of at most ${game.params.handLimit} cards` })
      }
    },
    /** "All players may contribute Resource cards" to a Milestone: the smallest team's full hands must be able to pay it. */
    'milestone-team-payable'({ game, ofType, report }) {
      const most = game.players.min * game.params.handLimit
      for (const card of ofType('milestone')) {
        if (card.fields.cost.length > most)
          report({ card, field: 'cost', message: `the Milestone costs ${card.fields.cost.length} resources, but ${game.players.min} players hold at most ${most} cards together` })
      }
    },
    /** "Each player draws 1 Milestone card. The player with the highest point value is the starting player." */
    'start-player-draw'({ game, ofType, count, report }) {
      const have = count('milestone')
      if (have < game.players.max) report({ type: 'milestone', message: `the Milestone deck has ${plural(have, 'card')}; each of ${game.players.max} players draws one to choose the starting player` })
      const values = new Set(ofType('milestone').map((c) => c.fields.points))
      if (have > 0 && values.size < 2)
        report({ type: 'milestone', message: `every Milestone is worth ${[...values][0]} points, so drawing them cannot decide the starting player: at least 2 different point values are needed` })
    },
    /** The team wins when its score reaches the target: the Milestone deck must hold that many points. */
    'milestone-points'({ game, ofType, report }) {
      const total = ofType('milestone').reduce((n, c) => n + c.fields.points * c.qty, 0)
      if (total < game.params.targetScore) report({ type: 'milestone', message: `the Milestones are worth ${total} points in all, less than the target score of ${game.params.targetScore}` })
    },
    /**
     * The Challenge deck is the clock: at most one Challenge flips per turn and the team loses when one
     * must flip and the deck is empty. After the 5-player removal and the setup flip it must last the
     * turns the rules promise.
     */
    'challenge-clock'({ game, count, report }) {
      const { fivePlayerCount, fivePlayerRemovedChallenges, initialChallenges, minClockTurns } = game.params
      const have = count('challenge')
      const removed = game.players.max >= fivePlayerCount ? fivePlayerRemovedChallenges : 0
      const turns = have - removed - initialChallenges
      if (turns < minClockTurns) {
        const setup = removed ? `${removed} removed for ${fivePlayerCount} players and ${initialChallenges} flipped at setup` : `${initialChallenges} flipped at setup`
        report({ type: 'challenge', message: `the Challenge deck has ${have} cards; with ${setup} it can run out after ${turns} turns, but it must last at least ${minClockTurns} turns (${minClockTurns + removed + initialChallenges} cards)` })
      }
    },
    /**
     * A perfect team still needs resources and turns: for every player count, the cheapest Milestones that
     * reach the target must be affordable from the starting hands and the draws of the turns the clock
     * allows, after the least the Challenges take each turn (a new Challenge's cost or penalty, or the upkeep
     * of a full row of Challenges), with one turn's action for each Milestone.
     */
    'target-within-clock'({ game, ofType, count, report }) {
      const p = game.params
      const milestones = ofType('milestone')
        .flatMap((c) => Array.from({ length: c.qty }, () => c))
        .sort((a, b) => a.fields.cost.length / a.fields.points - b.fields.cost.length / b.fields.points)
      let points = 0
      let cost = 0
      let achieved = 0
      for (const m of milestones) {
        if (points >= p.targetScore) break
        points += m.fields.points
        cost += m.fields.cost.length
        achieved++
      }
      if (points < p.targetScore) return // 'milestone-points' reports it
      const challenges = ofType('challenge')
      if (challenges.length === 0) return // 'challenge-clock' reports it
      for (let players = game.players.min; players <= game.players.max; players++) {
        const five = players >= p.fivePlayerCount
        const limit = five ? p.fivePlayerChallengeLimit : p.challengeLimit
        const turns = count('challenge') - (five ? p.fivePlayerRemovedChallenges : 0) - p.initialChallenges
        const drain = Math.min(limit, ...challenges.map((c) => Math.min(c.fields.cost.length, c.fields.penalty)))
        const income = players * p.startingResources + turns * p.drawPerTurn - Math.max(0, turns - 1) * drain
        if (achieved > turns || income < cost)
          report({
            type: 'milestone',
            message: `with ${players} players a Challenge flipping every turn leaves ${turns} turns and at best ${income} resources after Challenges, but reaching ${p.targetScore} points takes ${achieved} Milestones costing ${cost} resources`,
          })
      }
    },
  },
  examples: {
    attempt: { title: 'Achieving a Milestone with the Ministry of Works, then facing the new Challenge', cards: ['milestone-railway', 'ministry-works', 'challenge-river-flood'] },
    'start-player': { title: 'Choosing the starting player: the Peace Treaty (5 points) beats the Railway (4)', cards: ['milestone-village-wells', 'milestone-railway', 'milestone-peace-treaty'] },
  },
})
