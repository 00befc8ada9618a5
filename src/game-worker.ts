import { parentPort, workerData } from 'node:worker_threads'
import type { Diagnostic } from './diagnostics/diagnostic.ts'
import type { Card, GameDef } from './engine/define.ts'
import { checkDeck } from './engine/check.ts'
import { checkDefinition } from './engine/checks/definition.ts'
import { modelCards } from './engine/model.ts'
import { gamePaths, relativePath, type GamePaths } from './load/project.ts'
import { loadGameDefinition } from './engine/load-definition.ts'
import { firstLine, notAnError, thrownAt } from './diagnostics/thrown.ts'
import { keepTimerPlaces } from './threads/timer-places.ts'
import { importGameModule, loadFailure } from './load/code-errors.ts'
import { forgetCompiled } from './load/game-modules.ts'
import { getHeapStatistics } from 'node:v8'
import type { ShortcodeDef } from './engine/shortcodes.ts'
import { PLAY_FILE, SHORTCODES_FILE } from './load/project.ts'
import type { PlayDef } from './engine/play/define.ts'
import { join } from 'node:path'
import { setImmediate as immediate } from 'node:timers'
import type { CardFileCache } from './load/card-file-cache.ts'
import { WATCH_CHILD } from './make/watch-child.ts'
import { collectGarbage } from './util/collect-garbage.ts'
import type { RenderOptions, RenderSession } from './render/template/session.ts'
import { NOT_HELD, type Held as HeldCards, type SentPiece, type Request, type Replies } from './threads/protocol.ts'
import { languagesReceived } from './threads/sent-languages.ts'

/**
 * A game thread (see game-thread.ts): holds the definitions of the project's games it is asked about and,
 * once asked to draw, their templates and the renderer; runs the requests it is sent one at a time, saying
 * before each piece of a game's code which piece it is running, so that a time limit or a crash is blamed on it.
 */
const { root, progress: shared } = workerData as { root: string; progress: SharedArrayBuffer }
/** Shared with GameThread: [ticks, at, step], then when the last tick came. */
const progress = new Int32Array(shared, 0, 3)
const tickedAt = new Float64Array(shared, 16, 1)
const port = parentPort!

/** The game of the request being run: where an error thrown outside any piece points when its stack names no line. */
let currentGame: GamePaths | undefined

/**
 * An error the game's code throws from a timer, a callback or a promise nobody awaited would end the
 * thread; it is an error at its line instead, and the thread goes on. A throw that names no line (a string,
 * `undefined`) is at the line that set the timer (`setAt`); one from a promise at the game's definition.
 */
const stray = (error: unknown, setAt?: Error) => {
  const own = thrownAt(error, root)
  const timer = own ? undefined : setAt && thrownAt(setAt, root)
  const at = own ??
    timer ?? {
      file: relativePath(root, (currentGame ?? gamePaths(root, '')).definition),
      line: 1,
      column: 1,
    }
  const what = own || error instanceof Error ? '' : notAnError(error, timer !== undefined)
  const diagnostic: Diagnostic = {
    rule: 'game/uncaught-error',
    severity: 'error',
    ...at,
    message: `an error thrown by a timer, a callback or a promise nobody awaited: ${firstLine(error)}${what}`,
  }
  if (thrown) thrown.push(diagnostic)
  else port.postMessage({ stray: diagnostic })
}
/** Errors thrown that way while a request runs: sent before its answer (a face stores them with it). */
let thrown: Diagnostic[] | undefined
// The event loop's turn, with node's own setImmediate: the global one keeps where each timer was set (a stack
// trace, ~0.1 ms) for the game's code, and deckwright's turns, two a face, need none.
const turn = () => new Promise((turned) => immediate(turned))
process.on('uncaughtException', (error) => stray(error))
process.on('unhandledRejection', (error) => stray(error))
keepTimerPlaces(stray)

let current = -1
/** Whether the request running now said it started a piece (the definition, the templates) before its own. */
let announced = false
const running = (piece: SentPiece) => {
  announced = true
  port.postMessage({ id: current, piece })
}
/** A small piece of the one running starts (a simulation's game `at`): its time limit starts again, without a message. */
const tick = (at: number) => {
  tickedAt[0] = performance.timeOrigin + performance.now()
  Atomics.store(progress, 1, at)
  Atomics.add(progress, 0, 1)
}

