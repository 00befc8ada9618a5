// deckwright release: Maybe Missions' base set released twice (once per test run, at a low resolution, in both
// its languages) gives the same bytes; its PDFs pass qpdf; its zip holds exactly the files docs/publishing.md
// lists. A game without a licence (the command itself, once) gets a warning and no licence file.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { GameDef } from '../../src/engine/define.ts'
import { gamePaths } from '../../src/load/project.ts'
import { checkGameLicense } from '../../src/validate/license.ts'
import { releaseGame } from '../../src/release/release-game.ts'
import { deckwright, fixture, poppler, projectCopy, root } from '../helpers.ts'
import { once } from '../setup/once.ts'

const hashes = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [
        name,
        createHash('sha256')
          .update(readFileSync(join(dir, name)))
          .digest('hex'),
      ]),
  )

/** Maybe Missions' base set released into a folder of the run, then again: each release's files and their digests. */
const released = () =>
  once('release-maybe-missions', async (dir) => {
    const options = { outDir: dir, dpi: 40, sets: ['base'] }
    const folder = join(dir, 'maybe-missions', 'release')
    const runs = []
    for (let i = 0; i < 2; i++) {
      const made = await releaseGame(root, 'maybe-missions', options)
      const errors = made.diagnostics.filter((d) => d.severity === 'error')
      if (errors.length) throw new Error(`Maybe Missions was not released: ${JSON.stringify(errors)}`)
      runs.push({ report: made.value, hashes: hashes(folder), diagnostics: made.diagnostics })
    }
    return { folder, runs }
  })

