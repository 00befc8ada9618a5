import { matter, parseToml } from '../vendor/front-matter.ts'
import type { Diagnostic, Result } from '../diagnostics/diagnostic.ts'

/** Hugo's front matter: YAML between `---` lines, TOML between `+++` lines. */
export const readFrontMatter = (
  source: string,
  file: string,
): Result<{ data: Record<string, unknown>; length: number }> => {
  const none = { data: {}, length: 0 }
  const fence = /^(---|\+\+\+)[ \t]*\r?\n/.exec(source)
  if (!fence) return { value: none, diagnostics: [] }
  const marker = fence[1]!
  const closing = new RegExp(`^${marker === '---' ? '---' : '\\+\\+\\+'}[ \\t]*(?:\\r?\\n|$)`, 'm')
  const rest = source.slice(fence[0].length)
  const close = closing.exec(rest)
  if (!close) {
    const message = `The front matter opened with "${marker}" on line 1 is never closed; add a "${marker}" line after it.`
    return {
      value: { data: {}, length: fence[0].length },
      diagnostics: [{ rule: 'rules/front-matter', severity: 'error', message, file, line: 1, column: 1 }],
    }
  }
  const length = fence[0].length + close.index + close[0].length
  if (marker === '+++') {
    const toml = rest.slice(0, close.index)
    try {
      return { value: { data: plainToml(parseToml(toml)) as Record<string, unknown>, length }, diagnostics: [] }
    } catch (error) {
      // smol-toml counts lines and columns from 1 within the front matter, which starts on line 2.
      const err = error as Error & { line?: number; column?: number }
      const line = err.line ?? 1
      const text = toml.split(/\r?\n/)[line - 1]?.trim()
      const reason = err.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '')
      const message = `The front matter is not valid TOML: ${reason}${text ? ` (in "${text}")` : ''}.`
      return {
        value: { data: {}, length },
        diagnostics: [
          { rule: 'rules/front-matter', severity: 'error', message, file, line: line + 1, column: err.column ?? 1 },
        ],
      }
    }
  }
  try {
    // Options disable gray-matter's cache, which would hand every caller the same (mutable) data object.
    const data: unknown = matter(source.slice(0, length), {}).data
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      const message = 'The front matter must be a mapping of keys to values (such as "title: My Game").'
      return {
        value: { data: {}, length },
        diagnostics: [{ rule: 'rules/front-matter', severity: 'error', message, file, line: 2, column: 1 }],
      }
    }
    const bomb = expandsTooMuch(data as Record<string, unknown>, source.slice(0, length), file)
    if (bomb) return { value: { data: {}, length }, diagnostics: [bomb] }
    return { value: { data: data as Record<string, unknown>, length }, diagnostics: [] }
  } catch (error) {
    const err = error as Error & { reason?: string; mark?: { line: number; column: number } }
    // js-yaml counts lines from the rest of the opening "---" line, zero-based: +1 gives the file's line.
    const message = `The front matter is not valid YAML: ${err.reason ?? err.message.split('\n')[0]}.`
    const diagnostic: Diagnostic = {
      rule: 'rules/front-matter',
      severity: 'error',
      message,
      file,
      line: (err.mark?.line ?? 0) + 1,
      column: (err.mark?.column ?? 0) + 1,
    }
    return { value: { data: {}, length }, diagnostics: [diagnostic] }
  }
}

/**
 * How far front matter may expand through its aliases: js-yaml shares an alias's value rather than copying
 * it, so a "billion laughs" front matter parses at once and exhausts memory only when something reads it
 * all (a title of 10⁹ items ended after 36 s at 2.5 GB with "Invalid string length"). Card files have the same
 * limits (`load/yaml.ts`).
 */
const MAX_FRONT_MATTER_VALUES = 100_000
const MAX_FRONT_MATTER_CHARS = 5_000_000

/** An error at the first key whose value takes the front matter past its limits, if one does. */
const expandsTooMuch = (data: Record<string, unknown>, text: string, file: string): Diagnostic | undefined => {
  let values = 0
  let chars = 0
  const within = (value: unknown): boolean => {
    values++
    if (typeof value === 'string') chars += value.length
    if (values > MAX_FRONT_MATTER_VALUES || chars > MAX_FRONT_MATTER_CHARS) return false
    if (value && typeof value === 'object')
      for (const item of Array.isArray(value) ? value : Object.values(value)) if (!within(item)) return false
    return true
  }
  for (const [key, value] of Object.entries(data)) {
    if (within(value)) continue
    const lines = text.split('\n')
    const at = lines.findIndex((line) => line.startsWith(`${key}:`) || line.startsWith(`"${key}"`))
    return {
      rule: 'yaml/alias-limit',
      severity: 'error',
      file,
      line: at < 0 ? 2 : at + 1,
      column: 1,
      message: `the front matter's \`${key}\` expands through its aliases to more than ${MAX_FRONT_MATTER_VALUES.toLocaleString('en')} values or 5 million characters: write it out; the front matter is not read`,
    }
  }
  return undefined
}

/** TOML values as front matter data: plain objects, and dates and times as ISO 8601 text (a local date stays 2024-01-02). */
const plainToml = (value: unknown): unknown => {
  if (value instanceof Date) return (value as Date & { toISOString(): string }).toISOString()
  if (Array.isArray(value)) return value.map(plainToml)
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainToml(v)]))
  return value
}
