// Each problem a face finds is at the file whose line it names: a translated card's art at the card's own
// file, a template's throw of something that is not an Error at the templates (never at the card's data),
// a timer's at the line that set it.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Card } from '../../src/engine/define.ts'
import { translateCards } from '../../src/engine/translations.ts'
import type { FacePlace } from '../../src/render/template/face-context.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import { fixture, projectCopy, editFile } from '../helpers.ts'
import { testContext } from './face-context.ts'

describe('where a face’s problems are said', () => {
  it("a translated card's art at its own file's `art:` line, and its translated text at the translation's", () => {
    const card: Card = {
      id: 'ale',
      type: 'drink',
      set: 'base',
      qty: 1,
      art: 'missing.png',
      fields: { name: 'Ale' },
      source: {
        file: 'cards/tavern/drinks.yaml',
        pos: { line: 3, column: 5 },
        fields: { name: { line: 3, column: 20 }, art: { line: 3, column: 64 } },
      },
    }
    const [dutch] = translateCards([card], {
      lang: 'nl',
      file: 'cards/tavern/lang/nl.yaml',
      game: [],
      cards: [
        {
          card: 'ale',
          pos: { line: 1, column: 1 },
          texts: [{ field: 'name', text: 'Bier', pos: { line: 1, column: 14 } }],
        },
      ],
    })
    const places: FacePlace[] = []
    const { ctx } = testContext(63, 88, {
      card: dutch!,
      art: (_file, place) => (places.push(place('art'), place('name')), undefined),
    })
    ctx.art('missing.png')
    expect(places.map((p) => [p.file, p.line, p.column])).toEqual([
      ['cards/tavern/drinks.yaml', 3, 64],
      ['cards/tavern/lang/nl.yaml', 1, 14],
    ])
  })

  it('in another language, in a template that throws no Error, and from a timer', async () => {
    const root = projectCopy(fixture('languages'))
    const drinks = join(root, 'cards', 'tavern', 'drinks.yaml')
    editFile(drinks, 'effect: Draw a card. }', 'effect: Draw a card., art: missing.png }')
    writeFileSync(join(root, 'cards', 'tavern', 'lang', 'nl.yaml'), 'ale: { name: Bier }\n')
    writeFileSync(join(root, 'templates', 'tavern', 'lang', 'nl.yaml'), 'deck: Drankjes\n')
    const index = join(root, 'templates', 'tavern', 'index.tsx')
    writeFileSync(
      index,
      readFileSync(index, 'utf8')
        .replace(
          "import { FitText } from 'deckwright/components'",
          "import { Art, FitText } from 'deckwright/components'",
        )
        .replace(
          'front: (card, ctx) => (',
          `front: (card, ctx) => {
        if (card.id === 'mead') setTimeout(() => { throw 'late' }, 0)
        if (card.id === 'mead') throw Symbol('odd')
        if (card.id === 'wine') throw undefined
        return (`,
        )
        .replace(
          '{card.fields.effect ? <FitText',
          '<Art ctx={ctx} card={card} width={100} height={100} />\n          {card.fields.effect ? <FitText',
        )
        .replace('        </div>\n      ),\n      // The game', '        </div>\n      )},\n      // The game'),
    )
    const { diagnostics } = await validateGame(root, 'tavern', { faces: true })
    const said = (rule: string) =>
      diagnostics.filter((d) => d.rule === rule).map((d) => [d.file, d.line, d.column, d.card])
    // Both editions' art warnings at the card's own `art:` line, in its own file: the same place, said once.
    expect(said('render/missing-art')).toEqual([['cards/tavern/drinks.yaml', 3, 64, 'ale']])
    expect(said('render/template-error')).toEqual([
      ['templates/tavern/index.tsx', 1, 1, 'mead'],
      ['templates/tavern/index.tsx', 1, 1, 'wine'],
    ])
    const messages = diagnostics.filter((d) => d.rule === 'render/template-error').map((d) => d.message)
    expect(messages[0]).toMatch(/front of mead .*: Symbol\(odd\) \(a Symbol was thrown, not an Error/)
    expect(messages[1]).toMatch(/front of wine .*: undefined \(`undefined` was thrown, not an Error/)
    // The timer's throw at the line that set it.
    expect(said('game/uncaught-error')).toEqual([['templates/tavern/index.tsx', 11, 33, undefined]])
    expect(diagnostics.find((d) => d.rule === 'game/uncaught-error')!.message).toContain(
      'late (a string was thrown, not an Error, so it names no line of its own: this is the line that set the timer',
    )
  }, 60_000)
})
