import { createElement, type ReactElement, type ReactNode } from 'react'
import type { FaceBox } from '../renderers/face.ts'
import { exemptMark } from './element-marks.ts'

/** The text of a card's stamp: the game's version and the card's revision (`v1.2·3f9a2`, see `stampRevision`). */
export const stampText = (version: string, revision?: string): string =>
  revision ? `v${version}·${revision}` : `v${version}`

/**
 * The version stamp: `v<version>·<revision>` (see stampText) small at the bottom-right of a front, on a light pill so that it reads
 * on any background. It sits in the margin between the trim and the safe zone, right-aligned with the safe
 * zone: inside the card, and where templates put nothing (a corner inside the safe zone would cover a split
 * card's turned label or a template's footnote). It tells print runs apart; it comes from the game's
 * definition only (no date), so a build stays deterministic. The template is not asked: its element is
 * laid over by a positioned container of the face's size.
 */
export const withStamp = (element: ReactNode, box: FaceBox, text: string): ReactNode => {
  const mm = (n: number) => Math.round(n * box.pxPerMm)
  const size = mm(1.6)
  const pill = Math.round(size * 1.2) + 2 * mm(0.15)
  return createElement(
    'div',
    { style: { display: 'flex', position: 'relative', width: box.width, height: box.height } },
    element,
    exempt(
      createElement(
        'div',
        {
          style: {
            display: 'flex',
            position: 'absolute',
            right: box.bleed + box.safe,
            // Centred in the margin band, but never closer than 0.4 mm to the trim.
            bottom: box.bleed + Math.max(mm(0.4), Math.round((box.safe - pill) / 2)),
            padding: `${mm(0.15)}px ${mm(0.6)}px`,
            borderRadius: mm(0.8),
            background: 'rgba(255,255,255,0.78)',
            color: '#333333',
            fontFamily: 'Inter',
            fontWeight: 400,
            fontSize: size,
            lineHeight: 1.2,
          },
        },
        text,
      ),
    ),
  )
}

/** An element marked as left alone by the face checks (React's `createElement` drops symbol-keyed props: set after). */
const exempt = (element: ReactElement): ReactElement => ({
  ...element,
  props: { ...(element.props as object), ...exemptMark() },
})
