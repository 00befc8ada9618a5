import type * as Yaml from 'yaml'
import { requireCommonJs } from '../util/commonjs.ts'

// The `yaml` package, loaded when a card file first needs it: a well-formed file is read by js-yaml
// (yaml-fast.ts), and `yaml` (~40 ms of CPU to load, on every game thread) only reads a file with errors,
// aliases or other YAML js-yaml's path leaves to it. Its CommonJS build, which Node loads synchronously.

let lib: typeof Yaml | undefined
const yaml = (): typeof Yaml => (lib ??= requireCommonJs('yaml') as typeof Yaml)

export const isAlias = ((node: unknown) => yaml().isAlias(node)) as typeof Yaml.isAlias
export const isMap = ((node: unknown) => yaml().isMap(node)) as typeof Yaml.isMap
export const isPair = ((node: unknown) => yaml().isPair(node)) as typeof Yaml.isPair
export const isScalar = ((node: unknown) => yaml().isScalar(node)) as typeof Yaml.isScalar
export const isSeq = ((node: unknown) => yaml().isSeq(node)) as typeof Yaml.isSeq
export const visit = ((node: Yaml.Node | Yaml.Document, visitor: Yaml.visitor) =>
  yaml().visit(node, visitor)) as typeof Yaml.visit
export const parseDocument = ((
  source: string,
  options?: Yaml.ParseOptions & Yaml.DocumentOptions & Yaml.SchemaOptions,
) => yaml().parseDocument(source, options)) as typeof Yaml.parseDocument
/** A new `LineCounter` (the class is the package's, loaded now). */
export const lineCounter = (): Yaml.LineCounter => new (yaml().LineCounter)()
