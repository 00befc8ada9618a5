import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { cardType, defineGame, type Card } from '../../src/engine/define.ts'
import { gamePaths } from '../../src/load/project.ts'
import { FaceStore } from '../../src/render/face-store.ts'
import { openRenderer, startWorkers } from '../../src/render/pool.ts'

const root = fileURLToPath(new URL('../fixtures/render/', import.meta.url))
const game = defineGame({ id: 'dying', title: 'T', version: '1', players: { min: 2, max: 2 }, params: {}, types: { token: cardType({ name: 'Token', size: 'mini', fields: {} }) } })
const card = (id: string, line: number): Card => ({ id, type: 'token', set: 'base', qty: 1, fields: {}, source: { file: 'cards/x/tokens.yaml', pos: { line, column: 3 }, fields: {} } })
const options = { dpi: 30, bleedMm: 3, inkFriendly: false }
const paths = gamePaths(root, 'dying')

describe('the face renderer', () => {
  it('feeds a ready worker first; a worker that dies fails the face it was drawing, at its card, and the face sent after it is drawn here', async () => {
    const store = new FaceStore(mkdtempSync(join(tmpdir(), 'deckwright-pool-')))
    const workers = startWorkers(paths, options, store, 1)
    expect(await workers[0]!.ready).toBe(true)
    const renderer = await openRenderer(paths, game, options, store, { jobs: 2, faces: 10, workers })
    // The worker is sent the first two faces before this thread takes any; the fixture's template exits on "die".
    const ids = ['die', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']
    const drawn = await Promise.all(ids.map((id, i) => renderer.draw({ kind: 'front', type: 'token', card: card(id, i + 1) }, `k-${id}`)))
    await renderer.close()
    expect(drawn[0]).toEqual({ stored: false, diagnostics: [expect.objectContaining({ rule: 'render/worker-failed', severity: 'error', card: 'die', line: 1, message: expect.stringContaining('exit code 3') })] })
    expect(drawn.slice(1).map((d) => [d.stored, d.diagnostics])).toEqual(ids.slice(1).map(() => [true, []]))
    expect(workers[0]!.state).toBe('gone')
  }, 60_000)

  it('draws everything on this thread when no worker can start', async () => {
    const store = new FaceStore(mkdtempSync(join(tmpdir(), 'deckwright-pool-')))
    const nowhere = gamePaths(join(root, 'no-such-project'), 'dying') // the workers cannot load a definition there
    const workers = startWorkers(nowhere, options, store, 1)
    const renderer = await openRenderer(paths, game, options, store, { jobs: 2, faces: 9, workers })
    const drawn = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((id, i) => renderer.draw({ kind: 'front', type: 'token', card: card(id, i + 1) }, `k-${id}`)))
    await renderer.close()
    expect(await workers[0]!.ready).toBe(false)
    expect(drawn.every((d) => d.stored && d.diagnostics.length === 0)).toBe(true)
  }, 60_000)

  it('reports a store it cannot write once, naming the folder, and goes on with the next face', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'deckwright-pool-')), 'a-file')
    writeFileSync(file, '')
    const store = new FaceStore(join(file, 'cache')) // a folder inside a file: every write fails
    const renderer = await openRenderer(paths, game, options, store, { jobs: 1, faces: 2 })
    const drawn = await Promise.all(['a', 'b'].map((id, i) => renderer.draw({ kind: 'front', type: 'token', card: card(id, i + 1) }, `k-${id}`)))
    await renderer.close()
    // The same diagnostic for every face (the build reports it once), at the folder and not at a card.
    const failed = { rule: 'build/write-failed', severity: 'error', file: expect.stringMatching(/a-file\/cache$/), message: expect.stringContaining('a file stands where a folder should be') }
    expect(drawn).toEqual(['a', 'b'].map(() => ({ stored: false, diagnostics: [failed] })))
    expect(drawn[0]!.diagnostics[0]).toEqual(drawn[1]!.diagnostics[0])
  }, 60_000)
})
