import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { SHORTCODES_FILE } from '../load/project.ts'
import { readTextFile } from '../load/text-file.ts'
import { hasErrors, type Diagnostic, type Result } from '../diagnostics/diagnostic.ts'
import type { Card, GameDef } from '../engine/define.ts'
import { gamePaths, relativePath, type GamePaths } from '../load/project.ts'
import { loadDefinition } from './load-definition.ts'
import { checkFrontMatter } from '../engine/checks/front-matter.ts'
import { gameLanguages } from '../engine/translations.ts'
import type { Edition } from './editions.ts'
import type { RulesDoc } from '../load/rules.ts'
import { withThreads, type GameThreads } from '../threads/threads.ts'
import { stoppedDiagnostic } from '../threads/stopped.ts'
import { NOT_HELD, type Held } from '../threads/protocol.ts'
import type { Outcome } from '../threads/game-thread.ts'
import type { FaceStore } from '../render/store/face-store.ts'
import { append } from '../util/append.ts'
import { filesUnder } from '../cache/source-hash.ts'
import { linkLoops } from '../load/link-loops.ts'

export interface LoadedGame {
  paths: GamePaths
  game: GameDef
  cards: Card[]
  /** The rules file as read for validation, for the booklet to reuse; undefined when the game has none. */
  rules?: RulesDoc
  /** Each language's edition besides the default's, as read for validation (none when its cards had errors). */
  editions: Edition[]
}

/** Loads a game and checks every card and the deck against its rules engine: every problem, in one run. */
export interface ValidateOptions {
  /** Also lay out every face (text that does not fit, unknown icons); the build draws them anyway. */
  faces?: boolean
  /** The most pixels an art file may have (`--max-image-pixels`). */
  maxImagePixels?: number
  /** Also check what the rules booklet would warn about (unknown shortcodes, examples, pictures); the build draws it anyway. */
  booklet?: boolean
  /** The run's game threads; none: threads of its own, closed when done. */
  threads?: GameThreads
  /** Where builds put their outputs (default `<root>/out`): a face laid out or drawn before is found in its cache. */
  outDir?: string
  /** Threads laying out faces at once (default one per core). */
  jobs?: number
  /** Seconds each piece of the game's code (loading it, a check, a face) may take (without `threads`); default 30. */
  timeout?: number
  /**
   * The game's face store (default: the one in `outDir`'s cache, opened when faces are laid out): its index
   * is read while a game thread reads the cards.
   */
  store?: FaceStore
  /**
   * Read the card files on this thread while the game thread starts, and hand them to it (default: the game
   * thread reads them; a watch's build keeps what its thread read for the next build). A command that
   * validates once starts sooner so: the game thread starts in ~70 ms and then loads the definition, and the
   * files read here (from the project's cache when unchanged) spare it loading the card readers.
   */
  readCardFilesHere?: boolean
}

/**
 * The game's own code (its definition, checks and templates) runs on a game thread, where a time limit
 * can stop it; this thread imports the definition only once a game thread has loaded it within the limit.
 */
export const validateGame = (
  root: string,
  id: string,
  options: ValidateOptions = {},
): Promise<Result<LoadedGame | undefined>> =>
  withThreads(options.threads, options.timeout, (threads) => validateWith(root, id, options, threads))

/** The game being validated, and the threads its code runs on. */
interface Validating {
  root: string
  id: string
  paths: GamePaths
  threads: GameThreads
  /** Seconds each piece of the game's code may take: what a piece stopped for running over is told. */
  limitS: number
}

/** The cards a game thread read, and the name it holds them by. */
type ReadCards = { cards: Card[]; held: Held }

