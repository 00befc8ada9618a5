// Fuzzing the readers of untrusted data: mutated card files (YAML), spreadsheets (CSV), translation files and
// sheets and rules never make a reader throw, hang (past BUDGET for one input), write outside the project or
// take the process's peak memory over 1 GB, and every problem is reported at a line of the file.
//
// In `npm test`: a fixed seed, each reader for FUZZ_SECONDS (0.6 s by default; the translation sheet's import,
// which validates the game each time, only in longer runs). `npm run fuzz` (tools/fuzz.mjs): minutes, a random
// seed, printed; `FUZZ_SEED=<seed> npm run fuzz` replays one. Inputs that once broke a reader are kept in
// test/fixtures/fuzz/<reader>/ and read on every run.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkBooklet } from '../src/booklet/check.ts'
import type { Diagnostic } from '../src/diagnostics/diagnostic.ts'
import { modelCards } from '../src/engine/model.ts'
import { parseCsvCards } from '../src/load/csv.ts'
import { readSheetRows } from '../src/load/translation-sheet.ts'
import { parseWords } from '../src/load/template-words.ts'
import { parseTranslations } from '../src/load/translations.ts'
import { parseRules } from '../src/load/rules.ts'
import { parseYamlCards } from '../src/load/yaml.ts'
import { importTranslationSheet, translationSheet } from '../src/translation-sheet.ts'
import { root } from './helpers.ts'

/** How long each reader is fuzzed (seconds), and at most how many inputs. */
const SECONDS = Number(process.env['FUZZ_SECONDS'] ?? 0.6)
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 1_000_000)
/** Longer runs than `npm test`'s fuzz what is slow to run too (the translation sheet's import). */
const LONG = SECONDS >= 10
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261125)
/** The most one input may take, in milliseconds: a reader that takes longer on a small file hangs on a larger one. */
const BUDGET = 2000
/** The process's peak memory (resident) the fuzzing may not take it past. */
const PEAK_BYTES = 2 ** 30

