import type { Diagnostic } from '../diagnostic.ts'
import { inSheets } from '../sheet-place.ts'
import { github } from './github.ts'
import { json } from './json.ts'
import { stylish } from './stylish.ts'

export type Formatter = (diagnostics: readonly Diagnostic[]) => string

/** Each formatter prints a workbook's sheet and cell as a designer reads them (`inSheets`). */
const inWorkbooks =
  (format: Formatter): Formatter =>
  (diagnostics) =>
    format(inSheets(diagnostics))

export const formatters = {
  stylish: inWorkbooks(stylish),
  json: inWorkbooks(json),
  github: inWorkbooks(github),
} satisfies Record<string, Formatter>
export type FormatName = keyof typeof formatters
export const isFormatName = (name: string): name is FormatName => Object.hasOwn(formatters, name)
