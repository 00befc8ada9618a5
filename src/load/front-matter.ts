import matter from 'gray-matter'
import { parse as parseToml } from 'smol-toml'
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

/** TOML values as front matter data: plain objects, and dates and times as ISO 8601 text (a local date stays 2024-01-02). */
const plainToml = (value: unknown): unknown => {
  if (value instanceof Date) return (value as Date & { toISOString(): string }).toISOString()
  if (Array.isArray(value)) return value.map(plainToml)
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainToml(v)]))
  return value
}
