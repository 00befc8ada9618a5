import type { Result } from '../diagnostics/diagnostic.ts'
import { readThroughCache } from './parsed-cache.ts'
import type { RulesDoc } from './rules.ts'
import { readRulesText } from './rules-text.ts'

/**
 * A rules file read as `loadRules` reads it, kept by its text in the project's cache (`parsed-cache.ts`):
 * the markdown and front-matter parsers are loaded only to read a file no run has read before. Validate
 * reads every rules file of a game on each run; its tree from the cache takes ~1 ms, where parsing it
 * takes ~100–200 ms of CPU, most of it loading the parsers.
 */
export const loadRulesCached = async (file: string, root: string): Promise<Result<RulesDoc>> => {
  const read = readRulesText(file, root)
  if ('failed' in read) return read.failed
  return readThroughCache(root, ['rules', read.file, read.text], async () =>
    (await import('./rules.ts')).parseRules(read.text, read.file),
  )
}
