import { setImmediate as immediate } from 'node:timers'

/**
 * A place where long work may be stopped (a watch's newer change, its `signal`): the event loop turns, so
 * that a message waiting for it is heard, then the signal's reason is thrown if it was aborted. Nothing
 * without a signal.
 */
export const stopPoint = async (signal: AbortSignal | undefined): Promise<void> => {
  if (!signal) return
  await new Promise((turned) => immediate(turned))
  signal.throwIfAborted()
}
