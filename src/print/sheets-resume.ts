import { createHash } from 'node:crypto'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { openFileStamp } from '../util/file-stamp.ts'
import { buildDate } from '../pdf/document.ts'
import { dirname } from 'node:path'
import { writeFileAtomic } from '../util/atomic-write.ts'
import { projectDrawingPackages, sourceHash } from '../cache/source-hash.ts'
import type { EmbeddedPicture } from '../pdf/images.ts'
import type { SheetSummary } from './sheet-summary.ts'

/**
 * What a sheets PDF was made of, kept in the game's cache: each page's key (a digest of it and of every page
 * before it), the byte at which its objects start, and the pictures first embedded on it. The next build of
 * the same sheets copies the earlier file's bytes up to the first page that changed and draws only from
 * there; sheets in which nothing changed are not written at all. An output file is never written into: a
 * reader that opened it before the build still reads what it opened.
 */
export interface SheetsRecord {
  /** The file the record describes, as it was written (`fileStamp`): a file changed or replaced since is not reused. */
  stamp: string
  /** Everything but the pages: deckwright's code, the options, the title, the credits. */
  seed: string
  pages: PageRecord[]
  summary: SheetSummary
}

export interface PageRecord {
  key: string
  /** Where the page's objects start: the bytes written once the page before it has been written out. */
  offset: number
  /** The pictures first embedded on this page, in order. */
  pictures: EmbeddedPicture[]
}

const RECORD_VERSION = 4

/** What every page of the sheets depends on besides its own faces (the PDF's date among them). */
export const sheetsSeed = (options: unknown, root: string | undefined): string =>
  createHash('sha256')
    .update(sourceHash('print', 'pdf', 'util', 'outputs', 'images', 'cache'))
    .update(String(buildDate().getTime()))
    .update(JSON.stringify(options))
    .update(root ? projectDrawingPackages(root) : '')
    .digest('hex')

/** Each page's key: a digest of what is drawn on it and of the key of the page before (the seed before the first). */
export const chainKeys = (seed: string, pages: unknown[]): string[] => {
  let key = seed
  return pages.map(
    (page) => (key = createHash('sha256').update(key).update(JSON.stringify(page)).digest('hex').slice(0, 40)),
  )
}

/** The record of the sheets made last (see `SheetsRecord`). */
export const readRecord = (file: string): SheetsRecord | undefined => {
  try {
    const read = JSON.parse(readFileSync(file, 'utf8')) as { version: number; record: SheetsRecord }
    return read.version === RECORD_VERSION ? read.record : undefined
  } catch {
    return undefined
  }
}

/** Writes a sheets record: `<cache>/sheets/<name>.json`, inside the game's cache folder. */
export const writeRecord = (file: string, record: SheetsRecord): void =>
  writeFileAtomic(file, JSON.stringify({ version: RECORD_VERSION, record }), { inside: dirname(dirname(file)) })

/** `file` opened for reading when it is the file `record` describes (none otherwise): its bytes are read from this descriptor, whatever replaces the path meanwhile. */
export const openRecorded = (record: SheetsRecord | undefined, file: string): number | undefined => {
  if (!record) return undefined
  let fd: number | undefined
  try {
    fd = openSync(file, 'r')
    if (openFileStamp(fd) === record.stamp) return fd
  } catch {
    // none there
  }
  if (fd !== undefined) closeSync(fd)
  return undefined
}

/** How many of the first pages of sheets of `keys` are the recorded file's; none when anything else differs. */
const samePages = (record: SheetsRecord | undefined, seed: string, keys: string[]): number => {
  if (!record || record.seed !== seed) return 0
  let same = 0
  while (same < keys.length && same < record.pages.length && keys[same] === record.pages[same]!.key) same++
  return same
}

/** Whether sheets of these keys are the recorded file's as they are. */
export const unchanged = (record: SheetsRecord | undefined, seed: string, keys: string[]): boolean =>
  !!record && record.pages.length === keys.length && samePages(record, seed, keys) === keys.length

/** A file to draw the sheets again from: the bytes before page `from` are those it holds, its pictures not read. */
export interface Replay {
  from: number
  /** Where page `from` starts in the earlier file. */
  offset: number
  known: Map<string, EmbeddedPicture>
}

/**
 * How much of the file `record` describes sheets of `keys` can take: a replay up to the first page that
 * changed, at a page both have (a replay ends at the start of a page the earlier file recorded); none when
 * the first page changed.
 */
export const replayOf = (record: SheetsRecord | undefined, seed: string, keys: string[]): Replay | undefined => {
  const from = Math.min(samePages(record, seed, keys), keys.length - 1, (record?.pages.length ?? 0) - 1)
  if (!record || from <= 0) return undefined
  const known = new Map<string, EmbeddedPicture>()
  for (const page of record.pages.slice(0, from))
    for (const picture of page.pictures) known.set(picture.source, picture)
  return { from, offset: record.pages[from]!.offset, known }
}
