import { existsSync } from 'node:fs'
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path'
import { hasErrors, type Diagnostic, type Result } from './diagnostics/diagnostic.ts'
import { DEFINITION_FILE, gamePaths, relativePath } from './load/project.ts'
import { loadRules } from './load/rules.ts'
import { writeFileAtomic } from './util/atomic-write.ts'
import type { GameThreads } from './threads/threads.ts'
import { NOTHING_DRAWN, type DrawnWith } from './render/template/drawn-with.ts'
import { examplesFromFaces, type BookletExample } from './booklet/example.ts'
import { renderBooklet, type BookletOptions } from './booklet/index.ts'
import { append } from './util/append.ts'

export interface BookletFileOptions extends Omit<BookletOptions, 'examples' | 'baseDir' | 'title'> {
  /** The project root paths are shown relative to; default the current folder. */
  root?: string
  /** Where to write the PDF; default `<game>-rules.pdf` for a game's rules, else `<name>.pdf`, in the current folder. */
  out?: string
  /** Resolution of the example cards' faces. */
  dpi?: number
  /** Seconds each piece of the game's code may take while its examples are drawn; default 30. */
  timeout?: number
}

export interface BookletFileReport {
  /** The PDF written, relative to the root; none when the rules could not be read. */
  out?: string
  /** The game the rules belong to, whose examples were drawn. */
  game?: string
}

/** The game a rules file belongs to, and that game's project root: `<root>/rules/<game>/` holds a `game.ts`. */
export const gameOfRules = (path: string): { root: string; id: string } | undefined => {
  const dir = dirname(resolve(path))
  const id = basename(dir)
  const root = dirname(dirname(dir))
  return basename(dirname(dir)) === 'rules' &&
    existsSync(join(dir, DEFINITION_FILE)) &&
    resolve(gamePaths(root, id).rulesDir) === dir
    ? { root, id }
    : undefined
}

/**
 * `deckwright booklet FILE.md`: a booklet from any Hugo-style rules file. The rules of one of the project's
 * games get that game's examples drawn from its cards; pictures are read from the file's folder. Nothing is
 * written when the file cannot be read as Hugo would read it (an unclosed shortcode…): the errors say why.
 */
export const writeBookletFile = async (
  file: string,
  options: BookletFileOptions = {},
): Promise<Result<BookletFileReport>> => {
  const root = options.root ?? process.cwd()
  const path = isAbsolute(file) ? file : resolve(root, file)
  const rules = loadRules(path, root)
  const diagnostics: Diagnostic[] = [...rules.diagnostics]
  if (hasErrors(diagnostics)) return { value: {}, diagnostics }

  const owner = gameOfRules(path)
  const game = owner?.id
  const { withThreads } = await import('./threads/threads.ts')
  // The game's examples, and its own shortcodes made the markdown they stand for, on the game's threads.
  const { examples, doc } = await withThreads(undefined, options.timeout, async (threads) => {
    if (!owner) return { examples: undefined, doc: rules.value }
    const { expandGameShortcodes } = await import('./validate/expand-shortcodes.ts')
    const expanded = await expandGameShortcodes(rules.value, gamePaths(owner.root, owner.id), threads)
    append(diagnostics, expanded.diagnostics)
    return { examples: await gameExamples(owner.root, owner.id, options.dpi ?? 150, threads), doc: expanded.rules }
  })
  // A face that could not be drawn leaves its example a placeholder: a warning here, not an error.
  append(
    diagnostics,
    (examples?.diagnostics ?? []).map((d) => ({
      ...d,
      severity: d.severity === 'error' ? ('warning' as const) : d.severity,
    })),
  )
  const title = game && examples ? examples.title : undefined
  const { root: _root, out: _out, dpi: _dpi, timeout: _timeout, ...bookletOptions } = options
  // The credits name what the examples' faces were drawn with, as well as the booklet's own fonts and icons.
  const credits = examples && owner ? { drawnWith: examples.drawnWith, root: owner.root } : undefined
  const booklet = await renderBooklet(doc, {
    ...bookletOptions,
    title,
    examples: examples?.examples,
    baseDir: dirname(path),
    credits,
  })
  append(diagnostics, booklet.diagnostics)
  const out = resolve(root, options.out ?? `${game ? `${game}-rules` : basename(path, extname(path))}.pdf`)
  // An --out the designer typed is theirs to choose; the default is written only inside the project's folder.
  writeFileAtomic(out, booklet.value, { inside: options.out ? dirname(out) : root })
  return { value: { out: relativePath(root, out), game }, diagnostics }
}

/** The game's title and its examples, with only the example cards' faces drawn; undefined if the game does not load. */
const gameExamples = async (
  root: string,
  id: string,
  dpi: number,
  threads: GameThreads,
): Promise<
  | { title: string; examples: Record<string, BookletExample>; drawnWith: DrawnWith; diagnostics: Diagnostic[] }
  | undefined
> => {
  const { validateGame } = await import('./validate/validate-game.ts')
  const { renderGame } = await import('./make/render-game.ts')
  const loaded = (await validateGame(root, id, { threads })).value
  if (!loaded) return undefined
  const wanted = new Set(Object.values(loaded.game.examples ?? {}).flatMap((e) => e.cards))
  const cards = loaded.cards.filter((c) => wanted.has(c.id))
  const bleedMm = 3
  const faces = cards.length
    ? await renderGame(loaded.paths, loaded.game, cards, { dpi, bleedMm, inkFriendly: false, jobs: 1, threads })
    : { value: { cards: [], drawnWith: NOTHING_DRAWN }, diagnostics: [] }
  return {
    title: loaded.game.title,
    examples: examplesFromFaces(loaded.game, faces.value, bleedMm),
    drawnWith: faces.value.drawnWith,
    diagnostics: faces.diagnostics.filter((d) => d.severity !== 'info'),
  }
}
