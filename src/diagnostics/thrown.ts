import { fileURLToPath } from 'node:url'
import { relative, sep } from 'node:path'
import { OWN_CODE } from '../util/packages.ts'
import { isWithin } from '../util/inside-folder.ts'

/** A place in a game's own code: a file relative to the project root, 1-based line and column. */
export interface CodePlace {
  file: string
  line: number
  column: number
}

/** A path relative to the project root when it lies in the project and outside node_modules. */
export const inProject = (root: string, path: string): string | undefined => {
  const rel = relative(root, path)
  if (!isWithin(root, path) || rel.split(sep).includes('node_modules')) return undefined
  return rel.split(sep).join('/')
}

const pathOf = (location: string): string => (location.startsWith('file:') ? fileURLToPath(location) : location)

/**
 * Where an error was thrown in the project's own code (a definition, a template, a module they import):
 * the first frame of its stack that lies in the project and outside node_modules. Source maps make the
 * frames name the TypeScript lines.
 */
export const thrownAt = (error: unknown, root: string): CodePlace | undefined => {
  const stack = String((error as Error | undefined)?.stack ?? '')
  for (const frame of stack.split('\n').slice(1)) {
    // `at f (file:///p/x.tsx:12:5)`, `at /p/x.ts:3:9`, `at C:\\p\\x.ts:3:9`, `at f (file:///C:/p/x.tsx:1:2)`.
    const m = /(?:\(|\sat\s)(file:\/\/\S+?|[A-Za-z]:\\.+?|\/.+?):(\d+):(\d+)\)?\s*$/.exec(frame)
    if (!m) continue
    const path = pathOf(m[1]!)
    // deckwright's own code (dist/ or src/) is never the designer's line, even in deckwright's own repository.
    if (path.startsWith(OWN_CODE)) continue
    const file = inProject(root, path)
    if (file) return { file, line: Number(m[2]), column: Number(m[3]) }
  }
  return undefined
}

/** The first line of an error's message: what a designer reads in a diagnostic. */
export const firstLine = (error: unknown): string =>
  String((error as Error | undefined)?.message ?? error).split('\n')[0]!

/**
 * What a diagnostic adds about a thrown value that is not an Error (a string, `undefined`, a Symbol): it has
 * no stack, so it names no line of its own; an Error would.
 */
export const notAnError = (thrown: unknown, timerSetHere = false): string => {
  const kind =
    thrown === undefined || thrown === null
      ? `\`${thrown}\``
      : typeof thrown === 'symbol'
        ? 'a Symbol'
        : typeof thrown === 'object'
          ? 'an object'
          : `a ${typeof thrown}`
  return timerSetHere
    ? ` (${kind} was thrown, not an Error, so it names no line of its own: this is the line that set the timer; throw new Error("…") to be told the line that threw)`
    : ` (${kind} was thrown, not an Error, so it names no line of its own: throw new Error("…") to be told the line)`
}
