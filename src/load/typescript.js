// Lets this thread import a game's TypeScript (see typescript-hooks.js). Plain JavaScript: a worker thread
// runs it before it can load anything else.
import { register } from 'node:module'

let registered = false

/** Registers the hooks once per thread, and source maps, so that a stack names the designer's own lines. */
export const registerTypeScript = () => {
  if (registered) return
  registered = true
  process.setSourceMapsEnabled(true)
  register('./typescript-hooks.js', import.meta.url)
}
