import { describe, expect, it } from 'vitest'
import type { BuildReport, Timings } from '../../src/make/build-game.ts'
import { buildSummary } from '../../src/make/summary.ts'
import { SATORI_LABEL } from '../../src/render/renderers/face-renderer.ts'

const timings: Timings = {
  validate: 0,
  draw: 0,
  svg: 0,
  png: 0,
  store: 0,
  faceFiles: 0,
  sheets: 0,
  booklet: 0,
  commit: 0,
}
const report = (renderer: string, drawn: number): BuildReport => ({
  game: 'duel',
  written: ['a', 'b'],
  faces: 15,
  drawn,
  renderer,
  timings,
})

describe('the line a build prints', () => {
  it('names takumi when it drew the faces, also when every face came from the cache', () => {
    expect(buildSummary(report('takumi 2.16.3', 3), 1.25)[0]).toBe(
      'duel: 15 faces (3 drawn with takumi 2.16.3, 12 from the cache); 2 files in 1.3 s',
    )
    expect(buildSummary(report('takumi 2.16.3', 0), 0.5)[0]).toBe(
      'duel: 15 faces (0 drawn with takumi 2.16.3, 15 from the cache); 2 files in 0.5 s',
    )
  })

  it("says each of the sheets' notes once a run, whatever its games and watches", () => {
    const note = 'poker: The outer bleed is 1.75 mm (not 3 mm) on the left and right of the grid.'
    const withNote = (game: string): BuildReport => ({
      ...report(SATORI_LABEL, 0),
      game,
      sheets: { pages: 2, paper: 'a4', groups: [], creditsPages: 0, notes: [note] } as never,
    })
    const said = new Set<string>()
    expect(buildSummary(withNote('duel'), 1, said).slice(1)).toEqual([`  ${note}`])
    expect(buildSummary(withNote('harbour'), 1, said).slice(1)).toEqual([])
    expect(buildSummary(withNote('duel'), 1, said).slice(1)).toEqual([])
  })

  it('tells faces stored by their look (the code changed, not the face) from those drawn and those from the cache', () => {
    expect(buildSummary({ ...report('takumi 2.16.3', 12), alike: 10 }, 0.4)[0]).toBe(
      'duel: 15 faces (2 drawn with takumi 2.16.3, 10 looking as before, 3 from the cache); 2 files in 0.4 s',
    )
  })

  it('names no renderer for satori + resvg, the default', () => {
    expect(buildSummary(report(SATORI_LABEL, 0), 0.5)[0]).toBe(
      'duel: 15 faces (0 drawn, 15 from the cache); 2 files in 0.5 s',
    )
  })
})