/** What the thread holds of one game: its definition, the cards it read last, and a render session per set of options. */
interface Held {
  paths: GamePaths
  definition?: Promise<{ game?: GameDef; diagnostics: Diagnostic[] }>
  cards?: { cards: Card[]; held: number }
  /** The card files as last read: a watch's next build reads again only what changed. */
  cardFiles?: CardFileCache
  sessions: Map<string, Promise<{ session: RenderSession; diagnostics: Diagnostic[] }>>
  /** The playable rules (`play.ts`), once asked to simulate. */
  play?: Promise<{ play?: PlayDef; diagnostics: Diagnostic[] }>
}
const held = new Map<string, Held>()
const holding = (id: string): Held => {
  // Games are built one after another: a game's templates, fonts and art go when another game's faces are asked for.
  for (const [other, g] of held) if (other !== id) g.sessions.clear()
  return held.get(id) ?? (held.set(id, { paths: gamePaths(root, id), sessions: new Map() }), held.get(id)!)
}

let heldCount = 0
/** The cards a request names: sent with it, or those this thread read (see `Held` in protocol.ts). */
const cardsOf = (g: Held, cards: Card[] | HeldCards): Card[] => {
  if (Array.isArray(cards)) return cards
  if (g.cards?.held !== cards.held) throw new Error(NOT_HELD)
  return g.cards.cards
}

const loaded = (g: Held) =>
  (g.definition ??=
    (running({ kind: 'definition' }),
    loadGameDefinition(g.paths).then((r) => ({ game: r.value, diagnostics: r.diagnostics }))))
const game = async (g: Held): Promise<GameDef> => {
  const { game, diagnostics } = await loaded(g)
  if (!game) throw new Error(`the game definition did not load: ${diagnostics[0]?.message ?? 'unknown problem'}`)
  return game
}

const session = async (g: Held, options: RenderOptions) => {
  const key = JSON.stringify(options)
  if (!g.sessions.has(key)) {
    const def = await game(g)
    running({ kind: 'templates' })
    // The renderer loads only when a face is asked for: a thread that loads the definition and runs the checks starts quickly.
    g.sessions.set(
      key,
      import('./render/template/session.ts')
        .then(({ openSession }) => openSession(g.paths, def, options))
        .then((o) => ({ session: o.value, diagnostics: o.diagnostics })),
    )
  }
  return g.sessions.get(key)!
}

const warmed = new WeakSet<RenderSession>()

const storeAt = async (dir: string) => (await import('./render/store/face-store.ts')).FaceStore.open(dir)

/**
 * Forgets every game's modules and what the thread made with them (definitions, render sessions, playable
 * rules, the cards they read), keeping only the card files as read: the next request compiles the game's
 * code as it is now and imports it under its new address. Node cannot unload a module: the old ones stay
 * until the thread is replaced (see GameThreads.reload).
 */
const forgetModules = (collectAboveMb: number): Replies['forget'] => {
  for (const [id, g] of held) held.set(id, { paths: g.paths, sessions: new Map(), cardFiles: g.cardFiles })
  forgetCompiled()
  // What stays live, not what is yet to be collected, decides whether the thread is replaced: collected first
  // when the heap holds more than would replace it (the main thread says how much; a smaller heap is measured
  // as it is).
  collectGarbage(collectAboveMb)
  return { heapMb: getHeapStatistics().used_heap_size / 2 ** 20 }
}

/** A request of one kind, and what handles it: a function per kind, given the game it names, held. */
type RequestOf<K extends Request['do']> = Extract<Request, { do: K }>
type Handler<K extends Request['do']> = (g: Held, request: RequestOf<K>) => Promise<Replies[K]>

const readCards: Handler<'cards'> = async (g, request) => {
  const { paths } = g
  const def = await game(g)
  running({ kind: 'card-files' })
  // A watch's build process keeps what it read of the card files for its next build; a single run does not hold them.
  const files =
    request.files ??
    (await import('./load/card-files.ts')).loadCardFiles(
      paths,
      process.env[WATCH_CHILD] ? (g.cardFiles ??= new Map()) : undefined,
    )
  running({ kind: 'cards' })
  // The definition's own mistakes first, at their lines; the cards of the types they break are not checked.
  const declared = checkDefinition(def, relativePath(root, paths.definition), root)
  const modelled = modelCards(def, files.value, declared.broken, root)
  g.cards = { cards: modelled.value, held: ++heldCount }
  return {
    cards: modelled.value,
    held: { held: heldCount },
    diagnostics: [...files.diagnostics, ...declared.diagnostics, ...modelled.diagnostics],
    failedTypes: [...modelled.failedTypes],
    leftOut: [...modelled.leftOut],
  }
}

