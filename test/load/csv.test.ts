import { describe, expect, it } from 'vitest'
import { parseCsvCards } from '../../src/load/csv.ts'

describe('parseCsvCards', () => {
  it('reads a header and one card per row with the line and column of every cell', () => {
    const { value, diagnostics } = parseCsvCards(
      'id,type,cost,qty\nh1,hut,wood stone,2\n"h,2",hut,"wood",\n',
      'cards/g/huts.csv',
    )
    expect(diagnostics).toEqual([])
    expect(value.cards).toHaveLength(2)
    expect(value.cards[0]!.values.get('cost')).toEqual({ value: 'wood stone', pos: { line: 2, column: 8 } })
    expect(value.cards[1]!.values.get('id')).toEqual({ value: 'h,2', pos: { line: 3, column: 1 } })
    expect(value.cards[1]!.values.get('type')!.pos).toEqual({ line: 3, column: 7 })
    expect(value.cards[1]!.values.get('qty')!.value).toBeNull()
    expect(value.cards[1]!.pos.line).toBe(3)
  })

  it('keeps line numbers right after a cell that spans lines', () => {
    const { value } = parseCsvCards('id,text\na,"two\nlines"\nb,one\n', 'x.csv')
    expect(value.cards.map((c) => c.pos.line)).toEqual([2, 4])
    expect(value.cards[1]!.values.get('text')!.pos).toEqual({ line: 4, column: 3 })
  })

  it('counts a CR LF inside a quoted cell as one line break', () => {
    const { value } = parseCsvCards('id,text\r\na,"two\r\nlines"\r\nb,one\r\n', 'x.csv')
    expect(value.cards.map((c) => c.pos.line)).toEqual([2, 4])
    expect(value.cards[0]!.values.get('text')!.value).toBe('two\nlines')
  })

  it('places a row after empty lines on its own line', () => {
    const { value } = parseCsvCards('\nid,type\n\n\na,hut\n', 'x.csv')
    expect(value.cards[0]!.pos.line).toBe(5)
    expect(value.cards[0]!.values.get('type')!.pos).toEqual({ line: 5, column: 3 })
    expect(value.cards[0]!.keys.get('type')).toEqual({ line: 2, column: 4 })
  })

  it('reports a row with more cells than the header names', () => {
    const { diagnostics } = parseCsvCards('id,type\na,hut,extra\n', 'x.csv')
    expect(diagnostics).toMatchObject([{ rule: 'csv/extra-cells', line: 2, column: 7 }])
  })

  it('reports a header cell without a name', () => {
    const { diagnostics } = parseCsvCards('id,,type\na,x,hut\n', 'x.csv')
    expect(diagnostics).toMatchObject([{ rule: 'csv/empty-header', line: 1, column: 4 }])
  })

  it('reports a broken quote as a diagnostic, not a crash', () => {
    const { diagnostics } = parseCsvCards('id,type\n"a,hut\n', 'x.csv')
    expect(diagnostics).toMatchObject([{ rule: 'csv/syntax', severity: 'error', file: 'x.csv' }])
  })
})

describe('parseCsvCards header columns', () => {
  it('reports a header that names a column twice, and keeps the first column', () => {
    const { value, diagnostics } = parseCsvCards('id,bonus,type,bonus\na,+2,hut,\n', 'cards/g/huts.csv')
    expect(diagnostics).toMatchObject([
      { rule: 'csv/duplicate-header', severity: 'error', file: 'cards/g/huts.csv', line: 1, column: 15 },
    ])
    expect(diagnostics[0]!.message).toContain('`bonus` twice (columns 2 and 4)')
    expect(value.cards[0]!.values.get('bonus')!.value).toBe('+2')
  })

  it('ignores a column whose header begins with _ (a designer note)', () => {
    const { value, diagnostics } = parseCsvCards('id,_notes,type\na,check the cost,hut\n', 'x.csv')
    expect(diagnostics).toEqual([])
    expect([...value.cards[0]!.values.keys()]).toEqual(['id', 'type'])
    expect(value.cards[0]!.keys.has('_notes')).toBe(false)
  })
})
