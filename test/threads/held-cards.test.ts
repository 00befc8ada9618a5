import { afterEach, describe, expect, it } from 'vitest'
import { gamePaths } from '../../src/load/project.ts'
import { NOT_HELD } from '../../src/threads/protocol.ts'
import { GameThreads } from '../../src/threads/threads.ts'
import { fixture } from '../helpers.ts'

let threads: GameThreads
afterEach(() => threads?.close())

describe('the cards a game thread holds', () => {
  it('are named rather than sent until they are released, after which the thread asks for them', async () => {
    threads = new GameThreads(30)
    const paths = gamePaths(fixture('outputs'), 'parlour')
    const read = await threads.call(paths, { game: 'parlour', do: 'cards' })
    if (!read.ok) throw new Error(read.detail)
    const check = () =>
      threads.call(paths, { game: 'parlour', do: 'checks', cards: read.value.held, failedTypes: [], leftOut: [] })
    expect(await check()).toEqual({ ok: true, value: [] })
    threads.tell(paths, { game: 'parlour', do: 'release' })
    expect(await check()).toEqual(expect.objectContaining({ ok: false, detail: NOT_HELD }))
    // Sent with the request, they are checked as before.
    expect(
      await threads.call(paths, {
        game: 'parlour',
        do: 'checks',
        cards: read.value.cards,
        failedTypes: [],
        leftOut: [],
      }),
    ).toEqual({ ok: true, value: [] })
  }, 30_000)
})
