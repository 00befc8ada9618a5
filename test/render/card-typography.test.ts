import { describe, expect, it } from 'vitest'
import { checkDeck } from '../../src/engine/check.ts'
import { cardType, defineGame, type Card } from '../../src/engine/define.ts'
import { int, oneOf, text } from '../../src/engine/fields.ts'
import { typesetCard } from '../../src/render/template/card-typography.ts'
import { quotationMarks } from '../../src/render/text/quotation-marks.ts'
import { curlQuotes } from '../../src/render/text/typographer.ts'

describe('curlQuotes', () => {
  it('makes straight quotes and apostrophes typographic, as the booklet does', () => {
    expect(curlQuotes(`The "Swift" Clipper`)).toBe('The \u201cSwift\u201d Clipper')
    expect(curlQuotes(`Jan's ship, the '90s, 'tis 'quoted'.`)).toBe(
      'Jan\u2019s ship, the \u201990s, \u2019tis \u2018quoted\u2019.',
    )
  })

  it("in the language's quotation marks, the apostrophe the same in every language", () => {
    expect(curlQuotes(`Het "snelle" schip van Jan's vader`, quotationMarks('nl'))).toBe(
      'Het \u2018snelle\u2019 schip van Jan\u2019s vader',
    )
    expect(curlQuotes(`Das "schnelle" Schiff`, quotationMarks('de'))).toBe('Das \u201eschnelle\u201c Schiff')
  })

  it('leaves dashes, dots and what it cannot tell open from closed as written; each line counts its own quotes', () => {
    expect(curlQuotes('2--3 cards... then -- "go"')).toBe('2--3 cards... then -- \u201cgo\u201d')
    expect(curlQuotes('a "b\n"c"')).toBe('a \u201cb\n\u201cc\u201d')
    expect(curlQuotes('no quotes here')).toBe('no quotes here')
  })
})

describe('typesetCard', () => {
  const types = {
    ship: cardType({ name: 'Ship', fields: { title: text(), speed: int(), kind: oneOf(["it's", 'b']) } }),
  }
  const game = defineGame({ id: 'g', title: 'G', version: '1', players: { min: 1, max: 2 }, params: {}, types })
  const card: Card = {
    id: "ship's-1",
    type: 'ship',
    set: 'base',
    qty: 1,
    fields: { title: 'The "Swift"', speed: 3, kind: "it's" },
    source: { file: 'x', pos: { line: 1, column: 1 }, fields: {} },
  }

  it('changes only the text fields, never the id, numbers or other kinds, and says when it did', () => {
    const { card: shown, curled } = typesetCard(game, card, 'en')
    expect(curled).toBe(true)
    expect(shown).toEqual({ ...card, fields: { title: 'The \u201cSwift\u201d', speed: 3, kind: "it's" } })
    expect(card.fields.title).toBe('The "Swift"')
    const plain = { ...card, fields: { ...card.fields, title: 'Swift' } }
    expect(typesetCard(game, plain, 'en')).toEqual({ card: plain, curled: false })
  })

  it('keeps straight quotes when the game says so, and refuses a setting it does not know', () => {
    const straight = { ...game, typography: { quotes: 'straight' as const } }
    expect(typesetCard(straight, card, 'en')).toEqual({ card, curled: false })
    const odd = { ...game, typography: { quotes: 'smart' } } as never
    expect(checkDeck(odd, [], 'rules/g/game.ts')).toEqual([
      expect.objectContaining({ rule: 'game/unknown-quotes', message: expect.stringContaining('"smart"') }),
    ])
    expect(checkDeck(straight, [], 'rules/g/game.ts')).toEqual([])
  })
})
