import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { diagnosticKey, type Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Card, GameDef } from '../engine/define.ts'
import type { GamePaths } from '../load/project.ts'
import { planFaces } from './plan.ts'
import { openSession, TEMPLATES_FILE } from './session.ts'

const key = (d: Diagnostic) => diagnosticKey(d)

/**
 * Lays out every face without drawing it: the templates' components measure their text and look up
 * their icons, so text that does not fit and unknown icons are found by `validate`, not only by `build`.
 */
export const checkFaces = async (paths: GamePaths, game: GameDef, cards: readonly Card[], maxImagePixels?: number): Promise<Diagnostic[]> => {
  if (!existsSync(join(paths.templatesDir, TEMPLATES_FILE))) return []
  const { value: session, diagnostics } = await openSession(paths, game, { dpi: 300, bleedMm: 3, inkFriendly: false, ...(maxImagePixels && { maxImagePixels }) })
  const seen = new Set(diagnostics.map(key))
  for (const { job } of planFaces(game, cards)) {
    for (const d of (await session.draw(job, { layoutOnly: true })).diagnostics) {
      if (seen.has(key(d))) continue
      seen.add(key(d))
      diagnostics.push(d)
    }
  }
  return diagnostics
}
