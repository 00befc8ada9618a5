/**
 * The seeded random generator every simulated game is given (sfc32: four 32-bit words, fast, and the same
 * numbers on every platform). A game's seed comes from the run's seed and the game's index (`gameSeed`), so a
 * run gives the same figures whatever the number of threads, and one game can be played again from its seed.
 */
export class Rng {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(seed: number) {
    // splitmix32 spreads one 32-bit seed over the four words; sfc32 then warms up for a few rounds.
    let s = seed >>> 0
    const mix = () => {
      s = (s + 0x9e3779b9) | 0
      let z = s
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
      return (z ^ (z >>> 16)) >>> 0
    }
    this.a = mix()
    this.b = mix()
    this.c = mix()
    this.d = mix()
    for (let i = 0; i < 12; i++) this.u32()
  }

  /** A whole number from 0 to 2^32 − 1. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return t >>> 0
  }

  /** A number from 0 (included) to 1 (excluded). */
  next(): number {
    return this.u32() / 4294967296
  }

  /** A whole number from 0 to `n − 1`. */
  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p
  }

  /** One of `items` (undefined when there are none). */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!
  }

  /** Shuffles `items` in place (Fisher–Yates) and returns them. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1)
      const t = items[i]!
      items[i] = items[j]!
      items[j] = t
    }
    return items
  }

  /** A new generator seeded from this one: what a bot thinks with, so that its thinking does not change the game's own draws. */
  fork(): Rng {
    return new Rng(this.u32())
  }
}

/** A 32-bit seed from any text or number a designer gives (`--seed 1`, `--seed spring-test`). */
export const seedOf = (seed: string | number): number => {
  const text = String(seed).trim()
  if (/^\d+$/.test(text) && Number(text) <= 0xffffffff) return Number(text) >>> 0
  // FNV-1a over the text's UTF-16 units.
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** The seed of the run's game `index`: from the run's seed and the index alone. */
export const gameSeed = (runSeed: number, index: number): number => {
  let z = (Math.imul(runSeed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca77)) >>> 0
  z = Math.imul(z ^ (z >>> 16), 0x7feb352d)
  z = Math.imul(z ^ (z >>> 15), 0x846ca68b)
  return (z ^ (z >>> 16)) >>> 0
}

/** A game's seed as designers type it back (`--replay 3f2a91c0`). */
export const seedText = (seed: number): string => (seed >>> 0).toString(16).padStart(8, '0')
