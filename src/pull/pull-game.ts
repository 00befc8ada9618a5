// `deckwright pull`'s stage: a game's spreadsheet sources downloaded into its cards folder, each compared
// with the file it replaces. A source that cannot be downloaded leaves its file as it was.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { type CardChanges, compareCards, rawCardData } from '../engine/card-changes.ts'
import { checkSources, type SheetSource } from '../engine/checks/sources.ts'
import { parseCsvCards } from '../load/csv.ts'
import { gamePaths, relativePath, type GamePaths } from '../load/project.ts'
import { readTextFile } from '../load/text-file.ts'
import { withThreads, type GameThreads } from '../threads/threads.ts'
import { writeFileAtomic } from '../util/atomic-write.ts'
import { insideFolder } from '../util/inside-folder.ts'
import { append } from '../util/append.ts'
import { loadDefinition } from '../validate/load-definition.ts'
import { type DownloadLimits, downloadCsv } from './download.ts'

/** One source pulled: where its file is, what it holds now, and how its cards changed. */
export interface PulledFile {
  game: string
  /** The CSV file, relative to the project root. */
  file: string
  url: string
  /** False when the download was the file as it was, byte for byte. */
  written: boolean
  /** The file did not exist before. */
  created: boolean
  /** The cards the file holds now (rows with an id). */
  cards: number
  changes: CardChanges
}

export interface PullOptions {
  /** The run's game threads (the definition loads on one); none: threads of its own. */
  threads?: GameThreads
  /** Seconds the definition may take to load (without `threads`). */
  timeout?: number
  limits?: Partial<DownloadLimits>
}

/** What a game's pull gave: the sources its definition lists (those that can be pulled), and those pulled. */
export interface GamePull {
  listed: SheetSource[]
  pulled: PulledFile[]
}

/**
 * Pulls every source a game's definition lists into `cards/<game>/`: each written atomically once its download
 * is a CSV, or an error at the source's line in `game.ts` with the file left as it was.
 */
export const pullGame = (root: string, id: string, options: PullOptions = {}): Promise<Result<GamePull>> =>
  withThreads(options.threads, options.timeout, async (threads) => {
    const paths = gamePaths(root, id)
    // The definition is the game's code: a game thread loads it first; this thread reads only its data.
    const { value: game, diagnostics } = await loadDefinition(paths, threads)()
    if (!game) return { value: { listed: [], pulled: [] }, diagnostics }
    const definitionFile = relativePath(root, paths.definition)
    const checked = checkSources(game, definitionFile, readFileSync(paths.definition, 'utf8'))
    append(diagnostics, checked.diagnostics)
    const results = await Promise.all(
      checked.sources.map((source) => pullSource(paths, definitionFile, source, options.limits)),
    )
    const pulled: PulledFile[] = []
    for (const r of results) {
      append(diagnostics, r.diagnostics)
      if (r.value) pulled.push(r.value)
    }
    return { value: { listed: checked.sources, pulled }, diagnostics }
  })

/** The CSV as it is committed: one kind of line break (a spreadsheet's CSV has CR LF), a line break at the end. */
const committedText = (text: string): string => {
  const lf = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  return lf.endsWith('\n') ? lf : `${lf}\n`
}

/** The text of the file a source replaces, when there is one that reads. */
const currentText = (paths: GamePaths, path: string, file: string): string | undefined =>
  existsSync(path) ? readTextFile(path, file, paths.cardsDir).value : undefined

const pullSource = async (
  paths: GamePaths,
  definitionFile: string,
  source: SheetSource,
  limits: Partial<DownloadLimits> | undefined,
): Promise<Result<PulledFile | undefined>> => {
  const path = join(paths.cardsDir, ...source.file.split('/'))
  const file = relativePath(paths.root, path)
  const refuse = (rule: string, message: string): Result<undefined> => ({
    value: undefined,
    diagnostics: [
      { rule, severity: 'error', file: definitionFile, line: source.line, column: 1, message: `${file}: ${message}` },
    ],
  })
  // Written only inside the game's cards folder, links followed, and only over a file.
  if (!insideFolder(paths.cardsDir, path))
    return refuse('pull/outside', "it is a link that leads out of the game's cards folder: nothing was written")
  const stat = statSync(path, { throwIfNoEntry: false })
  if (stat && !stat.isFile()) return refuse('pull/not-a-file', 'it is not a file (a folder?): nothing was written')
  const downloaded = await downloadCsv(source.url, limits)
  if (!downloaded.ok)
    return refuse(
      downloaded.rule,
      `${downloaded.message}; ${stat ? 'the file was left as it was' : 'nothing was written'}`,
    )
  const text = committedText(downloaded.text)
  const before = currentText(paths, path, file)
  const read = parseCsvCards(text, file)
  const cards = rawCardData(read.value)
  const changes = compareCards(before === undefined ? [] : rawCardData(parseCsvCards(before, file).value), cards)
  const written = text !== before
  if (written) writeFileAtomic(path, text, { inside: paths.cardsDir })
  const diagnostics: Diagnostic[] = read.diagnostics
  return {
    value: { game: paths.id, file, url: source.url, written, created: !stat, cards: cards.length, changes },
    diagnostics,
  }
}
