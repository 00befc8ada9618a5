import { describe, expect, it } from 'vitest'
import { append } from '../../src/util/append.ts'

describe('append', () => {
  it('adds every item of every list, in order, however many there are', () => {
    // `push(...items)` throws "Maximum call stack size exceeded" past ~120,000 items: the diagnostics of a
    // 140,000-card catalogue with a warning each made `validate` stop with exit 2 instead of reporting them.
    const many = Array.from({ length: 300_000 }, (_, i) => i)
    const list = [-1]
    expect(append(list, many, new Set([300_000]))).toBe(list)
    expect(list.length).toBe(300_002)
    expect(list[0]).toBe(-1)
    expect(list[1]).toBe(0)
    expect(list[300_000]).toBe(299_999)
    expect(list[300_001]).toBe(300_000)
  })
})