const validateWith = async (
  root: string,
  id: string,
  options: ValidateOptions,
  threads: GameThreads,
): Promise<Result<LoadedGame | undefined>> => {
  const paths = gamePaths(root, id)
  const v: Validating = { root, id, paths, threads, limitS: threads.limitMs / 1000 }
  // A game thread loads the definition and then reads the card files (the cards cross threads once, read
  // with the game's field kinds), while this thread reads the rules.
  const definitionLoaded = loadDefinition(paths, threads)
  // (When reading them here fails, the game thread reads them, and says what went wrong.)
  const files = options.readCardFilesHere
    ? import('../load/card-files.ts').then(({ loadCardFiles }) => loadCardFiles(paths)).catch(() => undefined)
    : undefined
  const cardsRequest = async () => {
    const read = await files
    return { game: id, do: 'cards' as const, ...(read && { files: read }) }
  }
  const readEarly = definitionLoaded.thread.then(async (thread) => {
    const read = thread.call(await cardsRequest())
    options.store?.indexed()
    return read
  })
  const { loadRulesCached } = await import('../load/rules-cached.ts')
  // The rules file as Hugo would read it: unclosed shortcodes are errors, comments and @TODO notes info.
  const loadedRules = existsSync(paths.rules) ? await loadRulesCached(paths.rules, root) : undefined
  const definition = await definitionLoaded()
  const diagnostics: Diagnostic[] = [...definition.diagnostics]
  const game = definition.value
  if (!game) return { value: undefined, diagnostics }
  // Its spreadsheet sources, as written and whether pulled: never downloaded here.
  if (game.sources !== undefined) append(diagnostics, (await import('./sources.ts')).checkGameSources(paths, game))
  // Its licence, an SPDX id or a file of its rules folder (the release writes it).
  if (game.license !== undefined) append(diagnostics, (await import('./license.ts')).checkGameLicense(paths, game))
  // (Read again when the thread did not load the definition but this one did: it changed in between.)
  const reading = readEarly.then((read) =>
    !read.ok && read.why === 'lost' ? cardsRequest().then((request) => threads.call(paths, request)) : read,
  )
  // The game's deck checks are its code: they run on its thread, on the cards it holds, while this one checks the rules.
  const checking = reading.then((read) =>
    read.ok
      ? withHeldCards(read.value, (cards) =>
          threads.call(paths, {
            game: id,
            do: 'checks',
            cards,
            failedTypes: read.value.failedTypes,
            leftOut: read.value.leftOut,
          }),
        )
      : read,
  )
  const checkedRules = await checkRules(v, game, loadedRules, options.booklet)
  const { rules } = checkedRules
  const [read, checked] = await Promise.all([reading, checking])
  if (!read.ok)
    return {
      value: undefined,
      diagnostics: [...diagnostics, stoppedDiagnostic(paths, read, v.limitS), ...checkedRules.diagnostics],
    }
  const cards = read.value.cards
  append(
    diagnostics,
    read.value.diagnostics,
    checked.ok ? (checked.value as Diagnostic[]) : [stoppedDiagnostic(paths, checked, v.limitS)],
    checkedRules.diagnostics,
  )
  const editions: Edition[] = []
  if (!hasErrors(read.value.diagnostics)) {
    const translated = await readEditions(v, game, read.value)
    append(diagnostics, translated.diagnostics)
    append(editions, translated.value)
  }
  // The thread that read the cards holds them no longer: a build's drawing thread would carry them to the end.
  threads.tell(paths, { game: id, do: 'release' })
  // Every card without errors is laid out, whatever errors other cards have: every problem in one run.
  if (options.faces) append(diagnostics, await checkAllFaces(v, game, cards, editions, options))
  const definitionFile = relativePath(root, paths.definition)
  if (options.faces === false) diagnostics.push(facesSkipped(definitionFile))
  else if (options.faces && (read.value.leftOut.length || read.value.failedTypes.length))
    diagnostics.push(facesLeftOut(definitionFile, read.value.leftOut))
  // A loop of links in the templates or the rules holds no file: said at the link (the card files' loops are said as they are read).
  const loops: string[] = []
  for (const dir of [paths.templatesDir, paths.rulesDir]) filesUnder(dir, dir, new Set(), loops)
  append(diagnostics, linkLoops(root, loops))
  // An error the game's code threw after its check or face had answered (from a timer, a rejected promise).
  append(diagnostics, threads.strays(paths))
  return { value: { paths, game, cards, rules, editions }, diagnostics }
}

/**
 * The rules file's problems (what reading it found, its front matter, and with `booklet` what the booklet
 * would warn about), and the rules with the game's own shortcodes expanded.
 */
const checkRules = async (
  { paths, threads }: Validating,
  game: GameDef,
  loaded: Result<RulesDoc> | undefined,
  booklet: boolean | undefined,
): Promise<{ rules: RulesDoc | undefined; diagnostics: Diagnostic[] }> => {
  let rules: RulesDoc | undefined = loaded?.value
  const diagnostics: Diagnostic[] = []
  if (!loaded || !rules) return { rules, diagnostics }
  append(diagnostics, loaded.diagnostics)
  // The file's text as loaded, with the same checks (a pipe named rules.md is not waited on; its error is the loader's).
  const text = readTextFile(paths.rules, rules.file, paths.rulesDir).value ?? ''
  append(diagnostics, checkFrontMatter(game, rules.frontMatter, text, rules.file))
  // The game's own shortcodes become the markdown they stand for (rendered on its thread).
  if (existsSync(join(paths.rulesDir, SHORTCODES_FILE))) {
    const { expandGameShortcodes } = await import('./expand-shortcodes.ts')
    const expanded = await expandGameShortcodes(rules, paths, threads)
    rules = expanded.rules
    append(diagnostics, expanded.diagnostics)
  }
  if (booklet) {
    const { checkBooklet } = await import('../booklet/check.ts')
    append(
      diagnostics,
      checkBooklet(rules, {
        baseDir: paths.rulesDir,
        examples: Object.keys(game.examples ?? {}),
        root: paths.root,
      }),
    )
  }
  return { rules, diagnostics }
}

/**
 * The templates' own words, and each other language's edition with its translations checked: card ids,
 * fields and keys that exist, their texts read by the fields' kinds, and what is not translated yet.
 */