const read = (...path: string[]) => readFileSync(join(root, ...path), 'utf8')
const seeds = {
  yaml: ['maybe-missions/missions.yaml', 'maybe-missions/identities.yaml', 'arc-ship/events.yaml']
    .filter((f) => existsSync(join(root, 'cards', f)))
    .map((f) => read('cards', f)),
  csv: readdirSync(join(root, 'cards'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.csv'))
    .slice(0, 3)
    .map((f) => read('cards', f)),
  rules: ['maybe-missions', 'maybe-movies'].map((g) => read('rules', g, 'rules.md')),
  translations: [read('cards', 'maybe-missions', 'lang', 'nl.yaml')],
  words: ['en', 'nl'].map((lang) => read('templates', 'maybe-missions', 'lang', `${lang}.yaml`)),
  // A translator's sheet as `deckwright translations` writes it: quoted cells, line breaks, formula-like text.
  sheet: [
    [
      'card,field,default,translation',
      '_game,title,Maybe Missions,Misschien Missies',
      '_template,deck,Deck,Stapel',
      'mission-01,title,"The ""Heist""","De ""Kraak"""',
      'mission-01,rule,"Draw two,\nthen play one","Trek er twee,\nspeel er één"',
      "mission-02,title,'=SUM(A1),'-1",
    ].join('\n'),
  ],
  // Workbooks (.xlsx, .ods) are zip archives, mutated byte by byte: test/load/workbook-hostile.test.ts fuzzes them.
}

/** Inputs kept because they once broke a reader. */
const corpus = (reader: string): string[] => {
  const dir = join(root, 'test', 'fixtures', 'fuzz', reader)
  return existsSync(dir)
    ? readdirSync(dir)
        .sort()
        .map((f) => readFileSync(join(dir, f), 'utf8'))
    : []
}

/** Edits of a text: pieces cut out, and text (markup the readers care about, or anything) put in. */
const PIECES = [
  '\n',
  '- ',
  ': ',
  '{{% ',
  ' %}}',
  '{{< ',
  ' >}}',
  '{{% /',
  '"',
  "'",
  '`',
  '[',
  ']',
  '{',
  '}',
  '&a',
  '*a',
  '<<: ',
  '---\n',
  '+++\n',
  ',',
  '\t',
  '\r',
  '\u0000',
  '\u202e',
  '#',
  '|',
  '>',
  '<!--',
  '-->',
  '@TODO ',
]
const edits = fc.array(
  fc.record({
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    cut: fc.nat(12),
    put: fc.oneof(
      fc.constantFrom(...PIECES),
      fc.string({ maxLength: 12 }),
      fc.string({ unit: 'grapheme', maxLength: 6 }),
    ),
    times: fc.integer({ min: 1, max: 40 }),
  }),
  { minLength: 1, maxLength: 8 },
)
const mutate = (text: string, list: { at: number; cut: number; put: string; times: number }[]): string =>
  list.reduce((t, e) => {
    const i = Math.floor(e.at * t.length)
    return t.slice(0, i) + e.put.repeat(e.times) + t.slice(i + e.cut)
  }, text)

/**
 * Every diagnostic names the file and a line inside it (or just past its end, for "the file ends here");
 * a carriage return alone ends a line too, as editors show it.
 */
const placed = (diagnostics: readonly Diagnostic[], file: string, text: string) => {
  const lines = text.split(/\r\n|\r|\n/).length
  for (const d of diagnostics) {
    expect(d.file, d.message).toBe(file)
    if (d.line !== undefined) {
      expect(d.line, d.message).toBeGreaterThanOrEqual(1)
      expect(d.line, d.message).toBeLessThanOrEqual(lines + 1)
    }
  }
}

const timed = <T>(run: () => T): T => {
  const start = performance.now()
  const result = run()
  expect(performance.now() - start, 'over the time budget').toBeLessThan(BUDGET)
  return result
}

const game = JSON.parse(
  JSON.stringify({ id: 'g', title: 'G', version: '1', players: { min: 2, max: 4 }, params: {}, types: {} }),
)

const fuzz = (reader: string, texts: string[], check: (text: string) => void | Promise<void>, seconds = SECONDS) => {
  it(`${reader}: kept inputs`, async () => {
    for (const text of corpus(reader)) await check(text)
  })
  it(
    `${reader}: mutated inputs for ${seconds} s (seed ${SEED})`,
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...texts), edits, async (text, list) => check(mutate(text, list))),
        { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: seconds * 1000 },
      )
    },
    seconds * 1000 + 120_000,
  )
}

/** The process's peak resident memory so far, in bytes. */
const peak = () => process.resourceUsage().maxRSS * 1024
let peakBefore = 0
beforeAll(() => {
  peakBefore = peak()
})
afterAll(() => {
  // A peak over the limit that was there before the fuzzing (another file in this worker) is not its doing.
  if (peakBefore < PEAK_BYTES) expect(peak(), 'the peak memory while fuzzing').toBeLessThan(PEAK_BYTES)
})

