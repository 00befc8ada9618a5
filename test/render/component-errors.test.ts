// A component that throws while a face is drawn: one of deckwright's at the JSX of the game's code that used
// it (in the designer's own component when that is where it is used), naming it and its undefined props; a
// designer's own component at its own line. On a first run and a cached one.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fixture, projectCopy } from '../helpers.ts'
import { validateRun } from '../setup/commands.ts'

const source = readFileSync(join(fixture('component-errors'), 'templates', 'g', 'index.tsx'), 'utf8').split('\n')
/** The line and column of the first `text` in the fixture's template, 1-based. */
const where = (text: string) => {
  const line = source.findIndex((l) => l.includes(text))
  return { line: line + 1, column: source[line]!.indexOf(text) + 1 }
}

const at = ({ line, column }: { line: number; column: number }, card: string, message: RegExp) =>
  expect.objectContaining({
    rule: 'render/template-error',
    file: 'templates/g/index.tsx',
    line,
    column,
    card,
    message: expect.stringMatching(message),
  })

describe('a component that throws', () => {
  it('is reported at the JSX that used it, naming the component and its undefined props, or at its own line', async () => {
    const root = projectCopy(fixture('component-errors'))
    // `deckwright validate`, through the library, each run on threads of its own as the command's.
    for (const run of ['first', 'cached']) {
      const r = await validateRun(root)
      expect({ run, failed: r.failed }).toEqual({ run, failed: true })
      const found = r.found as { card: string }[]
      expect(found.sort((x, y) => x.card.localeCompare(y.card))).toEqual([
        at(
          where('<Title ctx={ctx} text={motto}'),
          'a',
          /^the template failed to draw the front of a \(cards\/g\/cards\.yaml:1\): `Title`'s `text` is undefined \(.+\)$/,
        ),
        at(where('<FitText'), 'b', /the front of b \(.+\): `FitText`'s `text` and `width` are undefined \(/),
        at(where("new Error('the hut sinks')"), 'c', /the front of c \(.+\): the hut sinks$/),
      ])
    }
  })
})
