import { typesetCard } from './card-typography.ts'
import { existsSync, readFileSync } from 'node:fs'
import { LRUCache } from 'lru-cache'
import { isAbsolute, join } from 'node:path'
import { DiagnosticError, type Diagnostic, type Result } from '../../diagnostics/diagnostic.ts'
import type { Card, GameDef } from '../../engine/define.ts'
import { relativePath, TEMPLATES_FILE, type GamePaths } from '../../load/project.ts'
import { typeSize } from '../../engine/card-sizes.ts'
import { borderBox } from '../renderers/border-box.ts'
import { createElement, type ReactNode } from 'react'
import { faceBox, renderFace, type DrawnFace, type FaceBox } from '../renderers/face.ts'
import { loadRenderer, type FaceRenderer, type RendererName } from '../renderers/renderer.ts'
import { faceFonts, type LoadedFont } from '../fonts/fonts.ts'
import { FontBook } from '../fonts/font-book.ts'
import { faceCharacters, undrawableWarnings } from './face-characters.ts'
import { genericTemplate } from './generic.tsx'
import { iconDataUri, svgDataUri } from '../fonts/icons.ts'
import { artPath, loadArt, type LoadedArt } from '../../images/art.ts'
import { DEFAULT_LIMITS } from '../../images/image-check.ts'
import { stampText, withStamp } from './stamp.ts'
import { unsupportedElements } from '../renderers/unsupported.ts'
import type { Templates, TypeTemplate } from './template.ts'
import { createFaceContext, type FacePlace } from './face-context.ts'
import { createMeasure, type TextMeasure } from '../text/measure.ts'
import { firstLine, inProject, notAnError, thrownAt, type CodePlace } from '../../diagnostics/thrown.ts'
import { ComponentError } from '../../diagnostics/jsx-place.ts'
import { importGameModule, loadFailure } from '../../load/code-errors.ts'
import { fullIconName, type DrawnWith } from './drawn-with.ts'
import { gameLanguages } from '../../engine/translations.ts'
import { loadWords, wordsByKey, wordsPath } from '../../load/template-words.ts'
import { faceText, gameAsShown, type FaceLanguage, type ShownTexts } from './face-texts.ts'
import { append } from '../../util/append.ts'
import { guardFields, UNKNOWN_FIELD, unknownFieldMessage } from './field-guard.ts'
import { faceMarks, type IconLooked } from './face-marks.ts'
import { colourVisionProblems, type DefinitionSource } from './colour-check.ts'
import { faceRulesOf, type FaceRules, type FaceThresholds } from '../../engine/face-rules.ts'
import {
  checkLaidOutFace,
  checkMeasuredFace,
  measureDrawnFace,
  measuresServe,
  type DrawnMeasures,
  type FaceToCheck,
} from './check-face.ts'
import { lookKey, lookSalt } from './look-key.ts'

export interface RenderOptions {
  dpi: number
  bleedMm: number
  inkFriendly: boolean
  /** Stamp `v<version>·<revision>` (the definition's version; a front job's `revision`) in a corner of every front. */
  stamp?: boolean
  /** The most pixels a PNG or JPEG art file may have (default 50 million; `--max-image-pixels`). */
  maxImagePixels?: number
  /** What draws the faces (`--renderer`); default satori + resvg. One that cannot load here is replaced before a run begins (`chooseRenderer`). */
  renderer?: RendererName
  /** A print service's thresholds for the face rules (its preset's `faceRules`), over the game's own. */
  faceRules?: Partial<FaceThresholds>
}

/** One face to draw: a card's front, a type's shared back (no card), or a card's own back. */
export interface FaceJob {
  kind: 'front' | 'back'
  type: string
  card?: Card
  /** The language to draw it in, with its words (`jobLanguage`); none: the default's, as the templates' folder has them when the session opened. */
  language?: FaceLanguage
  /** A front's card revision, shown in its stamp after the version (`stampRevision`); part of the face's key. */
  revision?: string
}

/** What drawing a face in memory gave: the face (none when its template failed), what it was drawn with, its diagnostics. */
export interface FaceDrawing {
  face?: DrawnFace
  /** What the face was drawn with (fonts, icons of installed sets), for the credits. */
  drawnWith?: DrawnWith
  /** The texts of its language the face showed (the game's own, template words): part of its key. */
  shown: ShownTexts
  diagnostics: Diagnostic[]
  /** With `prepareOnly`: the element, box and fonts (in fallback order) a renderer draws the face from. */
  prepared?: { element: ReactNode; box: FaceBox; fonts: LoadedFont[] }
  /** What the face looks like (see lookKey): faces of one look are drawn once. */
  look?: string
  /** What the face rules read of the drawn face, kept with its look. */
  measures?: DrawnMeasures
  /** The look a store held already (`how.looks`): the face is that one, not drawn again. */
  reused?: true
}

