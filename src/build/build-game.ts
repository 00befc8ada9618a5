import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DiagnosticError, hasErrors, type Diagnostic, type Result } from '../diagnostics/diagnostic.ts'
import { renderGame, type RenderOptions } from '../render/render-game.ts'
import { defaultJobs, startWorkers, type FaceRenderer } from '../render/pool.ts'
import { writeSheets, type SheetOptions, type SheetSummary } from '../print/sheets.ts'
import { cardSize } from '../print/card-sizes.ts'
import { loadRules } from '../load/rules.ts'
import { renderBooklet, type BookletOptions } from '../booklet/index.ts'
import type { BookletExample } from '../booklet/example.ts'
import type { GameDef } from '../engine/define.ts'
import type { GameFaces } from '../render/render-game.ts'
import { writeFileAtomic } from '../util/atomic-write.ts'
import { validateGame } from '../validate.ts'
import { gamePaths, relativePath } from '../load/project.ts'
import { setNames } from '../engine/model.ts'

export interface BuildOptions {
  /** Output folder; each game is written to `<outDir>/<game>/`. */
  outDir: string
  dpi?: number
  bleedMm?: number
  paper?: 'a4' | 'letter'
  inkFriendly?: boolean
  /** Worker threads drawing faces; default one per core. */
  jobs?: number
  /** Reuse faces drawn by earlier builds (kept in `<outDir>/.cache/<game>/`); default true. */
  cache?: boolean
  progress?: (done: number, total: number) => void
  /** Write only the faces, the print sheets or the booklet (the faces they need still come from the cache). */
  only?: 'faces' | 'sheets' | 'booklet'
  /** Only the cards of these sets (e.g. ['base', 'identities']); all sets when not given. */
  sets?: readonly string[]
  /** Print sheet options (paper, duplex, gap…); the build sets the title and bleed. */
  sheets?: Omit<SheetOptions, 'title' | 'bleedMm'>
  /** Booklet options (page size…); the build sets the title and the examples. */
  booklet?: Omit<BookletOptions, 'title' | 'examples'>
}

export interface BuildReport {
  game: string
  written: string[]
  /** Distinct faces the build needed (identical faces count once)… */
  faces: number
  /** …of which drawn in this build; the rest came from the cache. */
  drawn: number
  sheets?: SheetSummary
}

/**
 * Validates a game and, when it has no errors, writes its faces, print sheets and rules booklet.
 * Every file is written atomically; a game with errors writes nothing.
 */
export const buildGame = async (root: string, id: string, options: BuildOptions): Promise<Result<BuildReport>> => {
  const report: BuildReport = { game: id, written: [], faces: 0, drawn: 0 }
  const renderOptions = { dpi: options.dpi ?? 300, bleedMm: options.bleedMm ?? 3, inkFriendly: options.inkFriendly ?? false }
  // On a first build, workers start while the game is validated (a game with errors closes them unused);
  // a rebuild draws few faces, so it waits to see whether it needs them.
  const cacheDir = options.cache === false ? undefined : join(options.outDir, '.cache', id)
  const cold = !cacheDir || !existsSync(cacheDir)
  const workers = cold ? startWorkers(gamePaths(root, id), renderOptions, options.jobs ?? defaultJobs()) : undefined
  const built = await buildValidated(root, id, options, report, renderOptions, workers, cacheDir)
  if (built.diagnostics.some((d) => d.severity === 'error')) await workers?.then((w) => w.close()).catch(() => undefined)
  return built
}

