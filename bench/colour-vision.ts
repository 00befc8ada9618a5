// npm run bench -- --colour-vision [faces]: what a11y/colour-vision adds to laying out the example games' faces
// (what `validate` does to each face), as they are or grown to `faces` distinct faces (bench/renderers.ts):
// every face laid out with the check and with it off (`severity: 'off'`), in one session a game, alternated,
// in CPU time: the medians of 21 passes each (5 when grown), and of the differences of each pair of passes.
import { openSession, type FaceJob, type RenderSession } from '../dist/render/template/session.js'
import { planFaces } from '../dist/render/template/plan.js'
import { validateGame } from '../dist/validate/validate-game.js'
import { fileURLToPath } from 'node:url'
import { median } from './median.ts'

const repo = fileURLToPath(new URL('..', import.meta.url))
const GAMES = ['maybe-missions', 'maybe-movies', 'arc-ship', 'ministries']

export const benchColourVision = async (
  grown?: number,
): Promise<{ faces: number; withMs: number; withoutMs: number; addedMs: number }> => {
  let root = repo
  if (grown) {
    const { writeGames, work } = await import('./renderers.ts')
    await writeGames(grown)
    root = work
  }
  const options = { dpi: 300, bleedMm: 3, inkFriendly: false }
  const passes: { with: number; without: number }[] = []
  let faces = 0
  const games: { jobs: FaceJob[]; on: RenderSession; off: RenderSession }[] = []
  for (const id of GAMES) {
    const { value } = await validateGame(root, id)
    const { game, paths, cards } = value!
    const jobs = planFaces(game, cards).map((p) => p.job)
    const off = { ...game, accessibility: { colourVision: { severity: 'off' as const } } }
    const [on, without] = await Promise.all([openSession(paths, game, options), openSession(paths, off, options)])
    games.push({ jobs, on: on.value, off: without.value })
    faces += jobs.length
  }
  // CPU time, not the clock's: the machine's other work moves the clock's figure by more than the check costs.
  const pass = async (which: 'on' | 'off') => {
    const start = process.cpuUsage()
    for (const g of games) for (const job of g.jobs) await g[which].draw(job, { layoutOnly: true })
    const spent = process.cpuUsage(start)
    return (spent.user + spent.system) / 1000
  }
  await pass('on')
  await pass('off') // warm
  for (let i = 0; i < (grown ? 5 : 21); i++) passes.push({ with: await pass('on'), without: await pass('off') })
  return {
    faces,
    withMs: median(passes.map((p) => p.with)),
    withoutMs: median(passes.map((p) => p.without)),
    addedMs: median(passes.map((p) => p.with - p.without)),
  }
}
