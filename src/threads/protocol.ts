import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import type { RawCardFile } from '../load/raw-card.ts'
import type { Card } from '../engine/define.ts'
import type { TranslationFile } from '../load/translations.ts'
import type { ShortcodeCall, ShortcodeOutput } from '../engine/run-shortcodes.ts'
import type { DrawOutcome } from '../render/store/draw-face.ts'
import type { FaceJob, RenderOptions } from '../render/template/session.ts'
import type { GameRecord } from '../engine/play/play-game.ts'
import type { PlayRules, SimulationPlan } from '../engine/play/plan.ts'
import type { SentLanguage } from './sent-languages.ts'

/**
 * What a game thread is asked to do, for one of the project's games. Each request runs a game's own code
 * (its definition, checks or templates), so each has a time limit; requests to one thread run one after
 * another, in the order sent.
 */
export type Request = {
  game: string
} & (
  | /** Import the game's definition: the first thing a thread does, so that its top-level code is known to end. */
  { do: 'load' }
  /**
   * Read the game's card files, check the definition's field declarations and read the cards with the
   * game's field kinds (which may be the game's own code): what `modelCards` gives, with the card files'
   * and the definition's diagnostics first. The thread keeps the cards (`held`) for the requests that
   * follow, so that 10,000 cards cross between threads once. `files`: the card files as the sending thread
   * read them (while this one started), which it then does not read again.
   */
  | { do: 'cards'; files?: Result<RawCardFile[]> }
  /** Let go of the cards read for a `cards` request (those that were to be checked): the faces' jobs carry their own. */
  | { do: 'release' }
  /**
   * Forget the project's games' modules as loaded (definitions, templates, playable rules, shortcodes) and what
   * was made with them: the next request compiles and imports them again (a watch saw one change). Runs none
   * of a game's code; answers how much the thread's heap holds, for the caller to replace a thread grown large.
   */
  /** `collectAboveMb`: the heap past which the thread collects its garbage before it says what it holds. */
  | { do: 'forget'; collectAboveMb: number }
  /** The JSON Schema of each card type whose declaration is sound, with the definition's diagnostics (a kind's `schema` is the game's code). */
  | { do: 'schemas' }
  /** Render the uses of the game's own shortcodes (`rules/<game>/shortcodes.ts`) to markdown. */
  | { do: 'shortcodes'; calls: ShortcodeCall[] }
  /** Run the game's deck checks on its cards (those that passed validation), holding checks on `failedTypes`; `leftOut`: ids of cards with errors. */
  | { do: 'checks'; cards: Card[] | Held; failedTypes: string[]; leftOut: string[] }
  /**
   * Check a translation file against the game's cards (`checkTranslations`) and read each translated text
   * with its field's kind (which may be the game's own code).
   */
  | { do: 'translations'; cards: Card[] | Held; file: TranslationFile; exists: boolean }
  /** Load the templates, fonts and renderer for these options, so that the first face drawn does not wait for them. */
  | { do: 'open'; options: RenderOptions }
  /**
   * Run the templates of these faces without drawing them (text that does not fit, unknown icons, art):
   * each face's diagnostics and the key it would be stored under (`inputs[i]`, its inputs' key, with the
   * texts of its language it showed).
   */
  | { do: 'layout'; jobs: FaceJob[]; inputs: string[]; options: RenderOptions }
  /** Play games `from` to `to` − 1 of a simulation with the game's playable rules (`rules/<game>/play.ts`). */
  | { do: 'simulate'; cards: Card[] | Held; plan: SimulationPlan; from: number; to: number }
  /**
   * Draw a face and put it in the face store at `store` under `key`. The job's language comes as `language`
   * (its words only the first time a thread is sent it: see sent-languages.ts), not in the job.
   */
  | {
      do: 'draw'
      job: FaceJob
      language?: SentLanguage
      key: string
      options: RenderOptions
      store: string
      reuse: boolean
    }
)

/**
 * The cards a thread read for a `cards` request, named in a later request instead of being sent again. A
 * thread that does not hold them (a new one, after the one that read them ended) fails the request with
 * `NOT_HELD`, and the cards are sent.
 */
export interface Held {
  held: number
}
export const NOT_HELD = 'the cards are not held by this thread'

/** What each request answers. */
export interface Replies {
  load: Diagnostic[]
  cards: { cards: Card[]; held: Held; diagnostics: Diagnostic[]; failedTypes: string[]; leftOut: string[] }
  release: null
  /** The thread's heap in use (MB) once it forgot (see GameThreads.reload). */
  forget: { heapMb: number }
  shortcodes: { outputs: ShortcodeOutput[]; diagnostics: Diagnostic[] }
  schemas: { schemas: Record<string, Record<string, unknown>>; diagnostics: Diagnostic[] }
  checks: Diagnostic[]
  translations: Diagnostic[]
  open: Diagnostic[]
  layout: { key: string; shown: string[]; diagnostics: Diagnostic[] }[]
  draw: DrawOutcome
  /** The games played, in order; none, and why, when the playable rules did not load. */
  simulate: {
    records: GameRecord[]
    diagnostics: Diagnostic[]
    rules?: PlayRules /** Milliseconds the thread spent playing them. */
    ms: number
  }
}

/**
 * The piece of a game's code a thread is running, sent before it starts: what a time limit or a stopped
 * thread is blamed on.
 */
export type Piece =
  | { kind: 'definition' }
  /** Reading the card files (YAML, CSV): deckwright's own code, on the game thread so that the cards cross threads once. */
  | { kind: 'card-files' }
  | { kind: 'cards' }
  /** Reading a language's translated texts with the fields' kinds. */
  | { kind: 'translations'; lang: string }
  /** A shortcode of the game's own; none: loading the file of them. */
  | { kind: 'shortcode'; name?: string }
  | { kind: 'templates' }
  | { kind: 'check'; name: string }
  | { kind: 'face'; job: FaceJob }
  /**
   * Loading the playable rules (`play.ts`); with `games`, playing those of a simulation (each says it starts
   * with a tick, not a message: see simulate-games.ts).
   */
  | { kind: 'play'; games?: { from: number; to: number } }

/**
 * A piece as a thread sends it: a face as its job's place in the request (the one it was sent or the
 * layout's `jobs`), not the job, whose card the request carried already (a copy each way for every face).
 */
export type SentPiece = Exclude<Piece, { kind: 'face' }> | { kind: 'face'; at: number }

/** The piece a thread sent, with a face's job taken from the request it runs. */
export const pieceOf = (request: Request, piece: SentPiece): Piece => {
  if (piece.kind !== 'face') return piece
  const job = request.do === 'draw' ? request.job : request.do === 'layout' ? request.jobs[piece.at] : undefined
  return job ? { kind: 'face', job } : { kind: 'templates' }
}

/**
 * Messages from a thread: booted, running a piece of a request, the request's answer, or an error the
 * game's code threw outside any request's reach (a timer, a callback, a promise nobody awaited).
 */
export type WorkerMessage =
  | { ready: true }
  | { stray: Diagnostic }
  | { id: number; piece: SentPiece }
  | { id: number; reply: unknown }
  | { id: number; failed: string }
