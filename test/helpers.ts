// Helpers the tests share: the real command, and poppler's tools on a PDF.
import { execFile, execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { onTestFinished } from 'vitest'

export const root = fileURLToPath(new URL('..', import.meta.url))
const bin = join(root, 'bin', 'deckwright.js')

/** Runs the real `deckwright` in a folder; resolves with its exit code and output whatever the code. */
export const deckwright = async (
  cwd: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], { cwd })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

let scratch: string | undefined
let n = 0

/** Runs a poppler tool (pdftotext to standard output, pdfinfo, pdfimages…) on a PDF file or on PDF bytes. */
export const poppler = (tool: string, pdf: string | Buffer, ...args: string[]): string => {
  let file = pdf
  if (typeof pdf !== 'string') {
    scratch ??= mkdtempSync(join(tmpdir(), 'deckwright-pdf-'))
    file = join(scratch, `p${n++}.pdf`)
    writeFileSync(file, pdf)
  }
  return execFileSync(tool, [...args, file as string, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' })
}

/**
 * A copy of a fixture project for one test, removed when the test ends. It lives inside this repository
 * (under test/, ignored by git), where a game's `import … from 'deckwright'`, React and the JSX settings
 * resolve as for the shipped games.
 */
export const projectCopy = (fixture: string): string => {
  const project = mkdtempSync(join(root, 'test', 'build', 'tmp-'))
  onTestFinished(() => rmSync(project, { recursive: true, force: true }))
  // Without the outputs and face store a test run in the fixture itself may have left (out/): a copy starts clean.
  const outputs = join(fixture, 'out')
  cpSync(fixture, project, { recursive: true, filter: (source) => source !== outputs })
  return project
}

/**
 * Edits a project's file in place: `from` (text or a pattern) replaced by `to`. Throws when `from` is not in
 * the file, so that a test whose edit no longer matches its fixture fails rather than testing nothing.
 */
export const editFile = (file: string, from: string | RegExp, to: string): void =>
  writeFileSync(file, editedText(file, from, to))

/** The file's text with `from` replaced, for a test that saves it its own way (as an editor does); throws as editFile does. */
export const editedText = (file: string, from: string | RegExp, to: string): string => {
  const text = readFileSync(file, 'utf8')
  if (typeof from === 'string' ? !text.includes(from) : !from.test(text))
    throw new Error(`${file}: ${String(from).slice(0, 80)} is not in the file`)
  return text.replace(from, to)
}

/** A fixture project of test/fixtures. */
export const fixture = (name: string): string => join(root, 'test', 'fixtures', name)

/** Debian's Chromium, which .ci/run installs, for the tests that drive a page through playwright-core. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** As root and on a closed network: no sandbox, and none of Chromium's own connections. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * The address a `deckwright preview` process prints once it serves its page; its standard error so far
 * goes to `log` (for the tests' own checks). Rejects after `seconds` without one.
 */
export const previewAddress = (
  preview: import('node:child_process').ChildProcess,
  log: (text: string) => void = () => {},
  seconds = 60,
): Promise<string> =>
  new Promise((resolve, reject) => {
    let seen = ''
    const timer = setTimeout(() => reject(new Error(`no address in ${seconds} s:\n${seen}`)), seconds * 1000)
    preview.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      log(chunk.toString())
      const found = /preview of \S+ at (http:\/\/\S+)/.exec(seen)
      if (!found) return
      clearTimeout(timer)
      resolve(found[1]!)
    })
  })
