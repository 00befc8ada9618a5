import { describe, expect, it } from 'vitest'
import { progressReporter } from '../../src/make/progress.ts'

const stream = (isTTY: boolean) => {
  const chunks: string[] = []
  return { chunks, stream: { isTTY, write: (s: string) => chunks.push(s) } as unknown as NodeJS.WriteStream }
}

describe('progressReporter', () => {
  it('prints a plain line every quarter where output is a log, of the faces ready (drawn or from the cache)', () => {
    const { chunks, stream: s } = stream(false)
    const report = progressReporter('g', s)
    for (let i = 1; i <= 100; i++) report(i, 100)
    expect(chunks).toEqual([
      'g: 25/100 faces ready\n',
      'g: 50/100 faces ready\n',
      'g: 75/100 faces ready\n',
      'g: 100/100 faces ready\n',
    ])
  })

  it('redraws one line on a terminal and clears it at the end', () => {
    const { chunks, stream: s } = stream(true)
    const ci = process.env.CI
    delete process.env.CI
    try {
      const report = progressReporter('g', s)
      report(1, 2)
      report(2, 2)
    } finally {
      if (ci !== undefined) process.env.CI = ci
    }
    expect(chunks[0]).toMatch(/^\rg: \[#+\.+\] 1\/2 faces$/)
    expect(chunks.at(-1)).toBe('\r\x1b[K')
  })
})
