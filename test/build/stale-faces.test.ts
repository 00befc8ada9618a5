import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { deckwright, fixture, projectCopy } from '../helpers.ts'

it('removes the faces of cards that no longer exist, on a build of every card only', async () => {
  const project = projectCopy(fixture('outputs'))
  expect((await deckwright(project, 'build')).code).toBe(0)
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
  for (const partial of [
    ['--cards', 'guest-red'],
    ['--only-type', 'guest'],
    ['--only', 'sheets'],
  ]) {
    expect((await deckwright(project, 'build', ...partial)).code).toBe(0)
    for (const f of gone) expect(existsSync(join(faces, f)), `${partial.join(' ')}: ${f}`).toBe(true)
  }
  expect((await deckwright(project, 'build')).code).toBe(0)
  for (const f of gone) expect(existsSync(join(faces, f)), f).toBe(false)
  expect(existsSync(join(faces, 'room-hall.front.png'))).toBe(true)
  expect(existsSync(join(faces, 'room-hall.back.png'))).toBe(true)
}, 120_000)