const cardSchemas = async (g: Held): Promise<Replies['schemas']> => {
  const def = await game(g)
  running({ kind: 'cards' })
  const declared = checkDefinition(def, relativePath(root, g.paths.definition), root)
  const { cardTypeSchema } = await import('./engine/schema.ts')
  const sound = Object.entries(def.types).filter(([typeId]) => !declared.broken.has(typeId))
  return {
    schemas: Object.fromEntries(sound.map(([typeId, type]) => [typeId, cardTypeSchema(def, typeId, type)])),
    diagnostics: declared.diagnostics,
  }
}

const runGameShortcodes: Handler<'shortcodes'> = async (g, request) => {
  const def = await game(g)
  running({ kind: 'shortcode' })
  const file = join(g.paths.rulesDir, SHORTCODES_FILE)
  let defs: Record<string, ShortcodeDef>
  try {
    defs = ((await importGameModule<{ default?: Record<string, ShortcodeDef> }>(file, root)).default ?? {}) as Record<
      string,
      ShortcodeDef
    >
  } catch (error) {
    // Its uses print their inner content, each unreported: the file's error says it all.
    return {
      outputs: request.calls.map(() => ({ defined: true as const, diagnostics: [] })),
      diagnostics: loadFailure(error, root, 'game/shortcodes-load', 'the shortcodes file', relativePath(root, file)),
    }
  }
  const { runShortcodes } = await import('./engine/run-shortcodes.ts')
  const { vocabularyWords } = await import('./engine/model.ts')
  return {
    outputs: runShortcodes(defs, request.calls, { vocab: vocabularyWords(def) }, root, (name) =>
      running({ kind: 'shortcode', name }),
    ),
    diagnostics: [],
  }
}

const runChecks: Handler<'checks'> = async (g, request) =>
  checkDeck(
    await game(g),
    cardsOf(g, request.cards),
    relativePath(root, g.paths.definition),
    root,
    { failedTypes: new Set(request.failedTypes), leftOut: new Set(request.leftOut) },
    (name) => running({ kind: 'check', name }),
  )

const checkTranslationFile: Handler<'translations'> = async (g, request) => {
  const def = await game(g)
  running({ kind: 'translations', lang: request.file.lang })
  const { checkTranslations, checkTranslatedTexts } = await import('./engine/translations.ts')
  const cards = cardsOf(g, request.cards)
  return [
    ...checkTranslations(def, cards, request.file, request.exists),
    ...checkTranslatedTexts(def, cards, request.file, root),
  ]
}

const openTemplates: Handler<'open'> = async (g, request) => {
  const opened = await session(g, request.options)
  // Warmed while the build validates: satori reads its fonts on its first call (deckwright's code, not the game's).
  if (!warmed.has(opened.session)) await opened.session.warm().catch(() => undefined)
  warmed.add(opened.session)
  return opened.diagnostics
}

const layOut: Handler<'layout'> = async (g, request) => {
  const { session: s } = await session(g, request.options)
  const { shownKey } = await import('./render/store/face-key.ts')
  const laidOut: Replies['layout'] = []
  for (const [i, job] of request.jobs.entries()) {
    running({ kind: 'face', at: i })
    const { diagnostics, shown } = await s.draw(job, { layoutOnly: true })
    laidOut.push({ key: shownKey(request.inputs[i]!, shown), shown: Object.keys(shown), diagnostics })
  }
  return laidOut
}

/** An error at line 1 of the game's `play.ts`. */
const playFileError = (file: string, rule: string, message: string): Diagnostic => ({
  rule,
  severity: 'error',
  file: relativePath(root, file),
  line: 1,
  column: 1,
  message,
})

/** The game's playable rules (`play.ts`), imported and checked the first time a simulation asks for them. */
const playRulesOf = (g: Held, file: string): NonNullable<Held['play']> =>
  (g.play ??= (running({ kind: 'play' }), importGameModule<{ default?: PlayDef }>(file, root)).then(
    async (m) => {
      const { playProblem } = await import('./engine/play/plan.ts')
      const problem = playProblem(m.default)
      return problem
        ? { diagnostics: [playFileError(file, 'simulate/no-play-rules', `${PLAY_FILE}: ${problem}`)] }
        : { play: m.default, diagnostics: [] }
    },
    (error) => ({
      diagnostics: loadFailure(error, root, 'simulate/play-load', PLAY_FILE, relativePath(root, file)),
    }),
  ))

