import type { BuildReport } from './build-game.ts'
import { drawnByOf } from '../render/renderers/renderer.ts'

/**
 * The lines printed after a game is built: faces, sheets layout and pages, files, time. A note of the sheets
 * in `said` (the run's notes so far, added to) is not printed again: once a run, whatever its games and watches.
 */
export const buildSummary = (report: BuildReport, seconds: number, said = new Set<string>()): string[] => {
  const s = report.sheets
  // takumi is named even when every face came from the cache: the cache holds each renderer's faces apart.
  // A face the store held by its look (the code changed, not the face) is neither drawn nor from the cache.
  const alike = report.alike ?? 0
  const faces = `${report.faces} faces (${report.drawn - alike} drawn${drawnByOf(report.renderer) ? ` with ${report.renderer}` : ''}, ${alike ? `${alike} looking as before, ` : ''}${report.faces - report.drawn} from the cache)`
  const sheets = s
    ? `; sheets: ${s.pages} ${s.paper} pages (${s.groups.map((g) => `${g.cards} ${g.size} cards, ${g.columns}×${g.rows} a page${g.paper !== s.paper ? ` on ${g.paper}` : ''}`).join('; ')}${s.creditsPages ? `; credits on the last ${s.creditsPages > 1 ? `${s.creditsPages} pages` : 'page'}` : ''})`
    : ''
  return [
    `${report.game}: ${faces}${sheets}; ${report.written.length} files in ${seconds.toFixed(1)} s`,
    ...(s?.notes ?? []).filter((n) => !said.has(n) && Boolean(said.add(n))).map((n) => `  ${n}`),
  ]
}
