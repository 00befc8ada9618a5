// A link loop is said by whoever walks a folder (the card files, the templates, the rules): one warning,
// in a module of its own so that saying it loads no card parser.
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { relativePath } from './project.ts'

/** Links that lead round in a circle, each a warning at the link: skipped, as they hold no file. */
export const linkLoops = (root: string, loops: readonly string[]): Diagnostic[] =>
  loops.map((path) => ({
    rule: 'load/link-loop',
    severity: 'warning',
    file: relativePath(root, path),
    line: 1,
    column: 1,
    message: 'this is a link that leads round in a circle (a loop of links): it holds no file, and is skipped',
  }))
