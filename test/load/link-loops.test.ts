// A loop of links committed to a game's folders holds no file: a warning at the link, and the run goes on.
import { mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { gamePaths } from '../../src/load/project.ts'
import { gameModulesHash } from '../../src/render/store/face-key.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import { fixture, projectCopy } from '../helpers.ts'

describe('a loop of links', () => {
  it('in templates/<game>/art/ or in cards/<game>/, used by no card, is a warning at the link; the cards are read and the faces keyed', async () => {
    const root = projectCopy(fixture('languages'))
    mkdirSync(join(root, 'templates', 'tavern', 'art'))
    symlinkSync('loop', join(root, 'templates', 'tavern', 'art', 'loop'))
    symlinkSync('b', join(root, 'cards', 'tavern', 'a'))
    symlinkSync('a', join(root, 'cards', 'tavern', 'b'))
    // What keys every face of the game walks the templates folder (a build stopped here, ELOOP, exit 2).
    expect(gameModulesHash(gamePaths(root, 'tavern'))).toMatch(/^[0-9a-f]{64}$/)
    const validated = await validateGame(root, 'tavern', { faces: false })
    expect(validated.value?.cards.map((c) => c.id)).toEqual(['ale', 'mead', 'wine'])
    expect(
      validated.diagnostics.filter((d) => d.rule === 'load/link-loop').map((d) => [d.file, d.line, d.severity]),
    ).toEqual([
      ['cards/tavern/a', 1, 'warning'],
      ['cards/tavern/b', 1, 'warning'],
      ['templates/tavern/art/loop', 1, 'warning'],
    ])
  }, 60_000)
})
