// Credits from what was drawn: every font and icon on any face or page, with its makers and licence, in the
// booklet and on the last page of the print sheets.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createElement as h } from 'react'
import { describe, expect, it } from 'vitest'
import { baseFonts, loadFont } from '../src/render/fonts/fonts.ts'
import { borderBox } from '../src/render/renderers/border-box.ts'
import { FontBook } from '../src/render/fonts/font-book.ts'
import { faceCharacters } from '../src/render/template/face-characters.ts'
import { creditsFor, creditWords, fontCredit, iconSetCredit } from '../src/outputs/credits.ts'
import { fixture, projectCopy, root, editFile } from './helpers.ts'
import { buildRun } from './setup/commands.ts'
import { fileThreads } from './setup/threads.ts'

// The file's builds' threads, warm from one build to the next, as a watch keeps them.
const threads = fileThreads()

const text = (pdf: string, first?: number) =>
  execFileSync('pdftotext', [...(first ? ['-f', String(first)] : []), '-layout', pdf, '-'], {
    encoding: 'utf8',
  }).replace(/\s+/g, ' ')
const pages = (pdf: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1])

describe('credits read from the packages', () => {
  it("a font's family, holder and licence come from its Fontsource package", () => {
    const inter = fontCredit('@fontsource/inter')
    const licence = readFileSync(join(root, 'node_modules', '@fontsource', 'inter', 'LICENSE'), 'utf8')
    expect(inter).toMatchObject({
      kind: 'font',
      name: 'Inter',
      package: '@fontsource/inter',
      makers: [{ license: 'SIL Open Font License, Version 1.1' }],
    })
    expect(licence).toContain(inter.makers[0]!.name)
  })

  it('game-icons are credited to the authors who drew them, each with their own icons', () => {
    const info = JSON.parse(
      readFileSync(join(root, 'node_modules', '@iconify-json', 'game-icons', 'info.json'), 'utf8'),
    )
    const credit = iconSetCredit('game-icons', ['spy', 'anvil', 'meeple', 'crossed-swords', 'anvil'])!
    expect(credit).toMatchObject({ name: info.name, url: info.license.url })
    expect(credit.makers.map((m) => [m.name, m.license, m.icons])).toEqual([
      ['Delapouite', 'CC BY 3.0', ['meeple', 'spy']],
      ['Lorc', 'CC BY 3.0', ['anvil', 'crossed-swords']],
    ])
    expect(creditWords(credit).statements[1]).toBe(
      'Icons made by Lorc (http://lorcblog.blogspot.com), under CC BY 3.0: anvil, crossed-swords.',
    )
    expect(iconSetCredit('no-such-set', ['x'])).toBeUndefined()
  })

  it("another Iconify set's icons are credited to the set's author, found in the project's install", () => {
    const project = projectCopy(fixture('own-vocabulary'))
    const set = join(project, 'node_modules', '@iconify-json', 'tiny')
    mkdirSync(set, { recursive: true })
    writeFileSync(join(set, 'package.json'), '{"name":"@iconify-json/tiny","version":"1.0.0"}')
    writeFileSync(
      join(set, 'info.json'),
      JSON.stringify({
        name: 'Tiny Icons',
        author: { name: 'Ada', url: 'https://example.org/ada' },
        license: { title: 'MIT' },
      }),
    )
    const credits = creditsFor({ fonts: [], icons: ['tiny:dot', 'game-icons:spy', 'tiny:bar'] }, project)
    expect(credits.map((c) => [c.name, c.makers.map((m) => [m.name, m.license, m.icons])])).toEqual([
      ['Game Icons', [['Delapouite', 'CC BY 3.0', ['spy']]]],
      ['Tiny Icons', [['Ada', 'MIT', ['bar', 'dot']]]],
    ])
  })
})