/** Faces drawn before, by their look (a face store): what the face rules read of each. */
export interface LookSource {
  look(look: string): DrawnMeasures | undefined
}

/**
 * How a face is asked for: `layoutOnly`, `prepareOnly` (see RenderSession.draw), and `looks`: the faces drawn
 * before, by look; a face that looks like one of them is not drawn again (`reused`).
 */
export interface DrawHow {
  layoutOnly?: boolean
  prepareOnly?: boolean
  looks?: LookSource
}

/** Draws faces of one game: its templates and fonts loaded once. A worker holds one per game. */
export interface RenderSession {
  /**
   * Draws a face; with `layoutOnly`, runs its template (which measures text and looks icons up) without
   * drawing; with `prepareOnly`, gives what a renderer would be handed instead (the bench's bare floor).
   */
  draw(job: FaceJob, how?: DrawHow): Promise<FaceDrawing>
  /** Draws a few words in every font, small, and throws the result away: the first face then costs what the others do. */
  warm(): Promise<void>
}

const loadTemplates = async (paths: GamePaths): Promise<Result<Templates | undefined>> => {
  const file = join(paths.templatesDir, TEMPLATES_FILE)
  if (!existsSync(file)) return { value: undefined, diagnostics: [] }
  try {
    const mod = await importGameModule<{ default?: Templates }>(file, paths.root)
    return { value: mod.default, diagnostics: [] }
  } catch (error) {
    return {
      value: undefined,
      diagnostics: loadFailure(
        error,
        paths.root,
        'render/template-load',
        'the template file',
        relativePath(paths.root, file),
      ),
    }
  }
}

/** What a session loaded once and draws every face of its game with. */
interface Opened {
  paths: GamePaths
  game: GameDef
  options: RenderOptions
  renderer: FaceRenderer
  /** What draws the faces besides their trees (lookSalt), once a face asks. */
  lookSalt?: string
  fonts: LoadedFont[]
  book: FontBook
  measure: TextMeasure
  templates: Templates | undefined
  defaultLang: string
  defaultWords: Record<string, string>
  /** The files problems are reported at, relative to the project. */
  definitionFile: string
  templatesFile: string
  wordsFile: string
  artOf: (file: string) => LoadedArt
  /** The definition's text, read when a face is first checked (a11y/colour-vision points at its lines). */
  definition: () => DefinitionSource
  /** The face rules' thresholds and severities: the game's, with a print service's over them. */
  rules: FaceRules
  /**
   * What opening the session found (templates that did not load, fonts that are missing): each face's
   * problems too, so that laying faces out (validate, which opens no session of its own) reports them.
   */
  opening: Diagnostic[]
}

export const openSession = async (
  paths: GamePaths,
  game: GameDef,
  options: RenderOptions,
): Promise<Result<RenderSession>> => {
  const drawing = await loadRenderer(options.renderer ?? 'satori')
  // The run checked that the renderer loads before it began (chooseRenderer): this is a thread that could not.
  if ('unavailable' in drawing)
    throw new DiagnosticError({
      rule: 'render/renderer-unavailable',
      severity: 'error',
      file: relativePath(paths.root, paths.definition),
      message: drawing.unavailable,
    })
  const { renderer } = drawing
  const loaded = await loadTemplates(paths)
  const templates = loaded.value
  const { fonts, missing } = faceFonts(templates?.fonts, paths.root)
  const templatesFile = relativePath(paths.root, join(paths.templatesDir, TEMPLATES_FILE))
  const fontProblems: Diagnostic[] = missing.map((m) => ({
    rule: 'render/missing-font',
    severity: 'error',
    file: templatesFile,
    line: 1,
    column: 1,
    message: m.message,
  }))
  // Characters the face's fonts lack fall back to Noto families the project has installed, as satori falls back.
  const book = new FontBook(fonts, paths.root, templates?.fallbacks)
  // The templates' own words in the default language, for a face asked for without its language (the
  // pipeline sends every job with its words, read once a build; a problem with the file is validate's to report).
  const defaultLang = gameLanguages(game)[0]!
  const opened: Opened = {
    paths,
    game,
    options,
    renderer,
    fonts,
    book,
    measure: createMeasure(fonts, book),
    templates,
    defaultLang,
    defaultWords: wordsByKey(loadWords(paths, defaultLang).value),
    definitionFile: relativePath(paths.root, paths.definition),
    templatesFile,
    wordsFile: relativePath(paths.root, wordsPath(paths, defaultLang)),
    artOf: artCache(paths.templatesDir, options.maxImagePixels),
    definition: definitionSource(paths),
    rules: faceRulesOf(game.print, options.faceRules),
    opening: [...loaded.diagnostics, ...fontProblems],
  }
  const session: RenderSession = {
    warm: () => warmFonts(fonts, renderer),
    draw: (job, how = {}) => drawFace(opened, job, how),
  }
  return { value: session, diagnostics: opened.opening }
}

