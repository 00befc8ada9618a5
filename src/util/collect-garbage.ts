import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/** This thread's full garbage collection, found once: null where the runtime does not give it. */
let collector: (() => void) | null | undefined

const findCollector = (): (() => void) | null => {
  const own = (globalThis as { gc?: unknown }).gc
  if (typeof own === 'function') return own as () => void
  try {
    // What the `expose-gc` package does: a context made while the flag is set has `gc`; the flag is then
    // put back, so no context made later (a game's own) gets it.
    setFlagsFromString('--expose-gc')
    const found: unknown = runInNewContext('gc')
    setFlagsFromString('--no-expose-gc')
    return typeof found === 'function' ? (found as () => void) : null
  } catch {
    return null
  }
}

/**
 * Collects this thread's garbage now when its JavaScript heap holds more than `aboveMb` (live or not):
 * at the end of a stage that made much of it, before a stage that needs memory of its own. V8 lets a heap
 * grow to two to four times what it holds before it collects: after reading 50,000 cards a thread held
 * ~200 MB, most of it garbage, while the drawing began beside it (the build's peak 690 → 470 MB). A
 * collection costs ~50 ms on such a heap, so small heaps are left to V8. Returns whether it collected.
 */
export const collectGarbage = (aboveMb: number): boolean => {
  if (getHeapStatistics().used_heap_size < aboveMb * 1024 * 1024) return false
  collector ??= findCollector()
  collector?.()
  return !!collector
}