/** The bundle's files as docs/publishing.md lists them, for a game, version and its other languages. */
const documented = (game: string, version: string, langs: string[], has: { rules: boolean; license: boolean }) => {
  const page = readFileSync(join(root, 'docs', 'publishing.md'), 'utf8')
  const names = [...page.matchAll(/^\| `(<game>-<version>[^`]*)` \|/gm)].map((m) => m[1]!)
  expect(names.length).toBeGreaterThan(10)
  return names
    .flatMap((n) => (n.includes('<lang>') ? langs.map((l) => n.replace('<lang>', l)) : [n]))
    .map((n) => n.replace('<game>', game).replace('<version>', version))
    .filter((n) => (has.rules || !/-rules\.pdf$/.test(n)) && (has.license || !n.endsWith('-LICENSE.txt')))
}

/** The zip's entries: each in the folder `<game>-<version>/`, by name. */
const zipEntries = (zip: Buffer) => unzipSync(new Uint8Array(zip))

// The first test to ask for the release makes it (~20 s alone, more beside other files).
describe('deckwright release', { timeout: 180_000 }, () => {
  it('gives the same bytes from one run to the next, the zip included, the second drawing no face', async () => {
    const { value } = await released()
    const [first, second] = value.runs
    expect(Object.keys(first!.hashes)).toContain('maybe-missions-1.0.0.zip')
    expect(second!.hashes).toEqual(first!.hashes)
    expect(first!.report.drawn).toBeGreaterThan(0)
    expect(second!.report.drawn).toBe(0)
    // The example declares its licence: no warning of a missing one.
    expect(first!.diagnostics.filter((d) => d.rule === 'release/no-license')).toEqual([])
  })

  it('writes PDFs that pass qpdf --check', async () => {
    const { value } = await released()
    const pdfs = Object.keys(value.runs[0]!.hashes).filter((n) => n.endsWith('.pdf'))
    expect(pdfs).toHaveLength(14)
    for (const pdf of pdfs)
      expect(poppler('qpdf', join(value.folder, pdf), '--check'), pdf).toContain('No syntax or stream encoding errors')
  })

  it('zips exactly the files docs/publishing.md lists, with their checksums', async () => {
    const { value } = await released()
    const expected = documented('maybe-missions', '1.0.0', ['nl'], { rules: true, license: true })
    const [zipName] = expected.filter((n) => n.endsWith('.zip'))
    const inZip = expected.filter((n) => n !== zipName)
    expect(Object.keys(value.runs[0]!.hashes).sort()).toEqual([...expected].sort())
    const entries = zipEntries(readFileSync(join(value.folder, zipName!)))
    expect(Object.keys(entries).sort()).toEqual(inZip.map((n) => `maybe-missions-1.0.0/${n}`).sort())
    for (const [name, bytes] of Object.entries(entries))
      expect(Buffer.from(bytes).equals(readFileSync(join(value.folder, name.split('/')[1]!))), name).toBe(true)
    // sha256sum's format: every other file, each with its digest.
    const sums = readFileSync(join(value.folder, 'maybe-missions-1.0.0-SHA256SUMS.txt'), 'utf8')
    const listed = sums
      .trimEnd()
      .split('\n')
      .map((line) => line.split('  ') as [string, string])
    expect(listed.map(([, name]) => name).sort()).toEqual(inZip.filter((n) => !n.endsWith('SHA256SUMS.txt')).sort())
    for (const [digest, name] of listed) expect(value.runs[0]!.hashes[name], name).toBe(digest)
    // The licence's full text, the README naming the files.
    expect(readFileSync(join(value.folder, 'maybe-missions-1.0.0-LICENSE.txt'), 'utf8')).toMatch(
      /^Maybe Missions is licensed under the Creative Commons Attribution Non Commercial Share Alike 4\.0 International \(SPDX: CC-BY-NC-SA-4\.0\)[\s\S]*Attribution-NonCommercial-ShareAlike 4\.0 International Public License/,
    )
    expect(readFileSync(join(value.folder, 'maybe-missions-1.0.0-README.txt'), 'utf8')).toContain(
      'maybe-missions-1.0.0-nl-cards-letter-ink-friendly.pdf',
    )
  })

  it('boxes each deck of the release, in each language', async () => {
    const { value } = await released()
    for (const name of ['maybe-missions-1.0.0-tuck-boxes-a4.pdf', 'maybe-missions-1.0.0-nl-tuck-boxes-letter.pdf']) {
      const text = poppler('pdftotext', join(value.folder, name)).replace(/\s+/g, ' ')
      expect(poppler('pdfinfo', join(value.folder, name))).toMatch(/Pages:\s+3\n/)
      expect(text).toMatch(name.includes('-nl-') ? /\d+ kaarten/ : /\d+ cards/)
    }
  })

  it('releases a game without a licence with a warning at its definition, and no licence file (the command)', async () => {
    const project = projectCopy(fixture('outputs'))
    const run = await deckwright(project, 'release', '--dpi', '20', '--format', 'json')
    expect(run.code, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toContainEqual(
      expect.objectContaining({
        rule: 'release/no-license',
        severity: 'warning',
        file: 'rules/parlour/game.ts',
        line: 1,
      }),
    )
    expect(run.stderr).toMatch(/parlour: release 0\.3\.0 in out\/parlour\/release\/: \d+ files, parlour-0\.3\.0\.zip/)
    const folder = join(project, 'out', 'parlour', 'release')
    const expected = documented('parlour', '0.3.0', [], { rules: false, license: false })
    expect(readdirSync(folder).sort()).toEqual([...expected].sort())
    const entries = Object.keys(zipEntries(readFileSync(join(folder, 'parlour-0.3.0.zip'))))
    expect(entries.some((n) => /LICENSE/.test(n))).toBe(false)
    expect(readFileSync(join(folder, 'parlour-0.3.0-README.txt'), 'utf8')).toContain('No licence was given')

    // A licence of its own in a file: copied as it is. A licence that is neither an SPDX id nor a file: an error at its line.
    const definition = join(project, 'rules', 'parlour', 'game.ts')
    const source = readFileSync(definition, 'utf8')
    writeFileSync(join(project, 'rules', 'parlour', 'LICENSE.md'), 'Parlour: all rights reserved, play it at home.\n')
    writeFileSync(definition, source.replace("version: '0.3.0',", "version: '0.3.0',\n  license: 'LICENSE.md',"))
    const own = await releaseGame(project, 'parlour', { outDir: join(project, 'out'), dpi: 20 })
    expect(own.diagnostics.filter((d) => d.rule === 'release/no-license')).toEqual([])
    expect(readFileSync(join(folder, 'parlour-0.3.0-LICENSE.txt'), 'utf8')).toBe(
      'Parlour: all rights reserved, play it at home.\n',
    )
    // (The definition's check, on the file as written: this process has imported the definition already.)
    for (const bad of ['Not-A-Licence', '../../../package.json']) {
      writeFileSync(definition, source.replace("version: '0.3.0',", `version: '0.3.0',\n  license: '${bad}',`))
      expect(checkGameLicense(gamePaths(project, 'parlour'), { license: bad } as GameDef)).toEqual([
        expect.objectContaining({
          rule: 'game/bad-license',
          severity: 'error',
          file: 'rules/parlour/game.ts',
          line: 8,
        }),
      ])
    }
    expect(checkGameLicense(gamePaths(project, 'parlour'), { license: 'cc-by-4.0' } as GameDef)).toEqual([])
  })
})
