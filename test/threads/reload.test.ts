// A watch takes a change to a game's code in place: its threads forget the modules they loaded and import the
// changed ones (GameThreads.reload), and only the faces whose look changed are drawn again.
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { forgetCompiled } from '../../src/load/game-modules.ts'
import { renderGame } from '../../src/make/render-game.ts'
import { FaceStore } from '../../src/render/store/face-store.ts'
import { MAX_RELOADS } from '../../src/threads/threads.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import { fixture, projectCopy, editFile } from '../helpers.ts'
import { fileThreads } from '../setup/threads.ts'

const threads = fileThreads()
const options = { dpi: 20, bleedMm: 3, inkFriendly: false, jobs: 1, threads }

describe("a game's code changed under warm threads", () => {
  it('is taken in place: the changed face is drawn with the new code, the others are stored as links of their look', async () => {
    const project = projectCopy(fixture('outputs'))
    const store = new FaceStore(join(project, 'out', '.cache', 'parlour'))
    const build = async () => {
      const { paths, game, cards } = (await validateGame(project, 'parlour', { threads })).value!
      const some = cards.filter((c) => ['guest-red', 'guest-green', 'room-hall'].includes(c.id))
      const built = await renderGame(paths, game, some, { ...options, store })
      expect(built.diagnostics).toEqual([])
      return { paths, built: built.value }
    }
    const before = await build()
    const template = join(project, 'templates', 'parlour', 'index.tsx')
    editFile(template, "'#ff00ff'", "'#123456'")
    forgetCompiled()
    await threads.reload(before.paths)
    const after = await build()

    // Every face's key changed with the code; all of them are new to the store.
    expect(after.built.drawn).toBe(before.built.drawn)
    const inode = (file: string) => statSync(file).ino
    // The guests' shared back was drawn with the new colour: new pixels.
    const back = (b: typeof before) => b.built.backs.get('guest')!
    expect(readFileSync(back(after).png).equals(readFileSync(back(before).png))).toBe(false)
    expect(inode(back(after).svg)).not.toBe(inode(back(before).svg))
    // The fronts and the room's own back look as they did: links of the faces drawn before, not drawn again.
    for (const [i, { front }] of after.built.cards.entries()) {
      const was = before.built.cards[i]!.front
      expect(front.svg).not.toBe(was.svg)
      expect(inode(front.svg)).toBe(inode(was.svg))
      expect(inode(front.png)).toBe(inode(was.png))
    }
  }, 60_000)

  it(`replaces a thread once it took ${MAX_RELOADS} changes (Node cannot unload what it imported)`, async () => {
    const project = projectCopy(fixture('outputs'))
    const { paths } = (await validateGame(project, 'parlour', { threads })).value!
    const [first] = threads.take(paths, 1)
    for (let i = 0; i < MAX_RELOADS; i++) await threads.reload(paths)
    expect(first!.state).toBe('running')
    expect(threads.take(paths, 1)[0]).toBe(first)
    await threads.reload(paths)
    expect(first!.state).toBe('gone')
    // The next request starts a new thread, which loads the game anew.
    expect((await validateGame(project, 'parlour', { threads })).value?.game.id).toBe('parlour')
    expect(threads.take(paths, 1)[0]).not.toBe(first)
  }, 60_000)
})

describe('threads whose code did not load', () => {
  it('are all replaced by a reload that asks for fresh threads', async () => {
    const project = projectCopy(fixture('outputs'))
    const { paths } = (await validateGame(project, 'parlour', { threads })).value!
    const before = threads.take(paths, 2)
    await threads.reload(paths, { fresh: true })
    expect(before.map((t) => t.state)).toEqual(['gone', 'gone'])
    expect((await validateGame(project, 'parlour', { threads })).value?.game.id).toBe('parlour')
  }, 60_000)
})
