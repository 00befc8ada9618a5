import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildGame } from '../../src/make/build-game.ts'
import { pruneCache } from '../../src/make/cache-prune.ts'
import { readIndex, today, writeIndex } from '../../src/render/store/store-index.ts'
import { fixture, projectCopy } from '../helpers.ts'
import { fileThreads } from '../setup/threads.ts'

// The game threads of the file's builds, warm from one build to the next (a watch's builds find them so too).
const threads = fileThreads()

const DAY = 24 * 3600 * 1000
const age = (file: string, days: number) => {
  const when = new Date(Date.now() - days * DAY)
  utimesSync(file, when, when)
}

describe('pruning the cache', () => {
  it('removes the entries no build used for the given time, each with all its files, and folders left empty', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-prune-'))
    const put = (file: string, days: number) => {
      mkdirSync(join(dir, file, '..'), { recursive: true })
      writeFileSync(join(dir, file), 'x')
      age(join(dir, file), days)
    }
    for (const ext of ['png', 'svg', 'json']) put(`old.${ext}`, 30)
    for (const ext of ['png', 'svg']) put(`used.${ext}`, 30)
    put('used.json', 1) // a build reused it yesterday: its .png and .svg stay with it
    for (const f of ['0', '1', 'files.json']) put(`outputs/stale/${f}`, 30)
    for (const f of ['0', 'files.json']) put(`outputs/fresh/${f}`, f === 'files.json' ? 0 : 30)
    put('pixels/oldcode/thumb.rgba', 30)
    expect(pruneCache(dir, Date.now() - 14 * DAY)).toBe(7)
    expect(readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()).toEqual([
      'outputs',
      'outputs/fresh',
      'outputs/fresh/0',
      'outputs/fresh/files.json',
      'used.json',
      'used.png',
      'used.svg',
    ])
  })

  it("drops the index's entries no build used for the given time, and keeps the files of those it used", () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-prune-'))
    const used = (days: number) => today(Date.now() - days * DAY)
    const entry = (days: number) => ({ diagnostics: [], drawnWith: { fonts: [], icons: [] }, used: used(days) })
    writeIndex(dir, {
      faces: new Map([
        ['recent', entry(1)],
        ['stale', entry(30)],
      ]),
      shown: new Map([['shown', { keys: ['a'], used: used(2) }]]),
      layouts: new Map([['laid', { diagnostics: [], used: used(20) }]]),
    })
    for (const name of ['recent.png', 'stale.png', 'shown.shown.json']) {
      writeFileSync(join(dir, name), 'x')
      age(join(dir, name), 30)
    }
    expect(pruneCache(dir, Date.now() - 14 * DAY)).toBe(1)
    const index = readIndex(dir)
    expect([[...index.faces.keys()], [...index.shown.keys()], [...index.layouts.keys()]]).toEqual([
      ['recent'],
      ['shown'],
      [],
    ])
    expect(
      readdirSync(dir)
        .filter((f) => !f.startsWith('index') && f !== 'staging')
        .sort(),
    ).toEqual(['recent.png', 'shown.shown.json'])

    // The index a build holds is the one it prunes by (an entry it used today stays, whatever the file on
    // disk says); with no entry to drop, the index file is not written again.
    const held = readIndex(dir)
    held.faces.set('drawn-now', entry(0))
    writeFileSync(join(dir, 'drawn-now.png'), 'x')
    age(join(dir, 'drawn-now.png'), 30)
    age(join(dir, 'index.json'), 3)
    const written = statSync(join(dir, 'index.json')).mtimeMs
    expect(pruneCache(dir, Date.now() - 14 * DAY, held)).toBe(0)
    expect(existsSync(join(dir, 'drawn-now.png'))).toBe(true)
    expect(statSync(join(dir, 'index.json')).mtimeMs).toBe(written)
  })

  it('runs after a build, which keeps what it reused', async () => {
    const root = projectCopy(fixture('outputs'))
    const outDir = join(root, 'out')
    const build = () => buildGame(root, 'parlour', { outDir, dpi: 20, jobs: 1, threads })
    expect((await build()).value.drawn).toBe(11)
    const cache = join(outDir, '.cache', 'parlour')
    // A month passes; an entry of a face no card draws any more is among them.
    writeFileSync(join(cache, 'gone.png'), 'x')
    // Sheets a killed build was writing just now, one of a running build, and one of yesterday's.
    const staged = (name: string) => join(outDir, '.cache', name)
    const ended = spawnSync(process.execPath, ['-e', '']).pid
    writeFileSync(staged(`parlour-cards.pdf.${ended}-0-3.tmp`), 'half a PDF')
    writeFileSync(staged(`parlour-cards.pdf.${process.pid}-0-9.tmp`), 'being written')
    writeFileSync(staged(`parlour-cards.pdf.${process.pid}-0-8.tmp`), 'forgotten')
    age(staged(`parlour-cards.pdf.${process.pid}-0-8.tmp`), 2)
    for (const file of readdirSync(cache, { recursive: true, encoding: 'utf8' })) age(join(cache, file), 30)
    expect((await build()).value.drawn).toBe(0) // everything still there, and now marked as used
    expect(existsSync(join(cache, 'gone.png'))).toBe(false)
    // The store's index stays, however old its file: it is what tells the next build the faces are there.
    expect(existsSync(join(cache, 'index.json'))).toBe(true)
    expect(
      [`${ended}-0-3`, `${process.pid}-0-9`, `${process.pid}-0-8`].map((tag) =>
        existsSync(staged(`parlour-cards.pdf.${tag}.tmp`)),
      ),
    ).toEqual([false, true, false])
    expect((await build()).value.drawn).toBe(0)
    // The cache is looked through once a day: an old entry found just after a look stays until the next.
    writeFileSync(join(cache, 'later.png'), 'x')
    age(join(cache, 'later.png'), 30)
    await build()
    expect(existsSync(join(cache, 'later.png'))).toBe(true)
    age(join(cache, '.pruned'), 2)
    await build()
    expect(existsSync(join(cache, 'later.png'))).toBe(false)
    // --no-cache draws every face again, whatever the cache holds.
    expect((await buildGame(root, 'parlour', { outDir, dpi: 20, jobs: 1, cache: false, threads })).value.drawn).toBe(11)
  }, 60_000)
})
