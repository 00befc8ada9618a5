#!/usr/bin/env node
// Writes assets/quotation-marks.json: the quotation marks of each language, from the Unicode CLDR
// (delimiters.json of cldr-misc-modern), for the rules booklet's typographer. Run with the package at hand:
//
//   npm install --no-save cldr-misc-modern
//   node tools/quotation-marks/generate.mjs node_modules/cldr-misc-modern
//
// Each language maps to [open, close, inner open, inner close]: what "…" and '…' become in its prose.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const cldr = process.argv[2]
if (!cldr) {
  console.error('usage: node tools/quotation-marks/generate.mjs <path to cldr-misc-modern>')
  process.exit(2)
}
const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const version = JSON.parse(readFileSync(join(cldr, 'package.json'), 'utf8')).version
const marks = {}
for (const locale of readdirSync(join(cldr, 'main')).sort()) {
  const { delimiters: d } = JSON.parse(readFileSync(join(cldr, 'main', locale, 'delimiters.json'), 'utf8')).main[locale]
  marks[locale.toLowerCase()] = [d.quotationStart, d.quotationEnd, d.alternateQuotationStart, d.alternateQuotationEnd]
}
// A regional locale that quotes as its language does adds nothing.
for (const [tag, set] of Object.entries(marks)) {
  const base = marks[tag.split('-')[0]]
  if (tag.includes('-') && base && base.join('') === set.join('')) delete marks[tag]
}
const out = { source: `Unicode CLDR ${version} (cldr-misc-modern), delimiters`, marks }
writeFileSync(
  join(root, 'assets', 'quotation-marks.json'),
  `${JSON.stringify(out, null, 0).replace(/\],"/g, '],\n"')}\n`,
)
console.log(`${Object.keys(marks).length} languages`)
