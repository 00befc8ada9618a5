import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    // Fixtures and the temporary game copies some tests make are not tests.
    if (name === 'fixtures' || name.startsWith('tmp-')) return []
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })

// Every diagnostic rule id the library can emit: quoted 'area/name' literals outside comments.
const RULE = /'((?:card|yaml|csv|game|render|build|rules|print|simulate|a11y)\/[a-z-]+)'/g
const emitted = new Set(
  files(join(root, 'src')).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
      .flatMap((line) => [...line.matchAll(RULE)].map((m) => m[1]!)),
  ),
)
// Only test files count: a helper that emits a rule (face-context.ts) does not test it.
const tests = files(join(root, 'test'))
  .filter((f) => /\.test\.tsx?$/.test(f) && !f.endsWith('rule-coverage.test.ts'))
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n')

describe('diagnostic rule ids', () => {
  it('are found in the source', () => expect(emitted.size).toBeGreaterThan(30))
  it.each([...emitted].sort())('%s is asserted by a test', (rule) => {
    expect(tests.includes(`'${rule}'`), `no test asserts ${rule}`).toBe(true)
  })
})
