// What changed in a game since a git revision (`deckwright changes`): the revision's files read from git into
// the cache, both versions validated and drawn by the same renderer into the game's face store, and each card
// added, removed or changed, by its data (field by field) or only by its look (its front's or back's pixels),
// with the rules' sections that changed. Plain data out: a page, a summary or an update pack reads it.
import { existsSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import pMap from 'p-map'
import { CACHE_DAYS } from './cache-prune.ts'
import { hasErrors, type Diagnostic, type Result } from '../diagnostics/diagnostic.ts'
import { cardData, compareCards, type FieldChange } from '../engine/card-changes.ts'
import type { Card, GameDef } from '../engine/define.ts'
import { cardName } from '../engine/card-name.ts'
import { typeSize, type CardSize } from '../engine/card-sizes.ts'
import { gameLanguages } from '../engine/translations.ts'
import type { FaceLanguage } from '../render/template/face-texts.ts'
import { append } from '../util/append.ts'
import { pixelChanges, type PixelChanges } from '../images/same-pixels.ts'
import { extractRevision, type Revision } from '../load/git-revision.ts'
import { gameEntries, gamePaths, relativePath, type GamePaths } from '../load/project.ts'
import { gameModuleInputs } from '../load/game-modules.ts'
import { isWithin } from '../util/inside-folder.ts'
import { compareRules, rulesSections, type RulesChange, type RulesSection } from '../load/rules-changes.ts'
import { loadRules } from '../load/rules.ts'
import { chooseRenderer, rendererFallback, type RendererName } from '../render/renderers/renderer.ts'
import { FaceStore, type StoredFace } from '../render/store/face-store.ts'
import type { GameFaces } from '../render/store/game-faces.ts'
import type { RenderOptions } from '../render/template/session.ts'
import { withThreads, type GameThreads } from '../threads/threads.ts'
import { validateGame } from '../validate/validate-game.ts'
import { faceRenderOptions } from './build-game.ts'
import { cardRevisions, renderGame } from './render-game.ts'
import { NOTHING_DRAWN, type DrawnWith } from '../render/template/drawn-with.ts'

export type { Revision } from '../load/git-revision.ts'
export type { RulesChange } from '../load/rules-changes.ts'
export type { PixelChanges, Region } from '../images/same-pixels.ts'

/** A face of a card in the old version and in the new (none where the card is not in that version). */
export interface FaceSides {
  before?: StoredFace
  after?: StoredFace
}

/** A card added, removed or changed, and how. */
export interface CardChange {
  id: string
  type: string
  change: 'added' | 'removed' | 'changed'
  /** Its name (its `name` or `title` field when it has one, else its id) and how many the deck holds: the old version's, for a removed card. */
  name: string
  qty: number
  /** A changed card's old name and count: what its old prints are called and how many there are. */
  was?: { name: string; qty: number }
  /** Its values that differ, old and new (a changed card's; none for one added or removed). */
  fields: FieldChange[]
  /** Which of its faces look different (pixels, not inputs): both for a card added or removed. */
  look: { front: boolean; back: boolean }
  /** Where a changed card's faces that look different differ: boxes in the new face's pixels. */
  regions?: { front?: PixelChanges; back?: PixelChanges }
  /** Where the card is written (in the old version, for a removed card), relative to the project. */
  file?: string
  line?: number
  front: FaceSides
  back: FaceSides
  /** Its new front with the stamp (`v<version>·<revision>`), for an update pack: with `stampReprints`, a card reprinted's. */
  stamped?: StoredFace
}

/** What changed in one language's edition of a game (its cards translated, its faces, its rules). */
export interface EditionChanges {
  lang: string
  /**
   * Cards added, changed (in the new version's order), then removed; another language's edition lists only
   * its cards changed (a card added or removed is in the default's list).
   */
  cards: CardChange[]
  /** Cards in both versions, with the same data and the same look. */
  unchanged: number
  /** The rules file of the language (relative to the project) and its sections added, changed or removed. */
  rulesFile: string
  rules: RulesChange[]
}

/** What changed in a game since a revision: in its default language, and in each other language's edition. */
export interface GameChanges extends EditionChanges {
  game: string
  revision: Revision
  /** The other languages the game has now, each with its changes (none listed when nothing changed). */
  editions: EditionChanges[]
  /** Faces drawn for each version; the rest came from the face store. */
  drawn: { before: number; after: number }
  /** What drew both versions: 'satori + resvg', or 'takumi 2.16.3'. */
  renderer: string
  /** The game's title and version (its definition's) in each version (none before for a game the revision lacks). */
  title: string
  version: { before?: string; after: string }
  /** The size of each card type now (an update pack's sheets place the faces by them). */
  sizes: Record<string, CardSize>
  /** What the new version's faces were drawn with (fonts, icons), for an update pack's credits. */
  drawnWith: DrawnWith
}

export interface ChangesOptions {
  /** The output folder (default `<root>/out`): the face store and the revision's files are in its cache. */
  outDir?: string
  /** The resolution faces are drawn and compared at (default 300, the build's: its faces are found in the store). */
  dpi?: number
  renderer?: RendererName
  threads?: GameThreads
  jobs?: number
  timeout?: number
  /** Also draws the stamped fronts of the cards an update pack reprints (added, or changed in look): `CardChange.stamped`. */
  stampReprints?: boolean
}

/** One language of one version of a game, validated and drawn. */
interface Version {
  cards: Card[]
  faces?: GameFaces
  rules: RulesSection[]
}

/** One version of a game: its default language's, and each other language's by its tag. */
interface Side extends Version {
  lang: string
  title?: string
  version?: string
  game?: GameDef
  sizes?: Record<string, CardSize>
  editions: Map<string, Version>
}

/** Where a revision's files are kept: a folder of the cache per commit (dotted: no game's store is named so). */
export const revisionFolder = (outDir: string, commit: string): string => join(outDir, '.cache', '.revisions', commit)

/**
 * Compares a game as it is with the game at `revision`. A game not in the revision has every card added;
 * either version with errors gives no comparison, and its errors (the old version's at its files in the cache).
 * Its `threads`, when given, must not have loaded the project's game before its code changed (a game thread
 * keeps the templates it loaded, as a build's does: a watch starts a new build process when they change).
 */
export const compareWithRevision = (
  root: string,
  id: string,
  revision: Revision,
  options: ChangesOptions = {},
): Promise<Result<GameChanges | undefined>> =>
  withThreads(options.threads, options.timeout, async (threads) => {
    const outDir = options.outDir ?? join(root, 'out')
    const oldRoot = revisionFolder(outDir, revision.commit)
    extractRevision(root, revision.commit, await revisionFiles(root, id), oldRoot)
    pruneRevisions(oldRoot)
    const renderer = await chooseRenderer(options.renderer)
    const drawing: Drawing = {
      store: FaceStore.open(join(outDir, '.cache', id)),
      renderOptions: faceRenderOptions({ dpi: options.dpi }, renderer.name),
      threads,
      jobs: options.jobs,
    }
    const diagnostics: Diagnostic[] = renderer.fallback ? [rendererFallback(renderer.fallback)] : []
    // Only errors, which stop the comparison: warnings are validate's and build's to say. The old version's
    // are at its files in the cache, which the designer can open.
    const before = await drawSide(oldRoot, id, drawing)
    for (const d of before.diagnostics)
      if (d.severity === 'error') diagnostics.push({ ...d, file: relativePath(root, join(oldRoot, d.file)) })
    if (hasErrors(before.diagnostics)) diagnostics.push(revisionHasErrors(root, gamePaths(oldRoot, id), revision))
    const after = await drawSide(root, id, drawing)
    for (const d of after.diagnostics) if (d.severity === 'error') diagnostics.push(d)
    if (!before.value || !after.value || hasErrors(diagnostics)) return { value: undefined, diagnostics }
    const oldFile = (file: string) => relativePath(root, join(oldRoot, file))
    const paths = gamePaths(root, id)
    const compared = async (lang: string | undefined, was: Version, now: Version): Promise<EditionChanges> => ({
      lang: lang ?? '',
      ...(await compareSides(was, now, oldFile)),
      rulesFile: relativePath(root, lang ? editionRules(paths.rulesDir, lang) : paths.rules),
      rules: compareRules(was.rules, now.rules),
    })
    const editions: EditionChanges[] = []
    for (const [lang, now] of after.value.editions) {
      const edition = await compared(lang, before.value.editions.get(lang) ?? NONE, now)
      // A card added or removed is in the default language's list.
      edition.cards = edition.cards.filter((c) => c.change === 'changed')
      if (edition.cards.length || edition.rules.length) editions.push(edition)
    }
    const drawn = (side: Side) => [side, ...side.editions.values()].reduce((n, v) => n + (v.faces?.drawn ?? 0), 0)
    const changes: GameChanges = {
      game: id,
      revision,
      ...(await compared(undefined, before.value, after.value)),
      lang: after.value.lang,
      editions,
      drawn: { before: drawn(before.value), after: drawn(after.value) },
      renderer: renderer.label,
      title: after.value.title ?? id,
      sizes: after.value.sizes ?? {},
      drawnWith: after.value.faces?.drawnWith ?? NOTHING_DRAWN,
      version: {
        ...(before.value.version !== undefined && { before: before.value.version }),
        after: after.value.version ?? '',
      },
    }
    if (options.stampReprints) append(diagnostics, await stampReprints(paths, after.value, changes.cards, drawing))
    return { value: changes, diagnostics }
  })

/** Draws the stamped fronts of the cards reprinted (added, or changed in look) into their changes. */
const stampReprints = async (
  paths: GamePaths,
  side: Side,
  changes: CardChange[],
  { store, threads, renderOptions, jobs }: Drawing,
): Promise<Diagnostic[]> => {
  const reprinted = new Map(changes.filter(isReprinted).map((c) => [c.id, c]))
  const cards = side.cards.filter((c) => reprinted.has(c.id))
  if (!cards.length || !side.game || !side.faces) return []
  const faces = await renderGame(paths, side.game, cards, {
    ...renderOptions,
    stamp: true,
    revisions: cardRevisions(side.faces),
    store,
    threads,
    jobs,
    allCards: side.cards,
  })
  for (const c of faces.value.cards) reprinted.get(c.card.id)!.stamped = plain(c.front)
  return faces.diagnostics
}

/** A card an update pack reprints: added, or changed so that a face looks different (a change of data no face shows needs none). */
export const isReprinted = (c: CardChange): boolean =>
  c.change === 'added' || (c.change === 'changed' && (c.look.front || c.look.back))

/**
 * Marks a revision's folder as used now, and removes the others no comparison used for `CACHE_DAYS` (and
 * copies an interrupted run left): the cache would otherwise keep every revision ever compared with.
 */
const pruneRevisions = (used: string): void => {
  const now = new Date()
  utimesSync(used, now, now)
  const dir = dirname(used)
  const before = now.getTime() - CACHE_DAYS * 24 * 3600 * 1000
  for (const name of readdirSync(dir)) {
    const folder = join(dir, name)
    try {
      if (folder !== used && statSync(folder).mtimeMs < before) rmSync(folder, { recursive: true, force: true })
    } catch {
      // removed meanwhile by another run
    }
  }
}

/**
 * What is read from the revision: the game's folders, and the project's files outside them that its code
 * imports today (shared code, JSON), those of them the revision has.
 */
const revisionFiles = async (root: string, id: string): Promise<string[]> => {
  const paths = gamePaths(root, id)
  const folders = [paths.rulesDir, paths.cardsDir, paths.templatesDir]
  const shared = (await gameModuleInputs(gameEntries(paths), root)).filter(
    (file) => isWithin(root, file) && !folders.some((dir) => isWithin(dir, file)),
  )
  return [...folders, ...shared].map((file) => relativePath(root, file))
}

/** The game at the revision has errors: it cannot be compared, and fixing the working tree will not help. */
const revisionHasErrors = (root: string, paths: GamePaths, revision: Revision): Diagnostic => ({
  rule: 'changes/revision-has-errors',
  severity: 'error',
  file: relativePath(root, paths.definition),
  line: 1,
  column: 1,
  message: `${paths.id} at ${revision.ref} (${revision.commit.slice(0, 12)}) has the errors above, in its files as git keeps them: compare with another revision (--since)`,
})

/** How both versions are drawn: into the game's face store, with the build's options, on the run's threads. */
interface Drawing {
  store: FaceStore
  renderOptions: RenderOptions
  threads: GameThreads
  jobs?: number
}

/** A language's rules file: `rules.<lang>.md` beside the default's. */
const editionRules = (rulesDir: string, lang: string): string => join(rulesDir, `rules.${lang}.md`)

/** A rules file's sections; none when there is no such file. */
const sectionsOf = (file: string, root: string): RulesSection[] =>
  existsSync(file) ? rulesSections(loadRules(file, root).value) : []

/** A version or language that is not there: no card, no rules. */
const NONE: Version = { cards: [], rules: [] }

/**
 * A version of the game (the project's, or a revision's in the cache) validated and drawn, in its default
 * language and in each other; none when it had errors.
 */
const drawSide = async (root: string, id: string, drawing: Drawing): Promise<Result<Side | undefined>> => {
  const paths = gamePaths(root, id)
  if (!existsSync(paths.definition)) return { value: { ...NONE, lang: '', editions: new Map() }, diagnostics: [] }
  const { store, threads, renderOptions, jobs } = drawing
  const validated = await validateGame(root, id, { threads, store })
  const loaded = validated.value
  if (!loaded || hasErrors(validated.diagnostics)) return { value: undefined, diagnostics: validated.diagnostics }
  const diagnostics = [...validated.diagnostics]
  const draw = async (cards: readonly Card[], language?: FaceLanguage) => {
    const faces = await renderGame(paths, loaded.game, cards, {
      ...renderOptions,
      store,
      threads,
      jobs,
      allCards: loaded.cards,
      ...(language && { language }),
    })
    append(diagnostics, faces.diagnostics)
    return faces.value
  }
  const faces = await draw(loaded.cards)
  const editions = new Map<string, Version>()
  for (const edition of loaded.editions)
    editions.set(edition.lang, {
      cards: edition.cards,
      faces: await draw(edition.cards, edition.language),
      rules: sectionsOf(editionRules(paths.rulesDir, edition.lang), root),
    })
  if (hasErrors(diagnostics)) return { value: undefined, diagnostics }
  const lang = gameLanguages(loaded.game)[0]!
  const { title, version } = loaded.game
  const sizes = Object.fromEntries(
    Object.keys(loaded.game.types).flatMap((t) => {
      const size = typeSize(loaded.game, t)
      return size ? [[t, size]] : []
    }),
  )
  return {
    value: {
      ...{ cards: loaded.cards, faces, rules: sectionsOf(paths.rules, root), lang, editions },
      ...{ title, version, sizes, game: loaded.game },
    },
    diagnostics,
  }
}

/** A stored face as plain data (the store's own are named on demand), for a page or a pack to read or save. */
const plain = (face: StoredFace | undefined): StoredFace | undefined =>
  face && { key: face.key, png: face.png, svg: face.svg }

/** Each card's front and back, by id. */
const facesById = (faces: GameFaces | undefined): Map<string, { front?: StoredFace; back?: StoredFace }> =>
  new Map(
    (faces?.cards ?? []).map((c) => [c.card.id, { front: plain(c.front), back: plain(faces!.backs.get(c.back)) }]),
  )

const pair = (a: StoredFace, b: StoredFace) => `${a.key} ${b.key}`

/**
 * The faces of the old and new version (each pair of a card's front or back) whose keys differ and whose
 * pixels do too, as pairs: each pair compared once (a shared back is every card's of its deck), all on every core.
 */
const differingFaces = async (
  pairs: readonly (readonly [StoredFace?, StoredFace?])[],
): Promise<Map<string, PixelChanges>> => {
  const asked = new Map<string, [StoredFace, StoredFace]>()
  for (const [a, b] of pairs) if (a && b && a.key !== b.key) asked.set(pair(a, b), [a, b])
  const differ = new Map<string, PixelChanges>()
  await pMap(
    asked,
    async ([name, [a, b]]) => {
      const changes = await pixelChanges(a.png, b.png)
      if (changes) differ.set(name, changes)
    },
    { concurrency: availableParallelism() },
  )
  return differ
}

/** The cards of two versions compared: data field by field, and each face common to both by its pixels. */
const compareSides = async (
  before: Version,
  after: Version,
  oldFile: (file: string) => string,
): Promise<Pick<GameChanges, 'cards' | 'unchanged'>> => {
  const data = compareCards(before.cards.map(cardData), after.cards.map(cardData))
  const fieldsOf = new Map(data.changed.map((c) => [c.id, c.fields]))
  const oldFaces = facesById(before.faces)
  const newFaces = facesById(after.faces)
  const oldCards = new Map(before.cards.map((c) => [c.id, c]))
  const differ = await differingFaces(
    after.cards.flatMap((c) => {
      const [was, now] = [oldFaces.get(c.id), newFaces.get(c.id)]
      return [
        [was?.front, now?.front],
        [was?.back, now?.back],
      ] as const
    }),
  )
  const looksDifferent = (a?: StoredFace, b?: StoredFace): boolean => (!a || !b ? a !== b : differ.has(pair(a, b)))
  const cards: CardChange[] = []
  let unchanged = 0
  for (const card of after.cards) {
    const was = oldFaces.get(card.id)
    const now = newFaces.get(card.id)
    const front = { before: was?.front, after: now?.front }
    const back = { before: was?.back, after: now?.back }
    const at = { file: card.source.file, line: card.source.pos.line, ...named(card) }
    if (!oldCards.has(card.id)) {
      cards.push({ id: card.id, type: card.type, change: 'added', fields: [], look: both, ...at, front, back })
      continue
    }
    const fields = fieldsOf.get(card.id) ?? []
    const look = { front: looksDifferent(front.before, front.after), back: looksDifferent(back.before, back.after) }
    const where = (a?: StoredFace, b?: StoredFace) => (a && b ? differ.get(pair(a, b)) : undefined)
    const regions = { front: where(front.before, front.after), back: where(back.before, back.after) }
    // A change of data is at its first changed value's place, when the card file says where it is.
    const place = fields.length ? card.source.fields?.[fields[0]!.field] : undefined
    if (fields.length || look.front || look.back)
      cards.push({
        id: card.id,
        type: card.type,
        change: 'changed',
        fields,
        look,
        ...((regions.front || regions.back) && { regions }),
        ...at,
        was: named(oldCards.get(card.id)!),
        ...(place && { line: place.line }),
        front,
        back,
      })
    else unchanged++
  }
  const newIds = new Set(after.cards.map((c) => c.id))
  for (const card of before.cards)
    if (!newIds.has(card.id)) {
      const was = oldFaces.get(card.id)
      cards.push({
        id: card.id,
        type: card.type,
        change: 'removed',
        ...named(card),
        fields: [],
        look: both,
        file: oldFile(card.source.file),
        line: card.source.pos.line,
        front: { before: was?.front },
        back: { before: was?.back },
      })
    }
  return { cards, unchanged }
}

const both = { front: true, back: true } as const

/** A card's name for a playtester (its `name` or `title` field when it has one, else its id) and its count. */
const named = (card: Card): { name: string; qty: number } => ({ name: cardName(card), qty: card.qty })
