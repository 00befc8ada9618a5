// Ghostscript, the colour engine of the print-service files: called as a program (it is AGPL, and a Debian
// package), never bundled. It turns RGB faces into CMYK pixels through an ICC output profile (lcms2 inside).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, realpathSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'

/** The one line said where Ghostscript is missing: what to install. */
export const GHOSTSCRIPT_MISSING =
  'Ghostscript (gs) converts the faces to CMYK and is not installed: install it (Debian/Ubuntu: apt-get install ghostscript; macOS: brew install ghostscript; Windows: ghostscript.com)'

/** An installed Ghostscript: the program and its version (`10.00.0`). */
export interface Ghostscript {
  program: string
  version: string
}

const PROGRAMS = process.platform === 'win32' ? ['gswin64c.exe', 'gswin32c.exe', 'gs.exe'] : ['gs']

/** The program's path on the PATH, or none. */
const onPath = (names: readonly string[]): string | undefined => {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean))
    for (const name of names) if (existsSync(join(dir, name))) return join(dir, name)
  return undefined
}

const found = new Map<string, Ghostscript | undefined>()

/** Ghostscript as the PATH finds it (looked up once a process for each PATH); none when it is not there or does not run. */
export const findGhostscript = (): Ghostscript | undefined => {
  const path = process.env.PATH ?? ''
  if (found.has(path)) return found.get(path)
  const program = onPath(PROGRAMS)
  const run = program && spawnSync(program, ['--version'], { encoding: 'utf8', timeout: 20_000 })
  const version = run && run.status === 0 ? run.stdout.trim() : undefined
  const gs = program && version ? { program, version } : undefined
  found.set(path, gs)
  return gs
}

/**
 * Ghostscript's own default CMYK profile (`default_cmyk.icc`, "Artifex CMYK SWOP Profile"), where its
 * installation keeps it: Debian's libgs-common under <prefix>/share/color/icc/ghostscript, others in
 * `<prefix>/share/ghostscript/<version>/iccprofiles` (or `<install>/iccprofiles` on Windows).
 */
export const defaultCmykProfile = (gs: Ghostscript): string | undefined => {
  const prefix = dirname(dirname(realpathSync(gs.program)))
  const candidates = [
    join(prefix, 'share', 'color', 'icc', 'ghostscript', 'default_cmyk.icc'),
    join(prefix, 'share', 'ghostscript', gs.version, 'iccprofiles', 'default_cmyk.icc'),
    join(prefix, 'share', 'ghostscript', 'iccprofiles', 'default_cmyk.icc'),
    join(prefix, 'iccprofiles', 'default_cmyk.icc'),
  ]
  return candidates.find((file) => existsSync(file))
}

/** A page as Ghostscript drew it: its size in pixels and its CMYK samples, four bytes a pixel. */
export interface CmykPage {
  width: number
  height: number
  pixels: Buffer
}

/**
 * Draws every page of `pdf` into CMYK pixels through the output profile `profile`, at 72 dpi (a page as
 * many points wide as its picture has pixels gives the picture's own pixels), handing each page to `take`
 * as it comes: Ghostscript writes them to its standard output one after the other (PAM images), so only one
 * page is held at a time. Stopped after `limitMs`.
 */
export const drawCmykPages = (
  gs: Ghostscript,
  pdf: string,
  profile: string,
  take: (page: CmykPage, index: number) => void,
  limitMs = 60_000,
): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      gs.program,
      [
        '-q',
        '-dSAFER',
        '-dBATCH',
        '-dNOPAUSE',
        '-sstdout=%stderr', // the pages alone on standard output
        '-sDEVICE=pamcmyk32',
        '-r72',
        // A page drawn whole, not in bands (a tarot face at 300 dpi is 5.4 MB): a third less time a face.
        '-dBufferSpace=64000000',
        '-dBandBufferSpace=64000000',
        `-sOutputICCProfile=${profile}`,
        `--permit-file-read=${profile}`,
        '-sOutputFile=-',
        '-f',
        pdf,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let said = ''
    child.stderr.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString('utf8')).slice(-2000)
    })
    const pages = pamPages(take)
    let failed: unknown
    // A Ghostscript that hangs does not hang the build: a minute, and a second a page, is many times its time.
    const timer = setTimeout(() => {
      failed = new Error(`Ghostscript ${gs.version} did not finish within ${Math.round(limitMs / 1000)} s`)
      child.kill('SIGKILL')
      child.stdout.destroy()
      reject(failed) // without waiting for its output to close (a child of its own may hold it)
    }, limitMs)
    child.stdout.on('data', (chunk: Buffer) => {
      if (failed) return
      try {
        pages.push(chunk)
      } catch (error) {
        failed = error
        child.kill()
      }
    })
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      if (failed) reject(failed)
      else if (code !== 0) reject(new Error(`Ghostscript ${gs.version} failed (exit ${code}): ${lastLine(said)}`))
      else if (!pages.complete()) reject(new Error('Ghostscript ended in the middle of a page'))
      else resolve()
    })
  })

const lastLine = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(-2)
    .join(' ') || 'it said nothing'

/** Reads PAM images (`P7` … `ENDHDR`, then the samples) from a stream of chunks, one page at a time. */
const pamPages = (take: (page: CmykPage, index: number) => void) => {
  let pending: Buffer = Buffer.alloc(0)
  let page: CmykPage | undefined
  let filled = 0
  let index = 0
  const header = (): boolean => {
    const end = pending.indexOf('ENDHDR\n')
    if (end < 0) return false
    const fields = new Map(
      pending
        .toString('latin1', 0, end)
        .split('\n')
        .map((line) => line.split(' ') as [string, string]),
    )
    const [width, height, depth] = ['WIDTH', 'HEIGHT', 'DEPTH'].map((k) => Number(fields.get(k)))
    if (!fields.has('P7') || depth !== 4 || !(width! > 0 && height! > 0))
      throw new Error('Ghostscript wrote something other than CMYK pages')
    page = { width: width!, height: height!, pixels: Buffer.allocUnsafe(width! * height! * 4) }
    pending = pending.subarray(end + 'ENDHDR\n'.length)
    filled = 0
    return true
  }
  return {
    push(chunk: Buffer): void {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk
      for (;;) {
        if (!page && !header()) return
        const taken = Math.min(pending.length, page!.pixels.length - filled)
        pending.copy(page!.pixels, filled, 0, taken)
        filled += taken
        pending = pending.subarray(taken)
        if (filled < page!.pixels.length) return
        const done = page!
        page = undefined
        take(done, index++)
      }
    },
    complete: (): boolean => !page && pending.length === 0,
  }
}
