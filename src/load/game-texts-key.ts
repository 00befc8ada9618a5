/** The key of a translation file that holds the game's own texts rather than a card's (no card id starts with it). */
export const GAME_TEXTS_KEY = '_game'
