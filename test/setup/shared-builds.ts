// Builds of the example games that several test files compare their own builds with, made once per run.
import { buildGame } from '../../src/make/build-game.ts'
import { root } from '../helpers.ts'
import { once } from './once.ts'

/** Maybe Missions' base set at a low resolution, in English, with Tabletop Simulator sheets. */
export const MAYBE_MISSIONS_BASE = { dpi: 60, sets: ['base'], languages: [] as string[], tts: true }

/**
 * Maybe Missions' base set (`MAYBE_MISSIONS_BASE`) built with satori + resvg on threads of its own, with an
 * empty face store: its output folder (the game's outputs in `maybe-missions/` under it). Read it, never
 * write to it.
 */
export const maybeMissionsBase = async (): Promise<string> =>
  (
    await once('maybe-missions-base', async (dir) => {
      const built = await buildGame(root, 'maybe-missions', { ...MAYBE_MISSIONS_BASE, outDir: dir })
      const errors = built.diagnostics.filter((d) => d.severity === 'error')
      if (errors.length) throw new Error(`Maybe Missions' base set did not build: ${JSON.stringify(errors)}`)
    })
  ).dir
