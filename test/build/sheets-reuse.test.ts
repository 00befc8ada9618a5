import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readRecord } from '../../src/print/sheets-resume.ts'
import { fileStamp } from '../../src/util/file-stamp.ts'
import { buildGame } from '../../src/make/build-game.ts'
import { fixture, projectCopy, editFile } from '../helpers.ts'
import { fileThreads } from '../setup/threads.ts'

// The builds' game threads, warm from one build to the next, as a watch's builds find them.
const threads = fileThreads()

describe("a build's print sheets", () => {
  it('are kept when nothing on them changed, and otherwise are the bytes a build without the cache makes', async () => {
    const project = projectCopy(fixture('outputs'))
    const cards = join(project, 'cards', 'parlour', 'cards.yaml')
    const sheets = (out = 'out') => join(project, out, 'parlour', 'parlour-cards.pdf')
    // `deckwright build --no-overview [--no-cache --out <out>]`, through the library on the file's warm threads.
    const build = async (cache = true, out = 'out') => {
      const built = await buildGame(project, 'parlour', { outDir: join(project, out), overview: false, cache, threads })
      expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    }
    await build()
    const first = statSync(sheets())
    await build()
    // Nothing changed: the same file, not written again.
    expect(statSync(sheets())).toMatchObject({ ino: first.ino, mtimeMs: first.mtimeMs })
    // The last card changes, three times (its pages drawn again after the bytes of the build before), then
    // the first (every page anew); the record describes the file in out/ each time, for the next build.
    const record = join(project, 'out', '.cache', 'parlour', 'sheets', 'parlour-cards.json')
    const edits: [string, string][] = [
      ['#000080', '#000081'],
      ['#000081', '#000082'],
      ['#000082', '#000083'],
      ['#ff0000', '#fe0000'],
    ]
    for (const [was, is] of edits) {
      editFile(cards, was, is)
      await build()
      await build(false, 'fresh')
      expect(readFileSync(sheets()).equals(readFileSync(sheets('fresh'))), is).toBe(true)
      expect(readRecord(record)?.stamp).toBe(fileStamp(sheets()))
    }
  }, 120_000)
})
