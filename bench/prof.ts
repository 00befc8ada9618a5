import { join } from 'node:path'
import { validateGame } from '../src/validate.ts'
import { openSession } from '../src/render/session.ts'
import { planFaces } from '../src/render/plan.ts'
import * as face from '../src/render/face.ts'
const work = join(import.meta.dirname, 'work')
const v = await validateGame(work, 'bench')
const { paths, game, cards } = v.value!
const { value: s } = await openSession(paths, game, { dpi: 300, bleedMm: 3, inkFriendly: false })
const plan = planFaces(game, cards).slice(0, 60)
for (const p of plan.slice(0, 5)) await s.draw(p.job)
const t = performance.now()
for (const p of plan) await s.draw(p.job)
console.log('per face', ((performance.now() - t) / plan.length).toFixed(1))
