// `deckwright pull` against a local server that answers as Google's published-CSV endpoint does: a redirect to
// its content host (127.0.0.1 → localhost, two host names), a CSV with CR LF; a sign-in page for a sheet that
// is not published; and what a pull must refuse (a stall, a trickle, a huge body, a redirect loop, a redirect
// to plain http). Each either writes the right file or says one line and leaves the file as it was.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Command } from 'commander'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { pull } from '../../src/commands/pull.ts'
import { UsageError } from '../../src/commands/shared.ts'
import { type DownloadLimits, downloadCsv } from '../../src/pull/download.ts'
import { pullGame } from '../../src/pull/pull-game.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import { deckwright } from '../helpers.ts'
import { fileThreads } from '../setup/threads.ts'

const threads = fileThreads()

const OLD_SHIPS = 'id,type,name,cost\nscout,ship,Scout,1\nfrigate,ship,Frigate,3\ncruiser,ship,Cruiser,5\n'
/** The sheet as Google sends it: CR LF, no line break at the end; scout changed, frigate gone, lancer new. */
const NEW_SHIPS = 'id,type,name,cost\r\nscout,ship,Swift Scout,2\r\ncruiser,ship,Cruiser,5\r\nlancer,ship,Lancer,4'
const CREW = 'id,type,name,cost\r\npilot,ship,Pilot,1'
const SIGN_IN = '<!DOCTYPE html><html><head><title>Sign in - Google Accounts</title></head><body>…</body></html>'

let server: Server
let base = ''
/** The paths the server was asked for, in order. */
const asked: string[] = []

