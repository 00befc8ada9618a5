#!/usr/bin/env node
// Writes assets/game-icons-authors.json: who drew each icon of @iconify-json/game-icons. The npm set names
// one author for all ("GameIcons"); game-icons.net's own repository keeps each icon in its author's folder
// and lists the authors, their sites and licences in license.txt. Run with a clone of it:
//
//   git clone https://github.com/game-icons/icons /tmp/game-icons
//   node tools/game-icons-authors/generate.mjs /tmp/game-icons
//
// An icon whose name is in one folder belongs to that folder's author. A name in several folders (63 of them:
// "anvil" is Lorc's and a badge) is matched by its drawing: the point its path starts at, which Iconify's
// optimiser keeps. Names the repository no longer has are listed in SERIES below, by the series they belong to.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = process.argv[2]
if (!repo) {
  console.error('usage: node tools/game-icons-authors/generate.mjs <clone of github.com/game-icons/icons>')
  process.exit(2)
}
const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const require = createRequire(join(root, 'package.json'))
const set = require('@iconify-json/game-icons/icons.json')
const setVersion = require('@iconify-json/game-icons/package.json').version
const commit = execFileSync('git', ['-C', repo, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()

// Folders that are not one person's: credited to the site's contributors.
const NOT_A_PERSON = {
  badges: 'game-icons.net contributors (badges)',
  'various-artists': 'game-icons.net contributors (various artists)',
}
// Folder names license.txt spells otherwise.
const SPELLED = { lucasms: 'Lucas' }
// Icons of the npm set whose files the repository no longer has, by the series of files it still has.
const SERIES = [{ prefix: 'tarot-', like: 'tarot-00-the-fool' }]

/** license.txt's list: "- Name, url - CC0". */
const listed = readFileSync(join(repo, 'license.txt'), 'utf8')
  .split('\n')
  .flatMap((line) => {
    const m = /^- ([^,\n]+?)(?:, (\S+))?(?: - (CC0))?\s*$/.exec(line)
    return m ? [{ name: m[1].replace(/ - CC0$/, ''), url: m[2], cc0: Boolean(m[3]) }] : []
  })
const squash = (s) => s.toLowerCase().replace(/[^a-z0-9]/g, '')

const folders = readdirSync(repo).filter((f) => !f.startsWith('.') && statSync(join(repo, f)).isDirectory())
const authors = {}
for (const folder of folders) {
  const entry = listed.find((a) => squash(a.name) === squash(SPELLED[folder] ?? folder))
  authors[folder] = {
    name: NOT_A_PERSON[folder] ?? entry?.name ?? folder,
    ...(entry?.url && { url: entry.url }),
    license: entry?.cc0 ? 'CC0 1.0' : 'CC BY 3.0',
  }
}

const numbers = (d) => (d.match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? []).slice(0, 12).map(Number)
/** The path data an icon is drawn with, without the repository's black background square. */
const drawing = (svg) =>
  [...svg.matchAll(/\sd="([^"]+)"/g)]
    .map((m) => m[1])
    .filter((d) => !/^M0 0h\d+v\d+H0z$/.test(d))
    .join(' ')
const files = new Map()
for (const folder of folders)
  for (const file of readdirSync(join(repo, folder)).filter((f) => f.endsWith('.svg'))) {
    const name = file.slice(0, -4)
    files.set(name, [
      ...(files.get(name) ?? []),
      { folder, numbers: numbers(drawing(readFileSync(join(repo, folder, file), 'utf8'))) },
    ])
  }
const alike = (a, b) => {
  let n = 0
  while (n < a.length && n < b.length && Math.abs(a[n] - b[n]) < 0.01) n++
  return n
}

const byIcon = {}
const unsure = []
for (const [name, icon] of Object.entries(set.icons)) {
  const candidates = files.get(name) ?? []
  if (candidates.length === 1) byIcon[name] = candidates[0].folder
  else if (candidates.length > 1) {
    const mine = numbers(drawing(icon.body))
    const best = candidates.map((c) => ({ ...c, score: alike(mine, c.numbers) })).sort((a, b) => b.score - a.score)
    if (best[0].score < 2 || best[0].score === best[1].score) unsure.push(name)
    byIcon[name] = best[0].folder
  } else {
    const series = SERIES.find((s) => name.startsWith(s.prefix))
    const folder = series && files.get(series.like)?.[0]?.folder
    if (folder) byIcon[name] = folder
    else unsure.push(name)
  }
}
for (const [alias, { parent }] of Object.entries(set.aliases ?? {})) if (byIcon[parent]) byIcon[alias] = byIcon[parent]

const icons = {}
for (const [name, folder] of Object.entries(byIcon).sort(([a], [b]) => (a < b ? -1 : 1)))
  (icons[folder] ??= []).push(name)
const used = Object.fromEntries(Object.entries(authors).filter(([folder]) => icons[folder]))
const out = {
  comment:
    'Who drew each icon of @iconify-json/game-icons, from game-icons.net’s repository (tools/game-icons-authors/generate.mjs).',
  source: {
    repository: 'https://github.com/game-icons/icons',
    commit,
    iconSet: `@iconify-json/game-icons@${setVersion}`,
  },
  authors: used,
  icons,
}
writeFileSync(join(root, 'assets/game-icons-authors.json'), JSON.stringify(out, null, 0) + '\n')
console.log(
  `${Object.keys(byIcon).length} of ${Object.keys(set.icons).length} icons by ${Object.keys(used).length} authors${unsure.length ? `; not sure of ${unsure.join(', ')}` : ''}`,
)
