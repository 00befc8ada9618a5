// A game's spreadsheet sources as its definition lists them: checked where they are written, without the network.
import { describe, expect, it } from 'vitest'
import { addressProblem, checkSources } from '../../src/engine/checks/sources.ts'
import { defineGame } from '../../src/engine/define.ts'

const PUBLISHED = 'https://docs.google.com/spreadsheets/d/e/2PACX-1vQ/pub?gid=0&single=true&output=csv'

const withSources = (sources: unknown) =>
  defineGame({
    id: 'g',
    title: 'G',
    version: '1',
    players: { min: 1, max: 2 },
    params: {},
    types: {},
    sources: sources as never,
  })

const SOURCE = `export default defineGame({
  id: 'g',
  types: {},
  sources: {
    'ships.csv': '${PUBLISHED}',
    "crew/pilots.csv": 'http://example.org/pilots.csv',
    'notes.txt': '${PUBLISHED}',
  },
})
`

describe('sources', () => {
  it('keeps those that can be pulled, at their lines; each other is an error at its own line', () => {
    const game = withSources({
      'ships.csv': PUBLISHED,
      'crew/pilots.csv': 'http://example.org/pilots.csv',
      'notes.txt': PUBLISHED,
    })
    const { sources, diagnostics } = checkSources(game, 'rules/g/game.ts', SOURCE)
    expect(sources).toEqual([{ file: 'ships.csv', url: PUBLISHED, line: 5 }])
    expect(diagnostics.map((d) => [d.rule, d.line, d.message])).toEqual([
      ['game/bad-source', 6, 'sources: "crew/pilots.csv": it must be an https:// address (it is http://)'],
      [
        'game/bad-source',
        7,
        'sources: "notes.txt": the file a source is pulled into is a CSV file, its name ending in .csv: name it such as ships.csv',
      ],
    ])
  })

  it.each([
    ['../other/ships.csv', /inside the game's folder/],
    ['lang/nl.csv', /lang\/ holds translations/],
    ['/etc/ships.csv', /relative to the game's folder/],
    ['SHIPS.CSV', /its name ending in \.csv/],
  ])('refuses the file %s', (file, message) => {
    const { sources, diagnostics } = checkSources(withSources({ [file]: PUBLISHED }), 'rules/g/game.ts')
    expect(sources).toEqual([])
    expect(diagnostics[0]!.message).toMatch(message)
  })

  it('refuses two names of one file on macOS and Windows, and a list that is not a map', () => {
    const twice = checkSources(withSources({ 'Ships.csv': PUBLISHED, 'ships.csv': PUBLISHED }), 'rules/g/game.ts')
    expect(twice.sources.map((s) => s.file)).toEqual(['Ships.csv'])
    expect(twice.diagnostics[0]!.message).toMatch(/"ships\.csv" and "Ships\.csv" would be one file/)
    const list = checkSources(withSources([PUBLISHED]), 'rules/g/game.ts')
    expect(list.diagnostics[0]!.message).toMatch(/sources: \{ 'ships\.csv': 'https:\/\/…' \}/)
  })
})

describe('addressProblem', () => {
  it.each([
    [PUBLISHED, undefined],
    ['https://example.org/cards.csv', undefined],
    ['http://localhost:8080/x.csv', undefined],
    ['http://127.0.0.1:8080/x.csv', undefined],
    ['http://example.org/x.csv', /must be an https:\/\/ address/],
    ['ftp://example.org/x.csv', /must be an https:\/\/ address/],
    ['file:///etc/passwd', /must be an https:\/\/ address/],
    ['docs.google.com/spreadsheets/d/x', /not a web address/],
    ['https://me:secret@example.org/x.csv', /user name or password/],
    ['https://docs.google.com/spreadsheets/d/1AbC/edit#gid=0', /the sheet's own page, not its published CSV/],
    ['https://docs.google.com/spreadsheets/d/e/2PACX-1vQ/pubhtml', /published as a web page/],
  ])('%s', (address, problem) => {
    const found = addressProblem(address)
    if (problem) expect(found).toMatch(problem)
    else expect(found).toBeUndefined()
  })
})