const routes: Record<
  string,
  (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void
> = {
  // Google's published address answers with a redirect to another host, which serves the CSV.
  '/spreadsheets/d/e/ships/pub': (_req, res) =>
    res.writeHead(307, { location: `${base.replace('127.0.0.1', 'localhost')}/content/ships` }).end(),
  '/content/ships': (req, res) =>
    req.headers.host?.startsWith('localhost:')
      ? res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' }).end(NEW_SHIPS)
      : res.writeHead(404).end(),
  '/spreadsheets/d/e/crew/pub': (_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(CREW),
  // A sheet that is not published: a redirect to a sign-in page.
  '/spreadsheets/d/e/secret/pub': (_req, res) => res.writeHead(302, { location: '/ServiceLogin?continue=x' }).end(),
  '/ServiceLogin': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SIGN_IN),
  // The same page sent as plain text: told from its body.
  '/page-as-text': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`\n  ${SIGN_IN}`),
  '/stall': (_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).write('id,name,cost\n'),
  '/trickle': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv' })
    const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write('x')), 20)
  },
  // 2 MB without a length: read as it streams, stopped at the limit.
  '/huge': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv' })
    const rows = 'id,name,cost\n'.repeat(5000)
    let left = 30
    const more = () => {
      while (left > 0 && !res.destroyed && (left--, res.write(rows)));
      if (left === 0) res.end()
      else if (!res.destroyed) res.once('drain', more)
    }
    more()
  },
  '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
  '/downgrade': (_req, res) => res.writeHead(301, { location: 'http://example.org/sheet.csv' }).end(),
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname
    asked.push(path)
    ;(routes[path] ?? ((_q, r) => r.writeHead(404).end()))(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

/** A project of one game, `fleet`, whose definition lists these sources (paths on the local server). */
const project = (sources: Record<string, string>): string => {
  const root = mkdtempSync(join(tmpdir(), 'deckwright-pull-'))
  onTestFinished(() => rmSync(root, { recursive: true, force: true }))
  mkdirSync(join(root, 'rules', 'fleet'), { recursive: true })
  mkdirSync(join(root, 'cards', 'fleet'), { recursive: true })
  const listed = Object.entries(sources)
    .map(([file, path]) => `    '${file}': '${base}${path}',`)
    .join('\n')
  writeFileSync(
    join(root, 'rules', 'fleet', 'game.ts'),
    `import { cardType, defineGame, int, text } from 'deckwright'

export default defineGame({
  id: 'fleet',
  title: 'Fleet',
  version: '1',
  players: { min: 2, max: 4 },
  params: {},
  types: { ship: cardType({ name: 'Ship', fields: { name: text(), cost: int({ min: 0 }) } }) },
  sources: {
${listed}
  },
})
`,
  )
  writeFileSync(join(root, 'cards', 'fleet', 'ships.csv'), OLD_SHIPS)
  return root
}

/** The line of the definition that names a source. */
const lineOf = (root: string, file: string) =>
  readFileSync(join(root, 'rules', 'fleet', 'game.ts'), 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(`'${file}'`)) + 1

const shipsOf = (root: string) => readFileSync(join(root, 'cards', 'fleet', 'ships.csv'), 'utf8')
const cardFiles = (root: string) => readdirSync(join(root, 'cards', 'fleet')).sort()

beforeEach(() => {
  asked.length = 0
})

describe('pull, in-process', () => {
  it('follows the redirect to the content host, writes the CSV with LF line breaks, and lists the cards that changed', async () => {
    const root = project({ 'ships.csv': '/spreadsheets/d/e/ships/pub?gid=0&single=true&output=csv' })
    const { value, diagnostics } = await pullGame(root, 'fleet', { threads })
    expect(diagnostics).toEqual([])
    expect(asked).toEqual(['/spreadsheets/d/e/ships/pub', '/content/ships'])
    expect(shipsOf(root)).toBe(`${NEW_SHIPS.replaceAll('\r\n', '\n')}\n`)
    expect(cardFiles(root)).toEqual(['ships.csv'])
    const [pulled] = value.pulled
    expect(pulled).toMatchObject({ file: 'cards/fleet/ships.csv', written: true, created: false, cards: 3 })
    expect(pulled!.changes.added.map((c) => c.id)).toEqual(['lancer'])
    expect(pulled!.changes.removed.map((c) => c.id)).toEqual(['frigate'])
    expect(pulled!.changes.changed.map((c) => [c.id, c.fields])).toEqual([
      [
        'scout',
        [
          { field: 'name', before: 'Scout', after: 'Swift Scout' },
          { field: 'cost', before: '1', after: '2' },
        ],
      ],
    ])
    // Pulled again: the same bytes, not written, nothing changed.
    const again = await pullGame(root, 'fleet', { threads })
    expect(again.value.pulled[0]).toMatchObject({ written: false, changes: { added: [], removed: [], changed: [] } })
  })

  it('refuses a sheet that is not published (a sign-in page) in one line at its source, and leaves the file as it was', async () => {
    const root = project({ 'ships.csv': '/spreadsheets/d/e/secret/pub?output=csv' })
    const { value, diagnostics } = await pullGame(root, 'fleet', { threads })
    expect(asked).toEqual(['/spreadsheets/d/e/secret/pub', '/ServiceLogin'])
    expect(value.pulled).toEqual([])
    expect(diagnostics).toMatchObject([
      { rule: 'pull/not-csv', severity: 'error', file: 'rules/fleet/game.ts', line: lineOf(root, 'ships.csv') },
    ])
    expect(diagnostics[0]!.message).toMatch(
      /^cards\/fleet\/ships\.csv: 127\.0\.0\.1:\d+ answered with a web page, not CSV: .*Publish to web.*; the file was left as it was$/,
    )
    expect(shipsOf(root)).toBe(OLD_SHIPS)
    expect(cardFiles(root)).toEqual(['ships.csv'])
  })

  // What the download refuses, each in one sentence (the pull above shows that a refusal writes nothing).
  const refusals: [string, string, RegExp, Partial<DownloadLimits>?][] = [
    ['a web page sent as plain text', '/page-as-text', /web page, not CSV/],
    ['a download that stalls', '/stall', /did not finish within 0\.4 seconds/, { timeoutMs: 400 }],
    ['a body that trickles', '/trickle', /did not finish within 0\.4 seconds/, { timeoutMs: 400 }],
    ['a body over the size limit', '/huge', /over 0\.3 MB/, { maxBytes: 300_000 }],
    ['a redirect loop', '/loop', /more than 5 redirects/],
    [
      'a redirect to plain http elsewhere',
      '/downgrade',
      /redirect led to http:\/\/example\.org, refused: it must be an https/,
    ],
    ['an error status', '/nothing-here', /answered 404 Not Found: is the sheet still published/],
  ]
  it.each(refusals)('refuses %s', async (_what, path, message, limits) => {
    const got = await downloadCsv(`${base}${path}`, limits)
    expect(got.ok).toBe(false)
    expect(!got.ok && got.message).toMatch(message)
    expect(!got.ok && got.message).not.toContain('\n')
  })

  it('validate never downloads, and warns at its line of a source never pulled', async () => {
    const root = project({
      'ships.csv': '/spreadsheets/d/e/ships/pub',
      'crew/pilots.csv': '/spreadsheets/d/e/crew/pub',
    })
    const { diagnostics } = await validateGame(root, 'fleet', { faces: false, threads })
    expect(asked).toEqual([])
    expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([
      expect.objectContaining({
        rule: 'game/source-not-pulled',
        severity: 'warning',
        file: 'rules/fleet/game.ts',
        line: lineOf(root, 'crew/pilots.csv'),
      }),
    ])
  })
})

describe('deckwright pull', () => {
  it('is a usage error (exit 2) when no game lists a source', async () => {
    const root = project({})
    const program = new Command().exitOverride()
    pull(program, { root, argv: [], hooks: {}, exit: () => {} })
    const running = program.parseAsync(['node', 'deckwright', 'pull'])
    await expect(running).rejects.toThrow(UsageError)
    await expect(running).rejects.toThrow(/^fleet lists no spreadsheet sources: add sources: \{/)
  })

  it('prints the cards added, removed and changed, and the sources it could not pull; exit 1', async () => {
    const root = project({
      'ships.csv': '/spreadsheets/d/e/ships/pub?output=csv',
      'crew/pilots.csv': '/spreadsheets/d/e/crew/pub?output=csv',
      'spies.csv': '/spreadsheets/d/e/secret/pub?output=csv',
    })
    const run = await deckwright(root, 'pull')
    expect(run.code).toBe(1)
    expect(run.stdout).toBe(
      [
        'cards/fleet/ships.csv: pulled from 127.0.0.1:PORT, 3 cards: 1 added, 1 removed, 1 changed',
        '  added    lancer',
        '  removed  frigate',
        '  changed  scout: name "Scout" → "Swift Scout", cost "1" → "2"',
        'cards/fleet/crew/pilots.csv: pulled from 127.0.0.1:PORT, 1 card (a new file)',
        '',
      ]
        .join('\n')
        .replaceAll('PORT', base.split(':').at(-1)!),
    )
    expect(run.stderr).toContain(`${lineOf(root, 'spies.csv')}:1`)
    expect(run.stderr).toMatch(
      /error +cards\/fleet\/spies\.csv: 127\.0\.0\.1:\d+ answered with a web page, not CSV: .*; nothing was written  pull\/not-csv$/m,
    )
    expect(existsSync(join(root, 'cards', 'fleet', 'spies.csv'))).toBe(false)
    expect(readFileSync(join(root, 'cards', 'fleet', 'crew', 'pilots.csv'), 'utf8')).toBe(
      'id,type,name,cost\npilot,ship,Pilot,1\n',
    )
  })

  it('--format json: the changes as info diagnostics at the cards, each changed field its own; exit 0', async () => {
    const root = project({ 'ships.csv': '/spreadsheets/d/e/ships/pub?output=csv' })
    const run = await deckwright(root, 'pull', 'fleet', '--format', 'json')
    expect(run.code).toBe(0)
    const found = JSON.parse(run.stdout) as {
      rule: string
      card?: string
      field?: string
      line: number
      column: number
      message: string
    }[]
    expect(found.map((d) => [d.rule, d.card, d.field, d.line, d.column])).toEqual([
      ['pull/pulled', undefined, undefined, 1, 1],
      ['pull/removed', 'frigate', undefined, 1, 1],
      ['pull/changed', 'scout', 'name', 2, 12],
      ['pull/changed', 'scout', 'cost', 2, 24],
      ['pull/added', 'lancer', undefined, 4, 1],
    ])
    expect(found[2]!.message).toBe('name "Scout" → "Swift Scout"')
  })
})
