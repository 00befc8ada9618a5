import { createHash } from 'node:crypto'
import type { ReactNode } from 'react'
import type { FaceBox } from '../renderers/face-box.ts'
import type { LoadedFont } from '../fonts/fonts.ts'
import { projectDrawingPackages, sourceHash } from '../../cache/source-hash.ts'

/**
 * What draws a face besides its tree, box, fonts and dpi: the renderer (its name and version, its native
 * binary's), deckwright's code that hands it the tree and encodes its pixels, and the drawing packages the
 * project installed (icons, fonts). Worked out once a session.
 */
export const lookSalt = (renderer: string, root: string): string =>
  createHash('sha256')
    .update(renderer)
    .update(sourceHash('render', 'images'))
    .update(projectDrawingPackages(root))
    .digest('hex')

/** Each font's bytes digested once a thread. */
const fontDigests = new WeakMap<LoadedFont, string>()
const fontDigest = (font: LoadedFont): string => {
  let digest = fontDigests.get(font)
  if (!digest) {
    digest = createHash('sha256').update(font.data).digest('hex')
    fontDigests.set(font, digest)
  }
  return digest
}

/** React's symbols (a fragment's type) written as their names, where JSON would leave them out. */
const symbols = (_: string, value: unknown): unknown => (typeof value === 'symbol' ? String(value) : value)

/**
 * What a face looks like, as a key: the tree its template gave once every component ran (host elements,
 * their styles and texts, pictures as data URIs), the face's box, its fonts in fallback order (their bytes),
 * the dpi and what draws it (`salt`: see lookSalt). Two faces of one look
 * are the same picture: drawn once, whatever code made their trees. A template changed in one card type's
 * layout changes the look of that type's faces only, and only they are drawn again.
 */
export const lookKey = (
  salt: string,
  element: ReactNode,
  box: FaceBox,
  fonts: readonly LoadedFont[],
  dpi: number,
): string => {
  const hash = createHash('sha256')
    .update(salt)
    .update(`\0${dpi}\0${JSON.stringify(box)}\0`)
  for (const font of fonts) hash.update(`${font.name}\0${font.weight}\0${font.style}\0${fontDigest(font)}\0`)
  return hash.update(JSON.stringify(element, symbols)).digest('hex').slice(0, 40)
}
