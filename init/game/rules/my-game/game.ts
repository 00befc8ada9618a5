import { cardType, defineGame, icons, int, text } from 'deckwright'

/**
 * My Game: the rules engine. It says what cards exist, what each card holds, and what a full deck must
 * satisfy. `deckwright validate` checks every card file against it; the templates are typed against it.
 */
export default defineGame({
  id: 'my-game',
  title: 'My Game',
  version: '0.1.0', // stamped on the fronts with `deckwright build --stamp`
  players: { min: 2, max: 4 },
  // Numbers the rules state once; the checks below (and templates) read them.
  params: {
    /** "Lay out 3 Harvest cards faceup: the field." */
    fieldSize: 3,
    /** "Lay out 3 Order cards faceup: the market." */
    marketSize: 3,
  },
  // The split cards' halves: each colour role gets the word printed on its half (beside its symbol).
  roles: { yellow: { word: 'SUN' }, blue: { word: 'RAIN' } },
  // Words that cards may name: in an `icons(...)` field, or inline in text as [grain].
  vocabularies: {
    goods: {
      grain: { label: 'Grain', icon: 'game-icons:wheat', color: '#b8860b' },
      wood: { label: 'Wood', icon: 'game-icons:wood-pile', color: '#7a4a1e' },
      stone: { label: 'Stone', icon: 'game-icons:stone-block', color: '#5f6b73' },
      gold: { label: 'Gold', icon: 'game-icons:coins', color: '#c99a06' },
    },
  },
  types: {
    // A split card: two halves on one front, the second turned 180°. Only the half pointing away from
    // its owner counts.
    harvest: cardType({
      name: 'Harvest Card',
      size: 'poker', // or bridge, mini, tarot, square, euro, '63x88mm'
      halves: ['yellow', 'blue'],
      fields: {
        title: text({ max: 20 }),
        /** The goods it yields when its SUN half points up. */
        sun: icons('goods', { min: 1, max: 3 }),
        /** The goods it yields when its RAIN half points up. */
        rain: icons('goods', { min: 1, max: 3 }),
      },
    }),
    // A plain card: one front, and the back shared by the whole deck.
    order: cardType({
      name: 'Order Card',
      size: 'poker',
      fields: {
        title: text({ max: 20 }),
        /** The goods a player delivers to fill it. */
        cost: icons('goods', { min: 1, max: 4 }),
        points: int({ min: 1, max: 9 }),
        /** A reward besides the points; may name goods inline: "Take [gold]." */
        bonus: text({ max: 70, optional: true }),
      },
    }),
  },
  // Deck checks: rules about the whole box, reported by `deckwright validate` like any card error.
  checks: {
    /** The market is refilled after every filled Order: the box needs at least two markets' worth. */
    'order-deck'({ game, count, report }) {
      const needed = 2 * game.params.marketSize
      const have = count('order') // copies counted with their qty
      if (have < needed) report({ type: 'order', message: `${have} Order cards: the market of ${game.params.marketSize} needs at least ${needed}` })
    },
  },
  // Examples the rules booklet draws with the real faces: {{< rules-example id="turn" >}} in rules.md.
  examples: {
    turn: {
      title: 'SUN up on the Orchard, RAIN up on the Quarry: 2 grain and 2 stone fill the Bakery order',
      cards: ['harvest-orchard', 'harvest-quarry', 'order-bakery'],
      turned: ['first', 'second', 'first'], // 'second' turns a card so its second half points up
    },
  },
  // Cards kept in Google Sheets: publish the sheet as CSV (File → Share → Publish to web) and list it here;
  // `deckwright pull` downloads it into cards/my-game/ to commit (builds never download). docs/spreadsheets.md.
  // sources: { 'orders.csv': 'https://docs.google.com/spreadsheets/d/e/…/pub?gid=0&single=true&output=csv' },
})