const simulate: Handler<'simulate'> = async (g, request) => {
  await game(g)
  const file = join(g.paths.rulesDir, PLAY_FILE)
  const { play, diagnostics } = await playRulesOf(g, file)
  if (!play) return { records: [], diagnostics, ms: 0 }
  const { playGames } = await import('./engine/play/play-games.ts')
  const { playRules, unknownVariants, SIMULATE_USAGE } = await import('./engine/play/plan.ts')
  const unknown = unknownVariants(play, request.plan)
  if (unknown) return { records: [], diagnostics: [playFileError(file, SIMULATE_USAGE, unknown)], ms: 0 }
  const rules = playRules(play)
  // Each game ticks: a game that does not end is blamed by its index (see GameThread's `progress`).
  running({ kind: 'play', games: { from: request.from, to: request.to } })
  const def = await game(g)
  const started = performance.now()
  const records = playGames(
    play,
    def,
    cardsOf(g, request.cards),
    request.plan,
    request.from,
    request.to,
    tick,
    new Int32Array(shared, 8, 1),
  )
  return { records, diagnostics: [], rules, ms: performance.now() - started }
}

const drawFace: Handler<'draw'> = async (g, request) => {
  const { session: s } = await session(g, request.options).catch((error: unknown) => {
    // A session that did not open is not the face's failure: blamed on the definition, as before any piece.
    if (!announced) running({ kind: 'definition' })
    throw error
  })
  // The main thread counts a draw as its face from the start: said again only after the pieces opening the session said others.
  if (announced) running({ kind: 'face', at: 0 })
  const store = await storeAt(request.store)
  const { drawFailure, drawInto } = await import('./render/store/draw-face.ts')
  try {
    // A rejected promise is known once the event loop turns.
    return await drawInto(s, store, request.job, request.key, () => turn().then(() => thrown!.splice(0)), request.reuse)
  } catch (error) {
    // Not the template (the session reports those): the store could not be written (a full disk…).
    return drawFailure(g.paths, request.job, error, store.dir)
  }
}

/** What handles each kind of request. */
const handlers: { [K in Request['do']]: Handler<K> } = {
  load: async (g) => (await loaded(g)).diagnostics,
  cards: readCards,
  release: async (g) => {
    g.cards = undefined
    return null
  },
  forget: async (_g, request) => forgetModules(request.collectAboveMb),
  schemas: cardSchemas,
  shortcodes: runGameShortcodes,
  checks: runChecks,
  translations: checkTranslationFile,
  open: openTemplates,
  layout: layOut,
  simulate,
  draw: drawFace,
}

const handle = async <K extends Request['do']>(request: RequestOf<K>): Promise<Replies[K]> => {
  const g = holding(request.game)
  currentGame = g.paths
  return (handlers[request.do] as Handler<K>)(g, request)
}

/** A heap of this size after reading the cards or letting them go is collected then (~25,000 cards and more). */
const LARGE_HEAP_MB = 96

// One request at a time, in the order sent. Each waits for the event loop to turn first: resvg's native
// buffers are freed by finalizers that run only then, and faces drawn back to back held gigabytes.
let last: Promise<void> = Promise.resolve()
// A draw's language is read as the request arrives, in the order the build's thread sent them (see sent-languages.ts).
const languageOf = languagesReceived()
port.on('message', (message: Request & { id: number }) => {
  let unsent: unknown
  if (message.do === 'draw')
    try {
      message.job.language = languageOf(message.language)
    } catch (error) {
      unsent = error
    }
  last = last.then(turn).then(async () => {
    current = message.id
    announced = false
    thrown = []
    let answer
    try {
      if (unsent) throw unsent
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
    try {
      port.postMessage(answer)
    } catch (error) {
      // An answer that cannot cross threads (a function the game's code put in it): the request fails, saying why.
      port.postMessage({ id: message.id, failed: `its answer could not be sent: ${firstLine(error)}` })
    }
    // Reading a large game's cards leaves the thread's heap full of what the reading made; the thread
    // draws next, beside the others (see collectGarbage).
    if (message.do === 'cards' || message.do === 'release') collectGarbage(LARGE_HEAP_MB)
  })
})
port.postMessage({ ready: true })
