import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'
import { writeFileAtomic } from '../util/atomic-write.ts'
import { ownPackage } from '../util/packages.ts'
import { writeSchemas } from '../validate/schema-files.ts'

/** The sample game's files (shipped in the package's `init/game/`), its id written `my-game` in paths and text. */
const SAMPLE = fileURLToPath(new URL('../../init/game/', import.meta.url))
const SAMPLE_ID = 'my-game'

/** The TypeScript a new project type-checks its templates with (the preset also works with 5.4 and later). */
export const TYPESCRIPT_RANGE = '^7.0.2'

export const GAME_ID = /^[a-z][a-z0-9-]{0,63}$/

/** What `init` did with each file: written, added to (package.json, .gitignore), or left as it was. */
export interface InitReport {
  game: string
  written: string[]
  added: string[]
  skipped: string[]
}

const WORKFLOW = `# Fails the pull request when a card is invalid (every problem is annotated on its line),
# and shows on it which cards it changes.
name: cards
on: [push, pull_request]
jobs:
  validate:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 22 }
      - run: npm install
      - run: npx deckwright validate --format github --max-warnings 0
      - run: npx tsc --noEmit
  # On a pull request: the cards it changes, listed on the run's page, and each changed face before and
  # after (out/<game>/changes/) kept as an artifact. It compares with the base branch, so it fetches its history.
  changes:
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with: { fetch-depth: 0 }
      - uses: actions/setup-node@v4
        with: { node-version: 22 }
      - run: npm install
      - run: npx deckwright changes --since "origin/$GITHUB_BASE_REF" --format github
      - uses: actions/upload-artifact@v4
        if: always()
        with: { name: changes, path: out/*/changes/, if-no-files-found: ignore }
`

const TSCONFIG = `{
  // Type-checks the game's definition and templates (npm run typecheck); deckwright compiles them itself.
  "extends": "deckwright/tsconfig",
  "include": ["rules", "templates"]
}
`

/** A game id from a folder's name: lower case, words joined by hyphens; undefined when nothing is left. */
export const gameIdFrom = (name: string): string | undefined => {
  const id = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '')
  return GAME_ID.test(id) ? id : undefined
}

/** The sample's text files, where its id is replaced; others (pictures) are copied as they are. */
const TEXT = /\.(?:tsx?|md|ya?ml|csv|json|svg|txt)$/

const sampleFiles = (dir: string = SAMPLE): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => (statSync(join(dir, name)).isDirectory() ? sampleFiles(join(dir, name)) : [join(dir, name)]))

/** The JSON text's indentation, to write package.json back as the designer keeps it. */
const indentOf = (text: string): string => /^\{\n([ \t]+)"/.exec(text)?.[1] ?? '  '

type PackageJson = Record<string, unknown> & {
  scripts?: Record<string, string>
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}

/**
 * Adds to an existing package.json what a deckwright project needs (deckwright and typescript as
 * dependencies, the scripts build, validate and typecheck), changing nothing that is there.
 */
const completePackage = (pkg: PackageJson, version: string): string[] => {
  const added: string[] = []
  const has = (name: string) => Boolean(pkg.dependencies?.[name] ?? pkg.devDependencies?.[name])
  for (const [name, range] of [
    ['deckwright', `^${version}`],
    ['typescript', TYPESCRIPT_RANGE],
  ] as const) {
    if (has(name)) continue
    pkg.devDependencies = { ...pkg.devDependencies, [name]: range }
    added.push(`devDependencies.${name}`)
  }
  const scripts = { build: 'deckwright build', validate: 'deckwright validate', typecheck: 'tsc --noEmit' }
  for (const [name, command] of Object.entries(scripts)) {
    if (pkg.scripts?.[name]) continue
    pkg.scripts = { ...pkg.scripts, [name]: command }
    added.push(`scripts.${name}`)
  }
  return added
}

/**
 * Makes a game project in `dir`, or adds one to the project there: a package.json, a tsconfig.json that
 * extends deckwright's preset, a .gitignore, the CI workflow that fails on an invalid card, and the sample
 * game under `game`'s id, with the JSON Schemas of its card types. Nothing that exists is overwritten: it is
 * listed as skipped.
 */
export const initProject = async (
  dir: string,
  options: { game?: string } = {},
): Promise<Result<InitReport | undefined>> => {
  const game = options.game ?? gameIdFrom(basename(dir)) ?? SAMPLE_ID
  if (!GAME_ID.test(game)) {
    const message = `"${game}" cannot be a game id: use lower-case letters, digits and hyphens, starting with a letter (e.g. space-race)`
    return { value: undefined, diagnostics: [{ rule: 'init/game-id', severity: 'error', file: '.', message }] }
  }
  const report: InitReport = { game, written: [], added: [], skipped: [] }
  const diagnostics: Diagnostic[] = []
  const write = (file: string, text: string | Buffer) => {
    if (existsSync(join(dir, file))) return void report.skipped.push(file)
    writeFileAtomic(join(dir, file), text, { inside: dir })
    report.written.push(file)
  }
  const version = ownPackage().version

  const pkgFile = join(dir, 'package.json')
  if (!existsSync(pkgFile)) {
    const pkg: PackageJson = {
      name: gameIdFrom(basename(dir)) ?? game,
      version: '0.1.0',
      private: true,
      type: 'module',
    }
    completePackage(pkg, version)
    write('package.json', `${JSON.stringify(pkg, null, 2)}\n`)
  } else {
    const text = readFileSync(pkgFile, 'utf8')
    try {
      const pkg = JSON.parse(text) as PackageJson
      const added = completePackage(pkg, version)
      if (added.length) {
        writeFileAtomic(pkgFile, `${JSON.stringify(pkg, null, indentOf(text))}\n`, { inside: dir })
        report.added.push(...added.map((a) => `package.json: ${a}`))
      } else report.skipped.push('package.json')
    } catch (error) {
      diagnostics.push({
        rule: 'init/package-json',
        severity: 'error',
        file: 'package.json',
        line: 1,
        column: 1,
        message: `package.json is not valid JSON (${(error as Error).message}): nothing was added to it`,
      })
    }
  }
  write('tsconfig.json', TSCONFIG)
  const ignore = join(dir, '.gitignore')
  if (!existsSync(ignore)) write('.gitignore', 'node_modules/\nout/\n')
  else {
    const text = readFileSync(ignore, 'utf8')
    if (text.split(/\r?\n/).some((l) => /^\/?out\/?$/.test(l.trim()))) report.skipped.push('.gitignore')
    else {
      writeFileAtomic(ignore, `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}out/\n`, { inside: dir })
      report.added.push('.gitignore: out/')
    }
  }
  write('.github/workflows/cards.yml', WORKFLOW)
  for (const file of sampleFiles()) {
    const target = relative(SAMPLE, file).split(sep).join('/').replaceAll(SAMPLE_ID, game)
    const bytes = readFileSync(file)
    write(target, TEXT.test(file) ? bytes.toString('utf8').replaceAll(SAMPLE_ID, game) : bytes)
  }
  // The JSON Schemas the sample's YAML names, for the designer's editor to complete and check it.
  if (report.written.includes(`rules/${game}/game.ts`)) {
    const schemas = await writeSchemas(dir, game)
    diagnostics.push(...schemas.diagnostics)
    report.written.push(...schemas.value)
  }
  return { value: report, diagnostics }
}
