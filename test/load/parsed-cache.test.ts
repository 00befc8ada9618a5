import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import { afterAll, describe, expect, it } from 'vitest'
import { loadRules } from '../../src/load/rules.ts'
import { loadRulesCached } from '../../src/load/rules-cached.ts'
import { loadTranslations, parseTranslations } from '../../src/load/translations.ts'
import { loadWords, parseWords } from '../../src/load/template-words.ts'
import { gamePaths } from '../../src/load/project.ts'
import { loadCardFiles } from '../../src/load/card-files.ts'
import { iconFound, iconPaths } from '../../src/booklet/icons.ts'
import { root as repo } from '../helpers.ts'

const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})
const project = () => {
  const root = mkdtempSync(join(tmpdir(), 'deckwright-rules-cache-'))
  made.push(root)
  mkdirSync(join(root, 'rules', 'g'), { recursive: true })
  return root
}
const RULES = 'rules/g/rules.md'

/** Each string of `marks` in the cache's entries made its mark: what a load gives then tells a cache hit from a new parse. */
const markCached = (root: string, marks: Record<string, string>) => {
  const mark = (v: unknown): unknown => {
    if (typeof v === 'string' && Object.hasOwn(marks, v)) return marks[v]
    if (Array.isArray(v)) return v.map(mark)
    if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, mark(x)]))
    if (v && typeof v === 'object' && !(v instanceof Date))
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mark(x)]))
    return v
  }
  for (const entry of readdirSync(cached(root))) {
    const file = join(cached(root), entry)
    writeFileSync(file, serialize(mark(deserialize(readFileSync(file)))))
  }
}
const cached = (root: string) => join(root, 'node_modules', '.cache', 'deckwright', 'parsed')
const text = (title: string) =>
  `---\ntitle: ${title}\nreleased: 2024-05-01\n---\n\n{{% rules-block id="setup" %}}\n\n**Deal** five cards.\n\n@TODO: a picture\n\n{{% /rules-block %}}\n\n{{% unclosed %}}\n`

describe('rules read through the project cache', () => {
  it('reads a file as loadRules does, and takes it back from the cache the next time', async () => {
    const root = project()
    writeFileSync(join(root, RULES), text('Gold Rush'))
    const first = await loadRulesCached(RULES, root)
    expect(first).toStrictEqual(loadRules(RULES, root))
    // Dates in the front matter stay dates; the diagnostics (the note, the unclosed shortcode) are kept too.
    expect(first.value.frontMatter.released).toBeInstanceOf(Date)
    expect(first.diagnostics.map((d) => d.rule)).toEqual(expect.arrayContaining(['rules/todo']))
    expect(readdirSync(cached(root))).toHaveLength(1)
    // What the cache holds is what the next run is given (marked here, to tell it from a new parse).
    markCached(root, { 'Gold Rush': 'From the cache' })
    expect((await loadRulesCached(RULES, root)).value.frontMatter.title).toBe('From the cache')
  })

  it('reads a changed file again: never an earlier text', async () => {
    const root = project()
    writeFileSync(join(root, RULES), text('Gold Rush'))
    await loadRulesCached(RULES, root)
    writeFileSync(join(root, RULES), text('Silver Rush'))
    const again = await loadRulesCached(RULES, root)
    expect(again.value.frontMatter.title).toBe('Silver Rush')
    expect(again).toStrictEqual(loadRules(RULES, root))
    // And back: the first text's entry is still there, and still right.
    writeFileSync(join(root, RULES), text('Gold Rush'))
    expect((await loadRulesCached(RULES, root)).value.frontMatter.title).toBe('Gold Rush')
  })

  it('removes what no run has used for a day when it keeps something new, and marks what a run takes as used', async () => {
    const root = project()
    mkdirSync(cached(root), { recursive: true })
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000)
    writeFileSync(join(cached(root), 'old.v8'), serialize({}))
    utimesSync(join(cached(root), 'old.v8'), twoDaysAgo, twoDaysAgo)
    writeFileSync(join(root, RULES), text('Gold Rush'))
    await loadRulesCached(RULES, root)
    const [kept] = readdirSync(cached(root))
    expect(readdirSync(cached(root))).toEqual([kept])
    utimesSync(join(cached(root), kept!), twoDaysAgo, twoDaysAgo)
    await loadRulesCached(RULES, root)
    expect(statSync(join(cached(root), kept!)).mtimeMs).toBeGreaterThan(Date.now() - 3600_000)
  })

  it('says a missing file as loadRules does, and keeps nothing', async () => {
    const root = project()
    expect(await loadRulesCached(RULES, root)).toStrictEqual(loadRules(RULES, root))
    expect(() => readdirSync(cached(root))).toThrow()
  })

  it('writes nowhere through a node_modules link that leads out of the project', async () => {
    const root = project()
    const elsewhere = project()
    symlinkSync(elsewhere, join(root, 'node_modules'))
    writeFileSync(join(root, RULES), text('Gold Rush'))
    expect(await loadRulesCached(RULES, root)).toStrictEqual(loadRules(RULES, root))
    expect(readdirSync(elsewhere)).toEqual(['rules'])
  })

  it('reads the example games as loadRules does', async () => {
    for (const file of [
      'rules/maybe-missions/rules.md',
      'rules/maybe-missions/rules.nl.md',
      'rules/arc-ship/rules.md',
    ]) {
      const root = project()
      mkdirSync(join(root, file, '..'), { recursive: true })
      writeFileSync(join(root, file), readFileSync(join(repo, file)))
      await loadRulesCached(file, root)
      expect(await loadRulesCached(file, root)).toStrictEqual(loadRules(file, root))
    }
  })
})

