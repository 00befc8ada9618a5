// Fuzzing the readers of untrusted data: mutated card files, spreadsheets and rules never make a reader
// throw or hang, and every problem is reported at a line of the file. A fixed seed in CI; a longer run on
// demand: FUZZ_RUNS=5000 FUZZ_SEED=$RANDOM npx vitest run test/fuzz.test.ts. Inputs that once broke a
// reader are kept in test/fixtures/fuzz/<reader>/ and read on every run.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Diagnostic } from '../src/diagnostics/diagnostic.ts'
import { modelCards } from '../src/engine/model.ts'
import { parseCsvCards } from '../src/load/csv.ts'
import { parseRules } from '../src/load/rules.ts'
import { parseYamlCards } from '../src/load/yaml.ts'
import { root } from './helpers.ts'

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 150)
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261125)
/** The most one input may take, in milliseconds: a reader that takes longer on a small file hangs on a larger one. */
const BUDGET = 2000

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

const fuzz = (reader: string, texts: string[], check: (text: string) => void) => {
  it(`${reader}: kept inputs`, () => {
    for (const text of corpus(reader)) check(text)
  })
  it(`${reader}: ${RUNS} mutated inputs (seed ${SEED})`, () => {
    fc.assert(
      fc.property(fc.constantFrom(...texts), edits, (text, list) => check(mutate(text, list))),
      { numRuns: RUNS, seed: SEED },
    )
  }, 120_000)
}

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
  fuzz('rules', seeds.rules, (text) => {
    const { diagnostics } = timed(() => parseRules(text, 'rules/g/rules.md'))
    placed(diagnostics, 'rules/g/rules.md', text)
  })
})
