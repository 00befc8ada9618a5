// A watch's newer change stops the build it comes in (its signal): nothing of that build is written, the
// faces it drew stay in the store for the build after it. A preview's first look draws into the store only.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildGame } from '../../src/make/build-game.ts'
import { fixture, projectCopy } from '../helpers.ts'
import { fileThreads } from '../setup/threads.ts'

const threads = fileThreads()

describe('a build stopped for a newer change', () => {
  it('writes nothing, keeps the faces it drew, and the next build takes them from the store', async () => {
    const project = projectCopy(fixture('outputs'))
    const outDir = join(project, 'out')
    const options = { outDir, dpi: 20, jobs: 1, threads, overview: false, booklet: undefined }
    const newer = new AbortController()
    const reason = new Error('a newer change came')
    let stored = 0
    const stopped = buildGame(project, 'parlour', {
      ...options,
      signal: newer.signal,
      stored: () => ++stored === 2 && newer.abort(reason),
    })
    await expect(stopped).rejects.toBe(reason)
    expect(existsSync(join(outDir, 'parlour'))).toBe(false)
    // The faces already sent to a thread are still drawn and stored: counted once no more come.
    const storedFaces = () =>
      readdirSync(join(outDir, '.cache', 'parlour')).filter((f) => /^[0-9a-f]{40}\.png$/.test(f))
    let kept = storedFaces()
    for (let alike = 0; alike < 3; alike++) {
      await new Promise((r) => setTimeout(r, 200))
      const now = storedFaces()
      if (now.length !== kept.length) [kept, alike] = [now, -1]
    }
    expect(kept.length).toBeGreaterThanOrEqual(2)

    // A first look (write: false) draws the rest into the store and writes nothing either.
    const look = await buildGame(project, 'parlour', { ...options, only: 'faces', write: false })
    expect(look.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(look.value.gallery?.cards.length).toBe(7)
    // Those the stopped build drew (and those it had sent to a thread already) come from the store.
    expect(look.value.faces).toBe(11)
    expect(look.value.drawn).toBe(look.value.faces - kept.length)
    expect(existsSync(join(outDir, 'parlour'))).toBe(false)

    const built = await buildGame(project, 'parlour', options)
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(built.value.drawn).toBe(0)
    expect(existsSync(join(outDir, 'parlour', 'faces', 'guest-red.front.png'))).toBe(true)
    expect(existsSync(join(outDir, 'parlour', 'parlour-cards.pdf'))).toBe(true)
  }, 60_000)
})
