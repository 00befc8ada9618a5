// npm run bench [faces] [cards to validate]: prints the figures of deckwright as it ships (dist/) on this machine.
// npm run bench -- --scale [sizes…]: the figures at 1,000 to 20,000 faces instead (bench/scale.ts).
// npm run bench -- --simulate: only the simulation's figures (bench/simulate.ts).
// npm run bench -- --colour-vision [faces]: only what the colour-vision check adds to laying out faces (bench/colour-vision.ts).
// npm run bench -- --renderers [faces] [runs]: only satori + resvg against takumi, `runs` times alternated with medians (bench/renderers.ts).
// npm run bench -- --grown [faces] [pairs]: only Maybe Missions grown to `faces` faces (default 800), satori + resvg against takumi, each a new process (bench/grown-game.ts).
// npm run bench -- --png [faces a game]: only the PNG encoder on real faces, ms and bytes a face (bench/png.ts).
// npm run bench -- --changes [faces…]: only `deckwright changes`' figures, one card changed (default 150 and 5,000 faces; bench/changes.ts).
// npm run bench -- --release: only `deckwright release` of Maybe Missions, cold and with its faces in the store (bench/release.ts).
// npm run bench -- --text-heavy [cards]: only a text-heavy party game's peak memory and time, cold and after a one-card edit, with each renderer (bench/text-heavy.ts).
// npm run bench -- --renderer takumi: the build's figures drawn with takumi (default satori + resvg).
const flag = (name: string) => {
  const i = process.argv.indexOf(name)
  if (i < 0) return undefined
  const [value] = process.argv.splice(i, 2).slice(1)
  return value ?? ''
}
const rendererFlag = flag('--renderer')
if (rendererFlag !== undefined && rendererFlag !== 'satori' && rendererFlag !== 'takumi')
  throw new Error(`--renderer ${rendererFlag}: satori or takumi`)
if (process.argv.includes('--renderers')) {
  const { benchRenderers } = await import('./renderers.ts')
  const at = process.argv.indexOf('--renderers')
  await benchRenderers(Number(process.argv[at + 1] ?? 5000) || 5000, Number(process.argv[at + 2] ?? 1) || 1)
  process.exit(0)
}
if (process.argv.includes('--text-heavy')) {
  const { benchTextHeavy } = await import('./text-heavy.ts')
  const at = process.argv.indexOf('--text-heavy')
  benchTextHeavy(Number(process.argv[at + 1] ?? 5328) || 5328)
  process.exit(0)
}
if (process.argv.includes('--grown')) {
  const { benchGrownGame } = await import('./grown-game.ts')
  const at = process.argv.indexOf('--grown')
  await benchGrownGame(Number(process.argv[at + 1] ?? 800) || 800, Number(process.argv[at + 2] ?? 3) || 3)
  process.exit(0)
}
if (process.argv.includes('--png')) {
  const { benchPng } = await import('./png.ts')
  const at = process.argv.indexOf('--png')
  await benchPng(Number(process.argv[at + 1] ?? 12) || 12)
  process.exit(0)
}
if (process.argv.includes('--changes')) {
  const { printChanges } = await import('./changes.ts')
  const sizes = process.argv
    .slice(process.argv.indexOf('--changes') + 1)
    .map(Number)
    .filter(Boolean)
  await printChanges(sizes.length ? sizes : [150, 5000])
  process.exit(0)
}
if (process.argv.includes('--release')) {
  const { printRelease } = await import('./release.ts')
  await printRelease()
  process.exit(0)
}
if (process.argv.includes('--colour-vision')) {
  const grown = Number(process.argv[process.argv.indexOf('--colour-vision') + 1]) || undefined
  await printColourVision(grown)
  process.exit(0)
}
if (process.argv.includes('--scale')) {
  await import('./scale.ts')
  process.exit(0)
}
if (process.argv.includes('--simulate')) {
  await printSimulate()
  process.exit(0)
}
import { cpus } from 'node:os'
import { benchBuild } from './build.ts'
import { benchSheets } from './sheets.ts'
import { benchValidate } from './validate.ts'
import { benchValidateCommand } from './workbook.ts'
import { benchFaceRules } from './face-rules.ts'
import { benchNode, benchStartup } from './startup.ts'
import { mb } from './median.ts'

const faces = Number(process.argv[2] ?? 500)
const cards = Number(process.argv[3] ?? 10_000)
const ms = (n: number) => `${n.toFixed(0)} ms`

