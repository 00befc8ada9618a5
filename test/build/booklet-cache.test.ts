import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { forgetCompiled } from '../../src/load/game-modules.ts'
import { gamePaths } from '../../src/load/project.ts'
import { buildGame } from '../../src/make/build-game.ts'
import { fixture, poppler, projectCopy, editFile } from '../helpers.ts'
import { fileThreads } from '../setup/threads.ts'

// The game threads of the file's builds, warm from one build to the next (a watch's builds find them so too).
const threads = fileThreads()

describe('the rules booklet in a rebuild', () => {
  it('is taken from the cache, warnings included, until the rules or their pictures change', async () => {
    const root = projectCopy(fixture('outputs'))
    const rules = join(root, 'rules', 'parlour', 'rules.md')
    writeFileSync(rules, '# Parlour\n\nGuests mingle.\n\n{{< rules-image src="table.png" >}}\n')
    const outDir = join(root, 'out')
    const build = () =>
      buildGame(root, 'parlour', { outDir, dpi: 30, jobs: 1, overview: false, only: 'booklet', threads })
    const pdf = () => readFileSync(join(outDir, 'parlour', 'parlour-rules.pdf'))
    const missing = (d: { rule: string }) => d.rule === 'rules/missing-image'

    const first = await build()
    expect(first.diagnostics.filter(missing)).toHaveLength(1)
    const bytes = pdf()

    const again = await build()
    expect(again.diagnostics.filter(missing)).toHaveLength(1) // the cached booklet still says what is wrong with it
    expect(again.value.timings.booklet).toBeLessThan(first.value.timings.booklet / 3)
    expect(pdf().equals(bytes)).toBe(true)

    // The picture turns up: the booklet is made again, with it.
    const picture = new PNG({ width: 40, height: 20 })
    picture.data.fill(200)
    writeFileSync(join(root, 'rules', 'parlour', 'table.png'), PNG.sync.write(picture))
    const withPicture = await build()
    expect(withPicture.diagnostics.filter(missing)).toEqual([])
    expect(poppler('pdfimages', pdf(), '-list').trim().split('\n').length).toBeGreaterThan(2)

    // New words in the rules: made again.
    editFile(rules, 'Guests mingle.', 'Guests mingle and gossip.')
    await build()
    expect(poppler('pdftotext', pdf())).toContain('gossip')
  }, 60_000)
})

describe("the rules booklet after a change of the game's code", () => {
  it('is taken from the cache while its examples look as they did, and made again when one changes', async () => {
    const root = projectCopy(fixture('outputs'))
    const definition = join(root, 'rules', 'parlour', 'game.ts')
    editFile(
      definition,
      '  types: {',
      "  examples: { hall: { title: 'The hall', cards: ['room-hall', 'guest-red'] } },\n  types: {",
    )
    writeFileSync(join(root, 'rules', 'parlour', 'rules.md'), '# Parlour\n\n{{< rules-example id="hall" >}}\n')
    const outDir = join(root, 'out')
    const build = () => buildGame(root, 'parlour', { outDir, dpi: 30, jobs: 1, overview: false, threads })
    const pdf = () => readFileSync(join(outDir, 'parlour', 'parlour-rules.pdf'))
    const first = await build()
    expect(first.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    const bytes = pdf()
    // A change of the templates that draws every face as it was: each face is new to the store (its key holds the
    // code), a link of the one of its look; the booklet is not made again.
    const template = join(root, 'templates', 'parlour', 'index.tsx')
    const code = readFileSync(template, 'utf8')
    writeFileSync(template, `${code}\n// the same faces\n`)
    forgetCompiled()
    await threads.reload(gamePaths(root, 'parlour'))
    const same = await build()
    // Every face drawn again is stored by its look, as the one before.
    expect(same.value.drawn).toBeGreaterThan(0)
    expect(same.value.alike).toBe(same.value.drawn)
    expect(same.value.timings.booklet).toBeLessThan(first.value.timings.booklet / 3)
    expect(pdf().equals(bytes)).toBe(true)
    // The hall's colour changes: the example shows it.
    const cards = join(root, 'cards', 'parlour', 'cards.yaml')
    editFile(cards, 'colour: "#800000"', 'colour: "#400000"')
    await build()
    expect(pdf().equals(bytes)).toBe(false)
  }, 60_000)
})
