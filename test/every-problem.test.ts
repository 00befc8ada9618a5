// Every problem in one run: the faces of the cards without errors are laid out beside the card errors, and
// the deck checks wait for card files that could not be read as they wait for cards with errors.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { validateRun } from './setup/commands.ts'

const GAME = `import { cardType, defineGame, text } from 'deckwright'

export default defineGame({
  id: 'g', title: 'G', version: '1', players: { min: 2, max: 4 }, params: {},
  // Its faces are tiny boxes on purpose: the face rules are face-rules.test.ts's.
  print: { severity: { 'a11y/text-size': 'off', 'a11y/contrast': 'off', 'print/outside-safe-zone': 'off' } },
  types: {
    hut: cardType({ name: 'Hut', fields: { title: text(), rule: text({ optional: true }) } }),
    ship: cardType({ name: 'Ship', fields: { title: text() } }),
  },
  checks: {
    ships(ctx) {
      if (ctx.count('ship') !== 2) ctx.report({ message: \`\${ctx.count('ship')} Ship cards: the ship deck must hold exactly 2\`, type: 'ship' })
    },
  },
})
`
/** Each card's rule in a box far too small for a long one. */
const TEMPLATES = `import { defineTemplates } from 'deckwright'
import { FitText } from 'deckwright/components'
import game from '../../rules/g/game.ts'

export default defineTemplates(game, {
  fonts: [],
  types: {
    hut: { front: (card, ctx) => <div style={{ display: 'flex' }}><FitText ctx={ctx} field="rule" text={card.fields.rule ?? ''} width={60} height={20} size={12} /></div> },
    ship: { front: (card) => <div style={{ display: 'flex' }}>{card.fields.title}</div> },
  },
})
`
/** A project with one game "g" and the card files given. */
const project = (files: Record<string, string | Buffer>) => {
  const root = mkdtempSync(join(tmpdir(), 'deckwright-one-run-'))
  for (const dir of ['rules/g', 'cards/g', 'templates/g']) mkdirSync(join(root, dir), { recursive: true })
  writeFileSync(join(root, 'rules', 'g', 'game.ts'), GAME)
  writeFileSync(join(root, 'templates', 'g', 'index.tsx'), TEMPLATES)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'cards', 'g', name), text)
  return root
}
/**
 * `deckwright validate --format json` through the library (test/setup/commands.ts), on threads of its own as
 * the command's: the command's exit code (1 on an error), and each problem's rule, severity and card.
 */
const found = async (root: string) => {
  const r = await validateRun(root)
  return { code: r.failed ? 1 : 0, found: r.found.map((d) => [d.rule, d.severity, d.card ?? '']) }
}
const SHIPS = 'id,title\ncog,Cog\nhulk,Hulk\n'

describe('every problem in one run', () => {
  it('a card with an error and another card whose text does not fit: both, in one validate run', async () => {
    const root = project({
      'hut.yaml': `- { id: h1, title: A, colour: red }\n- { id: h2, title: B, rule: ${'Pay two wood and a stone to build a road. '.repeat(6)} }\n`,
      'ship.csv': SHIPS,
    })
    expect(await found(root)).toEqual({
      code: 1,
      found: [
        ['card/unknown-field', 'error', 'h1'],
        ['render/text-overflow', 'error', 'h2'],
        ['validate/faces-skipped', 'info', ''],
      ],
    })
  })

  it('a template that does not compile is an error in validate too, on the first run and a cached one (it was a clean run)', async () => {
    const root = project({ 'hut.yaml': '- { id: h1, title: A }\n', 'ship.csv': SHIPS })
    writeFileSync(join(root, 'templates', 'g', 'index.tsx'), `${TEMPLATES}const broken = ;\n`)
    for (const run of ['first', 'cached']) {
      const r = await found(root)
      expect({ run, ...r }).toEqual({
        run,
        code: 1,
        found: [
          ['render/generic-template', 'warning', ''],
          ['render/generic-template', 'warning', ''],
          ['render/template-load', 'error', ''],
        ],
      })
    }
  })

  it('a card file that is not UTF-8 holds back the deck checks of its type, with the info line', async () => {
    const root = project({
      'hut.yaml': '- { id: h1, title: A }\n',
      'ship.csv': Buffer.from('id,title\ncog,Cog\nhulk,H\xf6lk\n', 'latin1'),
    })
    const r = await found(root)
    expect(r.found).toEqual([
      ['load/encoding', 'error', ''],
      ['game/check-held', 'info', ''],
      ['validate/faces-skipped', 'info', ''],
    ])
  })

  it('a CSV file whose header row does not parse holds back the deck checks of its type', async () => {
    const root = project({ 'hut.yaml': '- { id: h1, title: A }\n', 'ship.csv': 'id,"title\ncog,Cog\n' })
    const r = await found(root)
    expect(r.found).toEqual([
      ['csv/syntax', 'error', ''],
      ['game/check-held', 'info', ''],
      ['validate/faces-skipped', 'info', ''],
    ])
  })

  it('a CSV row left out for its syntax error holds back the deck checks of its type', async () => {
    const root = project({ 'hut.yaml': '- { id: h1, title: A }\n', 'ship.csv': 'id,title\ncog,Cog\nhulk,"Hu"lk\n' })
    const r = await found(root)
    expect(r.found).toEqual([
      ['csv/syntax', 'error', ''],
      ['game/check-held', 'info', ''],
      ['validate/faces-skipped', 'info', ''],
    ])
  })

  it('cards whose file is not named after their type (ships.csv) hold back the deck checks too', async () => {
    const root = project({ 'hut.yaml': '- { id: h1, title: A }\n', 'ships.csv': 'id,title\ncog,Cog\nhulk,Hulk\n' })
    const r = await found(root)
    expect(r.found).toEqual([
      // One error for the file (name it after the type, or add a type column), not one a card.
      ['card/missing-type', 'error', ''],
      ['game/check-held', 'info', ''],
      ['validate/faces-skipped', 'info', ''],
    ])
  })

  it('a card without an id holds back the deck checks of its type', async () => {
    const root = project({ 'hut.yaml': '- { id: h1, title: A }\n', 'ship.csv': 'id,title\ncog,Cog\n,Hulk\n' })
    const r = await found(root)
    expect(r.found).toEqual([
      ['card/missing-id', 'error', ''],
      ['game/check-held', 'info', ''],
      ['validate/faces-skipped', 'info', ''],
    ])
  })
})
