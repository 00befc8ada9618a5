import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { InvalidArgumentError } from 'commander'
import { describe, expect, it } from 'vitest'
import { buildGame } from '../../src/make/build-game.ts'
import { fileThreads } from '../setup/threads.ts'
import { pickCards } from '../../src/print/selection.ts'
import { readPdf } from './pdf-read.ts'
import { deckwright as run } from '../helpers.ts'
import { buildOptions } from '../../src/commands/build-options.ts'
import { buildRun } from '../setup/commands.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const card = (id: string, type: string, qty = 1) => ({
  id,
  type,
  set: 'base',
  qty,
  fields: {},
  source: { file: 'x', pos: { line: 1, column: 1 }, fields: {} },
})

describe('pickCards', () => {
  const all = [card('a', 'vote'), card('b', 'vote', 2), card('m1', 'mission'), card('m2', 'mission')]
  const types = ['vote', 'mission']

  it('keeps everything when nothing is picked', () => {
    expect(pickCards(all, all, types, {}).cards).toEqual(all)
  })

  it('keeps the cards of the types and ids asked for, in their order', () => {
    expect(pickCards(all, all, types, { types: ['mission'] }).cards.map((c) => c.id)).toEqual(['m1', 'm2'])
    expect(pickCards(all, all, types, { ids: ['m2', 'b'] }).cards.map((c) => c.id)).toEqual(['b', 'm2'])
    expect(pickCards(all, all, types, { types: ['vote'], ids: ['b', 'm1'] }).cards.map((c) => c.id)).toEqual(['b'])
  })

  it('names what the game does not have, with a suggestion', () => {
    const { problems } = pickCards(all, all, types, { types: ['misson'], ids: ['m3', 'a'] })
    expect(problems).toEqual([
      { rule: 'build/unknown-type', message: expect.stringContaining('"misson"') },
      { rule: 'build/unknown-card', message: expect.stringContaining('"m3"') },
    ])
    expect(problems[0]!.message).toContain('did you mean "mission"?')
  })

  it('knows the cards of other sets than those built', () => {
    expect(pickCards([all[0]!], all, types, { ids: ['m1'] })).toEqual({ cards: [], problems: [] })
  })
})

describe('a partial print of maybe-missions', () => {
  // The game's threads, kept from one build to the next (the game is only read).
  const threads = fileThreads()
  it('prints only the cards asked for, each qty times, and their single-card PDF', async () => {
    const out = mkdtempSync(join(tmpdir(), 'deckwright-partial-'))
    const built = await buildGame(root, 'maybe-missions', {
      outDir: out,
      dpi: 30,
      threads,
      only: 'sheets',
      cardIds: ['mission-01', 'mission-02'],
      singles: true,
      sheets: { duplex: 'short-edge' },
    })
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(built.value.sheets).toMatchObject({ pages: 3, creditsPages: 1, groups: [{ size: 'poker', cards: 2 }] })
    const sheets = readPdf(readFileSync(join(out, 'maybe-missions', 'maybe-missions-cards.pdf'))).pages
    // Fronts, backs, then the credits; the single-card PDF, for print services, is only faces.
    expect(sheets.map((p) => p.images.length)).toEqual([2, 2, 0])
    const singles = readPdf(readFileSync(join(out, 'maybe-missions', 'maybe-missions-cards-single.pdf'))).pages
    expect(singles).toHaveLength(4)
    for (const page of singles) expect(page.boxes.TrimBox).toBeDefined()
  }, 60_000)

  it('refuses a card type or card id the game does not have', async () => {
    const out = mkdtempSync(join(tmpdir(), 'deckwright-partial-'))
    const built = await buildGame(root, 'maybe-missions', {
      outDir: out,
      dpi: 30,
      threads,
      onlyTypes: ['votes'],
      cardIds: ['mission-99'],
    })
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toMatchObject([
      {
        rule: 'build/unknown-type',
        severity: 'error',
        file: 'rules/maybe-missions/game.ts',
        message: expect.stringContaining('did you mean "vote"?'),
      },
      { rule: 'build/unknown-card', severity: 'error', file: 'rules/maybe-missions/game.ts' },
    ])
    expect(existsSync(join(out, 'maybe-missions', 'maybe-missions-cards.pdf'))).toBe(false)
  }, 60_000)
})

describe('deckwright calibrate and the print options of build', () => {
  const deckwright = (...args: string[]) => run(root, ...args)
  const threads = fileThreads()

  it('writes calibration.pdf into --out', async () => {
    const out = mkdtempSync(join(tmpdir(), 'deckwright-calibrate-'))
    const { code, stderr } = await deckwright(
      'calibrate',
      '--out',
      out,
      '--paper',
      'letter',
      '--duplex',
      'short-edge',
      '--back-offset',
      '-1,0.5',
    )
    expect(code).toBe(0)
    expect(stderr).toContain('calibration.pdf')
    const pages = readPdf(readFileSync(join(out, 'calibration.pdf'))).pages
    expect(pages).toHaveLength(2)
    expect(pages[0]!.widthMm).toBeCloseTo(215.9, 3)
  }, 30_000)

  it('notes a thinner outer bleed only for a --bleed asked for, not for the default', async () => {
    const out = mkdtempSync(join(tmpdir(), 'deckwright-bleed-'))
    const args = ['build', 'maybe-missions', '--out', out, '--only', 'sheets', '--cards', 'mission-01', '--dpi', '30']
    // The command tells a bleed given from the default one it leaves to the library…
    const byDefault = await deckwright(...args, '--lang', 'en')
    expect(byDefault.code).toBe(0)
    expect(byDefault.stderr).not.toMatch(/outer bleed/)
    // …which notes the one asked for, once: the same build through the library, with the lines the command prints.
    const asked = await buildRun(root, {
      games: ['maybe-missions'],
      outDir: out,
      only: 'sheets',
      cardIds: ['mission-01'],
      dpi: 30,
      languages: ['en'],
      bleedMm: 3,
      threads,
    })
    expect(asked.failed).toBe(false)
    expect(asked.summary.match(/poker: The outer bleed is 1\.75 mm \(not 3 mm\)/g)).toHaveLength(1)
  }, 60_000)

  it('exits 2 for a print option that is not millimetres', async () => {
    // Each option refuses its value (the command's usage error)…
    const options = buildOptions()
    for (const [flag, value] of [
      ['--bleed', '-1'],
      ['--gap', 'wide'],
      ['--back-offset', '1'],
      ['--duplex', 'sideways'],
    ]) {
      const option = options.find((o) => o.long === flag)!
      expect(() => option.parseArg!(value!, undefined), `${flag} ${value}`).toThrow(InvalidArgumentError)
    }
    expect(options.find((o) => o.long === '--gap')!.parseArg!('2.5', undefined)).toBe(2.5)
    // …and the command exits 2 on one.
    const { code } = await deckwright('build', 'maybe-missions', '--out', '/tmp/deckwright-never', '--gap', 'wide')
    expect(code).toBe(2)
  }, 30_000)
})