/**
 * Art read once for the faces that share it, the most recently used up to 64 MB: a deck of 10,000 cards
 * with art of their own would otherwise keep every picture in every thread.
 */
const artCache = (templatesDir: string, maxImagePixels: number | undefined) => {
  const arts = new LRUCache<string, LoadedArt>({
    maxSize: 64 * 2 ** 20,
    sizeCalculation: (art) => Math.max(1, art.ok ? art.uri.length : 1),
  })
  return (file: string): LoadedArt => {
    let art = arts.get(file)
    if (!art)
      arts.set(
        file,
        (art = loadArt(templatesDir, file, {
          ...DEFAULT_LIMITS,
          ...(maxImagePixels && { maxPixels: maxImagePixels }),
        })),
      )
    return art
  }
}

/** Draws a few words in every font, small, and throws the result away (see RenderSession.warm). */
const warmFonts = async (fonts: LoadedFont[], renderer: FaceRenderer): Promise<void> => {
  const words = fonts.map((f) =>
    createElement(
      'span',
      {
        key: `${f.name}${f.weight}${f.style}`,
        style: { fontFamily: f.name, fontWeight: f.weight, fontStyle: f.style },
      },
      'Aa 1',
    ),
  )
  await renderFace(
    createElement('div', { style: { display: 'flex', flexWrap: 'wrap' } }, words),
    faceBox(20, 20, 0),
    fonts,
    30,
    renderer,
  )
}

/** The template of a card type: the game's own, or the generic one with a warning that its cards are drawn as plain text. */
const templateOf = (o: Opened, typeId: string): { template: TypeTemplate<GameDef, string>; generic?: Diagnostic } => {
  const type = o.game.types[typeId]!
  const own = o.templates?.types[typeId] as TypeTemplate<GameDef, string> | undefined
  if (own) return { template: own }
  return {
    template: genericTemplate(typeId),
    generic: {
      rule: 'render/generic-template',
      severity: 'warning',
      file: o.templates ? o.templatesFile : o.definitionFile,
      line: 1,
      column: 1,
      message: `no template for ${type.name} (${typeId}): its cards are drawn as plain text`,
    },
  }
}

/** Where a face's problems are reported: its card's line, or the definition for a type's shared back. */
type FaceAt = { file: string; line: number; column: number; card?: string }

/** What a face's template read and found while it ran: part of what drawing it gives. */
interface Noted {
  /** The game's texts and the template words in the face's language, each noted as the template reads it. */
  shown: ShownTexts
  /** The icons of installed sets the face shows, for the credits (the game's own are its designer's). */
  icons: Set<string>
  /** Every icon the template looked up, by the data URI it was given: what the face's images show. */
  looked: Map<string, IconLooked>
  /** The vocabulary words the template read, as `[vocabulary, word]`. */
  wordsRead: [string, string][]
  diagnostics: Diagnostic[]
}

