// How thick a card is, from the weight of the card stock it is printed on: what a tuck box's depth is made of.
// (Its own module: the command line reads it without loading the PDF writer.)

/** Card stock's thickness per gsm, in millimetres: 1.1 µm a gsm (300 gsm → 0.33 mm), a usual caliper of uncoated card. */
export const MM_PER_GSM = 0.0011

/** The paper weight cards are taken to be printed on when the designer names none. */
export const DEFAULT_CARD_GSM = 300

/** A card's thickness on paper of `gsm` grams a square metre. */
export const cardThicknessMm = (gsm: number): number => gsm * MM_PER_GSM
