import { cardType, defineGame, int, oneOf, text } from 'deckwright'

/**
 * The text-heavy game `npm run bench -- --text-heavy` builds: a party game of thousands of cards, each with
 * its own text (a question or a dare), a few of them with symbols only a CJK font draws. A question's text is
 * its card's field; a dare's is a template word (`templates/party/lang/en.yaml`, by the card's id), as a game
 * translated into other languages may keep them: each dare face shows a text of its own language.
 */
export default defineGame({
  id: 'party',
  title: 'Party',
  version: '1.0.0',
  players: { min: 3, max: 12 },
  params: {},
  types: {
    question: cardType({
      name: 'Question',
      fields: {
        category: oneOf(['Memories', 'Wishes', 'Secrets', 'Opinions']),
        text: text({ max: 600 }),
        points: int({ min: 1, max: 5 }),
      },
    }),
    dare: cardType({
      name: 'Dare',
      fields: {
        title: text({ max: 60 }),
        points: int({ min: 1, max: 5 }),
      },
    }),
  },
})
