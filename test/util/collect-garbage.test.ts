import { describe, expect, it } from 'vitest'
import { getHeapStatistics } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { collectGarbage } from '../../src/util/collect-garbage.ts'

const usedMb = () => getHeapStatistics().used_heap_size / 1024 / 1024

describe('collectGarbage', () => {
  it('collects a heap above the size it is given, and leaves a smaller one alone', () => {
    expect(collectGarbage(1_000_000)).toBe(false)
    // ~80 MB of objects nobody holds any more
    let garbage: unknown[] | undefined = Array.from({ length: 400_000 }, (_, i) => ({
      i,
      text: `card ${i}`,
      list: [i, i + 1],
    }))
    expect(garbage.length).toBe(400_000)
    garbage = undefined
    const before = usedMb()
    expect(collectGarbage(1)).toBe(true)
    expect(usedMb()).toBeLessThan(before - 20)
  })

  it('leaves no `gc` to the contexts made after it', () => {
    collectGarbage(1)
    expect(runInNewContext('typeof gc')).toBe(typeof (globalThis as { gc?: unknown }).gc)
  })
})
