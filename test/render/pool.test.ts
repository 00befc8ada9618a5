import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import type { Card } from '../../src/engine/define.ts'
import { gamePaths } from '../../src/load/project.ts'
import { FaceStore } from '../../src/render/store/face-store.ts'
import { openRenderer } from '../../src/threads/face-pool.ts'
import { drawFailure } from '../../src/render/store/draw-face.ts'
import { GameThreads } from '../../src/threads/threads.ts'

const root = fileURLToPath(new URL('../fixtures/render/', import.meta.url))
const card = (id: string, line: number): Card => ({
  id,
  type: 'token',
  set: 'base',
  qty: 1,
  fields: {},
  source: { file: 'cards/x/tokens.yaml', pos: { line, column: 3 }, fields: {} },
})
const options = { dpi: 30, bleedMm: 3, inkFriendly: false }
const paths = gamePaths(root, 'dying')
const templates = 'templates/dying/index.tsx'

let threads: GameThreads
afterEach(() => threads?.close())

const drawAll = async (ids: string[], jobs: number) => {
  const store = new FaceStore(mkdtempSync(join(tmpdir(), 'deckwright-pool-')))
  const renderer = await openRenderer(paths, options, store, { jobs, faces: ids.length, threads })
  const drawn = await Promise.all(
    ids.map((id, i) => renderer.draw({ kind: 'front', type: 'token', card: card(id, i + 1) }, `k-${id}`)),
  )
  return drawn
}

describe('the face renderer', () => {
  it('fails the face whose template ended its thread, at its card; the faces that thread held are drawn by the others', async () => {
    threads = new GameThreads(30)
    const ids = ['die', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']
    const drawn = await drawAll(ids, 2)
    expect(drawn[0]).toEqual({
      stored: false,
      diagnostics: [
        expect.objectContaining({
          rule: 'render/code-stopped',
          severity: 'error',
          card: 'die',
          line: 1,
          message: expect.stringMatching(
            /the template drawing the front of die ended the thread running it: .*exit code 3/,
          ),
        }),
      ],
    })
    expect(drawn.slice(1).map((d) => [d.stored, d.diagnostics])).toEqual(ids.slice(1).map(() => [true, []]))
  }, 60_000)

  it('stops a template that never returns at the time limit, naming the card and the limit, and draws the rest', async () => {
    threads = new GameThreads(4) // well above loading the templates, even on a busy machine
    const ids = ['a', 'loop', 'b', 'c', 'd', 'e', 'f', 'g', 'h']
    const drawn = await drawAll(ids, 2)
    expect(drawn[1]).toEqual({
      stored: false,
      diagnostics: [
        expect.objectContaining({
          rule: 'render/timeout',
          severity: 'error',
          card: 'loop',
          line: 2,
          message: expect.stringContaining('the template drawing the front of loop did not finish within 4 s'),
        }),
      ],
    })
    expect(drawn.filter((d) => d.stored)).toHaveLength(ids.length - 1)
  }, 60_000)

  it("stops a template that holds ever more memory at the thread's limit, naming the card, and draws the rest", async () => {
    threads = new GameThreads(30, { heapMb: 96 })
    const drawn = await drawAll(['a', 'hog', 'b', 'c'], 1)
    expect(drawn[1]).toEqual({
      stored: false,
      diagnostics: [
        expect.objectContaining({
          rule: 'render/code-stopped',
          severity: 'error',
          card: 'hog',
          line: 2,
          message: expect.stringContaining(
            'the template drawing the front of hog ended the thread running it: it ran out of memory',
          ),
        }),
      ],
    })
    expect(drawn.filter((d) => d.stored)).toHaveLength(3)
  }, 60_000)

  it("stops a template that holds typed arrays past the run's memory limit, which its heap limit does not count, naming the card", async () => {
    // 1 GB of Uint8Arrays, then an endless loop: without the watchdog, the time limit (20 s) is what stops it.
    threads = new GameThreads(20, { memoryMb: 500 })
    const started = performance.now()
    const peak = setInterval(() => (rss = Math.max(rss, process.memoryUsage.rss())), 20)
    let rss = process.memoryUsage.rss()
    const before = rss
    const drawn = await drawAll(['a', 'buffers', 'b'], 1)
    clearInterval(peak)
    expect(drawn[1]).toEqual({
      stored: false,
      diagnostics: [
        expect.objectContaining({
          rule: 'render/code-stopped',
          severity: 'error',
          card: 'buffers',
          line: 2,
          message: expect.stringContaining(
            "the template drawing the front of buffers ended the thread running it: the run's memory grew by more than 500 MB",
          ),
        }),
      ],
    })
    expect(drawn.filter((d) => d.stored)).toHaveLength(2)
    expect(performance.now() - started).toBeLessThan(15_000)
    expect(rss - before).toBeLessThan(900 * 2 ** 20)
  }, 60_000)

  it("makes process.exit in a template an error at the template's line, not the end of the run", async () => {
    threads = new GameThreads(30)
    const [quit, after] = await drawAll(['quit', 'a'], 1)
    expect(quit).toEqual({
      stored: false,
      diagnostics: [
        expect.objectContaining({
          rule: 'render/template-error',
          card: 'quit',
          file: templates,
          line: 12,
          message: expect.stringContaining('process.exit(0) would end the whole run'),
        }),
      ],
    })
    expect(after!.stored).toBe(true)
  }, 60_000)

  it('reports a store it cannot write once, naming the folder, and goes on with the next face', async () => {
    threads = new GameThreads(30)
    const file = join(mkdtempSync(join(tmpdir(), 'deckwright-pool-')), 'a-file')
    writeFileSync(file, '')
    const store = new FaceStore(join(file, 'cache')) // a folder inside a file: every write fails
    const renderer = await openRenderer(paths, options, store, { jobs: 1, faces: 2, threads })
    const drawn = await Promise.all(
      ['a', 'b'].map((id, i) => renderer.draw({ kind: 'front', type: 'token', card: card(id, i + 1) }, `k-${id}`)),
    )
    // The same diagnostic for every face (the build reports it once), at the folder and not at a card.
    const failed = {
      rule: 'build/write-failed',
      severity: 'error',
      file: expect.stringMatching(/a-file\/cache$/),
      message: expect.stringContaining('a file stands where a folder should be'),
    }
    expect(drawn).toEqual(['a', 'b'].map(() => ({ stored: false, diagnostics: [failed] })))
    expect(drawn[0]!.diagnostics[0]).toEqual(drawn[1]!.diagnostics[0])
  }, 60_000)

  it("reports a face that failed for a reason other than the file system's at its card", () => {
    const failed = drawFailure(
      paths,
      { kind: 'back', type: 'token', card: card('odd', 4) },
      new Error('out of cheese\nmore'),
      '/tmp/store',
    )
    expect(failed).toEqual({
      stored: false,
      diagnostics: [
        expect.objectContaining({
          rule: 'render/draw-failed',
          card: 'odd',
          line: 4,
          message: 'drawing this back failed: out of cheese',
        }),
      ],
    })
  })
})
