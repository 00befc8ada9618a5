import { parentPort, workerData } from 'node:worker_threads'
import { diagnosticKey, type Diagnostic } from '../diagnostics/diagnostic.ts'
import type { GameDef } from '../engine/define.ts'
import { checkDeck } from '../engine/check.ts'
import { gamePaths, loadGameDefinition, relativePath } from '../load/project.ts'
import { firstLine, thrownAt } from '../diagnostics/thrown.ts'
import { FaceStore } from '../render/face-store.ts'
import { drawFailure, drawInto } from '../render/draw-face.ts'
import { openSession, type RenderOptions, type RenderSession } from '../render/session.ts'
import type { Piece, Request, Replies } from './protocol.ts'

/**
 * A game thread (see game-thread.ts): holds one game's definition and, once asked to draw, its templates
 * and renderer; runs the requests it is sent one at a time, saying before each piece of the game's code
 * which piece it is running, so that a time limit or a crash is blamed on it.
 */
const { root, game: id } = workerData as { root: string; game: string }
const paths = gamePaths(root, id)
const port = parentPort!

/**
 * An error the game's code throws from a timer, a callback or a promise nobody awaited would end the
 * thread; it is an error at its line instead, and the thread goes on.
 */
const stray = (error: unknown) => {
  const at = thrownAt(error, root) ?? { file: relativePath(root, paths.definition), line: 1, column: 1 }
  const diagnostic: Diagnostic = { rule: 'game/uncaught-error', severity: 'error', ...at, message: `an error thrown by a timer, a callback or a promise nobody awaited: ${firstLine(error)}` }
  if (thrown) thrown.push(diagnostic)
  else port.postMessage({ stray: diagnostic })
}
/** Errors thrown that way while a request runs: sent before its answer (a face stores them with it). */
let thrown: Diagnostic[] | undefined
const turn = () => new Promise((turned) => setImmediate(turned))
process.on('uncaughtException', stray)
process.on('unhandledRejection', stray)

let current = -1
const running = (piece: Piece) => port.postMessage({ id: current, piece })

let definition: Promise<{ game?: GameDef; diagnostics: Diagnostic[] }> | undefined
const loaded = () =>
  (definition ??= (running({ kind: 'definition' }), loadGameDefinition(paths).then((r) => ({ game: r.value, diagnostics: r.diagnostics }))))
const game = async (): Promise<GameDef> => {
  const { game, diagnostics } = await loaded()
  if (!game) throw new Error(`the game definition did not load: ${diagnostics[0]?.message ?? 'unknown problem'}`)
  return game
}

const sessions = new Map<string, Promise<{ session: RenderSession; diagnostics: Diagnostic[] }>>()
const session = async (options: RenderOptions) => {
  const key = JSON.stringify(options)
  if (!sessions.has(key)) {
    const def = await game()
    running({ kind: 'templates' })
    sessions.set(key, openSession(paths, def, options).then((o) => ({ session: o.value, diagnostics: o.diagnostics })))
  }
  return sessions.get(key)!
}

const stores = new Map<string, FaceStore>()
const storeAt = (dir: string) => stores.get(dir) ?? (stores.set(dir, new FaceStore(dir)), stores.get(dir)!)

const handle = async (request: Request): Promise<Replies[Request['do']]> => {
  switch (request.do) {
    case 'load':
      return (await loaded()).diagnostics
    case 'checks':
      return checkDeck(await game(), request.cards, relativePath(root, paths.definition), root, new Set(request.failedTypes), (name) => running({ kind: 'check', name }))
    case 'open':
      return (await session(request.options)).diagnostics
    case 'layout': {
      const { session: s } = await session(request.options)
      const seen = new Set<string>()
      const found: Diagnostic[] = []
      for (const job of request.jobs) {
        running({ kind: 'face', job })
        for (const d of (await s.draw(job, { layoutOnly: true })).diagnostics) {
          if (seen.has(diagnosticKey(d))) continue
          seen.add(diagnosticKey(d))
          found.push(d)
        }
      }
      return found
    }
    case 'draw': {
      const { session: s } = await session(request.options)
      running({ kind: 'face', job: request.job })
      const store = storeAt(request.store)
      try {
        // A rejected promise is known once the event loop turns.
        return await drawInto(s, store, request.job, request.key, () => turn().then(() => thrown!.splice(0)))
      } catch (error) {
        // Not the template (the session reports those): the store could not be written (a full disk…).
        return drawFailure(paths, request.job, error, store.dir)
      }
    }
  }
}

// One request at a time, in the order sent. Each waits for the event loop to turn first: resvg's native
// buffers are freed by finalizers that run only then, and faces drawn back to back held gigabytes.
let last: Promise<void> = Promise.resolve()
port.on('message', (message: Request & { id: number }) => {
  last = last
    .then(turn)
    .then(async () => {
      current = message.id
      thrown = []
      let answer
      try {
        answer = { id: message.id, reply: await handle(message) }
      } catch (error) {
        answer = { id: message.id, failed: firstLine(error) }
      }
      // Errors the request's code left behind come before its answer: a rejected promise is known once the
      // event loop turns, and a timer of no delay has fired by a timer of none set after it (not after each
      // face, which would cost a millisecond each; drawInto turned already).
      if (message.do !== 'draw') await new Promise((turned) => setTimeout(turned, 0))
      for (const diagnostic of thrown.splice(0)) port.postMessage({ stray: diagnostic })
      thrown = undefined
      port.postMessage(answer)
    })
})
port.postMessage({ ready: true })