describe('translations and template words read through the project cache', () => {
  const translations = (title: string) => `_game:\n  title: ${title}\n\nship-1:\n  name: Het schip\n`
  const words = (deck: string) => `deck-vote: ${deck}\n`

  it('reads a changed file again, and an unchanged one from the cache', () => {
    const root = project()
    const paths = gamePaths(root, 'g')
    mkdirSync(join(root, 'cards', 'g', 'lang'), { recursive: true })
    mkdirSync(join(root, 'templates', 'g', 'lang'), { recursive: true })
    const [cardsFile, wordsFile] = [
      join(root, 'cards', 'g', 'lang', 'nl.yaml'),
      join(root, 'templates', 'g', 'lang', 'nl.yaml'),
    ]
    writeFileSync(cardsFile, translations('Goudkoorts'))
    writeFileSync(wordsFile, words('Stemmen'))
    const first = [loadTranslations(paths, 'nl'), loadWords(paths, 'nl')]
    expect(first).toStrictEqual([
      parseTranslations(translations('Goudkoorts'), 'cards/g/lang/nl.yaml', 'nl'),
      parseWords(words('Stemmen'), 'templates/g/lang/nl.yaml', 'nl'),
    ])
    expect(readdirSync(cached(root))).toHaveLength(2)
    expect([loadTranslations(paths, 'nl'), loadWords(paths, 'nl')]).toStrictEqual(first)
    // Taken from the cache (its entries marked), not parsed again.
    markCached(root, { Goudkoorts: 'Uit de cache', Stemmen: 'Uit de cache' })
    expect(loadTranslations(paths, 'nl').value.game).toMatchObject([{ key: 'title', text: 'Uit de cache' }])
    expect(loadWords(paths, 'nl').value.words).toMatchObject([{ key: 'deck-vote', text: 'Uit de cache' }])
    writeFileSync(cardsFile, translations('Zilverkoorts'))
    writeFileSync(wordsFile, words('Kiezen'))
    expect(loadTranslations(paths, 'nl').value.game).toMatchObject([{ key: 'title', text: 'Zilverkoorts' }])
    expect(loadWords(paths, 'nl').value.words).toMatchObject([{ key: 'deck-vote', text: 'Kiezen' }])
  })
})

describe('card files read through the project cache', () => {
  it('reads a long file without keeping it (taking it back would cost as much as reading it)', () => {
    const root = project()
    mkdirSync(join(root, 'cards', 'g'), { recursive: true })
    const cards = Array.from({ length: 3000 }, (_, i) => `- id: card-${i}\n  text: ${'word '.repeat(16)}\n`)
    writeFileSync(join(root, 'cards', 'g', 'long.yaml'), cards.join(''))
    expect(loadCardFiles(gamePaths(root, 'g')).value[0]!.cards).toHaveLength(3000)
    expect(() => readdirSync(cached(root))).toThrow()
  })

  it('reads a changed YAML or CSV file again, and an unchanged one from the cache', () => {
    const root = project()
    const paths = gamePaths(root, 'g')
    mkdirSync(join(root, 'cards', 'g'), { recursive: true })
    const [yamlFile, csvFile] = [join(root, 'cards', 'g', 'ships.yaml'), join(root, 'cards', 'g', 'ports.csv')]
    writeFileSync(yamlFile, '- id: ship-1\n  name: The Ship\n  launched: 2024-05-01\n')
    writeFileSync(csvFile, 'id,name\nport-1,The Port\n')
    const first = loadCardFiles(paths)
    expect(readdirSync(cached(root))).toHaveLength(2)
    const again = loadCardFiles(paths)
    expect(again).toStrictEqual(first)
    expect(again.value[1]!.cards[0]!.values.get('launched')!.value).toBeInstanceOf(Date)
    // Taken from the cache (its entries marked), not parsed again.
    markCached(root, { 'The Ship': 'From the cache', 'The Port': 'From the cache' })
    expect(loadCardFiles(paths).value.map((f) => f.cards[0]!.values.get('name')!.value)).toEqual([
      'From the cache',
      'From the cache',
    ])
    writeFileSync(yamlFile, '- id: ship-1\n  name: The Other Ship\n  launched: 2024-05-01\n')
    writeFileSync(csvFile, 'id,name\nport-1,The Other Port\n')
    const edited = loadCardFiles(paths).value.map((f) => f.cards[0]!.values.get('name')!.value)
    expect(edited).toEqual(['The Other Port', 'The Other Ship'])
  })
})

describe("the booklet check's icons, found through the project cache", () => {
  it('answers as iconPaths does, and keeps each answer by name', () => {
    const root = project()
    const names = ['setup', 'game-icons:crossed-swords', 'made-up', 'other-set:x']
    const found = names.map((n) => iconFound(n, root))
    expect(found).toEqual(names.map((n) => iconPaths(n) !== undefined))
    expect(found).toEqual([true, true, false, false])
    // A set that is not installed is not kept (nothing to key it on); the others are, one entry a name.
    expect(readdirSync(cached(root))).toHaveLength(3)
    const [entry] = readdirSync(cached(root)).filter((f) => deserialize(readFileSync(join(cached(root), f))) === false)
    writeFileSync(join(cached(root), entry!), serialize(true))
    expect(iconFound('made-up', root)).toBe(true)
  })
})
