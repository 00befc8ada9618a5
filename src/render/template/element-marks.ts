/**
 * Marks deckwright's components put on the elements they return, for the face checks to read after the
 * template has run: the card field an element shows, the art file an image draws, what the checks leave
 * alone (the version stamp). Symbol keys: satori and takumi read a host element's props by name, so the
 * marks change nothing they draw, and spreading props (as `borderBox` does) keeps them.
 */
export const FIELD_MARK: unique symbol = Symbol.for('deckwright.face.field')
export const ART_MARK: unique symbol = Symbol.for('deckwright.face.art')
export const EXEMPT_MARK: unique symbol = Symbol.for('deckwright.face.exempt')

/** Props that mark an element as showing a card field (nothing when there is no field). */
export const fieldMark = (field: string | undefined): Record<symbol, string> => (field ? { [FIELD_MARK]: field } : {})

/** Props that mark an image as drawing an art file. */
export const artMark = (file: string): Record<symbol, string> => ({ [ART_MARK]: file })

/** Props that keep an element and what it holds out of the face checks (the version stamp, outside the safe zone by design). */
export const exemptMark = (): Record<symbol, true> => ({ [EXEMPT_MARK]: true })
