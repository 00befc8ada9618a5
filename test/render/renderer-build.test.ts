import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { buildGame } from '../../src/make/build-game.ts'
import { MAYBE_MISSIONS_BASE, maybeMissionsBase } from '../setup/shared-builds.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const out = () => mkdtempSync(join(tmpdir(), 'deckwright-renderer-'))
/** Maybe Missions' base set at a low resolution: split fronts, backs, tokens and inline icons. */
const options = MAYBE_MISSIONS_BASE
/**
 * Undoes a test's mock of takumi, and forgets the modules imported while it was mocked: the worker keeps its
 * modules for the next test and file (vitest.config.ts, isolate: false), which must find the real takumi.
 */
const unmockTakumi = () => {
  vi.doUnmock('@takumi-rs/core')
  vi.resetModules()
}
const facesOf = (dir: string) =>
  Object.fromEntries(
    readdirSync(join(dir, 'maybe-missions', 'faces')).map((f) => [
      f,
      readFileSync(join(dir, 'maybe-missions', 'faces', f)),
    ]),
  )

describe('--renderer', () => {
  /**
   * A takumi build in a folder of its own (nothing in its cache: every face drawn), made once: the first test
   * compares it with a build without the cache, then the second builds with satori over it, as after a preview.
   */
  let takumi: Promise<{ dir: string; built: Awaited<ReturnType<typeof buildGame>> }> | undefined
  const takumiBuild = () => {
    takumi ??= (async () => {
      const dir = out()
      return { dir, built: await buildGame(root, 'maybe-missions', { ...options, outDir: dir, renderer: 'takumi' }) }
    })()
    return takumi
  }

  it('builds with takumi, says so beside the version, and builds the same bytes again without a cache', async () => {
    const { dir: a, built: first } = await takumiBuild()
    const b = out()
    expect(first.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(first.value.renderer).toMatch(/^takumi \d+\.\d+\.\d+$/)
    expect(first.value.gallery?.renderer).toBe(first.value.renderer)
    expect(readFileSync(join(a, 'maybe-missions', 'tts', 'README.txt'), 'utf8').split('\n')[0]).toContain(
      `(faces drawn with ${first.value.renderer})`,
    )
    // takumi's own SVG beside each PNG, not satori's.
    const svg = readFileSync(join(a, 'maybe-missions', 'faces', 'mission-01.front.svg'), 'utf8')
    expect(svg).toMatch(/^<svg/)
    expect(svg).not.toContain('satori')
    await buildGame(root, 'maybe-missions', { ...options, outDir: b, renderer: 'takumi', cache: false })
    const [x, y] = [facesOf(a), facesOf(b)]
    expect(Object.keys(y)).toEqual(Object.keys(x))
    for (const name of Object.keys(x)) expect(y[name]!.equals(x[name]!), name).toBe(true)
    for (const file of ['maybe-missions-cards.pdf', 'maybe-missions-overview.png'])
      expect(
        readFileSync(join(b, 'maybe-missions', file)).equals(readFileSync(join(a, 'maybe-missions', file))),
        file,
      ).toBe(true)
  }, 240_000)

  it("never takes a takumi face for a satori build: after a preview's takumi build, build draws every face again, as a build of its own would", async () => {
    const { dir: shared, built: preview } = await takumiBuild()
    const build = await buildGame(root, 'maybe-missions', { ...options, outDir: shared })
    expect(build.value.renderer).toBe('satori + resvg')
    expect(build.value.drawn).toBe(preview.value.faces)
    // A build of its own with the same options: the run's shared one.
    const alone = await maybeMissionsBase()
    const [x, y] = [facesOf(shared), facesOf(alone)]
    for (const name of Object.keys(y)) expect(x[name]!.equals(y[name]!), name).toBe(true)
    // And back: the takumi faces are still in the store, taken as they were.
    const again = await buildGame(root, 'maybe-missions', { ...options, outDir: shared, renderer: 'takumi' })
    expect(again.value.drawn).toBe(0)
  }, 240_000)
})

describe('a machine where takumi cannot load', () => {
  it('draws with satori + resvg, with one warning that says why', async () => {
    vi.resetModules()
    onTestFinished(unmockTakumi)
    vi.doMock('@takumi-rs/core', () => {
      throw new Error('Cannot find native binding. npm has a bug related to optional dependencies')
    })
    // (vitest reports the module's failure in words of its own.)
    const { chooseRenderer, rendererFallback } = await import('../../src/render/renderers/renderer.ts')
    const chosen = await chooseRenderer('takumi')
    expect(chosen).toMatchObject({
      name: 'satori',
      fallback: expect.stringMatching(
        /^takumi cannot load on this machine \(\w+-\w+\): .+: the faces are drawn with satori \+ resvg$/,
      ),
    })
    expect(rendererFallback(chosen.fallback!)).toMatchObject({
      rule: 'render/renderer-unavailable',
      severity: 'warning',
    })
  })
})

describe('a face takumi cannot draw', () => {
  it('is an error at its card, not drawn by satori instead', async () => {
    vi.resetModules()
    onTestFinished(unmockTakumi)
    vi.doMock('@takumi-rs/core', () => ({
      Renderer: class {
        registerFont = async () => []
        renderSvg = async () => {
          throw new Error('unsupported value for `display`')
        }
        render = async () => Buffer.alloc(0)
      },
    }))
    const { openSession } = await import('../../src/render/template/session.ts')
    const { validateGame } = await import('../../src/validate/validate-game.ts')
    const { game, paths, cards } = (await validateGame(root, 'maybe-missions')).value!
    const session = await openSession(paths, game, { dpi: 30, bleedMm: 3, inkFriendly: false, renderer: 'takumi' })
    const card = cards.find((c) => c.id === 'mission-01')!
    const drawn = await session.value.draw({ kind: 'front', type: 'mission', card })
    expect(drawn.face).toBeUndefined()
    expect(drawn.diagnostics).toMatchObject([
      {
        rule: 'render/draw-failed',
        severity: 'error',
        card: 'mission-01',
        file: 'cards/maybe-missions/missions.yaml',
        message: 'takumi could not draw the front of mission-01: unsupported value for `display`',
      },
    ])
  })
})

describe('SVG text, which satori cannot draw', () => {
  it.each(['satori', 'takumi'] as const)(
    'is an error at the card under %s too, so that a takumi preview never hides what fails the build',
    async (renderer) => {
      const project = mkdtempSync(join(root, 'test', 'build', 'tmp-'))
      onTestFinished(() => rmSync(project, { recursive: true, force: true }))
      mkdirSync(join(project, 'templates', 'g'), { recursive: true })
      writeFileSync(
        join(project, 'templates', 'g', 'index.tsx'),
        "export default { types: { token: { front: () => <div style={{ display: 'flex', width: '100%', height: '100%' }}><svg width='40' height='20'><text x='0' y='15'>Hi</text></svg></div> } } }\n",
      )
      const { openSession } = await import('../../src/render/template/session.ts')
      const { gamePaths } = await import('../../src/load/project.ts')
      const game = {
        id: 'g',
        title: 'G',
        version: '1',
        players: { min: 1, max: 2 },
        params: {},
        types: { token: { name: 'Token', size: 'mini', fields: {} } },
      }
      const card = {
        id: 'hello',
        type: 'token',
        set: 'base',
        qty: 1,
        fields: {},
        source: { file: 'cards/g/tokens.yaml', pos: { line: 3, column: 5 }, fields: {} },
      }
      const session = await openSession(gamePaths(project, 'g'), game as never, {
        dpi: 30,
        bleedMm: 0,
        inkFriendly: false,
        renderer,
      })
      const drawn = await session.value.draw({ kind: 'front', type: 'token', card: card as never })
      expect(drawn.face).toBeUndefined()
      expect(drawn.diagnostics.filter((d) => d.severity === 'error')).toEqual([
        {
          rule: 'render/unsupported-element',
          severity: 'error',
          file: 'cards/g/tokens.yaml',
          line: 3,
          column: 5,
          card: 'hello',
          message:
            'the front of hello has SVG <text>, which satori (what deckwright build draws with) cannot draw: draw the text with a div, or convert it to a <path>',
        },
      ])
    },
  )
})
