import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import {
  CostStrip,
  FitText,
  IconRow,
  RoleTag,
  SplitFront,
  Title,
  ValueBadge,
} from '../../src/render/template/components/index.tsx'
import { renderFace } from '../../src/render/renderers/face.ts'
import type { FaceContext } from '../../src/render/template/template.ts'
import { splitCard, testContext, testFonts } from './face-context.ts'
import { compareSnapshot } from './snapshot.ts'

/** Small images: 100 dpi keeps the committed snapshots a few kilobytes each. */
const DPI = 100

/** Draws a component on a white canvas of `widthMm` × `heightMm` and compares it with its snapshot. */
const snapshot = async (
  name: string,
  widthMm: number,
  heightMm: number,
  draw: (ctx: FaceContext) => ReactNode,
  options: Parameters<typeof testContext>[2] & { padMm?: number } = {},
) => {
  const { ctx, box, diagnostics } = testContext(widthMm, heightMm, options)
  const element = (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        width: box.width,
        height: box.height,
        background: '#ffffff',
        fontFamily: 'Inter',
        padding: ctx.mm(options.padMm ?? 1),
      }}
    >
      {draw(ctx)}
    </div>
  )
  const { png } = await renderFace(element, box, testFonts, DPI)
  const result = compareSnapshot(name, png)
  expect(result.ok, result.message).toBe(true)
  return diagnostics
}

