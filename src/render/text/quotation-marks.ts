import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { OWN_ROOT } from '../../util/packages.ts'
import { ENGLISH_QUOTES, type QuoteMarks } from './typographer.ts'

let table: Record<string, QuoteMarks> | undefined

/**
 * The quotation marks of a language (`nl`: ‘…’, `de`: „…“, `fr`: «…»), from the Unicode CLDR
 * (assets/quotation-marks.json, written by tools/quotation-marks/generate.mjs): its region's own (`de-ch`),
 * else its language's, else English.
 */
export const quotationMarks = (lang: string): QuoteMarks => {
  table ??= (
    JSON.parse(readFileSync(join(OWN_ROOT, 'assets', 'quotation-marks.json'), 'utf8')) as {
      marks: Record<string, QuoteMarks>
    }
  ).marks
  const tag = lang.toLowerCase()
  return table[tag] ?? table[tag.split('-')[0]!] ?? ENGLISH_QUOTES
}
