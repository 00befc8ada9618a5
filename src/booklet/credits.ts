import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { baseFonts } from '../render/fonts.ts'

const require = createRequire(import.meta.url)

/**
 * What the credits page says about the fonts and icons a booklet uses, read from the npm packages they come from
 * (their LICENSE file, their metadata), so that it stays true when a package changes.
 */
export interface Credit {
  kind: 'font' | 'icons'
  /** "Inter", "Game Icons". */
  name: string
  /** "Copyright 2016 The Inter Project Authors", "GameIcons". */
  holder: string
  /** "SIL Open Font License, Version 1.1", "CC BY 3.0". */
  license: string
  /** Where the work or its licence can be found. */
  url?: string
  /** The npm package it was read from. */
  package: string
  /** For an icon set: the icons used. */
  used?: string[]
}

const packageDir = (pkg: string): string => dirname(require.resolve(`${pkg}/package.json`))

/** A Fontsource package's family, copyright holder and licence, from its metadata.json and LICENSE. */
export const fontCredit = (pkg: string): Credit => {
  const dir = packageDir(pkg)
  const licence = readFileSync(join(dir, 'LICENSE'), 'utf8')
  let family = pkg.split('/').pop()!
  try {
    family = (JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8')) as { family?: string }).family ?? family
  } catch {
    // No metadata: the package name will do.
  }
  // "Copyright 2016 The Inter Project Authors (https://github.com/rsms/inter) Inter-Italic[…].ttf: Copyright …"
  const copyright = /Copyright[^\n]*?(?=\s+\S+\.(?:ttf|otf|woff2?)\b|\n|$)/.exec(licence)?.[0]?.trim() ?? ''
  const url = /\((https?:\/\/[^)\s]+)\)/.exec(copyright)?.[1]
  const holder = copyright.replace(/\s*\(https?:\/\/[^)]*\)\s*$/, '')
  const license = /licensed under the ([^\n]+?)\.?\s*$/im.exec(licence)?.[1] ?? 'see its LICENSE file'
  return { kind: 'font', name: family, holder, license, url, package: pkg }
}

/** An Iconify JSON set's name, author and licence, from its info.json. */
export const iconSetCredit = (prefix: string, used: string[] = []): Credit | undefined => {
  const pkg = `@iconify-json/${prefix}`
  try {
    const info = JSON.parse(readFileSync(join(packageDir(pkg), 'info.json'), 'utf8')) as {
      name?: string
      author?: { name?: string; url?: string }
      license?: { title?: string; spdx?: string; url?: string }
    }
    return {
      kind: 'icons',
      name: info.name ?? prefix,
      holder: info.author?.name ?? '',
      license: info.license?.title ?? info.license?.spdx ?? 'see its licence',
      url: info.author?.url ?? info.license?.url,
      package: pkg,
      used: [...new Set(used)].sort(),
    }
  } catch {
    return undefined
  }
}

/** The credits of the booklet's own fonts, and of the icon sets whose icons (`set:name`) it drew. */
export const bookletCredits = (iconsUsed: Iterable<string>): Credit[] => {
  const fonts = [...new Set(Object.values(baseFonts).map((f) => f.package))].map(fontCredit)
  const bySet = new Map<string, string[]>()
  for (const name of iconsUsed) {
    const [set, icon] = name.split(':', 2) as [string, string]
    bySet.set(set, [...(bySet.get(set) ?? []), icon])
  }
  const icons = [...bySet].flatMap(([set, used]) => iconSetCredit(set, used) ?? [])
  return [...fonts, ...icons]
}
