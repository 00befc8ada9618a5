/**
 * What a timer's callback throws is caught by no one: a game thread reports it where it was thrown. A
 * throw of something that is not an Error (a string, `undefined`) has no stack, and names no line: these
 * timers keep where they were set, so that such a throw is reported at the line of the game's code that
 * set the timer rather than nowhere. Installed once, in a game thread only.
 */
export const keepTimerPlaces = (thrown: (error: unknown, setAt: Error) => void): void => {
  for (const name of ['setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask'] as const) {
    const original = globalThis[name] as (callback: unknown, ...rest: unknown[]) => unknown
    const kept = function (this: unknown, callback: unknown, ...rest: unknown[]) {
      if (typeof callback !== 'function') return original.call(this, callback, ...rest)
      const setAt = new Error('set here')
      return original.call(
        this,
        function (this: unknown, ...args: unknown[]) {
          try {
            return (callback as (...a: unknown[]) => unknown).apply(this, args)
          } catch (error) {
            thrown(error, setAt) // as the thread's uncaught errors are, with the place it was set
          }
        },
        ...rest,
      )
    }
    // util.promisify's own version, and whatever else the function carries, stay.
    Object.defineProperties(kept, Object.getOwnPropertyDescriptors(original))
    globalThis[name] = kept as never
  }
}
