import { describe, expect, it } from 'vitest'
import { paginate, spacer, type FlowItem } from '../../src/booklet/flow.ts'
import { smarten, rangeDash } from '../../src/booklet/typography.ts'
import { tintColour } from '../../src/booklet/styles.ts'

const line = (name: string, extra: Partial<FlowItem> = {}): FlowItem & { name: string } => ({
  name,
  height: 10,
  spaceBefore: 0,
  frames: [],
  draw: () => {},
  ...extra,
})
const names = (pages: ReturnType<typeof paginate>) =>
  pages.map((p) => p.map((x) => (x.item as FlowItem & { name?: string }).name ?? 'spacer'))

describe('paginate', () => {
  it('fills pages in order', () => {
    const items = Array.from({ length: 5 }, (_, i) => line(`l${i}`))
    expect(names(paginate(items, 0, 30))).toEqual([
      ['l0', 'l1', 'l2'],
      ['l3', 'l4'],
    ])
  })

  it('never leaves a heading alone at the foot of a page', () => {
    const items = [line('a'), line('b'), line('heading', { keepWithNext: true, spaceBefore: 2 }), line('text')]
    // The heading would fit (2 + 10 + 10 + 2 + 10 = 34 > 30 with its text): it moves on with its text.
    expect(names(paginate(items, 0, 33))).toEqual([
      ['a', 'b'],
      ['heading', 'text'],
    ])
  })

  it('keeps a whole chain (heading, first two lines) together when it fits on a page', () => {
    const items = [
      line('a'),
      line('heading', { keepWithNext: true }),
      line('first', { keepWithNext: true }),
      line('second'),
      line('third'),
    ]
    expect(names(paginate(items, 0, 35))).toEqual([['a'], ['heading', 'first', 'second'], ['third']])
  })

  it('breaks a chain longer than a page instead of looping', () => {
    const items = Array.from({ length: 5 }, (_, i) => line(`k${i}`, { keepWithNext: true }))
    expect(names(paginate(items, 0, 20)).flat()).toEqual(['k0', 'k1', 'k2', 'k3', 'k4'])
  })

  it('drops the gap above an item that starts a page', () => {
    const pages = paginate([line('a'), line('b', { spaceBefore: 5 })], 0, 20)
    expect(names(pages)).toEqual([['a'], ['b']])
    expect(pages[1]![0]!.y).toBe(0)
  })

  it('drops discardable padding that does not fit or would start a page', () => {
    const items = [
      line('a', { height: 18 }),
      spacer(4, [], { discardable: true }),
      line('c'),
      spacer(4, [], { discardable: true }),
    ]
    expect(names(paginate(items, 0, 20))).toEqual([['a'], ['c', 'spacer']])
    expect(
      names(paginate([line('a', { height: 20 }), spacer(4, [], { discardable: true }), line('c')], 0, 20)),
    ).toEqual([['a'], ['c']])
  })
})

describe('typography', () => {
  it('turns straight quotes into curly ones, apostrophes included', () => {
    expect(smarten("\"Hi,\" she said. It's the players' turn; 'quoted'.")).toBe(
      '“Hi,” she said. It’s the players’ turn; ‘quoted’.',
    )
  })

  it('counts open quotes across a block, as goldmark does', () => {
    // A quote that could open or close closes only when one is open.
    expect(smarten('"a" "b"')).toBe('“a” “b”')
    expect(smarten('x"."')).toBe('x"."')
  })

  it('makes dashes and ellipses', () => {
    expect(smarten('a -- b --- c...')).toBe('a – b — c…')
    expect(smarten('lowest -> highest')).toBe('lowest -> highest')
  })

  it('puts en dashes in number ranges', () => {
    expect(rangeDash('3-6 players, 30 - 45 minutes')).toBe('3–6 players, 30–45 minutes')
  })
})

describe('tints', () => {
  it('maps the theme’s names, accepts hex and falls back to the parent', () => {
    expect(tintColour('green')).toBe('#2e8b57')
    expect(tintColour('RED')).toBe('#c0392b')
    expect(tintColour('#123abc')).toBe('#123abc')
    expect(tintColour('chartreuse-ish', '#000000')).toBe('#000000')
    expect(tintColour(undefined, '#111111')).toBe('#111111')
  })
})
