import { describe, expect, it } from 'vitest'
import { FACE_RULES, faceRulesOf } from '../../src/engine/face-rules.ts'
import { faceBox } from '../../src/render/renderers/face-box.ts'
import type { DrawnFace } from '../../src/render/renderers/face-renderer.ts'
import { measureDrawnFace, measuresServe, type FaceToCheck } from '../../src/render/template/check-face.ts'
import { faceElements } from '../../src/render/template/face-facts.ts'

const element = (
  <div style={{ display: 'flex', width: 100, height: 140, background: '#ffffff' }}>
    <div style={{ color: '#777777', fontSize: 20 }}>Quiet Night</div>
  </div>
)

const face = (severity: 'warning' | 'off'): FaceToCheck => ({
  element,
  rules: faceRulesOf({ severity: Object.fromEntries(Object.values(FACE_RULES).map((r) => [r, severity])) }),
  type: 'mission',
  kind: 'front',
  typeName: 'Mission',
  at: { file: 'cards/g/missions.yaml', line: 1, column: 1 },
  templatesFile: 'templates/g/index.tsx',
  box: faceBox(63, 88, 0),
  artPixels: () => undefined,
})

/** A face drawn with every element's box (as satori gives them) and white pixels. */
const drawn: DrawnFace = {
  svg: '<svg/>',
  picture: 'p',
  svgMs: 0,
  boxes: faceElements(element).map((e, i) => ({ type: e.type, left: 0, top: i * 20, width: 100, height: 20 })),
  rasterise: async () => ({
    png: Buffer.alloc(0),
    ms: 0,
    pixels: { data: new Uint8Array(100 * 140 * 4).fill(255), width: 100, height: 140 },
  }),
}

describe("a look's kept measures", () => {
  it('keep the boxes of a face drawn with the face rules off, and do not serve a face checked with them on', async () => {
    const off = await measureDrawnFace(face('off'), drawn)
    expect(off.boxes).toHaveLength(faceElements(element).length)
    expect(off.measured).toBe(false)
    // The same look later, the rules on: its pixels were never read, so the face is drawn (and measured) again.
    expect(measuresServe(face('warning'), off)).toBe(false)
    const on = await measureDrawnFace(face('warning'), drawn)
    expect(on.measured).toBe(true)
    expect(measuresServe(face('warning'), on)).toBe(true)
  })
})
