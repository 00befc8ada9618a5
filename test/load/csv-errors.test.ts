import { describe, expect, it } from 'vitest'
import { parseCsvCards } from '../../src/load/csv.ts'
import type { RawCard } from '../../src/load/raw-card.ts'

const cardLines = (cards: readonly RawCard[]) => cards.map((c) => [c.values.get('id')!.value, c.pos.line])

describe('parseCsvCards with CSV syntax errors', () => {
  it('reads the three good rows around a row with a stray quote, each at its own line, and reports one error at the bad row', () => {
    const csv = 'id,type,cost\nh1,hut,wood\nh2,h"u"t,stone\nh3,hut,"clay\nore"\nh4,hut,wood\n'
    const { value, diagnostics } = parseCsvCards(csv, 'cards/g/huts.csv')
    expect(cardLines(value.cards)).toEqual([
      ['h1', 2],
      ['h3', 4],
      ['h4', 6],
    ])
    expect(value.cards[1]!.values.get('cost')).toEqual({ value: 'clay\nore', pos: { line: 4, column: 8 } })
    expect(value.cards[2]!.values.get('type')!.pos).toEqual({ line: 6, column: 4 })
    expect(diagnostics).toHaveLength(1)
    expect(diagnostics[0]).toMatchObject({
      rule: 'csv/syntax',
      severity: 'error',
      file: 'cards/g/huts.csv',
      line: 3,
      column: 5,
    })
    expect(diagnostics[0]!.message).toMatch(/^CSV syntax: a quote in the middle of the "type" cell/)
  })

  it('reads the rows after a quote that closes a cell too early, each at its own line', () => {
    const { value, diagnostics } = parseCsvCards('id,type\n\na,hut\nb,"hut"x\nc,hut\n\nd,hut\n', 'x.csv')
    expect(cardLines(value.cards)).toEqual([
      ['a', 3],
      ['c', 5],
      ['d', 7],
    ])
    expect(value.cards[2]!.values.get('type')!.pos).toEqual({ line: 7, column: 3 })
    expect(diagnostics).toEqual([
      expect.objectContaining({ rule: 'csv/syntax', severity: 'error', line: 4, column: 7 }),
    ])
    expect(diagnostics[0]!.message).toContain('followed by "x" instead of a comma or the end of the line')
  })

  it('keeps reading after a quote closed too early has swallowed the lines up to the next quote', () => {
    const { value, diagnostics } = parseCsvCards('id,type\na,hut\nb,"hut"x\nc,hut\nd,"dog"\ne,hut\n', 'x.csv')
    expect(cardLines(value.cards)).toEqual([
      ['a', 2],
      ['c', 4],
      ['d', 5],
      ['e', 6],
    ])
    expect(diagnostics).toMatchObject([{ rule: 'csv/syntax', line: 3, column: 7 }])
  })

  it('reads the cards before an unclosed quote and reports the line and column where the quote opened', () => {
    const csv = 'id,type,text\na,hut,plain\nb,hut,"two\nlines"\nc,hut,"starts here\nand runs on\nd,hut,lost\n'
    const { value, diagnostics } = parseCsvCards(csv, 'x.csv')
    expect(cardLines(value.cards)).toEqual([
      ['a', 2],
      ['b', 3],
    ])
    expect(diagnostics).toHaveLength(1)
    expect(diagnostics[0]).toMatchObject({ rule: 'csv/syntax', severity: 'error', line: 5, column: 7 })
    expect(diagnostics[0]!.message).toMatch(/the quote opening the "text" cell is never closed.*lines 6-7/)
  })

  it('reports each bad row once, at its first error', () => {
    const { value, diagnostics } = parseCsvCards('id,type\na,h"u"t\nb,"x"y"z"\nc,hut', 'x.csv')
    expect(value.cards.map((c) => c.pos.line)).toEqual([4])
    expect(diagnostics.map((d) => [d.rule, d.line, d.column])).toEqual([
      ['csv/syntax', 2, 4],
      ['csv/syntax', 3, 5],
    ])
  })

  it('reads no cards when the header row itself is broken', () => {
    const { value, diagnostics } = parseCsvCards('id,ty"pe\na,hut\n', 'x.csv')
    expect(value.cards).toEqual([])
    expect(diagnostics).toMatchObject([{ rule: 'csv/syntax', line: 1, column: 6 }])
    expect(diagnostics[0]!.message).toContain('header row')
  })
})