describe('shared components, drawn and compared with their image snapshots', () => {
  it('Title: one line of Bitter, shrunk to fit its width', async () => {
    const diagnostics = await snapshot('title', 40, 16, (ctx) => (
      <>
        <Title ctx={ctx} text="Quiet Night" width={ctx.mm(38)} size={ctx.mm(5)} />
        <Title
          ctx={ctx}
          text="Ministry of Foreign Affairs"
          width={ctx.mm(38)}
          size={ctx.mm(5)}
          minSize={ctx.mm(2.5)}
          color="#1d3557"
        />
      </>
    ))
    expect(diagnostics).toEqual([])
  })

  it('FitText: wrapped text with inline icons on the baseline, left and centred, on a disc over colour', async () => {
    const diagnostics = await snapshot('fit-text', 50, 30, (ctx) => (
      <>
        <FitText
          ctx={ctx}
          text={'Pay [intel][intel] to draw 2 cards, then [money], or [gadget].\nA second paragraph [game-icons:spy].'}
          width={ctx.mm(48)}
          height={ctx.mm(15)}
          size={ctx.mm(3)}
          align="left"
        />
        <div style={{ display: 'flex', background: '#2e7d4f', marginTop: ctx.mm(1) }}>
          <FitText
            ctx={ctx}
            text="Each YES-voter collects 1 [intel]."
            width={ctx.mm(48)}
            height={ctx.mm(11)}
            size={ctx.mm(3)}
            color="#ffffff"
            disc="#ffffff"
          />
        </div>
      </>
    ))
    expect(diagnostics).toEqual([])
  })

  it('FitText: text that does not fit even at 6.5 pt is drawn clipped, and reported', async () => {
    const text = 'This rule goes on and on, far longer than any card could hold at a size anyone could read. '.repeat(3)
    const diagnostics = await snapshot('fit-text-overflow', 30, 16, (ctx) => (
      <FitText ctx={ctx} field="green" text={text} width={ctx.mm(28)} height={ctx.mm(14)} size={ctx.mm(3.4)} />
    ))
    // No card (a shared face): the field is named in the message, and the problem sits at the face, as the renderer reports it.
    expect(diagnostics).toEqual([
      expect.objectContaining({
        rule: 'render/text-overflow',
        severity: 'error',
        message: expect.stringMatching(
          /^`green` does not fit its box on the shared front: even at 6\.5 pt it needs \d+ lines where \d+ fit; shorten it by about \d+ characters$/,
        ),
      }),
    ])
  })

  it("IconRow: a vocabulary's icons on discs, with their words as a second cue", async () => {
    const diagnostics = await snapshot('icon-row', 40, 18, (ctx) => (
      <div style={{ display: 'flex', background: '#b3261e', justifyContent: 'center', padding: ctx.mm(1) }}>
        <IconRow
          ctx={ctx}
          vocabulary="resources"
          words={['intel', 'money', 'gadget']}
          size={ctx.mm(9)}
          labels="#ffffff"
        />
      </div>
    ))
    expect(diagnostics).toEqual([])
  })

  it('CostStrip: icons that shrink to the width, counts for long costs, and the cost in words', async () => {
    const diagnostics = await snapshot('cost-strip', 44, 30, (ctx) => (
      <>
        <CostStrip
          ctx={ctx}
          vocabulary="resources"
          cost={['intel', 'intel', 'money']}
          size={ctx.mm(8)}
          width={ctx.mm(42)}
          disc="#eeeeee"
        />
        <CostStrip
          ctx={ctx}
          vocabulary="resources"
          cost={['intel', 'intel', 'intel', 'money', 'money', 'gadget']}
          size={ctx.mm(8)}
          width={ctx.mm(42)}
          disc="#eeeeee"
          spelled="#1b1b1b"
          style={{ marginTop: ctx.mm(1) }}
        />
      </>
    ))
    expect(diagnostics).toEqual([])
  })

  it('ValueBadge: a number in a disc, underlined when it reads as another upside down', async () => {
    const diagnostics = await snapshot('value-badge', 40, 16, (ctx) => (
      <div style={{ display: 'flex', justifyContent: 'space-around', alignItems: 'flex-start' }}>
        <ValueBadge ctx={ctx} value={6} size={ctx.mm(9)} fill="#1d2540" ink="#ffffff" readUpsideDown />
        <ValueBadge ctx={ctx} value={12} size={ctx.mm(9)} fill="#e2b53e" ink="#1d2540" />
        <ValueBadge ctx={ctx} value={3} size={ctx.mm(9)} fill="#9a6a12" ink="#ffffff" shape="square" caption="POINTS" />
      </div>
    ))
    expect(diagnostics).toEqual([])
  })

  it('ValueBadge underlines a 6 or a 9 only when it may be read upside down (readUpsideDown)', () => {
    const { ctx } = testContext(20, 20)
    const decoration = (value: number, readUpsideDown?: boolean) => {
      const badge = ValueBadge({ ctx, value, size: 40, fill: '#000', ink: '#fff', readUpsideDown }) as {
        props: { children: [{ props: { style: { textDecoration?: string } } }] }
      }
      return badge.props.children[0].props.style.textDecoration
    }
    expect([decoration(6), decoration(9), decoration(6, false)]).toEqual([undefined, undefined, undefined])
    expect([decoration(6, true), decoration(68, true), decoration(7, true)]).toEqual([
      'underline',
      'underline',
      undefined,
    ])
  })

  it("RoleTag: a colour role's icon and word, readable without the colour", async () => {
    const diagnostics = await snapshot('role-tag', 36, 12, (ctx) => (
      <>
        <RoleTag ctx={ctx} role="green" label="SUCCESS" size={ctx.mm(3.2)} color="#2e7d4f" />
        <RoleTag
          ctx={ctx}
          role="red"
          label="FAIL"
          size={ctx.mm(3.2)}
          color="#b3261e"
          style={{ marginTop: ctx.mm(1) }}
        />
      </>
    ))
    expect(diagnostics).toEqual([])
  })

  it('SplitFront: two halves, the second turned, each fitting its text to the room it has', async () => {
    const diagnostics = await snapshot(
      'split-front',
      44.45,
      63.5,
      (ctx) => (
        <SplitFront
          ctx={ctx}
          first={{
            label: 'SUCCESS',
            children: (area) => (
              <FitText
                ctx={ctx}
                text="Each YES-voter draws one Vote."
                width={area.width}
                height={area.height}
                size={ctx.mm(3)}
                color={area.ink}
              />
            ),
          }}
          second={{
            label: 'FAIL',
            children: (area) => (
              <IconRow ctx={ctx} vocabulary="resources" words={['money']} size={Math.min(area.height, ctx.mm(10))} />
            ),
          }}
        />
      ),
      { bleedMm: 3, safeMm: 3, padMm: 0, card: splitCard },
    )
    expect(diagnostics).toEqual([])
  })
})
