import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { outputWords, type OutputWords } from './output-words.ts'
import { say } from '../util/say.ts'
import { OWN_ROOT, packageFile } from '../util/packages.ts'
import { fullIconName, type DrawnWith } from '../render/template/drawn-with.ts'

/**
 * A function that gives one object for each distinct `DrawnWith` it is given: the faces of a build come
 * from their threads as copies, 50,000 copies of the same few fonts and icons (~350 bytes a face).
 */
export const drawnWithInterner = (): ((drawn: DrawnWith | undefined) => DrawnWith | undefined) => {
  const known = new Map<string, DrawnWith>()
  return (drawn) => {
    if (!drawn) return drawn
    const key = `${drawn.fonts.join('\n')}\0${drawn.icons.join('\n')}`
    let one = known.get(key)
    if (!one) known.set(key, (one = drawn))
    return one
  }
}

/** What a game's faces were drawn with, to be credited in a document made from them, and the project whose installed packages say who made it. */
export interface FaceCredits {
  drawnWith: DrawnWith
  /** The project's folder (its fonts and icon sets are found there first); none: deckwright's own. */
  root?: string
  /** The renderer the faces were drawn with, when it is not satori + resvg ('takumi 2.16.3'). */
  drawnBy?: string
}

/** Everything the given faces and pages were drawn with, each once, sorted. */
export const drawnWithAll = (all: Iterable<DrawnWith | undefined>): DrawnWith => {
  const fonts = new Set<string>()
  const icons = new Set<string>()
  for (const d of all) {
    for (const f of d?.fonts ?? []) fonts.add(f)
    for (const i of d?.icons ?? []) icons.add(i)
  }
  return { fonts: [...fonts].sort(), icons: [...icons].sort() }
}

/** Who made a work, under which licence. */
export interface Maker {
  /** "Lorc", "Copyright 2016 The Inter Project Authors". */
  name: string
  url?: string
  /** "CC BY 3.0", "SIL Open Font License, Version 1.1". */
  license: string
  /** For an icon set's author: the icons of theirs that were drawn. */
  icons?: string[]
}

/**
 * What the credits say about a font or an icon set that was drawn with, read from the npm package it comes
 * from (its LICENSE, its metadata), so that it stays true when a package changes.
 */
export interface Credit {
  kind: 'font' | 'icons'
  /** "Inter", "Game Icons". */
  name: string
  /** The npm package it was read from. */
  package: string
  /** Where the work can be found. */
  url?: string
  /** Its makers: a font's copyright holder; an icon set's authors, each with the icons of theirs drawn. */
  makers: Maker[]
}

/** A Fontsource package's family, copyright holder and licence, from its metadata.json and LICENSE. */
export const fontCredit = (pkg: string, projectRoot?: string): Credit => {
  const text = (file: string) => {
    const path = packageFile(pkg, file, projectRoot)
    return path ? readFileSync(path, 'utf8') : ''
  }
  const licence = text('LICENSE')
  let family = pkg.split('/').pop()!
  try {
    family = (JSON.parse(text('metadata.json')) as { family?: string }).family ?? family
  } catch {
    // No metadata: the package name will do.
  }
  // "Copyright 2016 The Inter Project Authors (https://github.com/rsms/inter) Inter-Italic[…].ttf: Copyright …"
  const copyright = /Copyright[^\n]*?(?=\s+\S+\.(?:ttf|otf|woff2?)\b|\n|$)/.exec(licence)?.[0]?.trim() ?? ''
  const url = /\((https?:\/\/[^)\s]+)\)/.exec(copyright)?.[1]
  const holder = copyright.replace(/\s*\(https?:\/\/[^)]*\)\s*$/, '') || `the authors of ${family}`
  const license = /licensed under the ([^\n]+?)\.?\s*$/im.exec(licence)?.[1] ?? `see the LICENSE file of ${pkg}`
  return { kind: 'font', name: family, package: pkg, ...(url && { url }), makers: [{ name: holder, license }] }
}

