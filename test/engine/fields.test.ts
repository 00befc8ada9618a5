import { describe, expect, it } from 'vitest'
import { bool, icons, int, oneOf, ref, text } from '../../src/engine/fields.ts'

const ctx = { vocab: { resources: ['wood', 'stone'] } }

describe('fields', () => {
  it('int accepts whole numbers in range, also written as text in CSV', () => {
    const f = int({ min: 1, max: 5 })
    expect(f.parse(3, ctx)).toEqual({ ok: true, value: 3 })
    expect(f.parse('4', ctx)).toEqual({ ok: true, value: 4 })
    expect(f.parse(6, ctx)).toMatchObject({ ok: false, rule: 'card/out-of-range' })
    expect(f.parse(0, ctx)).toMatchObject({ ok: false, rule: 'card/out-of-range' })
    expect(f.parse(2.5, ctx)).toMatchObject({ ok: false, rule: 'card/wrong-type' })
    expect(f.parse('five', ctx)).toMatchObject({
      ok: false,
      rule: 'card/wrong-type',
      message: expect.stringContaining('"five"'),
    })
  })

  it('oneOf names the allowed values and suggests the near one', () => {
    const f = oneOf(['YES', 'NO'])
    expect(f.parse('NO', ctx)).toEqual({ ok: true, value: 'NO' })
    const bad = f.parse('yes', ctx)
    expect(bad).toMatchObject({ ok: false, rule: 'card/unknown-value' })
    expect(!bad.ok && bad.message).toContain('did you mean "YES"')
  })

  it('text enforces its length limit', () => {
    expect(text({ max: 5 }).parse('short', ctx)).toEqual({ ok: true, value: 'short' })
    expect(text({ max: 5 }).parse('longer', ctx)).toMatchObject({ ok: false, rule: 'card/text-too-long' })
    // An inline icon is one character to a reader, however long its name.
    expect(text({ max: 5 }).parse('Pay [intel].', ctx)).toMatchObject({
      ok: false,
      message: expect.stringContaining('text is 6 characters long'),
    })
    expect(text({ max: 6 }).parse('Pay [resources:intel].', ctx)).toEqual({ ok: true, value: 'Pay [resources:intel].' })
    expect(text().parse(['a'], ctx)).toMatchObject({ ok: false, rule: 'card/wrong-type' })
  })

  it('icons accept lists and space-separated words from the vocabulary only', () => {
    const f = icons('resources', { min: 1, max: 2 })
    expect(f.parse(['wood', 'stone'], ctx)).toEqual({ ok: true, value: ['wood', 'stone'] })
    expect(f.parse('wood stone', ctx)).toEqual({ ok: true, value: ['wood', 'stone'] })
    const bad = f.parse(['wood', 'stnoe'], ctx)
    expect(bad).toMatchObject({ ok: false, rule: 'card/unknown-icon' })
    expect(!bad.ok && bad.message).toContain('did you mean "stone"')
    expect(f.parse([], ctx)).toMatchObject({ ok: false, rule: 'card/out-of-range' })
    expect(f.parse(['wood', 'wood', 'wood'], ctx)).toMatchObject({ ok: false, rule: 'card/out-of-range' })
  })

  it('bool and ref read their values', () => {
    expect(bool().parse('true', ctx)).toEqual({ ok: true, value: true })
    expect(bool().parse('maybe', ctx)).toMatchObject({ ok: false })
    expect(ref('master').parse('m-1', ctx)).toEqual({ ok: true, value: 'm-1' })
    expect(ref('master').parse(3, ctx)).toMatchObject({ ok: false })
  })

  it('marks optional fields', () => {
    expect(int({ optional: true }).optional).toBe(true)
    expect(int().optional).toBe(false)
  })
})
