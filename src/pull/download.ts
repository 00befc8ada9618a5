// A published spreadsheet's CSV, downloaded with Node's own fetch and nothing else trusted: each redirect is
// followed by hand (counted, its scheme checked), the body is read as it streams and stopped at a size
// limit, the whole download has a time limit (a body that trickles included), and what is not CSV text (the
// sign-in page of a sheet that is not published, an error page) is refused.
import { addressProblem } from '../engine/checks/sources.ts'
import { MAX_TEXT_BYTES } from '../load/text-file.ts'

export interface DownloadLimits {
  /** The most bytes the CSV may have: what a card file may be. */
  maxBytes: number
  /** The most milliseconds the download may take, redirects and body included. */
  timeoutMs: number
  /** The most redirects followed (Google's published CSV takes one, to its content host). */
  maxRedirects: number
}

export const DOWNLOAD_LIMITS: DownloadLimits = { maxBytes: MAX_TEXT_BYTES, timeoutMs: 60_000, maxRedirects: 5 }

/** The CSV's text and the address it came from; or why it was refused: a rule and one sentence. */
export type Downloaded = { ok: true; text: string; url: string } | { ok: false; rule: string; message: string }

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** The media types a server may send a CSV as (some send it as plain text or bytes), or none at all. */
const CSV_TYPES = new Set([
  '',
  'text/csv',
  'text/plain',
  'application/csv',
  'text/comma-separated-values',
  'text/x-csv',
  'application/octet-stream',
])

/** What a web page starts with (after blanks): an HTML or XML document is never a card file. */
const WEB_PAGE = /^\s*<(?:!doctype|html|head|body|\?xml|!--|script|meta|title)\b/i

const PUBLISH = 'publish it as CSV: in Google Sheets, File → Share → Publish to web, the sheet, Comma-separated values'

const refused = (rule: string, message: string): Downloaded => ({ ok: false, rule, message })

const mb = (bytes: number) => `${+(bytes / 2 ** 20).toFixed(1)} MB`

/** An HTML page where a CSV was expected: Google's sign-in page says the sheet is not published. */
const webPage = (url: URL): Downloaded =>
  refused(
    'pull/not-csv',
    url.hostname === 'accounts.google.com'
      ? `Google asks to sign in: the sheet is not published to the web; ${PUBLISH}`
      : `${url.host} answered with a web page, not CSV: a sheet that is not published (or published as a web page) answers so; ${PUBLISH}`,
  )

/** The body as it streams, stopped once it passes `maxBytes`. */
const readBody = async (body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer | undefined> => {
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return Buffer.concat(chunks, size)
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      return undefined
    }
    chunks.push(value)
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** The answer's body as CSV text, or why it is not one. */
const csvText = async (response: Response, url: URL, limits: DownloadLimits): Promise<Downloaded> => {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type === 'text/html' || type === 'application/xhtml+xml') {
    await response.body?.cancel().catch(() => {})
    return webPage(url)
  }
  if (!CSV_TYPES.has(type)) {
    await response.body?.cancel().catch(() => {})
    return refused('pull/not-csv', `${url.host} sent ${type}, not CSV; ${PUBLISH}`)
  }
  const tooLarge = refused(
    'pull/too-large',
    `the CSV is over ${mb(limits.maxBytes)}, the most a card file may be: split the sheet into several`,
  )
  if (Number(response.headers.get('content-length') ?? 0) > limits.maxBytes) {
    await response.body?.cancel().catch(() => {})
    return tooLarge
  }
  const bytes = response.body ? await readBody(response.body, limits.maxBytes) : Buffer.alloc(0)
  if (!bytes) return tooLarge
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    return refused('pull/not-csv', `${url.host} sent something that is not UTF-8 text, not a CSV`)
  }
  if (WEB_PAGE.test(text.replace(/^\uFEFF/, ''))) return webPage(url)
  if (text.includes('\u0000')) return refused('pull/not-csv', `${url.host} sent binary data, not a CSV`)
  if (!text.trim()) return refused('pull/empty', 'the published sheet is empty: not even a header row')
  return { ok: true, text, url: url.href }
}

/** Why fetch failed, in a few words: the system's error code and host when it says them. */
const networkProblem = (error: unknown, url: URL): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  const why = cause?.code ?? cause?.message ?? (error as Error).message
  return `could not reach ${url.host} (${String(why).split('\n')[0]})`
}

/** One request of the download: the answer, or why there was none. */
const request = async (url: URL, signal: AbortSignal): Promise<Response | Downloaded> => {
  try {
    return await fetch(url, { redirect: 'manual', signal, headers: { accept: 'text/csv, text/plain;q=0.5' } })
  } catch (error) {
    if (signal.aborted) throw error
    return refused('pull/network', networkProblem(error, url))
  }
}

/** A redirect's address, relative to the one it came from; undefined when it is none (URL.parse is Node 22's). */
const urlOf = (location: string, base: URL): URL | undefined => {
  try {
    return new URL(location, base)
  } catch {
    return undefined
  }
}

/** Follows the redirects by hand to the answer that holds the CSV. */
const follow = async (address: string, limits: DownloadLimits, signal: AbortSignal): Promise<Downloaded> => {
  let url = new URL(address)
  for (let hops = 0; ; hops++) {
    const problem = addressProblem(url.href)
    if (problem) return refused('pull/address', hops ? `a redirect led to ${url.origin}, refused: ${problem}` : problem)
    const response = await request(url, signal)
    if (!(response instanceof Response)) return response
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel().catch(() => {})
      const location = response.headers.get('location')
      if (!location) return refused('pull/http', `${url.host} answered ${response.status} without saying where to`)
      if (hops >= limits.maxRedirects)
        return refused('pull/redirects', `more than ${limits.maxRedirects} redirects: the address leads nowhere`)
      const next = urlOf(location, url)
      if (!next) return refused('pull/http', `${url.host} redirected to something that is not an address`)
      url = next
      continue
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {})
      const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`
      const hint = [401, 403, 404].includes(response.status) ? `: is the sheet still published? ${PUBLISH}` : ''
      return refused('pull/http', `${url.host} answered ${status}${hint}`)
    }
    return csvText(response, url, limits)
  }
}

/** Downloads a published CSV: its text, or why it was refused (nothing is written here either way). */
export const downloadCsv = async (address: string, limits: Partial<DownloadLimits> = {}): Promise<Downloaded> => {
  const all = { ...DOWNLOAD_LIMITS, ...limits }
  const problem = addressProblem(address)
  if (problem) return refused('pull/address', problem)
  const signal = AbortSignal.timeout(all.timeoutMs)
  try {
    return await follow(address, all, signal)
  } catch (error) {
    if (signal.aborted)
      return refused(
        'pull/timeout',
        `the download did not finish within ${+(all.timeoutMs / 1000).toFixed(1)} seconds: try again later`,
      )
    return refused('pull/network', networkProblem(error, new URL(address)))
  }
}