interface IconAuthors {
  authors: Record<string, { name: string; url?: string; license: string }>
  icons: Record<string, string[]>
}
let gameIconAuthors: Map<string, string> | undefined
let gameIconMakers: IconAuthors['authors'] | undefined
/** Who drew each game-icons icon (assets/game-icons-authors.json, from game-icons.net's repository). */
const gameIconAuthor = (icon: string): IconAuthors['authors'][string] | undefined => {
  if (!gameIconAuthors) {
    gameIconAuthors = new Map()
    try {
      const data = JSON.parse(readFileSync(join(OWN_ROOT, 'assets', 'game-icons-authors.json'), 'utf8')) as IconAuthors
      gameIconMakers = data.authors
      for (const [author, icons] of Object.entries(data.icons))
        for (const name of icons) gameIconAuthors.set(name, author)
    } catch {
      // Without the list every icon is credited to the set's author.
    }
  }
  const author = gameIconAuthors.get(icon)
  return author ? gameIconMakers?.[author] : undefined
}

/**
 * An Iconify JSON set's name and licence, from its info.json, with the icons drawn (`used`, names without the
 * set) under their authors: game-icons' own authors (Lorc, Delapouite…), whose CC BY licence asks for their
 * names; the set's author for any other set. Undefined when the set is not installed.
 */
export const iconSetCredit = (prefix: string, used: readonly string[], projectRoot?: string): Credit | undefined => {
  const pkg = `@iconify-json/${prefix}`
  const file = /^[a-z0-9-]+$/.test(prefix) ? packageFile(pkg, 'info.json', projectRoot) : undefined
  if (!file) return undefined
  let info: {
    name?: string
    author?: { name?: string; url?: string }
    license?: { title?: string; spdx?: string; url?: string }
  }
  try {
    info = JSON.parse(readFileSync(file, 'utf8')) as typeof info
  } catch {
    return undefined
  }
  const setMaker = {
    name: info.author?.name ?? prefix,
    ...(info.author?.url && { url: info.author.url }),
    license: info.license?.title ?? info.license?.spdx ?? 'see its licence',
  }
  const makers = new Map<string, Maker>()
  for (const icon of [...new Set(used)].sort()) {
    const maker = (prefix === 'game-icons' && gameIconAuthor(icon)) || setMaker
    const entry = makers.get(maker.name) ?? { ...maker, icons: [] }
    entry.icons!.push(icon)
    makers.set(maker.name, entry)
  }
  return {
    kind: 'icons',
    name: info.name ?? prefix,
    package: pkg,
    ...((info.license?.url ?? info.author?.url) && { url: info.license?.url ?? info.author?.url }),
    makers: [...makers.values()].sort((a, b) =>
      a.icons!.length === b.icons!.length ? a.name.localeCompare(b.name) : b.icons!.length - a.icons!.length,
    ),
  }
}

/** The credits of everything drawn with: each font package, then each icon set with its authors and their icons. */
export const creditsFor = (drawn: DrawnWith, projectRoot?: string): Credit[] => {
  const fonts = [...new Set(drawn.fonts)].sort().map((pkg) => fontCredit(pkg, projectRoot))
  const bySet = new Map<string, string[]>()
  for (const name of drawn.icons) {
    const [set, icon] = fullIconName(name).split(':', 2) as [string, string]
    bySet.set(set, [...(bySet.get(set) ?? []), icon])
  }
  const icons = [...bySet]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([set, used]) => iconSetCredit(set, used, projectRoot) ?? [])
  return [...fonts, ...icons]
}

/**
 * A credit in words, as every credits page prints it: its name, one statement per maker ("Icons made by Lorc
 * (url), under CC BY 3.0: anvil, spy." as game-icons.net asks), and where it comes from.
 */
export const creditWords = (
  credit: Credit,
  words: OutputWords = outputWords(),
): { name: string; statements: string[]; source: string } => ({
  name: credit.name,
  statements: credit.makers.map((m) =>
    credit.kind === 'font'
      ? say(words.fontLicence, { maker: m.name, license: m.license })
      : say(words.iconLicence, {
          maker: `${m.name}${m.url ? ` (${m.url})` : ''}`,
          license: m.license,
          icons: (m.icons ?? []).join(', '),
        }),
  ),
  source: [credit.url, say(words.npmPackage, { name: credit.package })].filter(Boolean).join(' · '),
})
