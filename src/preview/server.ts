import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { isIP } from 'node:net'
import { pipeline } from 'node:stream'
import { extname, join, sep } from 'node:path'
import { OWN_ROOT } from '../util/packages.ts'
import type { PreviewStore } from './state.ts'

/** The page's own files, shipped with deckwright (`preview/`). */
const PAGE_DIR = join(OWN_ROOT, 'preview')
const PAGE_FILES: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/style.css': { file: 'style.css', type: 'text/css; charset=utf-8' },
}
/** The outputs the page may show, by extension. A face's SVG is sent to be shown as an image only. */
const OUTPUT_TYPES: Record<string, string> = { '.png': 'image/png', '.svg': 'image/svg+xml', '.pdf': 'application/pdf' }

// The page runs only its own script and loads only from this server; an SVG opened on its own runs nothing.
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
const SVG_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox"

export interface ServeOptions {
  /** The games' output folder (`out/`): only the games' files in it are served. */
  outDir: string
  games: readonly string[]
  /** The address to listen on: 127.0.0.1 unless told (`--host`). */
  host: string
  /** 0: any free port. */
  port: number
}

/**
 * Requests that name this server: by an IP address (what DNS rebinding cannot forge into a name), by
 * `localhost`, or by the host it was told to listen on.
 */
export const hostAllowed = (header: string | undefined, listenHost: string): boolean => {
  if (!header) return false
  const name = header
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
  return isIP(name) !== 0 || name === 'localhost' || name === listenHost.toLowerCase()
}

/** The file of a game's outputs a path names (`/out/<game>/<file…>`), or undefined: outside them, hidden, or not an output. */
export const outputFile = (
  path: string,
  outDir: string,
  games: readonly string[],
): { file: string; type: string } | undefined => {
  let parts: string[]
  try {
    parts = path.split('/').slice(2).map(decodeURIComponent)
  } catch {
    return undefined
  }
  const [game, ...rest] = parts
  if (!game || !games.includes(game) || !rest.length) return undefined
  if (parts.some((p) => !p || p.startsWith('.') || p.includes('\\') || p.includes('/') || p.includes('\0')))
    return undefined
  const type = OUTPUT_TYPES[extname(rest[rest.length - 1]!).toLowerCase()]
  if (!type) return undefined
  const file = join(outDir, game, ...rest)
  if (!existsSync(file)) return undefined
  // A link inside the output folder that leads out of it is not followed.
  const real = realpathSync(file)
  const base = realpathSync(outDir)
  if (!real.startsWith(base + sep) || !statSync(real).isFile()) return undefined
  return { file: real, type }
}

/** A face in the game's face store (`out/.cache/<game>/<key>.png|svg`), by its key: what a face looks like, so it never changes. */
export const storedFace = (
  path: string,
  outDir: string,
  games: readonly string[],
): { file: string; type: string } | undefined => {
  const m = /^\/face\/([^/]+)\/([0-9a-f]{40})\.(png|svg)$/.exec(path)
  if (!m || !games.includes(m[1]!)) return undefined
  const file = join(outDir, '.cache', m[1]!, `${m[2]}.${m[3]}`)
  return existsSync(file) && statSync(file).isFile() ? { file, type: OUTPUT_TYPES[`.${m[3]}`]! } : undefined
}

const send = (res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void => {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
  res.end(body)
}

/** Starts the preview's web server: the page, its state and live updates, and the games' outputs. */
export const servePreview = (store: PreviewStore, options: ServeOptions): Promise<Server> => {
  const server = createServer((req, res) => {
    try {
      handle(req, res, store, options)
    } catch {
      // A request this server cannot read (a malformed address): refused, and the server stays up.
      if (!res.headersSent) send(res, 400, 'Bad request.')
      else res.destroy()
    }
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve(server)
    })
  })
}

const handle = (req: IncomingMessage, res: ServerResponse, store: PreviewStore, options: ServeOptions): void => {
  if (!hostAllowed(req.headers.host, options.host))
    return send(res, 403, 'This preview answers only to its own address.')
  const path = (req.url ?? '/').split('?')[0]!
  if (path === '/api/visible' && req.method === 'POST') return visible(req, res, store)
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Only GET.')
  const page = PAGE_FILES[path]
  if (page) {
    res.writeHead(200, {
      'Content-Type': page.type,
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': PAGE_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    })
    return void pipeline(createReadStream(join(PAGE_DIR, page.file)), res, () => undefined)
  }
  if (path === '/favicon.ico') return void res.writeHead(204).end()
  const plan = /^\/api\/sheets\/([^/]+)$/.exec(path)
  if (plan)
    return send(
      res,
      200,
      JSON.stringify(store.sheetPlan(decodeURIComponent(plan[1]!)) ?? []),
      'application/json; charset=utf-8',
    )
  if (path === '/api/state') return send(res, 200, JSON.stringify(store.state()), 'application/json; charset=utf-8')
  if (path === '/events') {
    // Server-sent events: the whole state (small: a game's cards and their problems) on every change.
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    })
    const push = (state: unknown) => res.write(`data: ${JSON.stringify(state)}\n\n`)
    push(store.state())
    const stop = store.listen(push)
    const beat = setInterval(() => res.write(': still here\n\n'), 15_000)
    req.on('close', () => {
      stop()
      clearInterval(beat)
    })
    return
  }
  if (path.startsWith('/out/') || path.startsWith('/face/')) {
    const face = path.startsWith('/face/')
    const found = face
      ? storedFace(path, options.outDir, options.games)
      : outputFile(path, options.outDir, options.games)
    if (!found) return send(res, 404, 'Not found.')
    res.writeHead(200, {
      'Content-Type': found.type,
      'Cache-Control': face ? 'max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      ...(found.type === 'image/svg+xml' && { 'Content-Security-Policy': SVG_POLICY }),
    })
    if (req.method === 'HEAD') return void res.end()
    // A file that goes while it is sent (a build replacing the outputs, the cache pruned) ends this response
    // only; a client that goes away closes the file.
    return void pipeline(createReadStream(found.file), res, () => undefined)
  }
  send(res, 404, 'Not found.')
}

/**
 * The cards the page shows (a JSON list of ids), which the next build draws first. Only JSON is taken: a
 * form on another site cannot send it without the browser asking this server first, which it never allows.
 */
const visible = (req: IncomingMessage, res: ServerResponse, store: PreviewStore): void => {
  if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return send(res, 415, 'JSON only.')
  let body = ''
  req.on('data', (chunk: Buffer) => {
    body += chunk.toString()
    if (body.length > 65_536) req.destroy()
  })
  req.on('end', () => {
    try {
      const ids: unknown = JSON.parse(body)
      if (!Array.isArray(ids)) return send(res, 400, 'A list of card ids.')
      store.visible = ids.filter((id): id is string => typeof id === 'string').slice(0, 500)
      send(res, 204, '')
    } catch {
      send(res, 400, 'A list of card ids.')
    }
  })
}