const readEditions = async (
  { root, id, paths, threads, limitS }: Validating,
  game: GameDef,
  read: ReadCards,
): Promise<Result<Edition[]>> => {
  const { cards } = read
  const languages = gameLanguages(game)
  const diagnostics: Diagnostic[] = []
  const editions: Edition[] = []
  const [{ loadWords, wordsPath }, { loadEdition }, { translationPath, GAME_TEXTS_KEY }, { checkWords }] =
    await Promise.all([
      import('../load/template-words.ts'),
      import('./editions.ts'),
      import('../load/translations.ts'),
      import('../engine/translations.ts'),
    ])
  const defaultWords = loadWords(paths, languages[0]!)
  append(diagnostics, defaultWords.diagnostics)
  if (languages.length > 1) append(diagnostics, reservedIds(cards, GAME_TEXTS_KEY))
  for (const lang of languages.slice(1)) {
    const found: Diagnostic[] = []
    const edition = await loadEdition(root, paths, game, cards, lang, threads, found)
    // The texts are read by the fields' kinds on the game's thread.
    const checked = await withHeldCards(read, (held) =>
      threads.call(paths, {
        game: id,
        do: 'translations',
        cards: held,
        file: edition.translations,
        exists: existsSync(translationPath(paths, lang)),
      }),
    )
    append(
      diagnostics,
      found,
      checked.ok ? checked.value : [stoppedDiagnostic(paths, checked, limitS)],
      checkWords(defaultWords.value, edition.words, existsSync(wordsPath(paths, lang))),
    )
    editions.push(edition)
  }
  return { value: editions, diagnostics }
}

/** Every face laid out, the default language's and each edition's: what does not fit, unknown icons, art. */
const checkAllFaces = async (
  { root, id, paths, threads }: Validating,
  game: GameDef,
  cards: readonly Card[],
  editions: readonly Edition[],
  options: ValidateOptions,
): Promise<Diagnostic[]> => {
  const [{ checkFaces }, { FaceStore }] = await Promise.all([
    import('./check-faces.ts'),
    import('../render/store/face-store.ts'),
  ])
  // What builds drew and earlier runs laid out, in the game's cache (the build's default --out).
  const store = options.store ?? FaceStore.open(join(options.outDir ?? join(root, 'out'), '.cache', id))
  const facesOf = (of: readonly Card[], language?: Edition['language']) =>
    checkFaces(paths, game, of, threads, {
      maxImagePixels: options.maxImagePixels,
      language,
      store,
      ...(options.jobs && { jobs: options.jobs }),
    })
  const found = await facesOf(cards)
  const diagnostics = [...found]
  // Each edition's faces, with their text in its language; a problem the default's faces have already is said once.
  const said = new Set(found.map(sameProblem))
  for (const edition of editions)
    for (const d of await facesOf(edition.cards, edition.language))
      if (!said.has(sameProblem(d))) {
        said.add(sameProblem(d))
        diagnostics.push(d)
      }
  return diagnostics
}

/** What was not checked is said, so that a clean run is never mistaken for a complete one. */
const facesSkipped = (definitionFile: string): Diagnostic => ({
  rule: 'validate/faces-skipped',
  severity: 'info',
  file: definitionFile,
  line: 1,
  column: 1,
  message:
    'the faces were not laid out (--no-faces): text that does not fit, unknown icons, art and card types without a template are not checked',
})

/** The cards left out for their errors (or in files that could not be read) were not laid out: said, as for --no-faces. */
const facesLeftOut = (definitionFile: string, leftOut: readonly string[]): Diagnostic => {
  const named = leftOut.slice(0, 3).join(', ')
  const more = leftOut.length > 3 ? ` and ${leftOut.length - 3} more` : ''
  const which = leftOut.length
    ? `the card${leftOut.length === 1 ? '' : 's'} with errors (${named}${more})`
    : 'the cards with errors or in files that could not be read'
  return {
    rule: 'validate/faces-skipped',
    severity: 'info',
    file: definitionFile,
    line: 1,
    column: 1,
    message: `the faces of ${which} were not laid out, the others were: they are checked once the errors above are fixed`,
  }
}

/**
 * A request about the cards a thread read, naming them rather than sending them; sent again with the cards
 * when the thread that answers does not hold them (it replaced one that ended).
 */
const withHeldCards = async <T>(
  read: { cards: Card[]; held: Held },
  ask: (cards: Card[] | Held) => Promise<Outcome<T>>,
): Promise<Outcome<T>> => {
  const answer = await ask(read.held)
  return !answer.ok && answer.detail === NOT_HELD ? ask(read.cards) : answer
}

/** One problem of a face, wherever it is reported (a card's file, or its translation's). */
const sameProblem = (d: Diagnostic) => `${d.rule}\u0000${d.card ?? ''}\u0000${d.field ?? ''}\u0000${d.message}`

/** A card whose id is the key translation files keep for the game's own texts: it could not be translated. */
const reservedIds = (cards: readonly Card[], GAME_TEXTS_KEY: string): Diagnostic[] =>
  cards
    .filter((c) => c.id === GAME_TEXTS_KEY)
    .map((c) => ({
      rule: 'translation/reserved-id',
      severity: 'error',
      file: c.source.file,
      ...c.source.pos,
      card: c.id,
      message: `the id "${GAME_TEXTS_KEY}" is what translation files name the game's own texts under: give this card another id`,
    }))
