import { execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { baseFonts, faceFonts } from '../../src/render/fonts/fonts.ts'
import { iconData, svgDataUri } from '../../src/render/fonts/icons.ts'
import { packageDir } from '../../src/util/packages.ts'

describe('faceFonts', () => {
  it("gives deckwright's own fonts, then the templates' others, each file once", () => {
    const own = faceFonts().fonts
    expect(own.map((f) => f.path)).toHaveLength(Object.keys(baseFonts).length)
    // A template naming a font deckwright already has adds nothing…
    expect(faceFonts([{ name: 'Bitter', package: '@fontsource/bitter', weight: 700 }]).fonts).toHaveLength(own.length)
    // …and one it lacks comes after deckwright's own.
    const more = faceFonts([{ name: 'Bitter', package: '@fontsource/bitter', weight: 400 }]).fonts
    expect(more).toHaveLength(own.length + 1)
    expect(more.at(-1)).toMatchObject({ name: 'Bitter', weight: 400 })
  })

  it('finds fonts and icon sets the designer installed in the project, and names a font that is not installed', () => {
    // A project whose node_modules has a font and an icon set deckwright itself does not depend on.
    const root = mkdtempSync(join(tmpdir(), 'deckwright-project-packages-'))
    cpSync(packageDir('@fontsource/bitter')!, join(root, 'node_modules', '@fontsource', 'slabby'), { recursive: true })
    mkdirSync(join(root, 'node_modules', '@iconify-json', 'mine'), { recursive: true })
    writeFileSync(
      join(root, 'node_modules', '@iconify-json', 'mine', 'package.json'),
      '{ "name": "@iconify-json/mine", "version": "1.0.0" }',
    )
    writeFileSync(
      join(root, 'node_modules', '@iconify-json', 'mine', 'icons.json'),
      JSON.stringify({ prefix: 'mine', width: 24, height: 24, icons: { dot: { body: '<circle r="4"/>' } } }),
    )
    // (Fontsource's files are named after the package: slabby-latin-…; copy Bitter's file under that name.)
    cpSync(
      join(root, 'node_modules', '@fontsource', 'slabby', 'files', 'bitter-latin-400-normal.woff'),
      join(root, 'node_modules', '@fontsource', 'slabby', 'files', 'slabby-latin-400-normal.woff'),
    )
    const { fonts, missing } = faceFonts(
      [
        { name: 'Slabby', package: '@fontsource/slabby', weight: 400 },
        { name: 'Nope', package: '@fontsource/nope', weight: 400 },
      ],
      root,
    )
    expect(fonts.at(-1)).toMatchObject({
      name: 'Slabby',
      path: join(root, 'node_modules', '@fontsource', 'slabby', 'files', 'slabby-latin-400-normal.woff'),
    })
    expect(missing.map((m) => m.message)).toEqual([expect.stringContaining('npm install @fontsource/nope')])
    expect(iconData('mine:dot', root)).toEqual({ body: '<circle r="4"/>', width: 24, height: 24 })
    expect(iconData('mine:dot')).toBeUndefined()
  })
})

describe('a template font that is not installed', () => {
  it('is render/missing-font at the templates file, and the other fonts still draw', async () => {
    const { openSession } = await import('../../src/render/template/session.ts')
    const { gamePaths } = await import('../../src/load/project.ts')
    const root = mkdtempSync(join(tmpdir(), 'deckwright-missing-font-'))
    mkdirSync(join(root, 'templates', 'g'), { recursive: true })
    writeFileSync(
      join(root, 'templates', 'g', 'index.tsx'),
      "export default { fonts: [{ name: 'Nope', package: '@fontsource/nope', weight: 400 }], types: {} }\n",
    )
    const game = { id: 'g', title: 'G', version: '1', players: { min: 1, max: 2 }, params: {}, types: {} }
    const { diagnostics } = await openSession(gamePaths(root, 'g'), game, { dpi: 100, bleedMm: 3, inkFriendly: false })
    expect(diagnostics).toMatchObject([
      {
        rule: 'render/missing-font',
        severity: 'error',
        file: 'templates/g/index.tsx',
        message: expect.stringContaining('npm install @fontsource/nope'),
      },
    ])
  })
})

describe("a game's own icons", () => {
  it('are read only from its icons folder, and only a regular file of at most 5 MB: a pipe is never waited on', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deckwright-own-icons-'))
    const icons = join(dir, 'templates', 'g', 'icons')
    mkdirSync(icons, { recursive: true })
    writeFileSync(join(icons, 'star.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><path fill="currentColor"/></svg>')
    writeFileSync(join(dir, 'secret.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    writeFileSync(join(icons, 'huge.svg'), Buffer.alloc(6 * 2 ** 20, 0x20))
    execFileSync('mkfifo', [join(icons, 'pipe.svg')])
    // Something writes to the pipe after 10 s, so that a reader waiting on it ends (late: the test fails).
    const writer = spawn('sh', ['-c', `sleep 10; echo '<svg/>' > '${join(icons, 'pipe.svg')}'`], { stdio: 'ignore' })
    try {
      const own = (name: string) => svgDataUri(join(icons, `${name}.svg`), '#f00', icons)
      const started = performance.now()
      expect(own('pipe')).toBeUndefined()
      expect(performance.now() - started).toBeLessThan(5000)
      expect(Buffer.from(own('star')!.split(',')[1]!, 'base64').toString()).toContain('fill="#f00"')
      expect(own('../../../secret')).toBeUndefined()
      expect(own('huge')).toBeUndefined()
    } finally {
      writer.kill()
    }
  })
})
