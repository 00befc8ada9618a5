import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** Where a word may be broken with a hyphen: the offsets of its characters a break may come before. */
export type Hyphenate = (word: string) => number[]

const require = createRequire(import.meta.url)
const made = new Map<string, Hyphenate | undefined>()

/** The `hyphen` package's patterns for a language tag: its own (`de-ch-1901`), else its language's (`pt-BR` → `pt`). */
const patternsFor = (lang: string): string | undefined => {
  const folder = dirname(require.resolve('hyphen/package.json'))
  const tags = [lang.toLowerCase(), lang.toLowerCase().split('-')[0]!]
  return tags.find((tag) => /^[a-z]{2,3}(-[a-z0-9]+)*$/.test(tag) && existsSync(join(folder, tag, 'index.js')))
}

/**
 * Hyphenation of a language by TeX's patterns (hyph-utf8, as the `hyphen` package ships them: the
 * patterns LaTeX and most typesetters use); undefined for a language without patterns. A word of fewer than
 * six letters, or with a hyphen or a digit, is never broken; punctuation around a word stays with its ends.
 */
export const hyphenator = (lang: string): Hyphenate | undefined => {
  if (made.has(lang)) return made.get(lang)
  const tag = patternsFor(lang)
  let hyphenate: Hyphenate | undefined
  if (tag) {
    const { hyphenateSync } = require(`hyphen/${tag}`) as {
      hyphenateSync(text: string, options: { hyphenChar: string; minWordLength: number }): string
    }
    hyphenate = (text) => {
      // The letters of a word as written, punctuation around it aside: "(verzamelstapel)."
      const parts = /^(\P{L}*)(\p{L}{6,})(\P{L}*)$/u.exec(text)
      if (!parts || /[\p{N}\-\u00ad]/u.test(parts[1]! + parts[3]!)) return []
      const marked = hyphenateSync(parts[2]!, { hyphenChar: '\u00ad', minWordLength: 6 })
      const offsets: number[] = []
      let at = parts[1]!.length
      for (const ch of marked) {
        if (ch === '\u00ad') offsets.push(at)
        else at += ch.length
      }
      return offsets
    }
  }
  made.set(lang, hyphenate)
  return hyphenate
}

/** The version of the hyphenation patterns, for the booklet's cache key. */
export const hyphenPatternsVersion = (): string => (require('hyphen/package.json') as { version: string }).version
