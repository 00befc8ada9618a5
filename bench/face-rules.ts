import { createElement as h } from 'react'
import { faceRulesOf } from '../dist/engine/face-rules.js'
import { checkLaidOutFace } from '../dist/render/template/check-face.js'
import { faceBox } from '../dist/render/renderers/face-box.js'

/**
 * The face rules on laid-out faces, as validate runs them (text sizes, contrast with declared backgrounds,
 * art's dpi): `faces` trees of a poker face's shape (a background, a title, a rule text of 12 lines, 20 small
 * labels on their own backgrounds, an art image), the time the checks add to laying them out.
 */
export const benchFaceRules = (faces = 5000) => {
  const tree = (i: number) =>
    h(
      'div',
      { style: { display: 'flex', flexDirection: 'column', background: '#f4efe3', color: '#1b1b1b', fontSize: 40 } },
      h('div', { style: { fontSize: 60, fontWeight: 700 } }, `Card ${i}`),
      h(
        'div',
        { style: { fontSize: 38 } },
        ...Array.from({ length: 12 }, (_, l) => h('div', { key: l }, `Line ${l} of the rule`)),
      ),
      ...Array.from({ length: 20 }, (_, l) =>
        h('div', { key: `b${l}`, style: { background: '#2e7d4f', color: '#ffffff', fontSize: 26 } }, `LABEL ${l}`),
      ),
      h('img', { [Symbol.for('deckwright.face.art')]: 'art/a.png', src: '', width: 600, height: 400 }),
    )
  const trees = Array.from({ length: faces }, (_, i) => tree(i))
  const rules = faceRulesOf(undefined)
  const box = faceBox(63.5, 88.9, 3)
  const at = { file: 'cards/bench/cards.yaml', line: 1, column: 1 }
  const run = () => {
    let found = 0
    for (const element of trees)
      found += checkLaidOutFace({
        element,
        rules,
        type: 'building',
        kind: 'front',
        typeName: 'Building',
        at,
        templatesFile: 'templates/bench/index.tsx',
        box,
        artPixels: () => ({ width: 700, height: 500 }),
      }).length
    return found
  }
  run() // warm-up
  const samples = Array.from({ length: 3 }, () => {
    const t = performance.now()
    run()
    return performance.now() - t
  }).sort((a, b) => a - b)
  return { faces, ms: samples[1]! }
}
