import { cardType, defineGame, icons, int, oneOf, text } from 'deckwright'

/** The synthetic game `npm run bench` builds: a split card type like the Maybe games', and tokens. */
export default defineGame({
  id: 'bench',
  title: 'Bench',
  version: '1.0.0',
  players: { min: 2, max: 6 },
  params: {},
  vocabularies: {
    resources: {
      intel: { label: 'Intel', icon: 'game-icons:files', color: '#1f6fb2' },
      gadget: { label: 'Gadget', icon: 'game-icons:gears', color: '#7a4fb0' },
      money: { label: 'Money', icon: 'game-icons:money-stack', color: '#b8860b' },
      contact: { label: 'Contact', icon: 'game-icons:shaking-hands', color: '#c2185b' },
    },
  },
  types: {
    mission: cardType({
      name: 'Mission Card',
      halves: ['green', 'red'],
      fields: {
        title: text({ max: 40 }),
        green: icons('resources', { min: 1, max: 4 }),
        red: icons('resources', { min: 1, max: 4 }),
        value: int({ min: 0, max: 99 }),
      },
    }),
    token: cardType({
      name: 'Token',
      size: 'mini',
      hidden: true,
      fields: { vote: oneOf(['YES', 'NO']), number: int({ min: 1 }) },
    }),
  },
})
