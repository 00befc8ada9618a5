import satori from 'satori'
import { readFileSync } from 'node:fs'
const data = readFileSync(`node_modules/@fontsource/inter/files/inter-latin-400-normal.woff`)
const text = 'The active player collects a Mission Card first, before the YES-voters. Every  player shows one/two Vote from their hand to the left “neighbour” AVAT Wy. Supercalifragilisticexpialidocious-and-more-words-to-go'
const svg = await satori(<div style={{ display: 'flex', width: 200, height: 400, fontFamily: 'X', fontSize: 20, lineHeight: 1.25 }}><div style={{display:'flex', width: 200}}>{text}</div></div> as any, { width: 300, height: 400, fonts: [{ name: 'X', data, weight: 400, style: 'normal' }], embedFont: false })
let line = ''; let y = ''
for (const m of svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"[^>]*>([^<]*)<\/text>/g)) {
  if (m[2] !== y) { console.log(y, JSON.stringify(line)); line = ''; y = m[2]! }
  line += `[${m[4]}]`
}
console.log(y, JSON.stringify(line))
