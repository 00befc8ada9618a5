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

  it('refuses a header of more than 1,000 columns, at the first one past the limit, before reading its rows', () => {
    // 100,000 columns with values took 117 s to validate (each cell's place found from the row's start).
    const names = Array.from({ length: 100_000 }, (_, i) => `c${i}`)
    const text = `${names.join(',')}\n${names.map((_, i) => `v${i}`).join(',')}\n`
    const { value, diagnostics } = parseCsvCards(text, 'cards/g/wide.csv')
    expect(diagnostics).toEqual([
      {
        rule: 'csv/too-many-columns',
        severity: 'error',
        file: 'cards/g/wide.csv',
        line: 1,
        column: text.indexOf('c1000,') + 1,
        message: 'the header row names 100,000 columns, the limit is 1,000: no card of this file is read',
      },
    ])
    expect(value.unreadable).toBe(true)
    expect(value.cards).toEqual([])
    // At the limit, every cell keeps its place, on a row that spans lines too.
    const wide = names.slice(0, 1000)
    const row = wide.map((_, i) => (i === 500 ? '"two\nlines"' : `v${i}`)).join(',')
    const read = parseCsvCards(`${wide.join(',')}\n${row}\n`, 'x.csv')
    expect(read.diagnostics).toEqual([])
    expect(read.value.cards[0]!.values.get('c999')!.pos).toEqual({
      line: 3,
      column: row.length - row.indexOf('\n') - 4,
    })
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
