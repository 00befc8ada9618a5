import { describe, expect, it } from 'vitest'
import { thrownAt } from '../../src/diagnostics/thrown.ts'

const stack = (...frames: string[]) =>
  Object.assign(new Error('boom'), { stack: ['Error: boom', ...frames.map((f) => `    at ${f}`)].join('\n') })

describe('where an error was thrown in the project', () => {
  it("names the first frame in the project's own files, skipping packages and frames elsewhere", () => {
    const error = stack(
      'Object.front (file:///proj/node_modules/deckwright/dist/render/session.js:10:3)',
      'node:internal/process/task_queues:95:5',
      'lostDice (file:///proj/templates/g%20x/index.tsx:98:9)',
      '/proj/rules/g/game.ts:3:1',
    )
    expect(thrownAt(error, '/proj')).toEqual({ file: 'templates/g x/index.tsx', line: 98, column: 9 })
    expect(thrownAt(stack('check (/proj/a (copy)/rules/g/game.ts:12:5)'), '/proj')).toEqual({
      file: 'a (copy)/rules/g/game.ts',
      line: 12,
      column: 5,
    })
    expect(thrownAt(stack('/elsewhere/x.ts:1:1', 'file:///proj/node_modules/x/y.js:2:2'), '/proj')).toBeUndefined()
    expect(thrownAt('not an error', '/proj')).toBeUndefined()
  })
})