console.log(`deckwright bench: node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown cpu'})`)
const startup = benchStartup(['validate', 'maybe-missions', '--no-faces'])
console.log(
  `start-up: \`deckwright validate maybe-missions --no-faces\` ${ms(startup.median)} from process start to exit (median of 7; ${ms(startup.min)}–${ms(startup.max)}); node alone ${ms(benchNode())}`,
)
const v = benchValidate(cards)
console.log(
  `validate ${v.cards} cards: YAML ${ms(v.yaml)} (${((v.yaml / v.cards) * 1000).toFixed(1)} µs a card), CSV ${ms(v.csv)} — parse, model and deck checks, median of 5`,
)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`
console.log(
  `validate ${v.cards} cards from a workbook: .xlsx ${ms(v.xlsx)} (${kb(v.bytes.xlsx)}, ${(v.xlsx / v.csv).toFixed(2)}× the CSV's ${ms(v.csv)}), .ods ${ms(v.ods)} (${kb(v.bytes.ods)}, ${(v.ods / v.csv).toFixed(2)}×) — read, model and deck checks, median of 5`,
)
const command = benchValidateCommand(cards)
console.log(
  `  \`deckwright validate bench --no-faces\`, ${cards.toLocaleString('en-US')} cards, start to exit: mission.xlsx ${ms(command.xlsx)}, mission.csv ${ms(command.csv)} (${(command.xlsx / command.csv).toFixed(2)}×), median of 5, alternated`,
)
const rules = benchFaceRules(5000)
console.log(
  `face rules (a11y/text-size, a11y/contrast, print/art-resolution) on ${rules.faces.toLocaleString('en-US')} laid-out faces of 35 texts: ${ms(rules.ms)} (${((rules.ms / rules.faces) * 1000).toFixed(0)} µs a face), median of 3 — what they add to validate's layout`,
)

await printColourVision()

const sheetsMs = await benchSheets(90)
console.log(`sheets PDF of 90 poker cards (822×1122 px faces, a shared back): ${ms(sheetsMs)}, median of 3`)
const { benchService } = await import('./service.ts')
const serviceMs = await benchService(90)
console.log(
  serviceMs === undefined
    ? 'DriveThruCards PDF: skipped, Ghostscript (gs) is not installed'
    : `DriveThruCards PDF of 90 poker cards (the same faces, converted to CMYK by Ghostscript, ink limited): ${ms(serviceMs)}, median of 3`,
)

const b = await benchBuild(faces, rendererFlag === 'takumi' ? 'takumi' : 'satori')
const row = (label: string, cold: number, warm: number) =>
  console.log(`  ${label.padEnd(44)}${ms(cold).padStart(9)}${ms(warm).padStart(12)}`)
console.log(
  `build ${b.faces} poker faces at 300 dpi on ${b.jobs} threads, drawn with ${b.renderer}:${' '.repeat(9)}cold   one-card edit`,
)
row('whole build', b.coldMs, b.incrementalMs)
row('  validate (definition, cards, checks)', b.cold.validate, b.warm.validate)
row(`  draw faces (${b.faces} cold, ${b.incrementalDrawn} after the edit)`, b.cold.draw, b.warm.draw)
row("  faces' files to out/", b.cold.faceFiles, b.warm.faceFiles)
row('  print sheets PDF', b.cold.sheets, b.warm.sheets)
row('  outputs put in place', b.cold.commit, b.warm.commit)
console.log(
  `  the same edit as a new \`deckwright build\` process, start-up included: ${ms(b.commandMs)} (median of 3)`,
)
const each = (total: number) => `${(total / b.faces).toFixed(1)} ms`
console.log(
  `  a face, cold: SVG ${each(b.cold.svg)} + PNG ${each(b.cold.png)} + store ${each(b.cold.store)} (thread time), sheets ${each(b.cold.sheets)}, validate ${each(b.cold.validate)}`,
)
console.log(
  `  floor: bare satori ${b.bare.svg.toFixed(1)} + resvg ${b.bare.png.toFixed(1)} ms a face, × ${b.faces} / ${b.jobs} cores = ${ms(b.floorMs)}`,
)
console.log(`  build / floor                                    ${(b.coldMs / b.floorMs).toFixed(2)}`)
console.log(
  `  peak RSS: ${mb(b.peakRss)} in all; ${mb(b.coldRss)} during the cold build, ${mb(b.warmRss)} during the one-card edit`,
)

const { benchRenderers } = await import('./renderers.ts')
await benchRenderers(5000)

const { benchGrownGame } = await import('./grown-game.ts')
await benchGrownGame(800, 3)

const { printChanges } = await import('./changes.ts')
await printChanges([150, 5000])

const { printRelease } = await import('./release.ts')
await printRelease()

await printSimulate()

async function printColourVision(grown?: number) {
  const { benchColourVision } = await import('./colour-vision.ts')
  const c = await benchColourVision(grown)
  const added = c.addedMs
  console.log(
    `a11y/colour-vision on the example games' ${c.faces} faces${grown ? ' (grown)' : ''}: layout ${c.withoutMs.toFixed(0)} ms without, ${c.withMs.toFixed(0)} ms with the check (+${added.toFixed(0)} ms, ${((added / c.faces) * 1000).toFixed(0)} µs a face; CPU time of one thread, medians of ${grown ? 5 : 21} passes)`,
  )
}

async function printSimulate() {
  const { benchSimulate } = await import('./simulate.ts')
  const ms = (n: number) => `${n.toFixed(0)} ms`
  const sim = await benchSimulate()
  for (const j of sim.byJobs)
    console.log(
      `simulate ministries, ${sim.runs.toLocaleString('en-US')} games with random bots (${j.moves.toFixed(0)} moves a game), --jobs ${j.jobs}: playing ${ms(j.wall)} (thread time ${ms(j.playing)}, ${j.perGame.toFixed(0)} µs a game); the command, start to exit, ${ms(j.command)} (median of 3)`,
    )
  const [one, all] = [sim.byJobs[0]!, sim.byJobs.at(-1)!]
  if (all !== one) console.log(`  ${all.jobs} threads play ${(one.wall / all.wall).toFixed(2)}× as fast as one`)
}
