// The booklet in the rules' language: its quotation marks, hyphenation and deckwright's own words.
import { describe, expect, it } from 'vitest'
import { renderBooklet } from '../../src/booklet/index.ts'
import { hyphenator } from '../../src/booklet/hyphenation.ts'
import { breakLines, type Measure, type TextFormat } from '../../src/booklet/inline.ts'
import { quotationMarks } from '../../src/booklet/quotation-marks.ts'
import { parseRules } from '../../src/load/rules.ts'
import { poppler } from '../helpers.ts'

const RULES = `---
title: "Herberg"
players: "2-4"
ages: "8+"
---

## Opzet

Zeg "proost" en schenk iedereen een 'drankje' in; het is Jan's beurt.

## Einde

Wie het laatst een kaart heeft, wint.
`

const booklet = async (lang?: string) =>
  poppler('pdftotext', (await renderBooklet(parseRules(RULES, 'rules.nl.md').value, lang ? { lang } : {})).value)

describe('a booklet in its language', () => {
  it("sets its quotation marks (the CLDR's) and deckwright's own words in that language; an apostrophe stays one", async () => {
    const dutch = await booklet('nl')
    expect(dutch).toContain('Zeg ‘proost’ en schenk iedereen een ‘drankje’ in; het is Jan’s beurt.')
    for (const word of ['2–4 spelers', '8+ jaar', 'SPELREGELS', 'Inhoud', 'Verantwoording', 'Gemaakt met deckwright.'])
      expect(dutch).toContain(word)
    const german = await booklet('de')
    expect(german).toContain('Zeg „proost“ en schenk iedereen een ‚drankje‘ in')
    expect(german).toContain('2–4 Spieler')
    // No language: English, as Hugo's typographer sets it.
    const english = await booklet()
    expect(english).toContain('Zeg “proost” en schenk iedereen een ‘drankje’ in')
    for (const word of ['2–4 players', 'Ages 8+', 'Contents', 'Credits']) expect(english).toContain(word)
  }, 60_000)

  it('a regional tag takes its own marks, else its language’s, else English', () => {
    expect(quotationMarks('de-CH')).toEqual(quotationMarks('de'))
    expect(quotationMarks('fr')).toEqual(['«', '»', '«', '»'])
    expect(quotationMarks('fr-CH')).toEqual(['«', '»', '‹', '›'])
    expect(quotationMarks('pt-BR')).toEqual(quotationMarks('pt'))
    expect(quotationMarks('tlh')).toEqual(['“', '”', '‘', '’'])
  })

  it("breaks a word that does not fit its line's end with a hyphen where its language allows, and nowhere else", () => {
    const format: TextFormat = { bold: false, italic: false, size: 10, color: '#000000' }
    // Every character one unit wide: a line holds 14.
    const measure: Measure = (_font, _size, text) => [...text].length
    const lines = (text: string, hyphenate?: ReturnType<typeof hyphenator>) =>
      breakLines([{ text, format }], 14, measure, hyphenate).map((l) => l.fragments.map((f) => f.text).join(''))
    const dutch = hyphenator('nl')!
    expect(dutch('verzamelstapel')).toEqual([3, 5, 8, 11])
    expect(lines('Leg de verzamelstapel weg.', dutch)).toEqual(['Leg de verza-', 'melstapel weg.'])
    expect(lines('Leg de verzamelstapel weg.')).toEqual(['Leg de', 'verzamelstapel', 'weg.'])
    // Punctuation stays with the word's ends; a word with a hyphen or a digit, or a short one, is never broken.
    expect(dutch('(verzamelstapel).')).toEqual([4, 6, 9, 12])
    expect(dutch('JA-stemmers')).toEqual([])
    expect(dutch('kaart')).toEqual([])
    expect(hyphenator('tlh')).toBeUndefined()
  })
})