const buildValidated = async (
  root: string,
  id: string,
  options: BuildOptions,
  report: BuildReport,
  renderOptions: RenderOptions,
  workers: Promise<FaceRenderer> | undefined,
  cacheDir: string | undefined,
): Promise<Result<BuildReport>> => {
  const validated = await validateGame(root, id)
  const diagnostics: Diagnostic[] = [...validated.diagnostics]
  const loaded = validated.value
  if (!loaded || hasErrors(diagnostics)) return { value: report, diagnostics }
  const { game, paths } = loaded
  const unknownSets = (options.sets ?? []).filter((s) => !setNames(game).includes(s))
  if (unknownSets.length) {
    diagnostics.push({ rule: 'build/unknown-set', severity: 'error', file: relativePath(root, paths.definition), line: 1, column: 1, message: `--sets names ${unknownSets.map((s) => `"${s}"`).join(', ')}, which ${id} does not have; its sets are ${setNames(game).join(', ')}` })
    return { value: report, diagnostics }
  }
  const cards = options.sets ? loaded.cards.filter((c) => options.sets!.includes(c.set)) : loaded.cards
  const bleedMm = options.bleedMm ?? 3
  const wants = (part: NonNullable<BuildOptions['only']>) => !options.only || options.only === part
  // The booklet alone needs only the faces of its examples.
  const exampleIds = new Set(Object.values(game.examples ?? {}).flatMap((e) => e.cards))
  const toRender = options.only === 'booklet' ? cards.filter((c) => exampleIds.has(c.id)) : cards
  const faces = await renderGame(paths, game, toRender, {
    ...renderOptions,
    workers,
    jobs: options.jobs,
    cacheDir,
    progress: options.progress,
  })
  diagnostics.push(...faces.diagnostics)
  if (hasErrors(diagnostics)) return { value: report, diagnostics }
  report.drawn = faces.value.drawn
  report.faces = faces.value.drawn + faces.value.cached

  const dir = join(options.outDir, id)
  const write = (name: string, data: string | Uint8Array) => {
    const path = join(dir, name)
    writeFileAtomic(path, data)
    report.written.push(relativePath(root, path))
  }
  for (const { card, front } of wants('faces') ? faces.value.cards : []) {
    write(`faces/${card.id}.front.svg`, front.svg)
    write(`faces/${card.id}.front.png`, front.png)
  }
  for (const [name, back] of wants('faces') ? faces.value.backs : []) {
    write(`faces/${name}.back.svg`, back.svg)
    write(`faces/${name}.back.png`, back.png)
  }

  const items = faces.value.cards.flatMap(({ card, front, back }) =>
    Array.from({ length: card.qty }, (_, copy) => ({
      id: card.qty > 1 ? `${card.id}#${copy + 1}` : card.id,
      front: front.png,
      back: faces.value.backs.get(back)!.png,
      size: cardSize(game.types[card.type]!.size ?? 'poker')!,
    })),
  )
  if (wants('sheets')) try {
    const sheets = await writeSheets(items, { paper: options.paper ?? 'a4', duplex: 'long-edge', ...options.sheets, title: `${game.title} — cards`, bleedMm })
    write(`${id}-cards.pdf`, sheets.pdf)
    report.sheets = sheets.summary
  } catch (error) {
    // The print stage throws only for what no layout can fix (a card larger than the paper, nothing to print).
    if (!(error instanceof DiagnosticError)) throw error
    diagnostics.push({ ...error.diagnostic, file: error.diagnostic.file || relativePath(root, paths.definition), line: error.diagnostic.line ?? 1, column: error.diagnostic.column ?? 1 })
  }

  if (wants('booklet') && existsSync(paths.rules)) {
    const rules = loadRules(paths.rules, root)
    diagnostics.push(...rules.diagnostics.filter((d) => d.severity !== 'info'))
    const booklet = await renderBooklet(rules.value, { ...options.booklet, title: game.title, examples: bookletExamples(game, faces.value, bleedMm) })
    diagnostics.push(...booklet.diagnostics.filter((d) => d.severity !== 'info'))
    write(`${id}-rules.pdf`, booklet.value)
  }
  return { value: report, diagnostics }
}

/** The game's examples with the faces just rendered; cards not built (another set) are left out. */
const bookletExamples = (game: GameDef, faces: GameFaces, bleedMm: number): Record<string, BookletExample> => {
  const byId = new Map(faces.cards.map((f) => [f.card.id, f]))
  const examples = Object.entries(game.examples ?? {}).map(([id, example]): [string, BookletExample] => [
      id,
      {
        title: example.title,
        cards: example.cards.flatMap((cardId, i) => {
          const face = byId.get(cardId)
          const size = face && cardSize(game.types[face.card.type]!.size ?? 'poker')
          return face && size ? [{ png: face.front.png, widthMm: size.widthMm, heightMm: size.heightMm, bleedMm, turned: example.turned?.[i] === 'second' }] : []
        }),
      },
    ])
  // An example whose cards were all left out (another set) is printed as a placeholder.
  return Object.fromEntries(examples.filter(([, e]) => e.cards.length > 0))
}
