import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { makeZip, type ZipFile } from '../test/load/make-zip.ts'
import { median } from './median.ts'

const RES = ['wood', 'stone', 'gold', 'wool', 'grain']
const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;')

type Rows = (string | number)[][]

/** The bench's CSV cards (id, type, title, cost, points) as rows of cells. */
const buildings = (n: number): Rows => [
  ['id', 'type', 'title', 'cost', 'points'],
  ...Array.from({ length: n }, (_, i) => [
    `c${i}`,
    'building',
    `Card ${i}`,
    `${RES[i % 5]} ${RES[(i + 1) % 5]}`,
    i % 10,
  ]),
]

const column = (i: number) => String.fromCharCode(65 + i)

/** The cards as an .xlsx as spreadsheet programs write one: text in the shared strings, numbers in the cells. */
export const xlsxCards = (n: number, rows: Rows = buildings(n), name = 'cards'): Buffer => {
  const strings = new Map<string, number>()
  const sheet = rows
    .map((cells, r) => {
      const xml = cells.map((v, c) => {
        const ref = `${column(c)}${r + 1}`
        if (typeof v === 'number') return `<c r="${ref}"><v>${v}</v></c>`
        if (!strings.has(v)) strings.set(v, strings.size)
        return `<c r="${ref}" t="s"><v>${strings.get(v)}</v></c>`
      })
      return `<row r="${r + 1}">${xml.join('')}</row>`
    })
    .join('')
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
  const rels = (body: string) =>
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${body}</Relationships>`
  const type = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
  const files: ZipFile[] = [
    {
      name: '_rels/.rels',
      data: rels(`<Relationship Id="rId1" Type="${type}/officeDocument" Target="xl/workbook.xml"/>`),
    },
    {
      name: 'xl/workbook.xml',
      data: `<workbook ${ns} xmlns:r="${type}"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: rels(
        `<Relationship Id="rId1" Type="${type}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${type}/sharedStrings" Target="sharedStrings.xml"/>`,
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: `<worksheet ${ns}><sheetData>${sheet}</sheetData></worksheet>` },
    {
      name: 'xl/sharedStrings.xml',
      data: `<sst ${ns}>${[...strings.keys()].map((s) => `<si><t>${esc(s)}</t></si>`).join('')}</sst>`,
    },
  ]
  return makeZip(files)
}

/** The cards as an .ods as LibreOffice writes one: text in paragraphs, numbers as floats. */
export const odsCards = (n: number): Buffer => {
  const cell = (v: string | number) =>
    typeof v === 'number'
      ? `<table:table-cell office:value-type="float" office:value="${v}"><text:p>${v}</text:p></table:table-cell>`
      : `<table:table-cell office:value-type="string"><text:p>${esc(v)}</text:p></table:table-cell>`
  const table = buildings(n)
    .map((cells) => `<table:table-row>${cells.map(cell).join('')}</table:table-row>`)
    .join('')
  const content = `<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet><table:table table:name="cards">${table}</table:table></office:spreadsheet></office:body></office:document-content>`
  return makeZip([{ name: 'content.xml', data: content }])
}

const here = fileURLToPath(new URL('.', import.meta.url))
/** Inside the repository, so that the game's `import … from 'deckwright'` resolves; ignored by git. */
const work = join(here, 'work-workbook')
const MISSION_RES = ['intel', 'gadget', 'money', 'contact']

/** The bench game's mission cards: id, title, green, red, value. */
const missions = (n: number): Rows => [
  ['id', 'title', 'green', 'red', 'value'],
  ...Array.from({ length: n }, (_, i) => [
    `m${i}`,
    `Mission ${i}`,
    `${MISSION_RES[i % 4]} ${MISSION_RES[(i + 1) % 4]}`,
    MISSION_RES[(i + 2) % 4]!,
    i % 99,
  ]),
]

/**
 * `deckwright validate bench --no-faces` from process start to exit, the bench game's `n` mission cards in
 * `cards/bench/mission.csv` in one copy of the game and in `mission.xlsx` in another: the runs alternate (the
 * machine's load weighs on both alike), the median of `runs` each, after one each that warms up.
 */
export const benchValidateCommand = (n: number, runs = 5): { csv: number; xlsx: number } => {
  rmSync(work, { recursive: true, force: true })
  const rows = missions(n)
  const games = {
    csv: { file: 'mission.csv', data: rows.map((r) => r.join(',')).join('\n') + '\n' },
    xlsx: { file: 'mission.xlsx', data: xlsxCards(n, rows, 'mission') },
  }
  for (const [name, { file, data }] of Object.entries(games)) {
    cpSync(join(here, 'game'), join(work, name), { recursive: true })
    mkdirSync(join(work, name, 'cards', 'bench'), { recursive: true })
    writeFileSync(join(work, name, 'cards', 'bench', file), data)
  }
  const time = (name: string) => {
    const start = performance.now()
    execFileSync(process.execPath, [join(here, '..', 'bin', 'deckwright.js'), 'validate', 'bench', '--no-faces'], {
      cwd: join(work, name),
      stdio: 'ignore',
    })
    return performance.now() - start
  }
  const times: Record<'csv' | 'xlsx', number[]> = { csv: [], xlsx: [] }
  try {
    for (let i = 0; i <= runs; i++)
      for (const name of ['csv', 'xlsx'] as const) {
        const ms = time(name)
        if (i > 0) times[name].push(ms)
      }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  return { csv: median(times.csv), xlsx: median(times.xlsx) }
}
