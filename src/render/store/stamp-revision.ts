import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

/** How many hex digits of a card's revision its stamp shows: a clash among one card's few versions is one in a million. */
export const REVISION_DIGITS = 5

/**
 * A card's short revision, for its stamp: a digest of the pixels of its faces as drawn without a stamp
 * (front then back). Derived from what is drawn, not from what the faces are drawn from: a template
 * refactor or a package upgrade that moves no pixel keeps every card's stamp, and a card that looks
 * different (its data, its template, its art, its back) gets a new one, as `deckwright changes` sees it.
 */
export const stampRevision = (frontPng: string, backPng: string): string =>
  createHash('sha256')
    .update(readFileSync(frontPng))
    .update(readFileSync(backPng))
    .digest('hex')
    .slice(0, REVISION_DIGITS)