const drawFace = async (o: Opened, job: FaceJob, how: DrawHow): Promise<FaceDrawing> => {
  const { kind, type: typeId } = job
  const noted: Noted = { shown: {}, icons: new Set(), looked: new Map(), wordsRead: [], diagnostics: [...o.opening] }
  const { shown, diagnostics } = noted
  // The card's text as faces set it (typographic quotes): the face then shows its language's quotation marks.
  const lang = job.language?.lang ?? o.defaultLang
  const typeset = job.card && typesetCard(o.game, job.card, lang)
  const card = typeset?.card
  if (typeset?.curled) shown.lang = lang
  const size = typeSize(o.game, typeId)
  if (!size) return { diagnostics, shown } // reported by validation (game/unknown-size)
  const { template, generic } = templateOf(o, typeId)
  if (generic) diagnostics.push(generic)
  const at: FaceAt = card
    ? { file: card.source.file, line: card.source.pos.line, column: card.source.pos.column, card: card.id }
    : { file: o.definitionFile, line: 1, column: 1 }
  const box = faceBox(size.widthMm, size.heightMm, o.options.bleedMm)
  // The template sees the card with its fields guarded: a name no card type declares is an error at the template's line.
  const seen = card && guardFields(card, o.game, unknownFieldReporter(o, card, noted.diagnostics))
  const ctx = faceContextOf(o, { ...job, card: seen }, box, at, noted)
  const type = o.game.types[typeId]!
  const back = template.back ?? genericTemplate(typeId).back!
  try {
    // A template that throws is a diagnostic at the card being drawn; the rest of the game still renders.
    const drawn = kind === 'front' ? template.front(seen as never, ctx) : back(seen as never, ctx)
    // Every component called, as satori would.
    const element = borderBox(
      o.options.stamp && kind === 'front' && !how.layoutOnly
        ? withStamp(drawn, box, stampText(o.game.version, job.revision))
        : drawn,
    )
    const { fallbacks, drawnBy, undrawable, clashes } = faceCharacters(element, o.fonts, o.book)
    append(diagnostics, undrawableWarnings(undrawable, card, at))
    for (const chars of clashes) diagnostics.push(fontClash(chars, at))
    const refused = unsupportedElements(element)
    if (refused.length) {
      diagnostics.push(unsupportedElement(refused, job, at))
      return { diagnostics, shown }
    }
    append(diagnostics, colourProblems(o, job, element, noted))
    const checked = toCheck(o, job, element, box, at)
    if (how.layoutOnly) return { diagnostics: [...diagnostics, ...checkLaidOutFace(checked)], shown }
    const fonts = [...o.fonts, ...fallbacks]
    if (how.prepareOnly) return { diagnostics, shown, prepared: { element, box, fonts } }
    const drawnWith = { fonts: drawnBy, icons: [...noted.icons].sort() }
    const look = lookKey((o.lookSalt ??= lookSalt(o.renderer.id, o.paths.root)), element, box, fonts, o.options.dpi)
    const kept = how.looks?.look(look)
    if (kept && measuresServe(checked, kept)) {
      append(diagnostics, checkMeasuredFace(checked, kept))
      return { look, reused: true, drawnWith, shown, diagnostics }
    }
    let face: DrawnFace
    let measures: DrawnMeasures
    try {
      face = rasteriseOnce(await o.renderer.draw(element, box, fonts, o.options.dpi))
      measures = await measureDrawnFace(checked, face)
      append(diagnostics, checkMeasuredFace(checked, measures))
    } catch (error) {
      // The renderer's failure, not the template's: an error at the card, never drawn by the other renderer instead.
      const what = card ? `the ${kind} of ${card.id}` : `the shared ${kind} of ${type.name}`
      diagnostics.push({
        rule: 'render/draw-failed',
        severity: 'error',
        ...at,
        message: `${o.renderer.name} could not draw ${what}: ${firstLine(error)}`,
      })
      return { diagnostics, shown }
    }
    return { face, look, measures, drawnWith, shown, diagnostics }
  } catch (error) {
    // A throw after the template read a field no type declares (undefined passed to a component) follows from that error.
    if (!diagnostics.some((d) => d.rule === UNKNOWN_FIELD))
      diagnostics.push(templateError(error, o, job, type.name, at))
    return { diagnostics, shown }
  }
}

/** What the face rules check a face with. */
const toCheck = (o: Opened, job: FaceJob, element: unknown, box: FaceBox, at: FaceAt): FaceToCheck => ({
  element,
  rules: o.rules,
  type: job.type,
  kind: job.kind,
  typeName: o.game.types[job.type]!.name,
  card: job.card,
  at,
  templatesFile: o.templatesFile,
  box,
  artPixels: (file) => {
    const art = o.artOf(file)
    return art.ok ? art.pixels : undefined
  },
})

/** A drawn face whose PNG is made once, whoever asks first: the face checks (for its pixels) or the store. */
const rasteriseOnce = (face: DrawnFace): DrawnFace => {
  let made: ReturnType<DrawnFace['rasterise']> | undefined
  return { ...face, rasterise: () => (made ??= face.rasterise()) }
}

