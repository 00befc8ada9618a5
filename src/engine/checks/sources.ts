import type { Diagnostic } from '../../diagnostics/diagnostic.ts'
import { keyLine } from '../../util/lines.ts'
import type { GameDef } from '../define.ts'
import { pathProblem } from '../safe-path.ts'

/** A spreadsheet source of the definition that can be pulled: its file under `cards/<game>/`, its address, its line. */
export interface SheetSource {
  /** The CSV file's path in the game's cards folder, as the definition names it (`ships.csv`, `crew/pilots.csv`). */
  file: string
  url: string
  /** The line of `game.ts` that names it (1 when it cannot be told). */
  line: number
}

/** Host names an address may use over plain http: this machine, for tests and local servers. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Why an address cannot be pulled from, or undefined when it can: https only (http to this machine too), no
 * user name or password in it (the definition is committed), and not a Google Sheets page that is not its CSV.
 */
export const addressProblem = (address: string): string | undefined => {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return 'it is not a web address (https://…)'
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)))
    return `it must be an https:// address (it is ${url.protocol}//)`
  if (url.username || url.password)
    return 'it holds a user name or password, which would be committed with the definition: publish the sheet instead'
  if (url.hostname === 'docs.google.com' && url.pathname.startsWith('/spreadsheets/')) {
    if (/\/(edit|view|htmlview)$/.test(url.pathname))
      return "it is the sheet's own page, not its published CSV: in Google Sheets, File → Share → Publish to web, choose the sheet and Comma-separated values (.csv), and copy that address"
    if (/\/pubhtml$/.test(url.pathname) || url.searchParams.get('output') === 'html')
      return 'it is the sheet published as a web page: publish it as Comma-separated values (.csv) instead, and copy that address'
  }
  return undefined
}

/** Why a source's file name cannot be one: a CSV path inside the cards folder that the card loader reads. */
const fileProblem = (file: string): string | undefined =>
  pathProblem(file) ??
  // The card loader reads `.csv` files, in lower case.
  (!file.endsWith('.csv')
    ? 'the file a source is pulled into is a CSV file, its name ending in .csv: name it such as ships.csv'
    : file.startsWith('./') || file.split('/').some((part) => part === '' || part === '.')
      ? 'write it as a path inside the cards folder, such as ships.csv or crew/pilots.csv'
      : /^(lang|schema)\//.test(file) || file.includes('/schema/')
        ? 'lang/ holds translations and schema/ the JSON Schemas: cards there are not read'
        : undefined)

/**
 * The game's spreadsheet sources (`sources` in its definition), checked where they are written: each file a
 * CSV path inside `cards/<game>/`, named once, and each address one `deckwright pull` may download from.
 * `source` is the definition's text, for the lines; the sources that can be pulled are returned.
 */
export const checkSources = (
  game: GameDef,
  definitionFile: string,
  source = '',
): { sources: SheetSource[]; diagnostics: Diagnostic[] } => {
  const diagnostics: Diagnostic[] = []
  const sources: SheetSource[] = []
  const listed = game.sources as unknown
  if (listed === undefined) return { sources, diagnostics }
  const at = (name?: string) => ({
    file: definitionFile,
    line: (name !== undefined && keyLine(source, name, /\bsources\s*:/)) || keyLine(source, 'sources') || 1,
    column: 1,
  })
  const bad = (message: string, name?: string) =>
    diagnostics.push({ rule: 'game/bad-source', severity: 'error', ...at(name), message })
  if (!listed || typeof listed !== 'object' || Array.isArray(listed)) {
    bad("`sources` lists each CSV file and its published address: sources: { 'ships.csv': 'https://…' }")
    return { sources, diagnostics }
  }
  const seen = new Map<string, string>()
  for (const [file, url] of Object.entries(listed as Record<string, unknown>)) {
    const problem =
      fileProblem(file) ??
      (typeof url !== 'string'
        ? `its address is ${JSON.stringify(url) ?? String(url)}, not a string such as 'https://…'`
        : addressProblem(url))
    const twice = seen.get(file.toLowerCase())
    if (problem) bad(`sources: "${file}": ${problem}`, file)
    else if (twice) bad(`sources: "${file}" and "${twice}" would be one file on macOS and Windows`, file)
    else sources.push({ file, url: url as string, line: at(file).line })
    seen.set(file.toLowerCase(), file)
  }
  return { sources, diagnostics }
}
