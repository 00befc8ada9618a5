import type { Diagnostic } from '../diagnostic.ts'
import { github } from './github.ts'
import { json } from './json.ts'
import { stylish } from './stylish.ts'

export type Formatter = (diagnostics: readonly Diagnostic[]) => string

export const formatters = { stylish, json, github } satisfies Record<string, Formatter>
export type FormatName = keyof typeof formatters
export const isFormatName = (name: string): name is FormatName => Object.hasOwn(formatters, name)