/** Reports a template's get of a field no card type declares, at the template's line, once a face for each place and name. */
const unknownFieldReporter = (o: Opened, card: Card, diagnostics: Diagnostic[]) => {
  const said = new Set<string>()
  return (name: string) => {
    const code = thrownAt(new Error(), o.paths.root) ?? { file: o.templatesFile, line: 1, column: 1 }
    const key = `${name}|${code.file}|${code.line}|${code.column}`
    if (said.has(key)) return
    said.add(key)
    diagnostics.push({
      rule: UNKNOWN_FIELD,
      severity: 'error',
      ...code,
      card: card.id,
      field: name,
      message: unknownFieldMessage(o.game, card.type, name),
    })
  }
}

/** The context a face's template runs with, noting in `noted` what it reads and finds. */
const faceContextOf = (o: Opened, job: FaceJob, box: FaceBox, at: FaceAt, noted: Noted) => {
  const { paths } = o
  const { kind, card, language } = job
  const { shown, diagnostics } = noted
  const text = faceText(o.game, o.defaultWords, language)
  return createFaceContext({
    game: gameAsShown(o.game, shown, language),
    box,
    inkFriendly: o.options.inkFriendly,
    card,
    face: kind,
    measure: o.measure,
    diagnostics,
    at,
    findIcon: iconFinder(paths, noted),
    wordRead: (vocabulary, word) => void noted.wordsRead.push([vocabulary, word]),
    lang: () => (shown.lang = language?.lang ?? o.defaultLang),
    word: (key) => {
      const word = text(`t:${key}`)
      shown[`t:${key}`] = word ?? ''
      return word
    },
    wordAsked: () => thrownAt(new Error(), paths.root),
    wordsFile: o.wordsFile,
    iconHint: `name an icon of an installed Iconify set, e.g. "game-icons:spy", or an SVG in ${relativePath(paths.root, join(paths.templatesDir, 'icons'))}/`,
    art: artReporter(o, card, at, diagnostics),
  })
}

/** An icon's data URI, noting in `icons` those of installed sets a face shows, and in `looked` every one found. */
const iconFinder =
  (paths: GamePaths, { icons, looked }: Pick<Noted, 'icons' | 'looked'>) =>
  (name: string, color?: string): string | undefined => {
    // An icon without a set prefix may be the game's own: templates/<game>/icons/<name>.svg, before Iconify's.
    const folder = join(paths.templatesDir, 'icons')
    const own = name.includes(':') ? undefined : svgDataUri(join(folder, `${name}.svg`), color, folder)
    const uri = own ?? iconDataUri(name, color, paths.root)
    if (uri && !own) icons.add(fullIconName(name))
    if (uri) looked.set(uri, { name, ...(color && { color }) })
    return uri
  }

/** The definition's text, read once a session when a face's colours are first checked. */
const definitionSource = (paths: GamePaths): (() => DefinitionSource) => {
  let source: DefinitionSource | undefined
  return () => {
    if (!source) {
      let text = ''
      try {
        text = readFileSync(paths.definition, 'utf8')
      } catch {
        // Gone since it loaded: problems point at its first line.
      }
      source = { file: relativePath(paths.root, paths.definition), text, root: paths.root }
    }
    return source
  }
}

/** a11y/colour-vision on a face, from what its element tree draws (colour-check.ts). */
const colourProblems = (o: Opened, job: FaceJob, element: ReactNode, noted: Noted): Diagnostic[] => {
  const setting = o.game.accessibility?.colourVision
  if (setting?.severity === 'off') return []
  const language = job.language
  return colourVisionProblems(
    {
      game: o.game,
      kind: job.kind,
      type: job.type,
      ...(job.card && { card: job.card.id }),
      marks: () => faceMarks(element, noted.looked),
      wordsRead: noted.wordsRead,
      // Read without noting it as shown: checking a face changes none of what it shows.
      text: (key, original) => language?.game[key] ?? original,
    },
    o.definition(),
  )
}

/** A face's art: its data URI, or none with the art's problem reported once for the face. */
const artReporter = (o: Opened, card: Card | undefined, at: FaceAt, diagnostics: Diagnostic[]) => {
  const reported = new Set<string>()
  return (file: string, place: (field?: string) => FacePlace): string | undefined => {
    const loaded = o.artOf(file)
    if (loaded.ok) return loaded.uri
    if (!reported.has(file)) {
      reported.add(file)
      // At the card's `art:` line when it is the card's own art; else at the card, or the templates for a shared back.
      const where = card?.art === file ? place('art') : card ? at : { file: o.templatesFile, line: 1, column: 1 }
      diagnostics.push(artProblem(o.paths, file, loaded, where))
    }
    return undefined
  }
}

