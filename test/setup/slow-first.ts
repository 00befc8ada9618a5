// The order vitest starts the test files in: the files known to take longest first, so that the short ones
// fill the last minutes of both workers rather than one long file running alone at the end. Vitest orders
// files by their last run's durations, which a clean clone (CI) does not have: it then ran the largest files
// first, and the package tests, whose files are 4 lines (their tests are in test/package/suite.ts), last.
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** The slowest files of a whole run (the list the end of every run prints), longest first. */
const SLOWEST = [
  'test/simulate/simulate.test.ts',
  'test/render/parity.test.tsx',
  'test/designer-code.test.ts',
  'test/package/package-commonjs.test.ts',
  'test/build/all-or-nothing.test.ts',
  'test/package/game-code-errors.test.ts',
  'test/render/renderer-build.test.ts',
  'test/languages.test.ts',
  'test/release/release.test.ts',
  'test/package/package-module.test.ts',
]

const rank = (spec: TestSpecification): number => {
  const at = SLOWEST.findIndex((file) => spec.moduleId.endsWith(file))
  return at < 0 ? SLOWEST.length : at
}

export class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec)
  }
}