describe('fuzzing the readers of untrusted data', () => {
  fuzz('yaml', seeds.yaml, (text) => {
    const { value, diagnostics } = timed(() => parseYamlCards(text, 'cards/g/x.yaml'))
    placed(diagnostics, 'cards/g/x.yaml', text)
    // The model reads what the loader gave, whatever it is.
    placed(timed(() => modelCards(game, [value])).diagnostics, 'cards/g/x.yaml', text)
  })
  fuzz('csv', seeds.csv, (text) => {
    const { value, diagnostics } = timed(() => parseCsvCards(text, 'cards/g/x.csv'))
    placed(diagnostics, 'cards/g/x.csv', text)
    placed(timed(() => modelCards(game, [value])).diagnostics, 'cards/g/x.csv', text)
  })
  fuzz('sheet', seeds.sheet, (text) => {
    const { value, diagnostics } = timed(() => readSheetRows(text, 'nl.csv'))
    placed(diagnostics, 'nl.csv', text)
    // Each translation read is at a line of the sheet.
    const lines = text.split(/\r\n|\r|\n/).length
    for (const row of value ?? []) expect(row.line, JSON.stringify(row)).toBeLessThanOrEqual(lines)
  })
  fuzz('rules', seeds.rules, (text) => {
    const { value, diagnostics } = timed(() => parseRules(text, 'rules/g/rules.md'))
    placed(diagnostics, 'rules/g/rules.md', text)
    // What the booklet would say of it (pictures read from the rules folder, links, shortcodes), as validate asks.
    const rulesDir = join(root, 'rules', 'maybe-missions')
    placed(
      timed(() => checkBooklet(value, { baseDir: rulesDir, examples: [] })),
      'rules/g/rules.md',
      text,
    )
  })
  fuzz('translations', seeds.translations, (text) => {
    const { diagnostics } = timed(() => parseTranslations(text, 'cards/g/lang/nl.yaml', 'nl'))
    placed(diagnostics, 'cards/g/lang/nl.yaml', text)
  })
  fuzz('words', seeds.words, (text) => {
    const { diagnostics } = timed(() => parseWords(text, 'templates/g/lang/nl.yaml', 'nl'))
    placed(diagnostics, 'templates/g/lang/nl.yaml', text)
  })
})

/** Every file under a folder with its size and time of change: what tells that something was written there. */
const listing = (dir: string, skip: string): string[] =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => !f.startsWith(skip))
    .sort()
    .map((f) => {
      const s = statSync(join(dir, f))
      return `${f} ${s.size} ${s.mtimeMs}`
    })

describe.runIf(LONG)('fuzzing the translation sheet a translator sends back', () => {
  // A copy of a game with translations, beside a folder that stands for the rest of the machine: an import
  // writes the game's two translation files, and nothing outside the project.
  let base = ''
  let project = ''
  let sheet = ''
  let sheets: string[] = []
  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'deckwright-fuzz-sheet-'))
    project = join(base, 'project')
    sheet = join(base, 'sheet.csv')
    for (const dir of ['rules', 'cards', 'templates'])
      cpSync(join(root, dir, 'maybe-missions'), join(project, dir, 'maybe-missions'), { recursive: true })
    mkdirSync(join(base, 'outside'))
    writeFileSync(join(base, 'outside', 'keep.txt'), 'untouched\n')
    const made = await translationSheet(project, 'maybe-missions', 'nl')
    sheets = [made.value!]
  }, 120_000)
  const own = new Set(['cards/maybe-missions/lang/nl.yaml', 'templates/maybe-missions/lang/nl.yaml'])
  it(
    'writes only its translation files, inside the project',
    async () => {
      const outside = listing(base, 'project')
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...sheets), edits, async (text, list) => {
          const before = listing(project, '')
          writeFileSync(sheet, mutate(text, list))
          const started = performance.now()
          const imported = await importTranslationSheet(project, 'maybe-missions', 'nl', sheet)
          // The import validates the game on threads of its own: their start-up is beyond the readers' budget.
          expect(performance.now() - started, 'over the time budget').toBeLessThan(BUDGET + 10_000)
          // Problems are in the sheet (beside the project here) or the game's files.
          for (const d of imported.diagnostics) if (d.file !== '../sheet.csv') expect(d.file).not.toMatch(/^\.\.|^\//)
          const changed = listing(project, '').filter((f) => !before.includes(f))
          for (const f of changed) expect(own.has(f.split(' ')[0]!), f).toBe(true)
          expect(listing(base, 'project').filter((f) => !f.startsWith('sheet.csv'))).toEqual(
            outside.filter((f) => !f.startsWith('sheet.csv')),
          )
          expect(readFileSync(join(base, 'outside', 'keep.txt'), 'utf8')).toBe('untouched\n')
        }),
        { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: SECONDS * 1000 },
      )
      expect(relative(base, project)).toBe('project')
    },
    SECONDS * 1000 + 120_000,
  )
})