describe('the fonts a face draws with', () => {
  const fonts = [loadFont(baseFonts.body), loadFont(baseFonts.heading)]
  const drawnBy = (tree: unknown) => faceCharacters(borderBox(tree as never), fonts, new FontBook(fonts)).drawnBy
  it('are the fonts its text is set in (inherited as in CSS, the first font under none), each character in the font that has it', () => {
    const bitterTitle = h('div', { style: { fontFamily: 'Bitter' } }, h('div', {}, 'Title'))
    expect(drawnBy(h('div', {}, 'plain words'))).toEqual(['@fontsource/inter'])
    expect(drawnBy(h('div', { style: { fontFamily: 'Inter' } }, bitterTitle))).toEqual(['@fontsource/bitter'])
    expect(
      drawnBy(
        h('div', { style: { fontFamily: 'Bitter' } }, [
          h('img', { key: 1, src: 'x' }),
          h('div', { key: 2, style: { fontFamily: 'Comic Sans' } }, 'fallback'),
        ]),
      ),
    ).toEqual(['@fontsource/inter'])
    // A list of families: the first that is loaded draws; one listed after it, unused, is not credited.
    expect(drawnBy(h('div', { style: { fontFamily: '"Bitter", Inter' } }, 'both'))).toEqual(['@fontsource/bitter'])
    // A font with no text in it draws nothing; a character it lacks is drawn, and credited, by the font that has it.
    expect(
      drawnBy(h('div', { style: { fontFamily: 'Bitter' } }, h('div', { style: { fontFamily: 'Inter' } }, ' '))),
    ).toEqual([])
    expect(drawnBy(h('div', {}, 'Inter and 中文'))).toEqual(['@fontsource/inter', '@fontsource/noto-sans-sc'])
  })
})

describe('a build credits what its faces were drawn with', () => {
  it('on the last page of the sheets and in the booklet; a face from the cache credits the same', async () => {
    const project = projectCopy(fixture('own-vocabulary'))
    const templates = join(project, 'templates', 'harbour', 'index.tsx')
    // The ships show a game-icons anvil (Lorc's) and a spy (Delapouite's) in their own colour.
    editFile(
      templates,
      '{`${card.fields.name} (${card.fields.crew?.length ?? 0})`}',
      "{`${card.fields.name} (${card.fields.crew?.length ?? 0})`}<img src={ctx.icon('anvil', '#ffffff')} width={120} height={120} /><img src={ctx.icon('game-icons:spy')} width={120} height={120} />",
    )
    // `deckwright build`, through the library (test/setup/commands.ts).
    const build = async (own = false) => (await buildRun(project, own ? {} : { threads })).failed
    expect(await build()).toBe(false)
    const sheets = join(project, 'out', 'harbour', 'harbour-cards.pdf')
    const last = text(sheets, pages(sheets))
    expect(last).toContain('Credits')
    expect(last).toContain('Icons made by Lorc (http://lorcblog.blogspot.com), under CC BY 3.0: anvil.')
    expect(last).toContain('Icons made by Delapouite (http://delapouite.com), under CC BY 3.0: spy.')
    // Inter sets the ships' names and this page; Bitter the shared backs' titles (the fixture has no backs of its own).
    expect(last).toMatch(/Inter Copyright \d{4} The Inter Project Authors\. Licensed under the SIL Open Font License/)
    expect(last).toContain('Bitter')
    // It comes after every card page (whose faces are pictures, with no text of the PDF's own).
    expect(text(sheets).trim().startsWith('Credits Typefaces')).toBe(true)
    const booklet = text(join(project, 'out', 'harbour', 'harbour-rules.pdf'))
    expect(booklet).toContain('Icons made by Lorc (http://lorcblog.blogspot.com), under CC BY 3.0: anvil.')

    // Built again from the cache, the sheets are the same bytes; a face without the icon drops its credit.
    const before = readFileSync(sheets)
    expect(await build()).toBe(false)
    expect(readFileSync(sheets).equals(before)).toBe(true)
    editFile(templates, "<img src={ctx.icon('game-icons:spy')} width={120} height={120} />", '')
    // The templates changed: threads of its own, as the command's (a module once loaded is not loaded again).
    expect(await build(true)).toBe(false)
    expect(text(sheets, pages(sheets))).not.toContain('Delapouite')
  })
})
