import { Renderer } from '@takumi-rs/core'
import { fromJsx } from '@takumi-rs/helpers/jsx'
import { describe, expect, it, vi } from 'vitest'
import { gamePaths } from '../../src/load/project.ts'
import { pixelSize } from '../../src/render/renderers/face-box.ts'
import { takumiCalls } from '../../src/render/renderers/takumi-calls.ts'
import { planFaces } from '../../src/render/template/plan.ts'
import { openSession } from '../../src/render/template/session.ts'
import { validateGame } from '../../src/validate/validate-game.ts'
import { root } from '../helpers.ts'
import { fileThreads } from '../setup/threads.ts'

const threads = fileThreads()

/** A renderer whose wrapper's calls are counted: the calls that did not go straight to the native renderer. */
const counted = () => {
  const renderer = new Renderer({})
  const wrapped = { render: 0, renderSvg: 0, measure: 0 }
  for (const name of Object.keys(wrapped) as (keyof typeof wrapped)[]) {
    const call = renderer[name].bind(renderer) as (...args: unknown[]) => Promise<unknown>
    ;(renderer as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      wrapped[name]++
      return call(...args)
    }
  }
  return { renderer, wrapped }
}

describe('takumi calls', () => {
  it("give the wrapper's SVG, layout and pixels for real faces, the tree turned into JSON once, not through the wrapper", async () => {
    const { renderer, wrapped } = counted()
    const calls = takumiCalls(renderer)
    let faces = 0
    // The trees turned into JSON without a replacer (the wrapper's turning has one): once a face.
    const trees = new Set<unknown>()
    let turned = 0
    const stringify = JSON.stringify
    const spy = vi.spyOn(JSON, 'stringify').mockImplementation(((value: unknown, ...rest: never[]) => {
      if (trees.has(value) && rest[0] === undefined) turned++
      return stringify(value, ...rest)
    }) as typeof JSON.stringify)
    for (const id of ['maybe-missions', 'arc-ship']) {
      const { value } = await validateGame(root, id, { threads })
      const session = (await openSession(gamePaths(root, id), value!.game, { dpi: 60, bleedMm: 3, inkFriendly: false }))
        .value
      // A few faces of each type, split fronts (a half turned) among them.
      const jobs = planFaces(value!.game, value!.cards).filter((_, i) => i % 9 === 0)
      for (const { job } of jobs) {
        const { prepared } = await session.draw(job, { prepareOnly: true })
        if (!prepared) continue
        for (const f of prepared.fonts)
          await renderer.registerFont({ name: f.name, data: f.data, weight: f.weight, style: f.style })
        const { node } = await fromJsx(prepared.element as never)
        trees.add(node)
        const { width, height } = prepared.box
        const layout = { fontFamilies: [...new Set(prepared.fonts.map((f) => f.name))] }
        const size = pixelSize(prepared.box, 60)
        const raster = { width: size.width, height: size.height, format: 'raw' as const, ...layout }
        const ratio = { devicePixelRatio: size.width / width }
        expect(await calls.renderSvg(node, { width, height, ...layout })).toBe(
          await renderer.renderSvg(node, { width, height, ...layout }),
        )
        expect(await calls.measure(node, { width, height, ...layout })).toEqual(
          await renderer.measure(node, { width, height, ...layout }),
        )
        const raw = await calls.render(node, { ...raster, ...ratio })
        expect(raw.equals(await renderer.render(node, { ...raster, ...ratio }))).toBe(true)
        faces++
      }
    }
    spy.mockRestore()
    expect(faces).toBeGreaterThan(20)
    expect(turned).toBe(faces)
    // Only the comparisons went through the wrapper.
    expect(wrapped).toEqual({ render: faces, renderSvg: faces, measure: faces })
  }, 120_000)

  it('hand takumi the tree itself when its JSON cannot carry it (a lone surrogate)', async () => {
    const { renderer, wrapped } = counted()
    const calls = takumiCalls(renderer)
    const { node } = await fromJsx(
      (<div style={{ display: 'flex', width: 40, height: 20 }}>{'a\ud800b'}</div>) as never,
    )
    await calls.renderSvg(node, { width: 40, height: 20 })
    expect(wrapped.renderSvg).toBe(1)
  })
})
