// A project's committed symlinks never make deckwright write elsewhere on the machine: every path it writes
// is resolved and checked as every path it reads is.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { compileGameModule, forgetCompiled } from '../src/load/game-modules.ts'
import { buildGame } from '../src/make/build-game.ts'
import { pruneCacheDaily } from '../src/make/cache-prune.ts'
import { outputLinksProblem } from '../src/outputs/output-folder.ts'
import { writeFileAtomic } from '../src/util/atomic-write.ts'
import { OutsideFolderError, writablePath } from '../src/util/inside-folder.ts'
import { writeSchemas } from '../src/validate/schema-files.ts'
import { deckwright, fixture, projectCopy } from './helpers.ts'

const base = mkdtempSync(join(tmpdir(), 'deckwright-write-links-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))

/** A project folder and a folder outside it that a committed link leads to. */
const places = (name: string) => {
  const project = join(base, name, 'project')
  const elsewhere = join(base, name, 'elsewhere')
  mkdirSync(project, { recursive: true })
  mkdirSync(elsewhere, { recursive: true })
  return { project, elsewhere }
}

describe('writablePath', () => {
  it('refuses a path a link leads out of the folder, a folder yet to be made under it, a dangling link and a loop', () => {
    const { project, elsewhere } = places('paths')
    symlinkSync(elsewhere, join(project, 'lang'))
    symlinkSync(join(base, 'paths', 'nowhere'), join(project, 'dangling'))
    symlinkSync(join(project, 'loop'), join(project, 'loop'))
    mkdirSync(join(project, 'real'))
    symlinkSync(join(project, 'real'), join(project, 'inner'))
    for (const path of ['lang/nl.yaml', 'lang/new/deep/nl.yaml', 'dangling/x', 'loop/x'])
      expect(() => writablePath(project, join(project, path))).toThrow(OutsideFolderError)
    // A link that stays inside, and folders not made yet, are fine.
    for (const path of ['inner/nl.yaml', 'real/new/deep/nl.yaml', 'new/nl.yaml'])
      expect(writablePath(project, join(project, path))).toBe(join(project, path))
    // Nothing made through the link: no folder, no file.
    expect(() => writeFileAtomic(join(project, 'lang', 'new', 'nl.yaml'), 'x', { inside: project })).toThrow(
      OutsideFolderError,
    )
    expect(readdirSync(elsewhere)).toEqual([])
  })
})

describe('a committed link', () => {
  it('named `out`, or in the output folder, is refused before anything is written; an --out typed is the designer’s', () => {
    const { project, elsewhere } = places('out')
    const out = join(project, 'out')
    symlinkSync(elsewhere, out)
    expect(outputLinksProblem(project, out, 'out', false)).toMatch(
      /^the output folder out is a link that leads out of the project/,
    )
    expect(outputLinksProblem(project, out, 'out', true)).toBeUndefined()
    // The caches and builds inside the output folder, and the games' folders in them, stay inside it.
    rmSync(out)
    mkdirSync(join(out, '.builds'), { recursive: true })
    symlinkSync(elsewhere, join(out, '.cache'))
    expect(outputLinksProblem(project, out, 'out', true)).toMatch(/^out\/\.cache is a link that leads out of/)
    rmSync(join(out, '.cache'))
    mkdirSync(join(out, '.cache'))
    symlinkSync(elsewhere, join(out, '.cache', 'tavern'))
    expect(outputLinksProblem(project, out, 'out', false)).toMatch(/^out\/\.cache\/tavern is a link/)
    expect(readdirSync(elsewhere)).toEqual([])
  })

  it('in the output folder a library caller chose stops buildGame before anything is written', async () => {
    const root = projectCopy(fixture('languages'))
    // A game that builds clean: without the check, its outputs would be written through the link.
    writeFileSync(join(root, 'cards', 'tavern', 'lang', 'nl.yaml'), 'ale: { name: Bier }\n')
    writeFileSync(join(root, 'templates', 'tavern', 'lang', 'nl.yaml'), 'deck: Drankjes\n')
    const elsewhere = mkdtempSync(join(base, 'library-'))
    mkdirSync(join(root, 'built'))
    symlinkSync(elsewhere, join(root, 'built', '.builds'))
    const built = await buildGame(root, 'tavern', { outDir: join(root, 'built'), only: 'faces' })
    expect(readdirSync(elsewhere)).toEqual([])
    expect(built.diagnostics.map((d) => [d.rule, d.file, d.message])).toEqual([
      ['build/write-failed', 'built', expect.stringMatching(/^built\/\.builds is a link that leads out of/)],
    ])
  }, 60_000)

  it("in a game's cache gets nothing written through it when the cache is pruned", () => {
    const { project, elsewhere } = places('prune')
    writeFileSync(join(elsewhere, 'precious'), 'keep')
    utimesSync(join(elsewhere, 'precious'), new Date(0), new Date(0)) // as a cache not pruned for long
    const cache = join(project, 'out', '.cache', 'tavern')
    mkdirSync(cache, { recursive: true })
    symlinkSync(join(elsewhere, 'precious'), join(cache, '.pruned'))
    pruneCacheDaily(cache)
    expect(readFileSync(join(elsewhere, 'precious'), 'utf8')).toBe('keep')
  })

  it('named `out` stops a build (exit 2) with one line that names it, and nothing is written through it', async () => {
    const root = projectCopy(fixture('languages'))
    const elsewhere = mkdtempSync(join(base, 'build-'))
    symlinkSync(elsewhere, join(root, 'out'))
    const r = await deckwright(root, 'build', 'tavern')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('the output folder out is a link that leads out of the project')
    expect(readdirSync(elsewhere)).toEqual([])
  }, 60_000)

  it('as `cards/<game>/schema` gets no JSON Schema written through it: an error at the file', async () => {
    const root = projectCopy(fixture('languages'))
    const elsewhere = mkdtempSync(join(base, 'schema-'))
    symlinkSync(elsewhere, join(root, 'cards', 'tavern', 'schema'))
    const made = await writeSchemas(root, 'tavern')
    expect(made.value).toEqual([])
    expect(made.diagnostics.map((d) => [d.rule, d.file])).toEqual([['write/outside', 'cards/tavern/schema/drink.json']])
    expect(readdirSync(elsewhere)).toEqual([])
  }, 60_000)

  it('as `node_modules` keeps no compiled game module there: it is compiled into a folder of the process', async () => {
    const { project, elsewhere } = places('modules')
    mkdirSync(join(project, 'rules', 'g'), { recursive: true })
    writeFileSync(join(project, 'rules', 'g', 'game.ts'), 'export default { title: "Linked" }\n')
    symlinkSync(elsewhere, join(project, 'node_modules'))
    forgetCompiled()
    const compiled = await compileGameModule(join(project, 'rules', 'g', 'game.ts'), project)
    expect(((await import(compiled.url)) as { default: { title: string } }).default.title).toBe('Linked')
    expect(compiled.url).not.toContain(elsewhere)
    expect(existsSync(join(elsewhere, '.cache'))).toBe(false)
  })
})
