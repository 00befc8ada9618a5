import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildGame, type BuildReport } from '../src/make/build-game.ts'
import { hasErrors } from '../src/diagnostics/diagnostic.ts'
import { validateGame } from '../src/validate/validate-game.ts'
import { fileThreads } from './setup/threads.ts'
import { MAYBE_MISSIONS_BASE, maybeMissionsBase } from './setup/shared-builds.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
// The games' threads, warm from one build to the next (the games are only read), as a watch's builds find them.
const threads = fileThreads()
const tool = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' })

/** One row per image drawn on a page: page number, width and height in pixels (poppler's `pdfimages -list`). */
const imagesOnPages = (pdf: string) =>
  tool('pdfimages', '-list', pdf)
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((line) => line.trim().split(/\s+/))
    .map(([page, , type, width, height]) => ({
      page: Number(page),
      type,
      width: Number(width),
      height: Number(height),
    }))

describe('deckwright build maybe-missions', () => {
  const out = mkdtempSync(join(tmpdir(), 'deckwright-build-'))
  const dir = join(out, 'maybe-missions')
  let report: BuildReport
  let cards: { id: string; type: string; qty: number }[]

  // The base set alone, on the file's threads: built once, read by the test of its bytes and that of its sets.
  let base: Promise<{ dir: string; value: BuildReport }> | undefined
  const baseBuild = () => {
    base ??= (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'deckwright-build-'))
      const built = await buildGame(root, 'maybe-missions', { ...MAYBE_MISSIONS_BASE, outDir: dir, threads })
      return { dir, value: built.value }
    })()
    return base
  }

  beforeAll(async () => {
    const built = await buildGame(root, 'maybe-missions', { outDir: out, dpi: 60, threads })
    expect(hasErrors(built.diagnostics)).toBe(false)
    report = built.value
    cards = (await validateGame(root, 'maybe-missions', { threads })).value!.cards
  }, 120_000)

  it('writes a front for every card and a shared back per card type', () => {
    const faces = readdirSync(join(dir, 'faces'))
    for (const card of cards) {
      expect(faces).toContain(`${card.id}.front.png`)
      expect(faces).toContain(`${card.id}.front.svg`)
    }
    for (const type of new Set(cards.map((c) => c.type))) expect(faces).toContain(`${type}.back.png`)
    expect(readFileSync(join(dir, 'faces', `${cards[0]!.id}.front.svg`), 'utf8')).toMatch(/^<svg/)
  })

  it('draws faces at trim plus 3 mm bleed', () => {
    // A poker card is 63.5×88.9 mm: with bleed 69.5×94.9 mm, at 60 dpi 164×224 px.
    const png = readFileSync(join(dir, 'faces', 'mission-01.front.png'))
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([
      Math.round((69.5 / 25.4) * 60),
      Math.round((94.9 / 25.4) * 60),
    ])
  })

  it('prints every card on A4 pages, fronts followed by their backs', () => {
    const pdf = join(dir, 'maybe-missions-cards.pdf')
    expect(tool('qpdf', '--check', pdf)).toContain('No syntax or stream encoding errors')
    const info = tool('pdfinfo', pdf)
    expect(info).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/)
    const images = imagesOnPages(pdf)
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1])
    const perPage = (p: number) => images.filter((i) => i.page === p).length
    const copies = cards.reduce((n, c) => n + c.qty, 0)
    // Odd pages hold fronts, even pages the backs of the page before: the same number of cards.
    let fronts = 0
    for (let p = 1; p <= pages; p += 2) {
      expect(perPage(p + 1)).toBe(perPage(p))
      fronts += perPage(p)
    }
    expect(fronts).toBe(copies)
    expect(report.sheets!.pages).toBe(pages)
  })

  it('makes a booklet with the rules text and the example drawn from real cards', () => {
    const pdf = join(dir, 'maybe-missions-rules.pdf')
    expect(tool('qpdf', '--check', pdf)).toContain('No syntax or stream encoding errors')
    const text = tool('pdftotext', pdf, '-')
    for (const heading of ['Setup', 'Objective', 'Gameplay', 'Expansions', 'Secret Identities', 'Gadget Shopping'])
      expect(text).toContain(heading)
    expect(text).not.toMatch(/\{\{|%\}\}|@TODO|<!--/)
    expect(text).not.toContain('Example: turn') // the placeholder's label: the example is drawn instead
    expect(imagesOnPages(pdf).length).toBe(4)
  })

  it('gives the same bytes when built again', async () => {
    const { dir: again } = await baseBuild()
    // On threads of its own (the run's shared build): a cold build gives the bytes of one on the file's warm threads.
    const first = await maybeMissionsBase()
    for (const file of [
      'maybe-missions-cards.pdf',
      'maybe-missions-rules.pdf',
      'faces/mission-01.front.png',
      'faces/mission-01.front.svg',
    ])
      expect(
        readFileSync(join(again, 'maybe-missions', file)).equals(readFileSync(join(first, 'maybe-missions', file))),
        file,
      ).toBe(true)
  }, 120_000)

  it('refuses an unknown set, and a selection with nothing to print, with diagnostics', async () => {
    const none = mkdtempSync(join(tmpdir(), 'deckwright-build-'))
    const unknown = await buildGame(root, 'maybe-missions', { outDir: none, dpi: 30, sets: ['base', 'promo'], threads })
    expect(unknown.diagnostics.filter((d) => d.severity === 'error')).toMatchObject([
      {
        rule: 'build/unknown-set',
        severity: 'error',
        file: 'rules/maybe-missions/game.ts',
        message: expect.stringContaining('"promo"'),
      },
    ])
    const empty = await buildGame(root, 'maybe-movies', { outDir: none, dpi: 30, sets: ['trendsetter'], threads })
    expect(empty.diagnostics.filter((d) => d.severity === 'error')).toMatchObject([
      { rule: 'print/no-cards', file: 'rules/maybe-movies/game.ts' },
    ])
    // An error in a late stage (the sheets) leaves nothing written by earlier ones (faces, booklet).
    expect(empty.value.written).toEqual([])
    expect(existsSync(join(none, 'maybe-movies'))).toBe(false)
  }, 60_000)

  it('writes only the part asked for', async () => {
    const only = mkdtempSync(join(tmpdir(), 'deckwright-build-'))
    const { value } = await buildGame(root, 'maybe-missions', { outDir: only, dpi: 30, only: 'booklet', threads })
    // Each edition's booklet, English and Dutch, and nothing else.
    expect(readdirSync(join(only, 'maybe-missions'))).toEqual(['maybe-missions-rules.pdf', 'nl'])
    expect(readdirSync(join(only, 'maybe-missions', 'nl'))).toEqual(['maybe-missions-nl-rules.pdf'])
    expect(value.faces).toBe(12) // the faces of its one example in each language: four fronts and the two decks' backs
  }, 60_000)

  it('builds only the sets asked for', async () => {
    const { dir: base, value } = await baseBuild()
    const faces = readdirSync(join(base, 'maybe-missions', 'faces'))
    expect(faces.some((f) => f.startsWith('shop-'))).toBe(false)
    expect(faces).toContain('mission-01.front.png')
    expect(value.faces).toBeLessThan(report.faces)
    expect(existsSync(join(base, 'maybe-missions', 'maybe-missions-cards.pdf'))).toBe(true)
  }, 120_000)
})
