import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { buildGame, type BuildOptions } from '../../src/make/build-game.ts'
import { fixture, projectCopy } from '../helpers.ts'
import { fileThreads } from '../setup/threads.ts'

// `deckwright build [flags]` of the fixture's one game, through the library on the file's warm threads.
const threads = fileThreads()
const build = async (project: string, options: Partial<BuildOptions> = {}) => {
  const built = await buildGame(project, 'parlour', { outDir: join(project, 'out'), threads, ...options })
  expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
}

it('removes the faces of cards that no longer exist, on a build of every card only', async () => {
  const project = projectCopy(fixture('outputs'))
  await build(project)
  const faces = join(project, 'out', 'parlour', 'faces')
  const gone = ['room-study.front.png', 'room-study.front.svg', 'room-study.back.png', 'room-study.back.svg']
  for (const f of gone) expect(existsSync(join(faces, f))).toBe(true)
  const cards = join(project, 'cards', 'parlour', 'cards.yaml')
  writeFileSync(
    cards,
    readFileSync(cards, 'utf8')
      .split('\n')
      .filter((l) => !l.includes('room-study'))
      .join('\n'),
  )
  // Partial builds leave what they did not make.
  for (const [flags, partial] of [
    ['--cards guest-red', { cardIds: ['guest-red'] }],
    ['--only-type guest', { onlyTypes: ['guest'] }],
    ['--only sheets', { only: 'sheets' }],
  ] as const) {
    await build(project, partial)
    for (const f of gone) expect(existsSync(join(faces, f)), `${flags}: ${f}`).toBe(true)
  }
  await build(project)
  for (const f of gone) expect(existsSync(join(faces, f)), f).toBe(false)
  expect(existsSync(join(faces, 'room-hall.front.png'))).toBe(true)
  expect(existsSync(join(faces, 'room-hall.back.png'))).toBe(true)
}, 120_000)