/** Why an art file is not drawn (a placeholder is, in its place). */
const artProblem = (
  paths: GamePaths,
  file: string,
  loaded: Exclude<LoadedArt, { ok: true }>,
  where: FacePlace,
): Diagnostic => {
  if (loaded.problem === 'outside')
    return {
      rule: 'render/art-outside',
      severity: 'error',
      ...where,
      message: `the art "${file}" is not inside ${relativePath(paths.root, paths.templatesDir)}/ (symlinks followed): art is read only from the game's templates folder`,
    }
  if ('message' in loaded)
    return {
      rule: `render/art-${loaded.problem}`,
      severity: loaded.problem === 'unsafe' ? 'error' : 'warning',
      ...where,
      message: `the art "${file}" is not drawn: ${loaded.message} (a placeholder is drawn in its place)`,
    }
  if (loaded.problem === 'missing') {
    const path = relativePath(paths.root, artPath(paths.templatesDir, file))
    return {
      rule: 'render/missing-art',
      severity: 'warning',
      ...where,
      message: `the art "${file}" does not exist (looked for ${path}): a placeholder is drawn in its place`,
    }
  }
  return {
    rule: 'render/art-format',
    severity: 'warning',
    ...where,
    message: `the art "${file}" is ${loaded.found === 'webp' ? 'a WebP image, which resvg cannot draw' : loaded.found === 'gif' ? 'a GIF image' : 'not an image deckwright can read'}: save it as PNG, JPEG or SVG (a placeholder is drawn in its place)`,
  }
}

const fontClash = (chars: string[], at: FaceAt): Diagnostic => ({
  rule: 'render/font-clash',
  severity: 'warning',
  ...at,
  message: `${chars.map((ch) => `"${ch}"`).join(' and ')} come from different files of one font, which satori cannot tell apart in one piece of text: all but the first may show as a box; set them in separate elements`,
})

const unsupportedElement = (refused: string[], { kind, card }: FaceJob, at: FaceAt): Diagnostic => ({
  rule: 'render/unsupported-element',
  severity: 'error',
  ...at,
  message: `the ${kind} ${card ? `of ${card.id} ` : ''}has SVG ${refused.map((t) => `<${t}>`).join(', ')}, which satori (what deckwright build draws with) cannot draw: draw the text with a div, or convert it to a <path>`,
})

/**
 * A template that threw: at the template's line that threw when the stack names one, and always naming the
 * card. A thrown value that is not an Error (a string, `undefined`, a Symbol) has no stack: it is at the
 * templates' file, saying so, never at the card's data line, which did nothing wrong.
 */
const templateError = (
  error: unknown,
  o: Pick<Opened, 'paths' | 'templatesFile'>,
  { kind, card }: FaceJob,
  typeName: string,
  at: FaceAt,
): Diagnostic => {
  const root = o.paths.root
  const component = error instanceof ComponentError ? error : undefined
  const thrown = component ? component.thrown : error
  // The game's line that threw; else, for a throw inside one of deckwright's components, the JSX that used it.
  const code = thrownAt(thrown, root)
  const jsx = !code && component?.place ? jsxInProject(component.place, root) : undefined
  const stackless = !code && !jsx && !(thrown instanceof Error)
  const whose = card
    ? `the ${kind} of ${card.id} (${card.source.file}:${card.source.pos.line})`
    : `the shared ${kind} of ${typeName}`
  const why = component && !code ? component.describe(firstLine(thrown)) : firstLine(thrown)
  return {
    rule: 'render/template-error',
    severity: 'error',
    ...at,
    ...(code ?? jsx),
    ...(stackless && { file: o.templatesFile, line: 1, column: 1 }),
    message: `the template failed to draw ${whose}: ${why}${stackless ? notAnError(thrown) : ''}`,
  }
}

/** A JSX place as the project names it: esbuild gives it relative to the project, other compilers may not. */
const jsxInProject = (place: CodePlace, root: string): CodePlace | undefined => {
  if (!isAbsolute(place.file)) return place.file.split('/').includes('node_modules') ? undefined : place
  const file = inProject(root, place.file)
  return file ? { ...place, file } : undefined
}
